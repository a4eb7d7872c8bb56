import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const review = Array.from(
  { length: 5 },
  (_, i) => `Paragraph ${i + 1} of the review walks through the rooms, the lounge and the breakfast, with commas and a full stop.`,
).join("<br><br>")

/** A review shown as an excerpt with a "more" link; the whole text waits beside it, hidden inline. */
const toggled = (excerpt: string, whole = review) => `<html><head><title>Hotel</title></head><body>
  <div id="nav"><a href="/">Home</a> | <a href="/hotels">Hotels</a></div>
  <div id="review-short" style="display: block"><h3>Our review</h3><div>${excerpt} <a href="javascript:swap()">more</a></div></div>
  <div id="review-long" style="display: none"><h3>Our review</h3><div>${whole}</div></div>
  <div id="footer"><a href="/about">About</a> | <a href="/contact">Contact</a></div></body></html>`

describe("a 'more' toggle", () => {
  it("reads the whole text hidden beside an excerpt cut short, in place of the excerpt", () => {
    const { markdown } = extractFromHtml(toggled("Paragraph 1 of the review walks through the rooms, the lounge and the brea..."))
    expect(markdown).to.contain("Paragraph 1 of the review").and.to.contain("Paragraph 5 of the review")
    expect(markdown.match(/Paragraph 1 of the review/g)).to.have.length(1)
  })

  it("still drops hidden text that the visible excerpt does not begin", () => {
    const { markdown } = extractFromHtml(toggled("A different teaser about another hotel, its pool and its garden, and its bar..."))
    expect(markdown).not.to.contain("Paragraph 5 of the review")
  })

  it("still drops hidden text beside an excerpt that is not cut short", () => {
    const { markdown } = extractFromHtml(toggled("Paragraph 1 of the review walks through the rooms, the lounge and the breakfast."))
    expect(markdown).not.to.contain("Paragraph 5 of the review")
  })
})
