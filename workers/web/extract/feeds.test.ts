import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>A story</title></head><body>${body}</body></html>`

// a feed of other stories: a time and a linked headline in each <dt>, a summary without a link in its <dd>
const feed = (n: number) =>
  `<dl class="lenta">${Array.from(
    { length: n },
    (_, i) =>
      `<dt><span>10:${10 + i}</span> <a href="/news/${i}">Other story number ${i} in the feed</a></dt>` +
      `<dd>Summary ${i}: officials said on Wednesday that the talks, which began last month, would go on next week in the capital.</dd>`,
  ).join("")}</dl>`

describe("a news feed set as a definition list", () => {
  it("is not read with the short story it follows", () => {
    const { markdown } = extractFromHtml(
      page(`<table><tr><td id="main"><div class="text">${prose("Story", 5)}</div>${feed(10)}</td></tr></table>`),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Summary")
  })

  it("is not gathered from a column beside the story", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div id="story"><div id="well"><div id="body">${prose("Story", 8)}</div></div><div id="right">${feed(5)}${feed(5)}</div></div>`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 8:")
    expect(markdown).not.to.contain("Summary")
  })

  it("is the page's content when no story comes before it", () => {
    const { markdown } = extractFromHtml(page(`<h1>Latest news</h1>${feed(10)}`))
    expect(markdown).to.contain("Summary 0:").and.to.contain("Summary 9:")
  })
})
