/**
 * Cards of one template scattered over a column's boxes: a side column of sections ("health",
 * "diet", "doctor"), each holding one or two previews of one template (`<div id="article-short">`:
 * a linked headline, the opening lines of another page, "Read more"). No box holds the three
 * alike siblings a teaser run needs, so their summaries read as prose and joined the story beside
 * them. Repeated in two or more boxes, the template gives them away as the run's siblings do.
 */
import type { Measure } from "./article.ts"
import { tagOf } from "./dom.ts"

/** the longest card: a headline and a few lines */
const CARD_TEXT = 800
/** what a card is set in: a link or a paragraph that opens with a link is a word or a line of the story */
const CARD_TAGS: ReadonlySet<string> = new Set(["div", "li", "article", "section", "td"])

/** a template's name: the element's class names, else its id (templates repeat ids), numbers aside */
const templateOf = (el: Element): string | undefined => {
  const name = el.getAttribute("class")?.trim() || (el.id ? `#${el.id}` : "")
  return name === "" ? undefined : `${tagOf(el)}.${name}`.replace(/\d+/g, "")
}

/**
 * The cards of every template that three or more elements share, in two or more parents, leaving
 * out those set three or more to a parent (teaser runs, judged with their exceptions), of which two thirds
 * are cards (`isCard`: a linked headline first), unless together they hold more than `maxProse`
 * characters of prose.
 */
export const scatteredCards = (measures: ReadonlyMap<Element, Measure>, isCard: (el: Element) => boolean, maxProse: number): Element[] => {
  const groups = new Map<string, Element[]>()
  // a template of which one element runs long holds posts or sections, which may be short too
  const long = new Set<string>()
  for (const [el, m] of measures) {
    if (m.text === 0 || el.parentElement === null) continue
    const key = CARD_TAGS.has(tagOf(el)) ? templateOf(el) : undefined
    if (key === undefined) continue
    if (m.text >= CARD_TEXT) long.add(key)
    const group = groups.get(key)
    if (group) group.push(el)
    else groups.set(key, [el])
  }
  const found: Element[] = []
  for (const [key, all] of groups) {
    if (all.length < 3 || long.has(key)) continue
    const perParent = new Map<Element, number>()
    for (const el of all) perParent.set(el.parentElement!, (perParent.get(el.parentElement!) ?? 0) + 1)
    // three or more in one parent are a run, judged as such with its exceptions; the rest are scattered
    const group = all.filter((el) => perParent.get(el.parentElement!)! < 3)
    for (const [parent, n] of perParent) if (n >= 3) perParent.delete(parent)
    if (group.length < 3 || perParent.size < 2) continue
    // parts of a run's items (a forum's posts, each with its user box) are not a column's boxes
    const items = new Map<Element, Set<string>>()
    let inRun = false
    for (const parent of perParent.keys()) {
      const template = templateOf(parent)
      const outer = parent.parentElement
      if (template === undefined || outer === null) continue
      const seen = items.get(outer) ?? new Set<string>()
      if (seen.has(template)) inRun = true
      seen.add(template)
      items.set(outer, seen)
    }
    if (inRun) continue
    // a card inside another of the same template is a part of it, not a card of its own
    if (nested(group)) continue
    const cards = group.filter(isCard)
    if (cards.length < 3 || cards.length * 3 < group.length * 2) continue
    if (cards.reduce((sum, el) => sum + measures.get(el)!.prose, 0) > maxProse) continue
    found.push(...cards)
  }
  return found
}

/** Whether an element of `group` lies inside another: one walk up from each, not a test of every pair (a hostile page repeats a template thousands of times). */
const nested = (group: readonly Element[]): boolean => {
  const members = new Set(group)
  return group.some((el) => {
    for (let up = el.parentElement; up !== null; up = up.parentElement) if (members.has(up)) return true
    return false
  })
}
