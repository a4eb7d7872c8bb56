import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isDateLine } from "./datelines.ts"
import { STORY, expectCut, expectJudged } from "./line-rules.testing.ts"

describe("a date set as loose text before the story", () => {
  it("is cut when it is no block of its own in the story's box", () => {
    const date = `<span class="date">12 January 2012</span> <span class="time">Last updated at 00:33 GMT</span>`
    expectCut(
      `<html><body><div class="story"><h1>The council votes</h1>${date}${STORY}</div></body></html>`,
      "Paragraph 1 of the story",
      "January 2012",
    )
  })

  it("is cut with a byline beside it on the lines before the first paragraph", () => {
    const meta = `<small>By <a href="/author/jo">Jo Smith</a> | Politics<br>January 17, 2012</small><br>`
    const { markdown } = extractFromHtml(`<html><body><div class="story"><h1>The council votes</h1>${meta}${STORY}</div></body></html>`)
    expect(markdown).to.contain("Paragraph 1 of the story")
    expect(markdown).not.to.contain("Jo Smith")
    expect(markdown).not.to.contain("January 17")
  })

  it("is kept when it is a sentence, and after the first paragraph", () => {
    const lead = `<span>The library opened on 5 May 2012 after a long wait.</span>`
    const after = `<span>17 January 2012</span>`
    const { markdown } = extractFromHtml(
      `<html><body><div class="story"><h1>The council votes</h1>${lead}${STORY}${after}<p>Paragraph 5 of the story tells what the mayor said about the vote and the library, at length and in full.</p></div></body></html>`,
    )
    expect(markdown).to.contain("5 May 2012")
    expect(markdown).to.contain("17 January 2012")
  })
})

describe("a date line alone before the story", () => {
  it("is cut as a block of its own, written in words", () => {
    expectCut(
      `<html><body><div class="story"><h1>The council votes</h1><p class="when">6:50pm UK, Wednesday January 11, 2012</p>${STORY}</div></body></html>`,
      "Paragraph 1 of the story",
      "Wednesday",
    )
  })

  it("is a date with its time, zone and stamp words, little else", () => {
    expectJudged(
      isDateLine,
      [
        "16 January 2012 Last updated at 22:04 GMT",
        "6:50pm UK, Wednesday January 11, 2012",
        "January 12, 2012, 8:32 AM EST",
        "Updated: Thu Jan. 12 2012 06:21:15",
        "Montag, 12. März 2020, 14:05 Uhr",
      ],
      ["Elections on 5 May 2012 postponed", "The March 12 vote", "In May 2012 the council met", "2012", "Sun 12"],
    )
  })
})
