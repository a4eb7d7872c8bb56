/**
 * A furniture word in the class that a template sets on every paragraph of its text
 * (`<p class="font--secondary">`, `text-secondary`, `copy-caption`): utility and type-style
 * classes name how the text looks, not what it is. Furniture is a box beside the text; a class
 * repeated on the run of paragraphs that holds most of their parent's prose is the text's style.
 * Taken for furniture, each paragraph was held out and the page read its lead alone.
 */
import type { Measure } from "./article.ts"
import { classOf, tagOf } from "./dom.ts"

/** paragraphs of one class in a run, at least */
const RUN = 3
/** the share of the parent's prose the run holds, at least */
const RUN_SHARE = 0.5

/** Whether `el`, a named paragraph, is one of a run of like-classed paragraphs holding most of its parent's prose. */
export const isTextStyled = (el: Element, measures: ReadonlyMap<Element, Measure>): boolean => {
  const parent = el.parentElement
  const cls = classOf(el)
  if (tagOf(el) !== "p" || parent === null || cls === "") return false
  const total = measures.get(parent)?.prose ?? 0
  let count = 0
  let prose = 0
  for (let sibling = parent.firstElementChild; sibling !== null; sibling = sibling.nextElementSibling) {
    if (tagOf(sibling) !== "p" || classOf(sibling) !== cls) continue
    count++
    prose += measures.get(sibling)?.prose ?? 0
  }
  return count >= RUN && total > 0 && prose >= total * RUN_SHARE
}
