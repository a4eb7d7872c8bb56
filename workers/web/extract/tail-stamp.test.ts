import { isStamp } from "./tail-stamp.ts"
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
})
