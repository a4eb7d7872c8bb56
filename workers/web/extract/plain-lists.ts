/**
 * Lists of plain items: a list whose items are words, few of them linked and nothing to press (a
 * recipe's ingredients and nutrients, a product's facts), is the content's data, however short its
 * items and low its score. Navigation, related stories and tag clouds are lists of
 * links; a share bar or a toolbar is buttons.
 */
import { tagOf, visibleLength } from "./dom.ts"
import { LISTS } from "./lists.ts"

/** items a plain list holds at least */
const MIN_ITEMS = 3
const CONTROLS = "button, input, select, textarea, form"

/** Whether `el` is, or mostly holds, lists of three or more items, no control, at most a third of them linked. */
export const isPlainList = (el: Element): boolean => {
  if (el.querySelector(CONTROLS) !== null) return false
  const lists = LISTS.has(tagOf(el)) ? [el] : Array.from(el.querySelectorAll("ul, ol"))
  let listed = 0
  let linked = 0
  for (const list of lists) {
    let items = 0
    let text = 0
    for (const item of list.children) {
      const length = tagOf(item) === "li" ? visibleLength(item.textContent ?? "") : 0
      if (length > 0) items++
      text += length
    }
    if (items < MIN_ITEMS) continue
    listed += text
    for (const a of list.querySelectorAll("a[href]")) linked += visibleLength(a.textContent ?? "")
  }
  // the lists are most of the block: a box of a line and a short list beside it is not one
  // a word linked here and there (an ingredient to a shop) is no list of links
  return listed > 0 && linked * 3 <= listed && listed * 2 >= visibleLength(el.textContent ?? "")
}
