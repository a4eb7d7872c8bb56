import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

// an old layout table: the story's column beside a masthead column of short notices in prose
const layout = (side: string) =>
  `<!doctype html><html><head><title>A story</title></head><body><table><tr>` +
  `<td><h3>A story</h3>${prose("Story", 6)}</td>` +
  `<td>${side}</td>` +
  `</tr></table></body></html>`

const notices =
  `<p>A publication by the county's own publishing group, since 1921.</p>` +
  `<p>Our online edition publishes a local news story regularly, so come see us again.</p>` +
  `<p>For complete area coverage, pick up a paper copy at a store near you.</p>`

describe("a layout table's columns", () => {
  it("reads the story's cell, not the masthead column beside it", () => {
    const { markdown } = extractFromHtml(layout(notices))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 6:")
    expect(markdown).not.to.contain("publishing group")
  })

  it("does not gather a prose column beside the story as a part of it", () => {
    // the side column scores enough to join the story as a sibling part, were cells stacked parts
    const { markdown } = extractFromHtml(layout(`${notices}${prose("Notice", 1)}`))
    expect(markdown).to.contain("Story paragraph 6:")
    expect(markdown).not.to.contain("Notice paragraph")
  })

  it("keeps a row whose two cells hold as much prose each (a text and its translation)", () => {
    const { markdown } = extractFromHtml(layout(prose("Translation", 6)))
    expect(markdown).to.contain("Story paragraph 6:").and.to.contain("Translation paragraph 6:")
  })

  it("keeps a story split over stacked rows", () => {
    const html =
      `<!doctype html><html><head><title>A story</title></head><body><table>` +
      `<tr><td>${prose("Story", 4)}</td></tr><tr><td><a href="/ad">Advertisement</a></td></tr>` +
      `<tr><td>${prose("Story", 3, 5)}</td></tr></table></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 7:")
  })
})
