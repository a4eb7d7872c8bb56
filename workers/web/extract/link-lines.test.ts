import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const menu = (words: string[]) => words.map((w) => `<a href="/${w.toLowerCase()}">${w}</a>`).join(" | ")
const page = (body: string) => `<!doctype html><html><head><title>Transfers</title></head><body><font size="2">${body}</font></body></html>`

describe("lines of links at the edges of a story written as inline text", () => {
  it("cuts the menu above and the footer below, set apart by line breaks only", () => {
    const { markdown } = extractFromHtml(
      page(
        `${menu(["Football", "Cricket", "Rugby", "Tennis", "Golf"])}<br><br><h2>Berbatov could leave</h2>${prose("Story", 5)}<hr>` +
          `<a href="/">Back to top</a> | ${menu(["Sport Homepage", "Football", "Cricket", "Help", "Feedback"])}<hr>`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Cricket").and.not.to.contain("Back to top")
  })

  it("keeps a line of links between the story's paragraphs", () => {
    const { markdown } = extractFromHtml(page(`${prose("Story", 3)}${menu(["Reading", "Liverpool"])}<br>${prose("Story", 2, 4)}`))
    expect(markdown).to.contain("Liverpool").and.to.contain("Story paragraph 5:")
  })
})
