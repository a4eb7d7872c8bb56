import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isRelatedLead } from "./edges.ts"

const page = (body: string) => `<!doctype html><html><head><title>The story</title></head><body>${body}</body></html>`

/** a story set as one block of lines broken by <br>, as older templates set it */
const LINES = Array.from(
  { length: 4 },
  (_, i) => `Line ${i + 1} of the story tells what the council decided on Monday, after a long debate about the new library and its cost.`,
).join("<br><br>")

describe("related links announced inside a block", () => {
  it("cuts the announcing line and the link lines after it, to the block's end", () => {
    const related = `<b>Zobacz także:</b><br><br><a href="/a">Another story about bees</a><br><br><a href="/b">A list of herbs</a><br><br><a href="/c">Midges bite!</a><br><br>`
    const paragraphs = Array.from(
      { length: 3 },
      (_, i) => `<p>Paragraph ${i + 1} of the story tells what the council decided on Monday, after a long debate about the library.</p>`,
    ).join("")
    const { markdown } = extractFromHtml(
      page(
        `<div class="story"><h1>The story</h1>${paragraphs}<p>The last paragraph says when the library opens, and what it will hold.<br><br>${related}</p></div>`,
      ),
    )
    expect(markdown).to.contain("The last paragraph says")
    for (const gone of ["Zobacz", "Another story", "herbs", "Midges"]) expect(markdown).not.to.contain(gone)
  })

  it("keeps links that the story's own text follows in the block", () => {
    const mid = `<b>See also:</b><br><a href="/a">The council's report</a><br><a href="/b">The library's plans</a><br>`
    const { markdown } = extractFromHtml(page(`<div class="story"><h1>The story</h1><div id="text">${mid}<br>${LINES}</div></div>`))
    expect(markdown).to.contain("The library's plans")
    expect(markdown).to.contain("Line 4 of the story")
  })

  it("reads an announcing line set between marks, in traditional Chinese too", () => {
    for (const yes of ["※相關新聞》", "▪ ПОСЛЕДНИЕ ПУБЛИКАЦИИ НА САЙТЕ ▪", "» Related posts «", "Zobacz także:"])
      expect(isRelatedLead(yes), yes).to.equal(true)
    for (const no of ["▪ НОВОСТИ ▪", "Related to the vote, the mayor said more.", "※"]) expect(isRelatedLead(no), no).to.equal(false)
  })
})
