/** Shared by the unit tests of the rules that judge one short line (a breadcrumb, a pager, a stamp). */
import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

/** Four paragraphs of an English story, the content any such line sits beside. */
export const STORY = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells what happened at the council meeting on Monday, when the budget was voted through after a long debate about the new library.</p>`,
).join("")

/** Expects `judge` to say yes to each of `yes` and no to each of `no`. */
export const expectJudged = (judge: (text: string) => boolean, yes: readonly string[], no: readonly string[]): void => {
  for (const text of yes) expect(judge(text), text).to.equal(true)
  for (const text of no) expect(judge(text), text).to.equal(false)
}

/** Expects the content read from `html` to hold `kept` and not `cut`. */
export const expectCut = (html: string, kept: string, cut: string): void => {
  const { markdown } = extractFromHtml(html)
  expect(markdown).to.contain(kept)
  expect(markdown).not.to.contain(cut)
}
