import { expect } from "chai"
import { markdownToText } from "./plain-text.ts"

describe("Markdown back to plain text", () => {
  it("reads a link's text in place of the link", () => {
    expect(markdownToText("See [the report](https://example.org/r) for more.")).to.equal("See the report for more.")
  })

  it("keeps text in escaped brackets before a link as text, not as the link's", () => {
    // "\[Reuters\]" opened a link at its escaped bracket that ran to the next link's end
    expect(markdownToText("\\[Reuters\\] Oil rose, traders [said](https://example.org/a) on Monday.")).to.equal(
      "[Reuters] Oil rose, traders said on Monday.",
    )
    expect(markdownToText("\\[消息\\]据美国[科技](https://example.org/t)网站报道。")).to.equal("[消息]据美国科技网站报道。")
  })
})
