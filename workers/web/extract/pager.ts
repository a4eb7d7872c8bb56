/**
 * A pager under a story split over pages ("第1页/共1页 << 上一页 | 下一页 >>", "Previous | Next",
 * "Page 1 of 3") set in the story's box: the page's control, not its words. Among the content's
 * first and last blocks, a short one that counts the pages or offers both the previous and the next page
 * is cut.
 */
import type { PageMeasure } from "./article.ts"
import { textOf } from "./dom.ts"
import { blocksIn } from "./edges.ts"

/** "page 1 of 3" in English, Chinese, German, French, Spanish, Italian, Portuguese, Dutch, Russian, Polish, Croatian */
const PAGE_OF =
  /\bpage \d+ (?:of|\/) \d+\b|第\s*\d+\s*页\s*[/，,]?\s*共\s*\d+\s*页|\bseite \d+ von \d+\b|\bpage \d+ sur \d+\b|\bpágina \d+ de \d+\b|\bpagina \d+ (?:di|van) \d+\b|страница \d+ из \d+|\bstrona \d+ z \d+\b|\bstranica \d+ od \d+\b/iu
const PREVIOUS = /上一页|前一页|\b(?:previous|prev|vorherige|précédente|anterior|precedente|vorige|предыдущая|poprzednia|prethodna)\b/iu
const NEXT = /下一页|后一页|\b(?:next|nächste|suivante|siguiente|seguinte|successiva|volgende|следующая|następna|sljedeća)\b/iu
/** a pager is a short line */
const MAX_PAGER = 100
/** how many of the content's first and last blocks are looked at */
const [HEAD, TAIL] = [3, 4]

/** Whether `text` is a pager's line. */
export const isPager = (text: string): boolean =>
  text.length <= MAX_PAGER && (PAGE_OF.test(text) || (PREVIOUS.test(text) && NEXT.test(text)))

/** Cuts a pager among the first and last blocks of `root`. */
export const cutPager = (root: Element, page: PageMeasure): void => {
  const blocks = blocksIn(root, page)
  for (const block of new Set([...blocks.slice(0, HEAD), ...blocks.slice(-TAIL)])) if (isPager(textOf(block))) block.remove()
}
