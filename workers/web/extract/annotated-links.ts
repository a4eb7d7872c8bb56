/**
 * A box of annotated links after a story ("Web Links": "<a>Landsat 7</a> -- home page for one of
 * the satellites …"): each item is a sentence, so the box reads as prose and scores beside the
 * story, but every item opens with its link. The story's own paragraphs open with words.
 */
import type { PageMeasure } from "./article.ts"

/** this many items, all opening with a link, make a list of links */
const ITEMS = 3

const isAnnotatedLinks = (el: Element, page: PageMeasure): boolean => {
  let items = 0
  for (const block of page.blocks) {
    if (!el.contains(block) || page.ownProseOf(block) === 0) continue
    if (page.measures.get(block)?.lead !== 1) return false
    items++
  }
  return items >= ITEMS
}

const holdsText = (el: Element): boolean => (el.textContent ?? "").trim() !== ""

/**
 * Cuts the boxes of annotated links that close `root`, the last first, while text comes before
 * them: a page that is nothing but a list of links keeps it.
 */
export const cutTailAnnotatedLinks = (root: Element, page: PageMeasure): void => {
  for (let el = root.lastElementChild; el !== null;) {
    const previous = el.previousElementSibling
    if (holdsText(el)) {
      if (!isAnnotatedLinks(el, page) || !textBefore(el)) return
      el.remove()
    }
    el = previous
  }
}

const textBefore = (el: Element): boolean => {
  for (let sibling = el.previousElementSibling; sibling !== null; sibling = sibling.previousElementSibling)
    if (holdsText(sibling)) return true
  return false
}
