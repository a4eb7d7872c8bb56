/**
 * A story and a column of short lines beside it under one parent: a side column whose table the
 * parser could not keep (a `<td>` after stray text before the layout table is dropped, its cells'
 * text left as siblings of the story), or a site blurb set after it ("A publication by …",
 * "Come see us again.", "Please support local business!"). Those lines read as short sentences,
 * so the parent outscores the story by them and core.ts's 95 % share never lets go of the parent.
 * When one child holds most of the parent's score and a paragraph, and nothing else beside it
 * holds a paragraph, the rest is lines, not the article's prose: the child is the content. A lede
 * or a standfirst beside the story is a paragraph, and keeps the parent.
 */
import type { PageMeasure } from "./article.ts"
import { childHolding } from "./core.ts"
import { tagOf } from "./dom.ts"

/** a child holding this share of its parent's score, beside nothing but lines, is the content */
const LINES_SHARE = 0.7

/** a block of prose this long is a paragraph, not a line (a label, a slogan, a byline) */
const PARAGRAPH = 80

const holdsParagraph = (el: Element, page: PageMeasure): boolean =>
  page.blocks.some((block) => page.ownProseOf(block) >= PARAGRAPH && el.contains(block))

/** Whether a block of `el` outside `top` holds a paragraph, in `el`'s own text or in a child that scores. */
const paragraphBeside = (el: Element, top: Element, page: PageMeasure): boolean =>
  page.blocks.some((block) => {
    if (page.ownProseOf(block) < PARAGRAPH || !el.contains(block) || top.contains(block)) return false
    let child = block
    while (child !== el && child.parentElement !== el) child = child.parentElement!
    return child === el || (page.measures.get(child)?.score ?? 0) > 0
  })

/**
 * Three or more blocks of text and not one paragraph among them: a column of lines (a masthead's
 * blurb, a contact box), where a single short block beside a story is its lede or its last line.
 */
export const isColumnOfLines = (el: Element, page: PageMeasure): boolean => {
  let lines = 0
  for (const block of page.blocks) {
    if (!el.contains(block)) continue
    if (page.ownProseOf(block) >= PARAGRAPH) return false
    lines++
  }
  return lines >= LINES
}

/** this many short blocks make a column of lines */
const LINES = 3

/** `best`, or when it is the page's body, the child holding the story beside columns of lines. */
export const narrowPastLines = (best: Element, page: PageMeasure): Element => {
  // only the body: below it, the short lines beside a story are its deck, dateline and subheads
  if (tagOf(best) !== "body") return best
  if (page.measures.get(best)!.score <= 0) return best
  const top = childHolding(best, page.measures, LINES_SHARE)
  if (top === undefined || !holdsParagraph(top, page) || paragraphBeside(best, top, page)) return best
  // a single short line beside the story is as likely its last line, set apart by an ad
  for (let child = best.firstElementChild; child !== null; child = child.nextElementSibling)
    if (child !== top && isColumnOfLines(child, page)) return top
  return best
}
