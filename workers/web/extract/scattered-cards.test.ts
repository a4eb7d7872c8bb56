import { expect } from "chai"
import type { Measure } from "./article.ts"
import { scatteredCards } from "./scattered-cards.ts"

/** measures as the page measure would read them, every element's text counted as prose */
const measuresOf = (body: Element): Map<Element, Measure> => {
  const measures = new Map<Element, Measure>()
  for (const el of [body, ...Array.from(body.querySelectorAll("*"))]) {
    const text = (el.textContent ?? "").trim().length
    measures.set(el, { text, link: 0, score: 0, open: 0, prose: text, hint: 0, aside: false, lead: 0, quoted: 0 })
  }
  return measures
}

const bodyOf = (html: string): Element => new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body

const card = (i: number) =>
  `<div class="preview"><div class="name"><a href="/other/${i}.html">Headline of preview ${i}</a></div>` +
  `<p>Preview ${i} tells the opening of another page, with commas and a full stop.</p><a href="/other/${i}.html">Read more</a></div>`

/** a card opens with a link to another page */
const opensWithLink = (el: Element): boolean =>
  el.querySelector("a")?.textContent === el.textContent?.trim().slice(0, el.querySelector("a")?.textContent?.length)

describe("scattered cards", () => {
  it("are cards of one template set one or two to a box, over several boxes", () => {
    // No box holds the three alike siblings a teaser run needs, so the previews read as prose beside the story.
    const body = bodyOf(
      `<div class="story"><h1>The story</h1><p>${"The story's words. ".repeat(60)}</p></div>` +
        `<div id="health">${card(1)}${card(2)}</div><div id="diet">${card(3)}</div><div id="doctor">${card(4)}${card(5)}</div>`,
    )
    const cards = scatteredCards(measuresOf(body), opensWithLink, 10_000)
    expect(cards.map((el) => el.textContent?.slice(0, 19))).to.deep.equal(
      [1, 2, 3, 4, 5].map((i) => `Headline of preview ${i}`.slice(0, 19)),
    )
    // together most of the page's prose, they are the page
    expect(scatteredCards(measuresOf(body), opensWithLink, 100)).to.deep.equal([])
  })

  it("leave alone the parts of a run's items, such as each forum post's user box, and three alike siblings", () => {
    const post = (i: number) =>
      `<li class="post"><div class="user"><a href="/u/${i}">member${i}</a> wrote on 12 March</div><p>Post ${i} says something at length.</p></li>`
    expect(
      scatteredCards(measuresOf(bodyOf(`<ol class="posts">${[1, 2, 3, 4].map(post).join("")}</ol>`)), opensWithLink, 10_000),
    ).to.deep.equal([])
    const run = bodyOf(`<div id="a">${card(1)}${card(2)}${card(3)}</div><div id="b">${card(4)}</div>`)
    expect(scatteredCards(measuresOf(run), opensWithLink, 10_000)).to.deep.equal([])
  })

  it("are found beside a box that holds a run of the same template", () => {
    const body = bodyOf(
      `<div id="a">${card(1)}${card(2)}${card(3)}</div><div id="b">${card(4)}</div><div id="c">${card(5)}${card(6)}</div>`,
    )
    const cards = scatteredCards(measuresOf(body), opensWithLink, 10_000)
    expect(cards.map((el) => el.parentElement?.id)).to.deep.equal(["b", "c", "c"])
  })

  it("leave alone a template whose elements lie inside one another (the parts of one box, not cards)", () => {
    const nest = (i: number, inner: string) =>
      `<div class="preview"><a href="/other/${i}.html">Headline of preview ${i}</a> ${"words ".repeat(5)}${inner}</div>`
    const body = bodyOf(`<div id="a">${nest(1, nest(2, ""))}</div><div id="b">${nest(3, "")}</div><div id="c">${nest(4, "")}</div>`)
    expect(scatteredCards(measuresOf(body), opensWithLink, 10_000)).to.deep.equal([])
    // the same cards side by side are found
    const flat = bodyOf(`<div id="a">${nest(1, "")}${nest(2, "")}</div><div id="b">${nest(3, "")}</div><div id="c">${nest(4, "")}</div>`)
    expect(scatteredCards(measuresOf(flat), opensWithLink, 10_000)).to.have.length(4)
  })
})
