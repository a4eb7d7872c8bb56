/**
 * A wrapper that a template names with a weak furniture word ("post-meta", "banner") around the
 * element it names as the body ("post-content", "entry-content"): the weak name is the wrapper's
 * style, not what it holds. Taken for furniture, the whole post was lost and the page read its
 * tagline. Strong names (comments, sidebar) keep their furniture whatever they hold.
 */
import type { Measure } from "./article.ts"

/** the body-named element holds at least this share of the wrapper's prose */
const BODY_SHARE = 0.8

/** Whether `el`, weakly named furniture, holds an element named as the body with most of its prose. */
export const wrapsNamedBody = (el: Element, m: Measure, measures: ReadonlyMap<Element, Measure>): boolean => {
  if (m.hint !== -1 || m.prose === 0) return false
  for (const inner of el.querySelectorAll("*")) {
    const im = measures.get(inner)
    if (im !== undefined && im.hint > 0 && im.prose >= m.prose * BODY_SHARE) return true
  }
  return false
}

/** the main landmark holds at least this share of the wrapper's prose */
const MAIN_SHARE = 0.5

/**
 * Whether `el`, named furniture however strongly, wraps the page's main landmark (`<main>`, role
 * main) with most of its prose: a page has one main region and furniture sits beside it, so a
 * furniture word on what holds it names the page's layout ("pagebody--with-sidebar"), not a box.
 */
export const wrapsMain = (el: Element, m: Measure, measures: ReadonlyMap<Element, Measure>): boolean => {
  if (m.prose === 0) return false
  const main = el.querySelector('main, [role="main"]')
  return main !== null && (measures.get(main)?.prose ?? 0) >= m.prose * MAIN_SHARE
}
