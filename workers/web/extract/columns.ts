/**
 * A layout table sets a page's columns side by side as the cells of one row: the story in one,
 * a masthead's blurb, a calendar or a column of notices in the others. Scores add up, so any
 * other cell holding prose made the row outscore the story's own cell, and the row was read
 * whole, the side columns with it. A story does not run on sideways into the next cell: when one
 * cell of the best row holds most of its score, that cell is the content (and inside it, what
 * scores best there: a layout table nested in the column).
 */
import type { Measure } from "./article.ts"
import { tagOf } from "./dom.ts"

/** the story's cell holds at least this share of its row's score */
const COLUMN_SHARE = 0.6

const CELL_TAGS: ReadonlySet<string> = new Set(["td", "th"])

/** `best`, or when it is a layout row, what scores best in the cell that holds most of its score. */
export const narrowToColumn = (best: Element, measures: ReadonlyMap<Element, Measure>): Element => {
  let el = best
  while (tagOf(el) === "tr") {
    const row = measures.get(el)!
    let top: Element | undefined
    let topScore = 0
    let cells = 0
    for (let cell = el.firstElementChild; cell !== null; cell = cell.nextElementSibling) {
      const m = measures.get(cell)
      if (!CELL_TAGS.has(tagOf(cell)) || m === undefined || m.text === 0) continue
      cells++
      if (m.score > topScore) {
        top = cell
        topScore = m.score
      }
    }
    if (top === undefined || cells < 2 || topScore < row.score * COLUMN_SHARE) return el
    el = bestWithin(top, measures)
  }
  return el
}

/** The best-scoring element in `root` (itself included); deeper elements win ties, as in the page's own choice. */
export const bestWithin = (root: Element, measures: ReadonlyMap<Element, Measure>): Element => {
  let best = root
  let bestScore = measures.get(root)!.score
  for (const el of root.querySelectorAll("*")) {
    const m = measures.get(el)
    if (m !== undefined && !m.aside && m.score >= bestScore) {
      best = el
      bestScore = m.score
    }
  }
  return best
}

/** A cell of a row, beside the one read: another column, never a part of the same story. */
export const isSideColumn = (el: Element): boolean => CELL_TAGS.has(tagOf(el)) && tagOf(el.parentElement!) === "tr"
