/**
 * A short sentence in Chinese, Japanese or Korean: a word is one or two characters there, where a
 * Latin word is five or six letters, so a whole sentence ("特此通告。", the closing line of a
 * notice; "到头来，一位自甘穷酸的外科医生。") is as short in characters as a label and valued as
 * one, and pruning cut it from between the story's paragraphs. Written as a sentence (ending in
 * a full stop, a question or an exclamation mark of those scripts) without a link, it is the
 * story's. Judging all text by its length counted three to a character (tried) took menus and
 * login prompts written with such marks for prose.
 */
import { textOf } from "./dom.ts"

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu
/** the sentence's end: a full stop, question or exclamation mark of these scripts, then closing quotes or brackets */
const WIDE_SENTENCE_END = /[。！？][」』"”’）)]*$/
/** at least this many characters of these scripts: two words */
const MIN_WIDE = 4
/** at most this long: a longer block is judged as prose already */
const MAX_TEXT = 200

/** How many characters of `text` are Chinese, Japanese or Korean: a word there is one or two of them. */
export const wideCount = (text: string): number => text.match(WIDE)?.length ?? 0

/** The length of `text` with each Chinese, Japanese or Korean character counted three, as long as a word elsewhere. */
export const wideLength = (text: string): number => text.length + 2 * wideCount(text)

/** Whether `el`, which holds no link, is a short sentence written in Chinese, Japanese or Korean. */
export const isWideSentence = (el: Element): boolean => {
  const text = textOf(el)
  return text.length <= MAX_TEXT && WIDE_SENTENCE_END.test(text) && wideCount(text) >= MIN_WIDE
}
