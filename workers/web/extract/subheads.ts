/**
 * Subheadings that are not heading tags: a list article's item titles ("10", "Maori Warrior
 * Masks" in `<div class="itemheading">`), a Q&A's questions set in a styled `<div>`. Read alone,
 * each is a short line without a full stop, what a byline or a label looks like, and the prune
 * cut them; repeated in one shape before the article's paragraphs, they are its headings.
 */
import type { Measure, PageMeasure } from "./article.ts"
import { classOf, shapeOf, textOf } from "./dom.ts"

/** how many alike titles make a run, the longest title, and how many siblings after one are looked at for its paragraph */
const SUBHEADS = 3
const SUBHEAD_TEXT = 120
const LOOK_AHEAD = 3

/**
 * The short blocks of `root` without links, of one shape with a class name (a bare tag is any
 * line), three or more, each followed within a few siblings by a paragraph of prose, and no two
 * alike in words: the article's subheadings, to be kept.
 */
export const findSubheads = (root: Element, page: PageMeasure): Set<Element> => {
  const byShape = new Map<string, { box: Element; parts: Element[] }[]>()
  for (const el of page.blocks) {
    const m = page.measures.get(el)!
    if (m.link > 0 || m.prose > 0 || m.text > SUBHEAD_TEXT || (classOf(el) === "" && !isBoldLine(el)) || !root.contains(el) || el === root)
      continue
    // the title block itself or the box around its parts (a number and a title in a box of their own)
    const box =
      el.parentElement !== null &&
      el.parentElement !== root &&
      classOf(el.parentElement) !== "" &&
      page.measures.get(el.parentElement)!.text <= SUBHEAD_TEXT
        ? el.parentElement
        : el
    if (!opensProse(box, page)) continue
    const shape = shapeOf(box)
    const run = byShape.get(shape) ?? []
    if (run.length === 0) byShape.set(shape, run)
    const title = run.find((t) => t.box === box)
    if (title === undefined) run.push({ box, parts: [el] })
    else title.parts.push(el)
  }
  const found = new Set<Element>()
  for (const run of byShape.values()) {
    // titles differ from one another; a forum's post headers repeat their writers' names
    if (run.length < SUBHEADS || new Set(run.map(({ box }) => textOf(box))).size < run.length) continue
    for (const { box, parts } of run) for (const el of [box, ...parts]) found.add(el)
  }
  return found
}

/** Whether one of the next few siblings of `el` is a paragraph of prose. */
const opensProse = (el: Element, page: PageMeasure): boolean => {
  let next = el.nextElementSibling
  for (let i = 0; i < LOOK_AHEAD && next !== null; i++, next = next.nextElementSibling) {
    const m = page.measures.get(next)
    if (m !== undefined && m.prose > 0 && m.link <= m.text * 0.1) return true
  }
  return false
}

const visibleChars = (el: Element): number => textOf(el).replace(/\s/g, "").length

/** A short line without links whose words are all bold, not a sentence of prose: a subheading however it is set. */
export const isSubheadLine = (el: Element, m: Measure | undefined): boolean =>
  m !== undefined && m.text > 0 && m.link === 0 && m.prose === 0 && m.text <= SUBHEAD_TEXT && isBoldLine(el)

/**
 * A bare block whose words are all bold (`<div><em><strong>Τρόποι προστασίας</strong></em></div>`):
 * an editor's subheading in a story whose paragraphs are bare blocks too, where no class names it.
 * A bare line of plain words is any line (a dateline, a label).
 */
const isBoldLine = (el: Element): boolean => {
  const chars = visibleChars(el)
  if (chars === 0) return false
  let bold = 0
  for (const b of el.querySelectorAll("b, strong")) {
    // the outermost bold elements only: a <b> inside a <strong> is counted with it
    const outer = b.parentElement?.closest("b, strong")
    if (outer === null || outer === undefined || !el.contains(outer)) bold += visibleChars(b)
  }
  return bold >= chars
}
