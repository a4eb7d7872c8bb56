/**
 * The page's footer closes the page: what a template places after it (a tooltip's balloon, a
 * pop-up, a modal shown on demand) is no part of the story, however much prose it holds. It does
 * not count against the child that holds the story (`core.ts`), joins no story as a part
 * (`article.ts`'s gather) and is cut from a content read whole.
 */
import type { Measure } from "./article.ts"
import { classOf, tagOf } from "./dom.ts"

const FOOTER_NAME = /footer/i

/** set or named as a footer */
const isFooter = (el: Element): boolean =>
  tagOf(el) === "footer" || el.getAttribute("role") === "contentinfo" || FOOTER_NAME.test(`${el.getAttribute("id") ?? ""} ${classOf(el)}`)

/**
 * The page's footer among `el`'s children: one set or named as a footer, with more prose before
 * it than after it or in it (a post's "entry footer" of date and author may open its text, or
 * hold most of it).
 */
export const pageFooterIn = (el: Element, measures: ReadonlyMap<Element, Measure>): Element | undefined => {
  const proseOf = (child: Element): number => measures.get(child)?.prose ?? 0
  let total = 0
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) total += proseOf(child)
  let before = 0
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
    const own = proseOf(child)
    if (before > own && before > total - before - own && isFooter(child)) return child
    before += own
  }
  return undefined
}

/** The positive score of what follows `footer`: none without one. */
export const scoreAfterFooter = (footer: Element | undefined, measures: ReadonlyMap<Element, Measure>): number => {
  let after = 0
  for (let next = footer?.nextElementSibling ?? null; next !== null; next = next.nextElementSibling)
    after += Math.max(0, measures.get(next)?.score ?? 0)
  return after
}

/**
 * Takes out what `root`, and each element in it, holds after its footer: the root may be the page
 * itself, or a wrapper named as content around the story, its footer and a box of other stories.
 */
export const cutAfterFooter = (root: Element, measures: ReadonlyMap<Element, Measure>): void => {
  for (const el of [root, ...root.querySelectorAll("*")]) {
    const footer = pageFooterIn(el, measures)
    while (footer?.nextElementSibling) footer.nextElementSibling.remove()
  }
}
