/**
 * Runs of excerpts: alike items that each show the start of something written elsewhere, cut short
 * with an ellipsis ("Hendo the 2nd: you are the one attributing the issues at nurses and…", then
 * at most a short signature: who wrote it, when). A "your say" or "recent comments" widget, a list
 * of post previews beside a story. Their text reads as prose, often with no link at all, so
 * neither link density nor the teaser rule (items that open with a link) tells them from the
 * article; the cut does. Paragraphs count as items here, unlike in teaser runs: such widgets set
 * each excerpt in a `<p>` of one class.
 */
import type { Measure } from "./article.ts"
import { hasThreeChildren, shapeOf, textOf } from "./dom.ts"
import { wideLength } from "./wide-sentence.ts"

/** an ellipsis, then at most a short signature (a name, a date) before the item ends */
const CUT_THEN_SIGNATURE = /(?:…|\.{3,})(?!.*(?:…|\.{3,}))(.*)$/su
/** the longest signature after the cut (a name, a place, the title of the story commented on) */
const SIGNATURE = 120
/**
 * the least an excerpt shows before its cut, a Chinese, Japanese or Korean character counted three
 * (as long as a word elsewhere): a Chinese "recent comments" widget cuts each reply after a dozen
 * characters, and counted as letters too few of its items were excerpts
 */
const EXCERPT = 40
/** the longest item: an excerpt is a few lines */
const ITEM = 800

const isExcerpt = (item: Element): boolean => {
  const raw = item.textContent ?? ""
  // most items of a run (menus, link lists) hold no ellipsis: they are passed over before any regular expression
  if (!raw.includes("…") && !raw.includes("...")) return false
  const text = textOf(item)
  const cut = CUT_THEN_SIGNATURE.exec(text)
  return cut !== null && cut[1]!.trim().length <= SIGNATURE && wideLength(text.slice(0, cut.index)) >= EXCERPT
}

/**
 * The items of every run of three or more alike siblings of an excerpt's length (same tag and
 * class names, numbers aside) of which two thirds are excerpts, unless the runs together hold more than `maxProse`
 * characters of prose: excerpts that make up most of the page are its content (a blog's front
 * page of previews, a directory).
 */
export const excerptRuns = (measures: ReadonlyMap<Element, Measure>, maxProse: number): Element[] => {
  const found: Element[] = []
  for (const parent of measures.keys()) {
    if (!hasThreeChildren(parent)) continue
    const groups = new Map<string, Element[]>()
    for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling) {
      // only items of an excerpt's length are grouped: reading a shape costs more than a length
      const text = measures.get(child)?.text ?? 0
      if (text === 0 || text >= ITEM) continue
      const key = shapeOf(child).replace(/\d+/g, "")
      const group = groups.get(key)
      if (group) group.push(child)
      else groups.set(key, [child])
    }
    for (const group of groups.values()) {
      if (group.length < 3) continue
      const excerpts = group.filter(isExcerpt)
      if (excerpts.length < 3 || excerpts.length * 3 < group.length * 2) continue
      found.push(...excerpts)
    }
  }
  // runs that together hold most of the page's prose are the page (a directory of sections, each with its previews)
  return found.reduce((sum, el) => sum + measures.get(el)!.prose, 0) > maxProse ? [] : found
}
