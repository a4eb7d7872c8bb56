/**
 * A pager under a story split over pages ("第1页/共1页 << 上一页 | 下一页 >>", "Previous | Next",
 * "Page 1 of 3") set in the story's box: the page's control, not its words. Among the content's
 * first and last blocks, a short one that counts the pages or offers both the previous and the next page
 * is cut.
 */
import type { PageMeasure } from "./article.ts"
import { textOf } from "./dom.ts"
import { blocksIn } from "./edges.ts"
import { fold, folded } from "./fold.ts"

/** "page 1 of 3" in English, Chinese, German, French, Spanish, Italian, Portuguese, Dutch, Russian, Polish, Croatian, Greek */
const PAGE_OF = folded(
  /\bpage \d+ (?:of|\/) \d+\b|第\s*\d+\s*页\s*[/，,]?\s*共\s*\d+\s*页|\bseite \d+ von \d+\b|\bpage \d+ sur \d+\b|\bpágina \d+ de \d+\b|\bpagina \d+ (?:di|van) \d+\b|страница \d+ из \d+|\bstrona \d+ z \d+\b|\bstranica \d+ od \d+\b|σελίδα \d+ από \d+/iu,
)
/**
 * the words for "previous" and "next" (a page's, or an article's: "Vorheriger / Nächster Artikel",
 * "Предыдущий / Следующий") as whole words: a letter or digit on neither side (`\b` knows
 * ASCII letters only, so "\bследующая\b" never matched: Cyrillic letters are no word characters to it)
 */
export const PREVIOUS_WORDS =
  "previous|prev|vorherige[rs]?|précédente?|anterior|precedente|vorige|предыдущ(?:ая|ий|ее)|poprzedni[ae]?|prethodn[aio]|προηγούμεν[ηοα]"
export const NEXT_WORDS =
  "next|nächste[rs]?|suivante?|siguiente|seguinte|successiv[ao]|volgende|следующ(?:ая|ий|ее)|następn[aey]|sljedeć[aie]|επόμεν[ηοα]"
const PREVIOUS = folded(new RegExp(`上一页|前一页|(?<![\\p{L}\\p{N}])(?:${PREVIOUS_WORDS})(?![\\p{L}\\p{N}])`, "iu"))
const NEXT = folded(new RegExp(`下一页|后一页|(?<![\\p{L}\\p{N}])(?:${NEXT_WORDS})(?![\\p{L}\\p{N}])`, "iu"))
/** a pager is a short line */
const MAX_PAGER = 100
/** how many of the content's first and last blocks are looked at */
const [HEAD, TAIL] = [3, 4]

/** Whether `text` is a pager's line. */
export const isPager = (written: string): boolean => {
  const text = fold(written)
  return text.length <= MAX_PAGER && (PAGE_OF.test(text) || (PREVIOUS.test(text) && NEXT.test(text)))
}

/** Cuts a pager among the first and last blocks of `root`. */
export const cutPager = (root: Element, page: PageMeasure): void => {
  const blocks = blocksIn(root, page)
  for (const block of new Set([...blocks.slice(0, HEAD), ...blocks.slice(-TAIL)])) if (isPager(textOf(block))) block.remove()
}
