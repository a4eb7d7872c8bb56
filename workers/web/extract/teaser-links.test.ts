import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>The story</title></head><body>${body}</body></html>`

describe("links to a place on the page", () => {
  it("do not make a teaser of a fact box that opens with a link to skip it", () => {
    // Boxes beside a story that each open with a "Continue reading the main story" link to the
    // paragraph after them: read as opening with a link, three alike boxes were teaser cards, and
    // their lists of facts were cut with them.
    const box = (i: number) =>
      `<div class="feature"><a class="skip" href="#continues-${i}">Continue reading the main story</a><h2>Facts ${i}</h2>` +
      `<ul><li>Fact ${i}a: the show is watched in many territories by many millions of people</li>` +
      `<li>Fact ${i}b: it is dubbed into eight languages, among them Farsi and Polish</li></ul>` +
      `<ul class="links-list"><li><a href="/news/other-${i}">Another story about the show ${i}</a></li></ul></div>` +
      `<p id="continues-${i}">Story after box ${i}: a long sentence, with commas and a full stop, that reads like the body of an article.</p>`
    const { markdown } = extractFromHtml(page(`<div class="story">${prose("Body", 3)}${[1, 2, 3].map(box).join("")}</div>`))
    expect(markdown).to.contain("Body paragraph 3:")
    for (const i of [1, 2, 3]) {
      expect(markdown).to.contain(`Fact ${i}a: the show`)
      expect(markdown).to.contain(`Story after box ${i}:`)
    }
  })

  it("do not make a teaser of a forum post whose title links to the post's own place", () => {
    // A thread's posts each carry a title linked to their own anchor ("<h3><a href=#p12>Re: …"):
    // read as linked headlines, the short replies were a run of teaser cards and were cut, while
    // the long posts between them, past the teasers' length, were kept.
    const post = (i: number, words: string) =>
      `<div id="p${i}" class="post bg${i % 2}"><div class="postbody"><h3><a href="#p${i}">Re: Refinancing thread</a></h3>` +
      `<p class="author">by <a href="/member/${i}">member${i}</a> » Sun Sep 01, 2019 8:${10 + i} pm</p>` +
      `<div class="content">${words}</div></div><dl class="postprofile"><dt><a href="/member/${i}">member${i}</a></dt><dd>Posts: ${100 + i}</dd></dl></div>`
    const reply = (i: number) =>
      post(i, `Reply ${i}: we went to a twenty year loan at a lower rate, and the lender covered the closing costs.`)
    const { markdown } = extractFromHtml(
      page(
        `<div id="page-body"><h2>Refinancing thread</h2>${post(1, prose("Opening", 10))}${[2, 3, 4, 5, 6, 7].map(reply).join("")}</div>`,
      ),
    )
    expect(markdown).to.contain("Opening paragraph 10:")
    for (const i of [2, 3, 4, 5, 6, 7]) expect(markdown).to.contain(`Reply ${i}: we went`)
  })

  it("still drops a run of teasers that open with links to other pages", () => {
    const card = (i: number) =>
      `<div class="card"><a href="/news/other-${i}">Another story ${i} worth reading today</a><p>A teaser that sums up another story, with a comma, in one sentence.</p></div>`
    const { markdown } = extractFromHtml(page(`<div class="story">${prose("Body", 3)}${[1, 2, 3].map(card).join("")}</div>`))
    expect(markdown).to.contain("Body paragraph 3:")
    expect(markdown).not.to.contain("Another story")
  })
})

describe("links inside a sentence", () => {
  it("are words of the paragraph, not a run of teasers, though each is wrapped alike", () => {
    // A CSS-in-JS template wraps every link of the text in a bare <span>: three alike siblings that
    // each open with a link were a run of teasers, and the links' words were cut from the sentences.
    const link = (i: number, words: string) => `<span><a class="x${i % 2} js_link" href="https://other.example/${i}">${words}</a></span>`
    const paragraph =
      `<p>This design contributed to ${link(1, "the impossible thinness of the laptop")} released in 2015, and fixing it required replacing ` +
      `${link(2, "the entire upper half of the laptop")}. Apple then offered ${link(3, "free keyboard repairs for all models")} with the new mechanism.</p>`
    const { markdown } = extractFromHtml(page(`<article>${prose("Body", 2)}${paragraph}${prose("Body", 2, 3)}</article>`))
    expect(markdown).to.contain("the impossible thinness of the laptop")
    expect(markdown).to.contain("the entire upper half of the laptop")
    expect(markdown).to.contain("free keyboard repairs for all models")
  })
})
