/**
 * The best element is the one whose blocks add up to the highest score, so any wrapper that adds
 * a few positive points to its child outscores it: a page wrapper (or CleanEval's `<text>` around
 * a whole page) over the layout table that holds the story, because a column of links and a
 * contact line beside the table read as a sentence or two. When one child holds nearly all of the
 * best element's score, the rest adds next to nothing to the article and is more likely the
 * page's furniture: the child is the content (and the step is taken again inside it). Gather
 * still joins siblings that read as parts of the story.
 */
import type { Measure } from "./article.ts"
import { pageFooterIn, scoreAfterFooter } from "./page-footer.ts"

/** how much a name that marks content ("article-body", `<main>`) raises an element's score */
export const NAMED_CONTENT_BOOST = 1.25

/**
 * The score its blocks add up to, before a name that marks content ("content", "article") raised
 * it: a wrapper so named around the story and a column of teasers is not worth more than the story.
 */
const ownScore = (m: Measure): number => (m.hint > 0 && m.score > 0 ? m.score / NAMED_CONTENT_BOOST : m.score)

/** a child holding at least this share of its parent's score is the content */
const CORE_SHARE = 0.95

/** prose before the child worth this share of the parent's score is the story's opening, not furniture */
const LEDE_SHARE = 0.005

/** The last child of `el` outside the page's asides that holds at least `share` of `el`'s score. */
export const childHolding = (el: Element, measures: ReadonlyMap<Element, Measure>, share: number): Element | undefined => {
  // what follows the page's footer is no part of the story
  const footer = pageFooterIn(el, measures)
  const score = ownScore(measures.get(el)!) - scoreAfterFooter(footer, measures)
  let top: Element | undefined
  const end = footer?.nextElementSibling ?? null
  for (let child = el.firstElementChild; child !== null && child !== end; child = child.nextElementSibling) {
    const m = measures.get(child)
    if (m !== undefined && !m.aside && m.score >= score * share) top = child
  }
  return top
}

export const narrowToCore = (best: Element, measures: ReadonlyMap<Element, Measure>): Element => {
  let el = best
  for (;;) {
    const score = ownScore(measures.get(el)!)
    const top = childHolding(el, measures, CORE_SHARE)
    if (top === undefined || score <= 0 || proseBefore(top, measures) >= score * LEDE_SHARE) return el
    el = top
  }
}

/** The score of the prose before `el` among its siblings: a headline's standfirst or the lede, which the story opens with. */
const proseBefore = (el: Element, measures: ReadonlyMap<Element, Measure>): number => {
  let sum = 0
  for (let sibling = el.previousElementSibling; sibling !== null; sibling = sibling.previousElementSibling) {
    const m = measures.get(sibling)
    if (m !== undefined && m.prose > 0 && m.score > 0) sum += m.score
  }
  return sum
}
