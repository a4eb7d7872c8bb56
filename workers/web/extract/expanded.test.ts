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

  /** A section collapsed to its heading and a toggle; the same heading over the whole text waits beside it, hidden. */
  const collapsed = (heading: string) => `<html><head><title>Hotel</title></head><body>
    <div id="nav"><a href="/">Home</a> | <a href="/hotels">Hotels</a></div>
    <div id="intro"><p>The hotel stands on a quiet lane behind the station, with forty rooms, a lounge and a garden.</p><p>It opened in the spring, after two years of work on the old building, and is run by its owner.</p></div>
    <div id="about-short" style="display: block"><table><tr><td><a href="javascript:swap()">${heading}</a></td><td><a href="javascript:swap()">[expand]</a></td></tr></table></div>
    <div id="about-long" style="display: none"><table><tr><td><a href="javascript:swap()">The hotel's owner writes:</a></td><td><a href="javascript:swap()">[close]</a></td></tr></table><div>${review}</div></div>
    <div id="footer"><a href="/about">About</a> | <a href="/contact">Contact</a></div></body></html>`

  it("reads the whole text of a section collapsed to its heading, in place of the heading alone", () => {
    const { markdown } = extractFromHtml(collapsed("The hotel's owner writes:"))
    expect(markdown).to.contain("Paragraph 1 of the review").and.to.contain("Paragraph 5 of the review")
    expect(markdown).not.to.contain("[expand]")
  })

  it("still drops hidden text beside a collapsed heading that does not open it", () => {
    const { markdown } = extractFromHtml(collapsed("Guests' photos of the pool:"))
    expect(markdown).not.to.contain("Paragraph 5 of the review")
  })
})
