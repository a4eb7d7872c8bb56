import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"
import { isDatedSignature } from "./signed.ts"

const page = (body: string) => `<!doctype html><html><head><title>The story</title></head><body>${body}</body></html>`

describe("isDatedSignature", () => {
  it("reads a date or a time beside a name at most as a signature, not a sentence that holds a date", () => {
    for (const line of ["~Backgammonplayer [2012-01-03 02:41]", "Beata 03.01.2012, 12:31", "12 марта 2020, 10:15"])
      expect(isDatedSignature(line), line).to.equal(true)
    for (const line of ["The council met on 12 March 2020 to vote on the plan.", "Wanderer", "Opened at 10:30 by the mayor and her deputy"])
      expect(isDatedSignature(line), line).to.equal(false)
  })
})

describe("comment threads signed by a name that reads as prose", () => {
  it("drops the comments whose header is a long nickname and a date, with their ratings", () => {
    const post = (i: number) =>
      `<div class="opinion"><div class="rating">Rating: +${i} [${i + 2}]</div><div class="head">~<span>Backgammonplayer${i}</span> <span>[2012-01-0${i + 1} 0${i}:41]</span></div>` +
      `<div class="body"><p>Reader ${i} thinks the minister should resign, and says so at length, with commas, and sentences.</p><p class="reply"><a href="#r${i}">reply</a></p></div></div>`
    const { markdown } = extractFromHtml(
      page(
        `<div class="m"><div class="b">${prose("Article", 6)}</div><div class="ops">${Array.from({ length: 8 }, (_, i) => post(i)).join("")}</div></div>`,
      ),
    )
    expect(markdown).to.contain("Article paragraph 6:")
    expect(markdown).not.to.contain("Reader")
    expect(markdown).not.to.contain("Backgammonplayer")
  })
})
