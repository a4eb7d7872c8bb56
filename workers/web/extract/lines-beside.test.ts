import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

// Stray text before an old layout table: the parser drops the `<td>`s that follow it, and the
// story's table and the masthead column's table end up side by side under <body>.
const blurb =
  `<table><tr><td>A publication by the county's publishing group.</td></tr>` +
  `<tr><td>Our online news publishes a local story every day.</td></tr>` +
  `<tr><td>Come see us again.</td></tr>` +
  `<tr><td>For complete coverage pick up a paper at a store near you.</td></tr>` +
  `<tr><td>The publisher<br>The editor, Editor</td></tr></table>`

const page = (before: string, after: string) =>
  `<html><head><title>A story</title></head><body>${before}</td><td>` +
  `<table><tr><td><h3>A story</h3>${prose("Story", 6)}</td></tr></table>` +
  `</td><td>${after}</td></tr></table></body></html>`

describe("a column of lines beside the story", () => {
  it("leaves out a masthead's lines set beside the story under <body>", () => {
    const { markdown } = extractFromHtml(page("<p>Please support local business!</p>", blurb))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 6:")
    expect(markdown).not.to.contain("Come see us again").and.not.to.contain("publishing group")
  })

  it("keeps a lede paragraph before the story's table", () => {
    const lede = `<p>The lede of the story, a full sentence of some length that opens it before its table starts, as a standfirst does under a headline.</p>`
    const { markdown } = extractFromHtml(page(lede, blurb))
    expect(markdown).to.contain("The lede of the story").and.to.contain("Story paragraph 6:")
  })

  it("keeps a story's last line set apart after it", () => {
    const { markdown } = extractFromHtml(page("", `<p>He will stay with his family meanwhile.</p>`))
    expect(markdown).to.contain("Story paragraph 6:").and.to.contain("He will stay with his family")
  })
})
