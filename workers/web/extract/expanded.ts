/**
 * A "more" toggle: the page shows an excerpt cut short ("Tucked behind a high wall… more") and
 * keeps the whole text beside it, hidden until the reader clicks. Dropped as hidden, the text
 * was lost and only the excerpt read; what a reader gets after the click is the whole text.
 * So with a section collapsed to its heading ("Les Suites Taipei writes: [expand]") beside the
 * same heading over the whole text, hidden.
 */
import { isElement } from "./dom.ts"
// a Chinese or Japanese character is a word of its own to compare, half a word to count
import { tokenWords, wordTokens } from "./words.ts"

const CUT = /(?:\.\.\.|…)/
/** the whole text is at least this many times the excerpt's words */
const LONGER = 2
/** and at least this many words: a hidden menu or tooltip is not an article's text */
const MIN_WORDS = 40
/** the words before the ellipsis that the whole text must hold, in order */
const LEAD_WORDS = 8
/** a collapsed heading's words: at least so many open the whole text, and at most so many differ (the toggle's "expand", "show more") */
const [HEADING_WORDS, TOGGLE_WORDS, MAX_HEADING_WORDS] = [3, 2, 12]

/**
 * The visible sibling that `hidden` is the whole text of: an element next to it whose text is
 * cut short with an ellipsis after words that `hidden` holds, and that `hidden` outweighs
 * `LONGER` times. Undefined when `hidden` is no such text.
 */
export const excerptOf = (hidden: Element): Element | undefined => {
  const whole = wordTokens(hidden.textContent ?? "")
  const wholeWords = tokenWords(whole)
  if (wholeWords < MIN_WORDS) return undefined
  const joined = ` ${whole.join(" ")} `
  for (const sibling of [hidden.previousElementSibling, hidden.nextElementSibling]) {
    if (sibling === null || !isElement(sibling)) continue
    const text = sibling.textContent ?? ""
    const cut = CUT.exec(text)
    if (cut === null) {
      if (opensWith(whole, wholeWords, wordTokens(text))) return sibling
      continue
    }
    // the last word before the ellipsis may be cut in the middle: it does not count
    const lead = lastWords(wordTokens(text.slice(0, cut.index)).slice(0, -1), LEAD_WORDS)
    if (tokenWords(lead) < LEAD_WORDS / 2) continue
    if (tokenWords(wordTokens(text)) * LONGER > wholeWords) continue
    if (joined.includes(` ${lead.join(" ")} `)) return sibling
  }
  return undefined
}

/** The last tokens of `tokens` that make `count` words. */
const lastWords = (tokens: readonly string[], count: number): string[] => {
  let start = tokens.length
  while (start > 0 && tokenWords(tokens.slice(start - 1)) <= count) start--
  return tokens.slice(start)
}

/** Whether `heading` (a collapsed section's words) opens `whole` but for a toggle's last words, and is a heading's length. */
const opensWith = (whole: readonly string[], wholeWords: number, heading: readonly string[]): boolean => {
  const words = tokenWords(heading)
  if (words > MAX_HEADING_WORDS || words * LONGER > wholeWords) return false
  let same = 0
  while (same < heading.length && heading[same] === whole[same]) same++
  return tokenWords(heading.slice(0, same)) >= HEADING_WORDS && tokenWords(heading.slice(same)) <= TOGGLE_WORDS
}
