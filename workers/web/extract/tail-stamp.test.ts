import { isPrintNote, isStamp } from "./tail-stamp.ts"
import { STORY, expectCut, expectJudged } from "./line-rules.testing.ts"

describe("a publication stamp at the content's end", () => {
  it("is cut when it is set in the story's own box", () => {
    const stamp = "<table><tr><td>Last Updated: January 7, 2008 14:47 EST</td></tr></table>"
    expectCut(`<html><body><div class="story">${STORY}${stamp}</div></body></html>`, "Paragraph 4 of the story", "Last Updated")
  })

  it("opens with its word and gives a date or a time, little else", () => {
    expectJudged(
      isStamp,
      ["Originally posted 2011-04-26 19:03:38.", "Zuletzt aktualisiert: 12.03.2020, 14:05 Uhr", "发布时间：2020-01-12 08:30"],
      [
        "Posted in: NFL Network | comments |",
        "Published in 1998, the book sold 2 million copies in its first year and was translated into 30 languages.",
      ],
    )
  })

  it("is cut with a note of where the article ran in print", () => {
    const note =
      "<p>A version of this article appeared in print on 11/06/2012, on page A12 of the New York edition with the headline: Budget Passes.</p>"
    expectCut(`<html><body><div class="story">${STORY}${note}</div></body></html>`, "Paragraph 4 of the story", "appeared in print")
  })

  it("reads such a note only when it speaks of the article itself", () => {
    expectJudged(
      isPrintNote,
      [
        "This article was originally published on page 20 of The Pretoria News on January 16, 2008",
        "The full article contains 339 words and appears in Press Association newspaper.",
      ],
      ["The letter appeared in the newspaper on Monday, on page 3.", "The story ran on page one of the local newspaper."],
    )
  })
})
