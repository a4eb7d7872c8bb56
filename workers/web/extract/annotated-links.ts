/**
 * A box of annotated links after a story, under its label ("Web Links": "<a>Landsat 7</a> -- home
 * page for one of the satellites …"): each item is a sentence, so the box reads as prose and scores
 * beside the story, but every item opens with its link. The story's own paragraphs open with
 * words; a digest's section of items that open with their source's link has no label of its own
 * (the digest's title is over all of them), and stays.
 */
import type { PageMeasure } from "./article.ts"

/** this many items, all opening with a link, make a list of links */
const ITEMS = 3

const isAnnotatedLinks = (el: Element, page: PageMeasure): boolean => {
  let items = 0
  let labelled = false
  for (const block of page.blocks) {
    if (!el.contains(block)) continue
    const m = page.measures.get(block)
    if (m === undefined || m.text === 0) continue
    // the box's first text is its label: a short line, no link, no sentence
    if (items === 0 && !labelled && page.ownProseOf(block) === 0 && m.link === 0) {
      labelled = true
      continue
    }
    if (!labelled) return false
    if (page.ownProseOf(block) === 0) continue
    if (m.lead !== 1) return false
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
