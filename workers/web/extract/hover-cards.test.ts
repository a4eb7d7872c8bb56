import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>The story</title></head><body>${body}</body></html>`

/** a people card as a template sets it after a name, shown on hover by an external style sheet */
const card = (href: string, name: string) =>
  `<span class="card"><span><img src="/img/${name}.jpg" alt=""><a class="name" href="${href}">${name} Lynn</a>` +
  [1, 2, 3]
    .map((i) => `<a href="/story/${name}-${i}">Another long headline about ${name} and the week's votes, number ${i}</a>`)
    .join(" ") +
  `<a class="more" href="${href}">MORE</a></span></span>`

describe("hover cards", () => {
  it("are dropped from the sentence, which is kept", () => {
    // Inside the sentence the card's headlines made the paragraph link-dense, and it was cut whole.
    const lead =
      `<p>A man pleaded guilty to charges he threatened Rep. <span class="people"><a href="/people/omar">Omar</a>${card("/people/omar", "Omar")}</span>` +
      ` (D-Minn.), the attorney's office for the western district announced on Monday in a statement.</p>`
    const { markdown } = extractFromHtml(page(`<article>${lead}${prose("Body", 4)}</article>`))
    expect(markdown).to.contain("A man pleaded guilty to charges he threatened Rep.")
    expect(markdown).to.contain("the attorney's office for the western district announced")
    expect(markdown).not.to.contain("Another long headline")
    expect(markdown).to.contain("Body paragraph 4:")
  })

  it("are not a footnote mark or a link to elsewhere right after a link", () => {
    const text =
      `<p>The report by <a href="/people/smith">Smith</a><sup><a href="#fn1">1</a></sup> and ` +
      `<a href="https://paper.example/">the paper</a><span> (<a href="https://paper.example/archive">archive</a>, <img src="/i.png" alt="">)</span> was cited, with a comma, in a long sentence.</p>`
    const { markdown } = extractFromHtml(page(`<article>${text}${prose("Body", 3)}</article>`))
    expect(markdown).to.contain("archive")
    expect(markdown).to.contain("Smith")
  })

  it("are not a media block's content after its avatar link", () => {
    // An avatar links to the author's profile; the block beside it links there again in its byline
    // and holds the whole post: taken for a card, the post was stripped and a sidebar read instead.
    const post =
      `<div class="media"><a href="/people/mark"><img src="/mark.jpg" alt=""></a><div class="media-body">` +
      `<h2><a href="/post/1">Our commitment</a></h2><div>by <a href="/people/mark">Mark</a> on Tuesday</div>` +
      `${prose("Post", 4)}</div></div>`
    const side = `<div class="links"><h3>Newsroom</h3><p>Visit the newsroom for the latest updates, sorted by categories and dates.</p></div>`
    const { markdown } = extractFromHtml(page(`<div>${post}</div>${side}`))
    expect(markdown).to.contain("Post paragraph 1:")
    expect(markdown).to.contain("Post paragraph 4:")
  })
})
