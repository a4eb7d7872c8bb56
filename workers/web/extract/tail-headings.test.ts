import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (story: string) =>
  `<!doctype html><html><head><title>A story</title></head><body>` +
  `<div class="links"><a href="/a">Home</a> <a href="/b">World</a></div>` +
  `<div class="story">${story}</div></body></html>`

describe("headings at the end of the content with nothing after them", () => {
  it("cuts the headings of boxes that hold nothing a reader sees", () => {
    const { markdown } = extractFromHtml(page(`${prose("Story", 5)}<h5>Tags</h5><div class="tags"></div><h4>Lo Último</h4>`))
    expect(markdown).to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Tags").and.not.to.contain("Lo Último")
  })

  it("keeps headings that text follows, at the end as elsewhere", () => {
    const { markdown } = extractFromHtml(
      page(`<h2>Part one</h2>${prose("Story", 5)}<h3>Sources</h3><p>The city archive, with its letters and maps, 1901 to 1950.</p>`),
    )
    expect(markdown).to.contain("Part one").and.to.contain("Sources").and.to.contain("The city archive")
  })
})
