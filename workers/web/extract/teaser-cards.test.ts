import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>The story</title></head><body>${body}</body></html>`

describe("teaser cards", () => {
  it("make a run across the empty spacer cells set between them", () => {
    // a row of cards in a layout table, each cell a section's link, a headline and a line of summary,
    // with an empty cell between two: counted as items, the spacers made the cards too few of the row
    const cell = (section: string, i: number) =>
      `<td><div class="kicker"><a href="/${section}">${section.toUpperCase()}</a></div>` +
      `<div class="headline"><a href="/${section}/${i}.html">Headline of card ${i}</a></div>` +
      `<div class="summary">Card ${i}: a line of summary about another story, with a full stop.</div></td>`
    const row = ["business", "travel", "arts", "fashion"].map((s, i) => cell(s, i + 1)).join("<td></td>")
    const { markdown } = extractFromHtml(
      page(`<div class="page"><div class="story"><h1>The story</h1>${prose("Body", 6)}<table><tr>${row}</tr></table></div></div>`),
    )
    expect(markdown).to.contain("Body paragraph 6:")
    expect(markdown).not.to.contain("Card 1:")
  })

  it("are alike by their first class name, though each adds one naming its kind", () => {
    // A module of cards under a story, each of one template ("sub-block") with a second class
    // for its kind ("faq", "hot", "advice"): told apart by their whole class names, no three
    // were alike, and their headlines and excerpts stayed in the article.
    const card = (kind: string, i: number) =>
      `<div class="sub-block ${kind}"><div class="kind-title"><a href="/${kind}/">Section ${kind}:</a></div>` +
      `<h2><a href="/${kind}/${i}.html">Headline of card ${i}</a></h2>` +
      `<p>Card ${i} excerpt: a summary of another page, long enough to read as prose, with commas, and a full stop.</p>` +
      `<a class="go" href="/${kind}/${i}.html">Read on</a></div>`
    const { markdown } = extractFromHtml(
      page(
        `<div class="page"><div class="story"><h1>The story</h1>${prose("Body", 6)}</div>` +
          `<div class="more"><h2>Picked for you</h2>${["faq", "hot", "advice", "video"].map(card).join("")}</div></div>`,
      ),
    )
    expect(markdown).to.contain("Body paragraph 6:")
    expect(markdown).not.to.contain("Card")
    expect(markdown).not.to.contain("Headline of card")
  })
})
