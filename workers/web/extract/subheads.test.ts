import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>Top 3</title></head><body>${body}</body></html>`
const TITLES = ["Maori Warrior Masks", "Koh-i-Noor Diamond", "Terra Cotta Army"]

describe("subheadings not set as headings", () => {
  it("keeps a list article's item titles", () => {
    const items = TITLES.map(
      (title, i) =>
        `<div class="itemheading"><span class="itemnumber">${3 - i}</span><div class="itemtitle">${title}</div></div><p><img src="/${i}.jpg"></p>${prose(`Item ${i + 1}`, 2)}`,
    ).join("")
    const { markdown } = extractFromHtml(
      page(`<div class="post"><p>An opening paragraph, long enough to read as prose, with commas and a full stop.</p>${items}</div>`),
    )
    for (const title of TITLES) expect(markdown).to.contain(title)
    expect(markdown).to.contain("Item 3 paragraph 2:")
  })

  it("still cuts a forum's post headers, which repeat their writers' names", () => {
    const posts = ["Erdbär", "unregistriert", "Erdbär", "unregistriert"]
      .map((name, i) => `<div class="author">${name}</div>${prose(`Post ${i + 1}`, 1)}`)
      .join("")
    const { markdown } = extractFromHtml(page(`<div class="thread">${posts}</div>`))
    expect(markdown).to.contain("Post 4 paragraph 1:")
    expect(markdown).not.to.contain("Erdbär")
  })

  it("keeps bold lines that head a story of bare blocks, where no class names them", () => {
    // a Greek paper's health pages (DAnIEL) and a fire department's manual (CleanEval): <div>s or
    // <center>s for paragraphs, the subheadings bold in a bare block; the prune cut them as short lines
    const heads = ["Calories and bread", "The best known kinds", "How much bread a day"]
    const body = heads
      .map(
        (head, i) =>
          `<div><em><strong>${head}</strong></em></div>` +
          [1, 2]
            .map(
              (n) =>
                `<div>Bread part ${i + 1}.${n}: a long sentence, with commas and a full stop, that reads like the body of a real article.</div>`,
            )
            .join(""),
      )
      .join("")
    const { markdown } = extractFromHtml(
      page(`<div class="article_body"><div>An opening paragraph, long enough to read as prose, with commas.</div>${body}</div>`),
    )
    for (const head of heads) expect(markdown).to.contain(head)
    expect(markdown).to.contain("Bread part 3.2:")
  })

  it("keeps a bold line between the parts gathered around a gallery, as a heading", () => {
    const slides = Array.from(
      { length: 20 },
      (_, i) =>
        `<li><img src="/g${i}.jpg"><h4>The colonial history in pictures</h4><h2>Slide ${i + 1}</h2><p>Slide ${i + 1} tells a part of the history at some length, with dates, names and places, as a gallery's text does.</p></li>`,
    ).join("")
    const { markdown } = extractFromHtml(
      page(`<div class="longText">${prose("Story", 3)}<p><strong>Freedom fighters replace colonial leaders</strong></p>${prose("Story", 2, 4)}
        <div class="longText"><div class="gallery slideshow"><ul>${slides}</ul></div></div>
        <p><strong>Right-wing resistance</strong></p>${prose("Story", 3, 6)}</div>`),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 8:")
    expect(markdown).to.contain("Freedom fighters replace colonial leaders").and.to.contain("Right-wing resistance")
    expect(markdown).not.to.contain("Slide 3 tells")
  })
})
