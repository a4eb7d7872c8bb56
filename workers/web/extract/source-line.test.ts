import { expect } from "chai"
import { isSourceLine } from "./source-line.ts"
import { STORY, expectCut, expectJudged } from "./line-rules.testing.ts"

describe("a line naming the story's source", () => {
  it("is cut as the content's last block", () => {
    expectCut(`<html><body><article>${STORY}<p>Source: University of Somewhere</p></article></body></html>`, "Paragraph 4", "Source:")
  })

  it("is cut as the last line of the story's last block", () => {
    const last = `<p>The last words of the story, long enough to be read as its prose and not as a label.<br><br><font><i>Πηγή : Web Only</i></font></p>`
    const html = `<html><body><article>${STORY}${last}</article></body></html>`
    expectCut(html, "The last words of the story", "Web Only")
  })

  it("is a label and a name, not a sentence", () => {
    expectJudged(
      isSourceLine,
      ["SOURCE: Vancouver Sun", "Πηγή: ΑΠΕ-ΜΠΕ", "Источник: АиФ", "来源：( 华声在线 )", "Quelle: dpa"],
      [
        "Source: the ministry said on Monday. It will publish the figures next week.",
        "Sources say the deal is close to being signed by both sides of the long dispute over the port.",
        "The source: a leak",
        "来源：市水务局　　编辑：王明",
      ],
    )
    expect(isSourceLine("Source: The Global Polio Eradication Initiative.")).to.equal(true)
  })
})
