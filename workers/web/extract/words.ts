/**
 * Words in scripts written without spaces. Chinese and Japanese put no space between words (a
 * word there is one or two characters), so counting the runs of letters between spaces or marks
 * takes a whole clause for one word: "国务院办公厅日前印发通知" (a sentence of six words) is one
 * "word", and every rule that asks for so many words (a name of two words, an excerpt of eight, a
 * stamp of at most eight) judged Chinese text wrongly by design. Here a Han, Hiragana or Katakana
 * character is a word of its own when words are compared, and half a word when they are counted,
 * as `sentence.ts` counts them. Korean spaces its words and is counted as other scripts are.
 */

/** the scripts written without spaces between words */
const UNSPACED_SCRIPTS = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`
/** one character of those scripts */
const UNSPACED = new RegExp(`[${UNSPACED_SCRIPTS}]`, "u")
const UNSPACED_ALL = new RegExp(`[${UNSPACED_SCRIPTS}]`, "gu")
/** a character of those scripts, or a run of other letters and digits */
const TOKEN = new RegExp(`[${UNSPACED_SCRIPTS}]|(?:(?![${UNSPACED_SCRIPTS}])[\\p{L}\\p{N}])+`, "gu")
/** a run of two letters or more ("a" is no word of its own) */
const SPACED_WORD = /\p{L}{2,}/gu
/** such a run of letters of the scripts written with spaces */
const LETTER_WORD = new RegExp(`(?:(?![${UNSPACED_SCRIPTS}])\\p{L}){2,}`, "gu")

/** The words of `text`, lower-cased, to be compared: each Chinese or Japanese character one of them. */
export const wordTokens = (text: string): string[] => text.toLowerCase().match(TOKEN) ?? []

/** Each run of three words in `words`, in order, as one string: what two texts share, told apart from single common words. */
export const wordTriples = (words: readonly string[]): string[] => {
  const out: string[] = []
  for (let i = 0; i + 3 <= words.length; i++) out.push(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
  return out
}

/** How many words `tokens` make: a Chinese or Japanese word is two characters. */
export const tokenWords = (tokens: readonly string[]): number => {
  let unspaced = 0
  for (const token of tokens) if (token.length === 1 && UNSPACED.test(token)) unspaced++
  return tokens.length - unspaced + Math.floor(unspaced / 2)
}

/** How many words the Chinese and Japanese characters of `text` make: one for two characters. */
export const unspacedWords = (text: string): number => Math.floor((text.match(UNSPACED_ALL)?.length ?? 0) / 2)

/** How many words of letters `text` holds: runs of two letters or more, and a word for two Chinese or Japanese characters. */
export const letterWords = (text: string): number => {
  const unspaced = text.match(UNSPACED_ALL)?.length ?? 0
  // most text holds none: the plain count, without the lookahead on every letter
  if (unspaced === 0) return text.match(SPACED_WORD)?.length ?? 0
  return (text.match(LETTER_WORD)?.length ?? 0) + Math.floor(unspaced / 2)
}
