/**
 * A round-up written as items, each a linked name and a paragraph about it ("<p><a>London Jazz
 * Festival, 9-18 November, various locations</a></p><p>Opening tonight with…</p>", as an arts
 * diary, a gift guide or a list of tools links what it describes): the name's paragraph is all
 * link and was cut as a link list, leaving the descriptions without what they describe. A
 * paragraph that is one link, followed by a paragraph of plain prose, is the item's name when a
 * sibling of the same shape is too: a lone linked headline between two paragraphs is as often
 * another story's, set in the article as a teaser.
 */
import type { Measure } from "./article.ts"
import { shapeOf, textOf } from "./dom.ts"
import { wideCount } from "./wide-sentence.ts"
import { unspacedWords } from "./words.ts"

/** the name's link holds this share of its text at least */
const LINKED_SHARE = 0.9
/** the name is this long at least, a Chinese or Japanese character counted three: a word or two is a label or a "more" link */
const MIN_NAME = 12
/**
 * a name is words: a bare address ("http://news.bbc.co.uk" over its description) is a link list's
 * item; Chinese and Japanese write two words without a space between them ("伦敦爵士音乐节")
 */
const NAME = /\S\s+\S/
const ADDRESS = /^(?:https?:\/\/|www\.)\S*$/i
/** the description that follows holds this much prose (a Chinese or Japanese character counted three), at most this share of links */
const [MIN_PROSE, MAX_PROSE_LINKS] = [150, 0.1]

/** Whether `el` is a paragraph all of one link, followed by a paragraph of prose. */
const headsItem = (el: Element, measures: ReadonlyMap<Element, Measure>): boolean => {
  const m = measures.get(el)
  // a wide character counts three at most: a shorter text is no name in any script
  if (el.localName !== "p" || m === undefined || m.text * 3 < MIN_NAME || m.link < m.text * LINKED_SHARE) return false
  if (el.querySelectorAll("a[href]").length !== 1) return false
  const name = textOf(el)
  if (m.text + 2 * wideCount(name) < MIN_NAME || !(NAME.test(name) || unspacedWords(name) >= 2) || ADDRESS.test(name)) return false
  const next = el.nextElementSibling
  const n = next === null ? undefined : measures.get(next)
  return (
    n !== undefined &&
    n.prose > 0 &&
    n.link <= n.text * MAX_PROSE_LINKS &&
    (n.prose >= MIN_PROSE || n.prose + 2 * wideCount(textOf(next!)) >= MIN_PROSE)
  )
}

/** Whether `el` names an item of a round-up: it heads a paragraph of prose, and so does another sibling of its shape. */
export const isLinkedItemName = (el: Element, measures: ReadonlyMap<Element, Measure>): boolean => {
  if (!headsItem(el, measures)) return false
  const shape = shapeOf(el)
  for (let sibling = el.parentElement?.firstElementChild ?? null; sibling !== null; sibling = sibling.nextElementSibling)
    if (sibling !== el && shapeOf(sibling) === shape && headsItem(sibling, measures)) return true
  return false
}
