import { expect } from "chai"
import { cutBackLinks } from "./back-links.ts"
import { extractFromHtml } from "./index.ts"
import { STORY } from "./line-rules.testing.ts"

const page = (story: string) =>
  `<!doctype html><html><head><title>The council votes</title></head><body><div class="a1">${story}</div></body></html>`

describe("a link back to the list the story was opened from", () => {
  it("is cut on a line of its own, above or under the story, in a wrapper or not", () => {
    for (const [html, cut] of [
      [
        `<main><article><header><h1>The council votes</h1></header><div class="main">${STORY}</div><hr><a href="/news">Zurück zu allen Meldungen</a></article></main>`,
        "Meldungen",
      ],
      [
        `<main><section><back-link><a href="/press">Zurück zum Newsroom</a></back-link><div class="kicker">Press release</div><h1>The council votes</h1><div class="text">${STORY}</div></section></main>`,
        "Newsroom",
      ],
      [
        `<main><article><header><h1>The council votes</h1></header><div class="main">${STORY}</div><hr><span><a href="/events">« Back to all events</a></span></article></main>`,
        "all events",
      ],
      [
        `<main><section><a href="/liste">Retour à la liste</a><div class="kicker">Communiqué</div><h1>The council votes</h1><div class="text">${STORY}</div></section></main>`,
        "la liste",
      ],
    ] as const) {
      const { markdown } = extractFromHtml(page(html))
      expect(markdown).to.contain("Paragraph 4 of the story")
      expect(markdown, html).not.to.contain(cut)
    }
  })

  it("is kept inside a sentence, as a heading, and when the words are not a link", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div>${STORY}<p>The team then went <a href="/hellbrunn">back to Hellbrunn</a> for the night.</p><h3><a href="/film">Back to the Future</a></h3><p>zurück Richtung Hellbrunn</p>${STORY}</div>`,
      ),
    )
    expect(markdown).to.contain("back to Hellbrunn").and.to.contain("Back to the Future").and.to.contain("zurück Richtung Hellbrunn")
  })

  it("reads a long link of five words or more as no back link, in one pass over its text", () => {
    // "back to" then one long word and more words: with words that could be split anywhere, each
    // failed match tried every split of the long word (800 letters took 48 s); this one would not end
    const root = new DOMParser().parseFromString(
      `<div><p>A note is titled <a href="/x">back to ${"a".repeat(5_000)} x y z w v</a> in the archive.</p></div>`,
      "text/html",
    ).body
    cutBackLinks(root)
    expect(root.querySelector("a")?.textContent).to.contain(" x y z w v")
  })
})
