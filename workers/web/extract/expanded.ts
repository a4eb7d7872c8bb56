/**
 * A "more" toggle: the page shows an excerpt cut short ("Tucked behind a high wall… more") and
 * keeps the whole text beside it, hidden until the reader clicks. Dropped as hidden, the text
 * was lost and only the excerpt read; what a reader gets after the click is the whole text.
 * So with a section collapsed to its heading ("Les Suites Taipei writes: [expand]") beside the
 * same heading over the whole text, hidden.
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
/** a collapsed heading's words: at least so many open the whole text, and at most so many differ (the toggle's "expand", "show more") */
const [HEADING_WORDS, TOGGLE_WORDS, MAX_HEADING_WORDS] = [3, 2, 12]

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
    if (cut === null) {
      if (opensWith(whole, wordsOf(text))) return sibling
      continue
    }
    // the last word before the ellipsis may be cut in the middle: it does not count
    const lead = wordsOf(text.slice(0, cut.index)).slice(0, -1).slice(-LEAD_WORDS)
    if (lead.length < LEAD_WORDS / 2) continue
    if (wordsOf(text).length * LONGER > whole.length) continue
    if (joined.includes(` ${lead.join(" ")} `)) return sibling
  }
  return undefined
}

/** Whether `heading` (a collapsed section's words) opens `whole` but for a toggle's last words, and is a heading's length. */
const opensWith = (whole: readonly string[], heading: readonly string[]): boolean => {
  if (heading.length > MAX_HEADING_WORDS || heading.length * LONGER > whole.length) return false
  let same = 0
  while (same < heading.length && heading[same] === whole[same]) same++
  return same >= HEADING_WORDS && same >= heading.length - TOGGLE_WORDS
}
