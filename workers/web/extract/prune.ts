/**
 * Pruning: inside the chosen element, the parts that read as boilerplate (link lists, furniture,
 * short negative blocks) are cut, except the parts every item of a list repeats and the wrapper
 * of the best-scoring part.
 */
import { BLOCK_TAGS, HEADING_TAGS, childrenOf, isElement, shapeOf, tagOf, textOf } from "./dom.ts"
import { isNoticeLine } from "./notice-lines.ts"
import { isWideSentence } from "./wide-sentence.ts"
import { endsSentence } from "./sentence.ts"
import { isLinkedItemName } from "./linked-items.ts"
import { FURNITURE_ROLES, FURNITURE_TAGS } from "./furniture-names.ts"
import { LIST_PARTS, inTextLedList } from "./lists.ts"
import { isPlainList } from "./plain-lists.ts"
import { citedLinksAmong } from "./cited-links.ts"
import { itemShapeOf, itemsOfRuns } from "./item-runs.ts"
import type { Measure, PageMeasure } from "./article.ts"

/** Cuts the parts of the chosen element that read as boilerplate. */
export const prune = (el: Element, page: PageMeasure, root: Measure, repeated: Set<Element>, best: Element): void => {
  // items of one template stand together: kept whole or pruned inside, their repeated parts with them
  const items = itemsOfRuns(el, page.measures, (item) => page.isFurniture(item))
  findRepeatedParts(el, page, repeated, items)
  // judged before any child is cut: a paragraph's neighbours are those the page gave it
  const cited = citedLinksAmong(el, page.measures)
  for (const child of childrenOf(el)) {
    if (!isElement(child)) continue
    const m = page.measures.get(child)
    if (m === undefined) continue
    // the best-scoring part is the article's heart: a wrapper of it whose link lists outweigh it is pruned inside, not cut whole
    const holdsBest = child.contains(best)
    const keep = repeated.has(child) || cited.has(child) || items.has(child)
    if (!holdsBest && shouldCut(child, m, root, page.isFurniture(child), keep, page.measures, page.isTeaser(child), page.captionsCarry)) {
      child.remove()
      continue
    }
    // a quotation linked whole to its source is kept whole: its paragraph alone is all link
    if (isLinkedQuotation(child, m)) continue
    prune(child, page, root, repeated, best)
  }
}

/**
 * The parts that every item of a list of items repeats (a digest's items, each a heading, a
 * summary and a link to its source): read alone, the link is boilerplate; repeated in the same
 * place of each item, it is part of the item. Items are a run of three or more alike children
 * of `el` that hold prose or stand with such a run's items (`item-runs.ts`; their own children
 * are the parts), or the sections of `el` that its
 * headings open. A part is repeated when its place and shape recur in two items of three, and so
 * are the parts of repeated parts, down to `REPEATED_DEPTH`: a forum post's author name sits in
 * its profile box, inside the post's inner wrapper, and read alone it is a short link that pruning
 * cut. Inside an item, a part whose text is the same in every item ("Quote", "Reply") is the
 * template's button, left to its score. The parts found are added to `found`.
 */
const findRepeatedParts = (el: Element, page: PageMeasure, found: Set<Element>, items: ReadonlySet<Element>): void => {
  const mark = (items: Element[][], depth = 0) => {
    if (items.length < 3) return
    const twins = new Map<string, Element[]>()
    const keyOf = (part: Element, i: number) => `${i}:${shapeOf(part)}`
    for (const item of items)
      item.forEach((part, i) => {
        const key = keyOf(part, i)
        const same = twins.get(key)
        if (same) same.push(part)
        else twins.set(key, [part])
      })
    for (const parts of twins.values()) {
      if (parts.length * 3 < items.length * 2) continue
      if (depth > 0 && sameText(parts)) continue
      for (const part of parts) found.add(part)
      if (depth < REPEATED_DEPTH)
        mark(
          parts.map((part) => Array.from(part.children)),
          depth + 1,
        )
    }
  }
  const alike = new Map<string, Element[]>()
  const sections: Element[][] = []
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
    if (HEADING_TAGS.has(tagOf(child))) sections.push([])
    sections.at(-1)?.push(child)
    if (((page.measures.get(child)?.prose ?? 0) === 0 && !items.has(child)) || page.isFurniture(child)) continue
    const key = itemShapeOf(child)
    const group = alike.get(key)
    if (group) group.push(child)
    else alike.set(key, [child])
  }
  for (const group of alike.values()) mark(group.map((item) => Array.from(item.children)))
  mark(sections.filter((section) => section.some((part) => (page.measures.get(part)?.prose ?? 0) > 0)))
}

const sameText = (parts: Element[]): boolean => {
  const first = textOf(parts[0]!)
  return parts.every((part) => textOf(part) === first)
}

/** how deep inside an item its repeated parts are looked for */
const REPEATED_DEPTH = 4

const KEEP_EMPTY = new Set(["img", "picture", "br", "hr", "td", "th", "tr", "col", "colgroup", "wbr"])
const TABLE_PARTS = new Set(["thead", "tbody", "tfoot", "tr", "td", "th", "caption"])
const isMostlyText = (m: Measure): boolean => m.link <= m.text * 0.35
const CONTAINER_TAGS = new Set(["div", "section", "ul", "ol", "dl", "table", "figure", "header", "center", "details", "blockquote"])

const shouldCut = (
  el: Element,
  m: Measure,
  root: Measure,
  furniture: boolean,
  /** a part every item repeats, or a cited link (`cited-links.ts`): kept however it scores */
  kept: boolean,
  measures: ReadonlyMap<Element, Measure>,
  teaser = false,
  /** the page's captions are its text (`captionsCarryPage`) */
  captionsCarry = false,
): boolean => {
  const tag = tagOf(el)
  if (m.text === 0) return !KEEP_EMPTY.has(tag) && el.querySelector("img") === null && !isWordBreak(el)
  if (m.prose > root.prose * 0.5) return false
  // A list whose items tell who did what with a link ("gero <a>removed the windowtype
  // attribute</a> from dialogs"), and the lists of links nested in its items (which read as teasers
  // by their shape), are the content's, however many links they hold: a list of links to other
  // pages has its items open with the link.
  if (LIST_PARTS.has(tag) && (!furniture || teaser) && inTextLedList(el)) return false
  const role = el.getAttribute("role")
  const furnitureTag = FURNITURE_TAGS.has(tag) && !(captionsCarry && tag === "figcaption")
  if (furniture || furnitureTag || (role !== null && FURNITURE_ROLES.has(role))) return true
  if (m.link === 0 && (isNoticeLine(el) || isWideSentence(el))) return false
  // Inline text is judged with the block it flows in, not on its own.
  if (!BLOCK_TAGS.has(tag) || kept) return false
  if (isLinkedHeadingBox(el, m)) return true
  if (isFloatedBox(el, m)) return true
  if (m.score >= 0 || m.prose >= 200) return false
  // a recipe's ingredients or a product's facts: short items, low score, the content's all the same
  if (isPlainList(el)) return false
  // A figure or a data table is judged whole (its cells are short, its captions too), and a cell
  // with its table: cutting one would shift the columns. A table mostly of links is a layout's.
  if ((tag === "figure" || tag === "table") && isMostlyText(m)) return false
  if (TABLE_PARTS.has(tag)) {
    const table = el.closest("table")
    const t = table === null ? undefined : measures.get(table)
    if (t !== undefined && isMostlyText(t)) return false
  }
  if (isLinkedSentence(el, m) || isLinkedQuotation(el, m) || isLinkedItemName(el, measures)) return false
  return m.link / m.text > 0.35 || CONTAINER_TAGS.has(tag)
}

/**
 * An inline element that holds only white space ("…lym_pub.html</a><i>\n </i>or call…") parts the
 * words on either side of it: cut, it joined them ("lym_pub.htmlor").
 */
const isWordBreak = (el: Element): boolean => !BLOCK_TAGS.has(tagOf(el)) && /\s/.test(el.textContent ?? "")

/**
 * A box of headings linked to other pages and nothing else of its own (no prose, its text all in
 * links): a teaser card set inside the story ("<h3><a>National</a></h3><h3><a>'Botham Chose
 * Everyone': Funeral…</a></h3>" beside its thumbnail), a row of section links set as headings.
 * A heading values nothing either way (it is the story's own subheading as often as not), so the
 * box scored zero and stayed; a story's subheading is not a link, and a link in a paragraph has
 * words around it.
 */
const isLinkedHeadingBox = (el: Element, m: Measure): boolean =>
  CONTAINER_TAGS.has(tagOf(el)) && m.prose === 0 && m.link >= m.text * 0.9 && el.querySelector("h1, h2, h3, h4, h5, h6") !== null

/**
 * A paragraph that is a sentence around a link or two ("Douglas Burdett points us to a story in
 * the Media Post, <a>NBC News Kills the Demographic</a>, written by <a>Joe Mandese</a>."): words
 * of its own around the links and a full stop at the end, as an article credits its sources. A
 * line of links (a share bar, "Follow us on Instagram, Facebook, Twitter and YouTube.") holds
 * more links for fewer words of its own.
 */
const isLinkedSentence = (el: Element, m: Measure): boolean => {
  if (tagOf(el) !== "p" || !endsSentence(textOf(el))) return false
  let links = 0
  for (const a of el.querySelectorAll("a[href]")) if (textOf(a) !== "") links++
  const own = m.text - m.link
  return (links <= 2 && own >= 20) || (links <= 3 && own >= 40)
}

/** a quotation's text at least this long: a quoted headline is a teaser, not a quotation */
const QUOTATION_TEXT = 100
const SENTENCE_MARK = /[.!?…。！？]/

/**
 * A blockquote whose text is one link to its source (a post opening with the lines it answers,
 * "“Just because a car generates a lot of buzz… steer clear…”" linked to the report): words of
 * sentences, one link. A list of links set in a blockquote holds several.
 */
const isLinkedQuotation = (el: Element, m: Measure): boolean => {
  if (tagOf(el) !== "blockquote" || m.text < QUOTATION_TEXT || !SENTENCE_MARK.test(textOf(el))) return false
  let links = 0
  for (const a of el.querySelectorAll("a[href]")) if (textOf(a) !== "" && ++links > 1) return false
  return links === 1
}

const FLOATED = /\bfloat\s*:\s*(left|right)/i

/**
 * A box floated beside the story's text (a table aligned left or right, or set to float) whose
 * text is over a quarter links: the section's promotions set inside the story ("Your Dolphins
 * source": the blog's latest entry, a chat, "Latest news", RSS feeds). Its teaser and lines of
 * prose make it score above zero, so the rule for negative blocks left it. A floated box of facts
 * or a photo's caption holds few links. `align` floats a table, not a `<div>`, whose `align` only
 * sets its lines (a right-aligned signature).
 */
const isFloatedBox = (el: Element, m: Measure): boolean => {
  const align = el.getAttribute("align")?.toLowerCase()
  const floated = (tagOf(el) === "table" && (align === "left" || align === "right")) || FLOATED.test(el.getAttribute("style") ?? "")
  return floated && m.link > m.text * FLOATED_LINKS
}

/** the share of a floated box's text in links from which it is the page's, not the story's */
const FLOATED_LINKS = 0.25
