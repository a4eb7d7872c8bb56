import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"
import { closeSwallowing } from "./swallowed.ts"

const story = `<div id="main"><h1>Crossings closed</h1>${prose("Story", 4)}</div>`

describe("elements left open to the end of the file", () => {
  it("reads the story of a page whose title was left open, as a browser shows nothing of it", () => {
    // an archive cut out the title's end and the head after it: the title's text runs into a script
    const html = `<html><head><title>Crossings closed - Ne(version >= 11)\n  document.write('<SCRIPT SRC="' + url + '"><\\/SCRIPT>');\n</SCRIPT>\n<script>var a = 1</script>\n</head><body>${story}</body></html>`
    const { title, markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 4:")
    expect(title).to.equal("Crossings closed - Ne(version >= 11)")
  })

  it("reads the story of a page whose script or text area was left open before its body", () => {
    for (const open of ["<script>var a = 1;\nfunction f() { return '<b>' }\n", "<textarea>Write to us", "<style>p { color: red }\n"]) {
      const { markdown } = extractFromHtml(`<html><head><title>Crossings</title>${open}</head><body>${story}</body></html>`)
      expect(markdown, open).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 4:")
    }
  })

  it("closes the first element left open, where its text most likely ended", () => {
    expect(closeSwallowing("<title>A title<div>text</div>")).to.equal("<title>A title</title><div>text</div>")
    expect(closeSwallowing("<title>A title\n<b>text</b>")).to.equal("<title>A title</title>\n<b>text</b>")
    expect(closeSwallowing("<head><script>var s = '<p>'\n<body><p>text</p>")).to.equal(
      "<head><script>var s = '<p>'\n</script><body><p>text</p>",
    )
  })

  it("leaves a page alone whose elements all close, though a script writes a start tag", () => {
    const html = `<head><title>T</title><script>document.write('<script src="ad.js">')</script></head><body>${story}</body>`
    expect(closeSwallowing(html)).to.equal(undefined)
    expect(closeSwallowing("<title>Only a title</title>")).to.equal(undefined)
  })

  it("leaves a title left open with no markup after it, and a script left open with no body, as they are", () => {
    expect(closeSwallowing("<title>Nothing else")).to.equal(undefined)
    expect(closeSwallowing("<script>var a = '<p>'")).to.equal(undefined)
  })

  it("does not read again a page that shows its story", () => {
    // the text area left open at the end swallows only the form: the story before it is what a browser shows
    const { markdown } = extractFromHtml(`<html><body>${story}<form><textarea>Your comment`)
    expect(markdown).to.contain("Story paragraph 4:").and.not.to.contain("Your comment")
  })
})
