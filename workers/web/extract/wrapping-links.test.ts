import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>A story</title></head><body>${body}</body></html>`
const menu = `<ul class="menu">${Array.from({ length: 8 }, (_, i) => `<li><a href="/s/${i}">Section ${i}</a></li>`).join("")}</ul>`
// sentences of a story, one line each, as a site set them between <br>s
const lines = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Line ${i + 1} of the story: officials said on Wednesday that the talks would go on next week in the capital.<br>`,
  ).join("")

describe("a link that wraps paragraphs of prose", () => {
  it("stays a link when several links each wrap paragraphs: cards of other stories", () => {
    // each card a link around two paragraphs of summary, no heading: other stories, not this one
    const card = (i: number) =>
      `<a href="/other/${i}"><p>Other story ${i}: the council voted on Tuesday to close the old bridge to lorries for a year.</p><p>Other story ${i}, more: residents said the detour would add twenty minutes to every trip into town.</p><p>Other story ${i}, last: the works are to begin in the spring, the mayor said at a meeting on Monday.</p><p>Other story ${i}, end: a public meeting on the plans will be held at the town hall next month, officials said.</p></a>`
    const { markdown } = extractFromHtml(
      page(`${menu}<div id="detail">${prose("Story", 4)}</div><div class="more">${[1, 2, 3].map(card).join("")}</div>${menu}`),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.not.to.contain("Other story")
  })

  it("is read as the story's text when an unclosed <a> carries over its later paragraphs", () => {
    // "…<a href=…> </p>\n<p>…": the parser, as a browser, opens the link again at the white space
    // after the paragraph, and every later paragraph is inside it
    const { markdown } = extractFromHtml(
      page(
        `${menu}<div id="detail">${prose("Story", 2)}<p>Story paragraph 3: see the gallery, a long sentence with commas and a full stop. <a href="/gallery/2011"> </p>\n${prose("Story", 6, 4).replace(/<\/p>/g, "</p>\n")}</div>${menu}`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 9:")
  })

  it("is read as the story's text when the parser reopened it inside each later paragraph", () => {
    // no white space between the paragraphs: the link is rebuilt inside each <p>, as its whole text
    const { markdown } = extractFromHtml(
      page(
        `${menu}<div id="detail">${prose("Story", 2)}<p>Story paragraph 3: see the photos, a long sentence with commas and a full stop. <a href="/gallery/2011">Photos</p>${prose("Story", 3, 4)}</div>${menu}`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 6:")
  })

  it("is read as the story's text when it wraps a short story's last paragraphs", () => {
    const { markdown } = extractFromHtml(
      page(
        `${menu}<div id="detail">${prose("Story", 2)}<p>Story paragraph 3: see the photos, a long sentence with commas and a full stop. <a href="/gallery/2011">Photos</p>\n${prose("Story", 2, 4).replace(/<\/p>/g, "</p>\n")}</div>${menu}`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
  })

  it("is read as the story's text when a site set its lines inside one link", () => {
    const { markdown } = extractFromHtml(page(`${menu}<div id="text"><a href="/story/1.html">${lines(8)}</a></div>${menu}`))
    expect(markdown).to.contain("Line 1 of the story").and.to.contain("Line 8 of the story")
  })

  it("stays a link in a list of teasers, each to its own story", () => {
    const teasers = Array.from(
      { length: 6 },
      (_, i) => `<p><a href="/other/${i}">Other story ${i}: officials said on Wednesday that the talks would go on next week.</a></p>`,
    ).join("")
    const { markdown } = extractFromHtml(page(`<div id="story">${prose("Story", 6)}</div><div id="more">${teasers}</div>`))
    expect(markdown).to.contain("Story paragraph 6:")
    expect(markdown).not.to.contain("Other story 1")
  })

  it("stays a link when it is a teaser card with a headline", () => {
    const card = (i: number) => `<a href="/other/${i}"><h3>Other story ${i}</h3><p>${lines(4).replace(/<br>/g, " ")}</p></a>`
    const { markdown } = extractFromHtml(page(`<div id="story">${prose("Story", 6)}</div><div id="more">${card(1)}${card(2)}</div>`))
    expect(markdown).to.contain("Story paragraph 6:")
    expect(markdown).not.to.contain("Other story 1")
  })
})
