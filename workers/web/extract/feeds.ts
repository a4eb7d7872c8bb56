/**
 * A news feed set as a definition list: each story's headline a linked `<dt>` (after its time, a
 * bullet image), its summary a `<dd>` of plain prose with no link. The summaries read as prose and
 * the pairs are not the alike siblings that open with a link which make a run of teasers (the
 * link is in the `<dt>`, the prose in the `<dd>` beside it), so a feed beside a short story
 * outscored it or was gathered with it. After a story's worth of prose, such a list is a feed of
 * other stories, as a thread after it is comments.
 */
import type { Measure } from "./article.ts"
import { tagOf } from "./dom.ts"

/** a summary is shorter, as a teaser's text is */
const SUMMARY_TEXT = 800
/** a headline's link holds at least this many characters */
const HEADLINE_LINK = 10

/** Whether `dd` is a story's summary under a linked headline: plain prose of its own after a `<dt>` that is mostly a link. */
const isSummary = (dd: Element, measures: ReadonlyMap<Element, Measure>): boolean => {
  const dt = dd.previousElementSibling
  const m = measures.get(dd)
  const h = dt === null ? undefined : measures.get(dt)
  if (dt === null || tagOf(dt) !== "dt" || m === undefined || h === undefined) return false
  return (
    m.prose > 0 &&
    m.text < SUMMARY_TEXT &&
    m.link <= m.text * 0.1 &&
    h.link >= HEADLINE_LINK &&
    h.link * 2 >= h.text &&
    dt.querySelector("a[href]:not([href^='#'])") !== null
  )
}

/** The definition lists below `body` of three or more items, two thirds of them headlines over summaries. */
export const feedLists = (body: Element, measures: ReadonlyMap<Element, Measure>): Element[] => {
  const found: Element[] = []
  for (const dl of body.querySelectorAll("dl")) {
    let items = 0
    let summaries = 0
    for (let child = dl.firstElementChild; child !== null; child = child.nextElementSibling) {
      if (tagOf(child) !== "dd") continue
      items++
      if (isSummary(child, measures)) summaries++
    }
    if (summaries >= 3 && summaries * 3 >= items * 2) found.push(dl)
  }
  return found
}
