import { unspacedWords } from "./words.ts"

/**
 * Where a sentence ends, as the languages read here write it. The marks: a full stop, a question or
 * an exclamation mark (Latin, Cyrillic and Greek letters), the ideographic 。！？ (Chinese and
 * Japanese put no space between words and use their own), and the Greek question mark, which is
 * ";" after a Greek word (or U+037E, its own code point). Then the closing quotes and brackets,
 * which follow the mark when a sentence ends inside a quotation: ” ’ " ' (English, Polish, Dutch),
 * “ ‘ (German, Croatian, Czech open low with „ and close high with “), » « (Russian, French,
 * Greek, Swiss and German guillemets, either way round), 」』）(Chinese and Japanese). An English-only
 * test (`[.!?]["'”’)]?$`) read "…sagte er: „Wir sind bereit.“" or "…заявил он: «Мы готовы.»" as
 * no sentence, and a Chinese one ending in "。" too. French sets a (narrow) no-break space inside
 * its guillemets: "« C'est fini. »" ends as a sentence too.
 */
const SENTENCE_END = /(?:[.!?。！？\u037e]|(?<=\p{Script=Greek});)(?:\s*["'”’“‘»«」』）)])*$/u

/** Whether `text` ends as a sentence ends (white space after the last mark aside). */
export const endsSentence = (text: string): boolean => SENTENCE_END.test(text.trimEnd())

/** Words a sentence needs to count as one of prose: "© 2018 Example Media, LP. All rights reserved." and a label's line have fewer. */
const SENTENCE_WORDS = 8
// Chinese and Japanese sentences follow each other without a space
const SENTENCE_SPLIT = /(?<=[.!?\u037e](?:[\u00a0\u202f]?["'”’“‘»«」』）)])*)\s+|(?<=[。！？]["'”’“‘»«」』）)]*)\s*/u

/** How many sentences of prose (eight words or more, ending as a sentence ends) `text` holds. */
export const proseSentences = (text: string): number =>
  text
    .split(/\n+/)
    .flatMap((line) => line.split(SENTENCE_SPLIT))
    .filter((part) => endsSentence(part) && wordsOf(part) >= SENTENCE_WORDS).length

/** Words of a sentence; Chinese and Japanese, written without spaces, count a word for two of their characters. */
const wordsOf = (text: string): number => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length + unspacedWords(text)
