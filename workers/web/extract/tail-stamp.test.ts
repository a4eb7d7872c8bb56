import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isStamp } from "./tail-stamp.ts"

const story = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells what happened at the council meeting on Monday, when the budget was voted through after a long debate about the new library.</p>`,
).join("")

describe("a publication stamp at the content's end", () => {
  it("is cut when it is set in the story's own box", () => {
    const html = `<html><body><div class="story">${story}<table><tr><td>Last Updated: January 7, 2008 14:47 EST</td></tr></table></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 4 of the story")
    expect(markdown).not.to.contain("Last Updated")
  })

  it("opens with its word and gives a date or a time, little else", () => {
    expect(isStamp("Originally posted 2011-04-26 19:03:38.")).to.equal(true)
    expect(isStamp("Zuletzt aktualisiert: 12.03.2020, 14:05 Uhr")).to.equal(true)
    expect(isStamp("发布时间：2020-01-12 08:30")).to.equal(true)
    expect(isStamp("Posted in: NFL Network | comments |")).to.equal(false)
    expect(isStamp("Published in 1998, the book sold 2 million copies in its first year and was translated into 30 languages.")).to.equal(
      false,
    )
  })
})
