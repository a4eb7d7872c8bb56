/**
 * Items of one template stand or fall together: the posts of a forum thread, the entries of a
 * list page, each a copy of one block (the same tag and class names, numbers aside, as templates
 * alternate `bg1`/`bg2` or number `row-1`, `row-2`). Scored alone, a long post reads as prose and
 * a one-line reply under its author's name, post count and join date reads as boilerplate, so
 * pruning kept a thread's long posts and cut the short ones between them. When one item of such a
 * run stands on its own (positive, or holding a paragraph's worth of prose), the others are part
 * of the same content: they are pruned inside like it, not cut whole.
 */
import { shapeOf } from "./dom.ts"
import type { Measure } from "./article.ts"

/** how many alike items make a run */
const RUN = 3
/** prose that makes an item stand on its own however its links score */
const OWN_PROSE = 200

/**
 * The shape of an item of a run: templates number their items in class names ("pos-1", "pos-2",
 * "id1227272078989") or alternate them ("bg1", "bg2"), so the numbers do not count.
 */
export const itemShapeOf = (el: Element): string => shapeOf(el).replace(/\d+/g, "")

/**
 * The children of `el` that are items of a run of alike siblings holding text, one of which
 * stands on its own (would be kept by its own score). Furniture (teasers, comments) is no item.
 */
export const itemsOfRuns = (
  el: Element,
  measures: ReadonlyMap<Element, Measure>,
  isFurniture: (item: Element) => boolean,
): Set<Element> => {
  const groups = new Map<string, Element[]>()
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
    const m = measures.get(child)
    // a bare tag says little (every paragraph is a <p>): only named blocks are a template's items
    if (m === undefined || m.text === 0 || !child.hasAttribute("class") || isFurniture(child)) continue
    const key = itemShapeOf(child)
    const group = groups.get(key)
    if (group) group.push(child)
    else groups.set(key, [child])
  }
  const items = new Set<Element>()
  for (const group of groups.values()) {
    if (group.length < RUN) continue
    const standing = group.some((item) => {
      const m = measures.get(item)!
      return m.score >= 0 || m.prose >= OWN_PROSE
    })
    if (standing) for (const item of group) items.add(item)
  }
  return items
}
