import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (inner: string) => `<!doctype html><html><head><title>A story</title></head><body><div id="page">${inner}</div></body></html>`

describe("the core of the best element", () => {
  it("leaves out a line beside the story that adds next to nothing to its score", () => {
    // a page wrapper over the story's box and a contact line: the line's few points made the wrapper win
    const { markdown } = extractFromHtml(page(`<div>${prose("Story", 12)}</div><p>Advertising? Call us, or write to us today.</p>`))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 12:")
    expect(markdown).not.to.contain("Call us")
  })

  it("keeps a lede before the story's box, however small beside it", () => {
    const { markdown } = extractFromHtml(
      page(`<p>The lede: a council vote, late on Monday, settled it.</p><div>${prose("Story", 20)}</div>`),
    )
    expect(markdown).to.contain("The lede:").and.to.contain("Story paragraph 20:")
  })

  it("keeps a wrapper whose other parts add more than a trace", () => {
    const { markdown } = extractFromHtml(page(`<div>${prose("Story", 6)}</div><div>${prose("Tail", 2)}</div>`))
    expect(markdown).to.contain("Story paragraph 6:").and.to.contain("Tail paragraph 2:")
  })
})

describe("a wrapper named as content", () => {
  it("is narrowed to the story's box as any wrapper is: the name raises no share of what it holds", () => {
    // the name raises the wrapper's score by a quarter, which the note beside the story then seemed to hold
    const html = `<!doctype html><html><head><title>A story</title></head><body><div class="content">
      <div id="story">${prose("Story", 20)}</div>
      <div id="note"><p>Our readers' panel meets on Fridays, at noon, in the library: come and tell us what you think.</p></div></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 20:")
    expect(markdown).not.to.contain("readers' panel")
  })
})
