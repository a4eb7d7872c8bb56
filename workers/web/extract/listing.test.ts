import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { findListing, mayReadListing } from "./listing.ts"
import { ourReading } from "./second-opinion.ts"
import { parseDocument } from "./parse.ts"

const exchanges: ReadonlyArray<readonly [string, string]> = [
  ["Northbank", "A local exchange where you can buy coins with a credit card in minutes."],
  ["Coin Harbour", "A fully compliant exchange offering same day buying with a wire transfer."],
  ["Market Square", "A marketplace made in Germany, with low fees for buyers and sellers."],
  ["Ledgerline", "One of the largest markets, with margin trading and swaps for professionals."],
  ["Quickcoin", "Where there is a bank there is Quickcoin: a secure, quick and easy marketplace."],
  ["Tallyhall", "Fully automated trading with instant execution and fast withdrawals and deposits."],
  ["Brightmint", "One of the longest running exchanges for dollar trading with high liquidity."],
  ["Southgate", "Buy coins by fast bank transfer, in five countries of southern Africa today."],
]

/** A directory of links with descriptions, a quotation in the sidebar, a footer's legal lines: no article. */
const directory = `<html><head><title>Exchanges</title></head><body>
  <nav><ul>${["Home", "News", "Wallets", "Forum", "Shop"].map((s) => `<li><a href="/${s}">${s}</a></li>`).join("")}</ul></nav>
  <main><h3>Exchanges</h3><div class="grid">${exchanges
    .map(
      ([name, about]) =>
        `<a class="product" href="https://${name.replace(/ /g, "").toLowerCase()}.example/"><div class="content"><img src="/logo.png" alt=""><span class="h5">${name}</span> <span class="h6">${about}</span></div></a>`,
    )
    .join("\n")}</div></main>
  <aside class="widget"><h4>Quote</h4><p>Money sent to anyone, anywhere on the planet, conveniently and without restriction, is one of the most important inventions in all of human history. It is the dawn of a better, more free world, and we are only at its start.</p><p>— A founder</p></aside>
  <footer><p>© 2018 Example Media. All rights reserved. Read our privacy policy and our terms of service before you use this site.</p></footer>
</body></html>`

const story = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells what happened in the town hall, with names, places, quotes and a full stop at its end.</p>`,
).join("\n")

describe("a page that holds a list of items and no article", () => {
  it("looks for a listing where the reading kept is a stray line, not where Readability read an article", () => {
    const stray = ourReading("Quote", { coverage: 1, pageProse: 300, pageText: 40000, inFurniture: true })
    expect(mayReadListing(stray, stray.markdown)).to.equal(true)
    expect(mayReadListing(stray, "A consent notice of a few lines, which Readability kept.")).to.equal(true)
    expect(mayReadListing(stray, story.replace(/<\/?p>/g, "").repeat(2))).to.equal(false)
  })

  it("leaves a post of one sentence alone: a short reading with a sentence of prose is no fragment", () => {
    const label = ourReading("Latest stories", { coverage: 1, pageProse: 300, pageText: 40000, inFurniture: false })
    const caption = "The president honors the victims of the tragedy, the people who loved them, and those who still recover."
    expect(mayReadListing(label, label.markdown)).to.equal(true)
    expect(mayReadListing(ourReading(caption, label), caption)).to.equal(false)
  })

  it("reads the items, each name with its description, not the sidebar's quotation or the footer", () => {
    const { markdown } = extractFromHtml(directory)
    for (const [name, about] of exchanges) expect(markdown).to.contain(name).and.to.contain(about)
    expect(markdown).not.to.contain("dawn of a better")
  })

  it("keeps an article beside a list of teasers: the list is no reading of an article page", () => {
    const teasers = exchanges.map(([name, about]) => `<li class="teaser"><a href="/story/${name}">${name}</a><p>${about}</p></li>`).join("")
    const html = `<html><head><title>Town hall</title></head><body><article>${story}</article><ul class="related">${teasers}</ul></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 1 of the story").and.to.contain("Paragraph 8 of the story")
    expect(markdown).not.to.contain("Northbank")
  })

  it("keeps a short story beside a long list of other stories: a story of a few sentences is no stray line", () => {
    const others = Array.from({ length: 24 }, (_, i) => exchanges[i % exchanges.length]!)
      .map(
        ([name, about], i) =>
          `<li class="story"><a href="/story/${i}">${name} ${i}: ${about}</a> <span class="date">${i + 1} May 2012</span></li>`,
      )
      .join("")
    const short = `<p>The council voted on Tuesday to close the old bridge to lorries, after engineers found cracks in two of its piers.</p><p>Repairs will start in the spring and take a year, the council said in a statement.</p>`
    const html = `<html><head><title>Bridge</title></head><body><div class="post"><h1>Bridge</h1>${short}</div><ul class="more">${others}</ul></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("The council voted on Tuesday")
    expect(markdown).not.to.contain("Northbank 0")
  })

  it("finds no listing in a menu of short links, however many", () => {
    const menu = Array.from({ length: 12 }, (_, i) => `<li class="item"><a href="/s/${i}">Section ${i}</a> <span>new</span></li>`).join("")
    const document = parseDocument(`<html><body><div><ul class="menu">${menu}</ul></div></body></html>`)
    expect(findListing(document.body)).to.equal(undefined)
  })

  it("finds the run of items that each hold a link and a line of their own", () => {
    const document = parseDocument(directory)
    expect(findListing(document.body)?.root.className).to.equal("grid")
  })
})
