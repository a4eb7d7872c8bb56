/**
 * A "more" toggle: the page shows an excerpt cut short ("Tucked behind a high wall… more") and
 * keeps the whole text beside it, hidden until the reader clicks. Dropped as hidden, the text
 * was lost and only the excerpt read; what a reader gets after the click is the whole text.
 */
import { isElement } from "./dom.ts"

const WORDS = /[\p{L}\p{N}]+/gu
const CUT = /(?:\.\.\.|…)/
/** the whole text is at least this many times the excerpt's words */
const LONGER = 2
/** and at least this many words: a hidden menu or tooltip is not an article's text */
const MIN_WORDS = 40
/** the words before the ellipsis that the whole text must hold, in order */
const LEAD_WORDS = 8

const wordsOf = (text: string): string[] => text.toLowerCase().match(WORDS) ?? []

/**
 * The visible sibling that `hidden` is the whole text of: an element next to it whose text is
 * cut short with an ellipsis after words that `hidden` holds, and that `hidden` outweighs
 * `LONGER` times. Undefined when `hidden` is no such text.
 */
export const excerptOf = (hidden: Element): Element | undefined => {
  const whole = wordsOf(hidden.textContent ?? "")
  if (whole.length < MIN_WORDS) return undefined
  const joined = ` ${whole.join(" ")} `
  for (const sibling of [hidden.previousElementSibling, hidden.nextElementSibling]) {
    if (sibling === null || !isElement(sibling)) continue
    const text = sibling.textContent ?? ""
    const cut = CUT.exec(text)
    if (cut === null) continue
    // the last word before the ellipsis may be cut in the middle: it does not count
    const lead = wordsOf(text.slice(0, cut.index)).slice(0, -1).slice(-LEAD_WORDS)
    if (lead.length < LEAD_WORDS / 2) continue
    if (wordsOf(text).length * LONGER > whole.length) continue
    if (joined.includes(` ${lead.join(" ")} `)) return sibling
  }
  return undefined
}
