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

  it("cuts labelled lists of links after the story, with their labels and the note under them", () => {
    const related = ["Football's January sales", "Berbatov could leave, says agent", "Spurs will not splash cash"]
      .map((title, i) => `<a href="/story${i}">${title}</a><span>(3${i} Dec 07 | Premier League)</span><br>`)
      .join("")
    const { markdown } = extractFromHtml(
      page(
        `<h2>Benitez lines up targets</h2>${prose("Story", 5)}<hr><a href="/email">E-mail this to a friend</a><hr>` +
          `<div>Related to this story:</div><br>${related}<hr>` +
          `<p><b>RELATED INTERNET LINKS:</b><br><a href="https://league.example.org/">The League</a><br>` +
          `<a href="https://club.example.org/">The Club</a><br>We are not responsible for the content of external sites</p><hr>` +
          `${menu(["Sport Homepage", "Football", "Cricket", "Help", "Feedback"])}`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("January sales").and.not.to.contain("Related to this story")
    expect(markdown).not.to.contain("RELATED INTERNET").and.not.to.contain("not responsible")
  })

  it("keeps a story's last lines without a full stop when no lists of links follow them", () => {
    const { markdown } = extractFromHtml(
      page(`${prose("Story", 5)}<br>Figures from the weather office<br>${menu(["Sport Homepage", "Football", "Help"])}`),
    )
    expect(markdown).to.contain("Story paragraph 5:").and.to.contain("Figures from the weather office")
  })
})
