/**
 * A date or a byline that a template sets as loose inline text in the story's box, before its
 * first paragraph ("<div class=story><h1>…</h1><span class=date>12 January 2012</span><p>…"): it is
 * no block of its own, so it is part of the box's own text, and the cuts of `edges.ts`, which judge
 * blocks, never see it. Here each line of such loose text in the boxes around the first paragraph,
 * before it, is judged as a short block before the story is.
 */
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, isElement, tagOf, textOf } from "./dom.ts"
import { blocksIn, isByline, wordLength } from "./edges.ts"
import { isDateLine } from "./datelines.ts"
import { isStampLine } from "./stamps.ts"

/** the first paragraph is a block of prose longer than this (`edges.ts` reads a meta bar's lines before it) */
const PARAGRAPH = 100
/** the longest byline cut, as `edges.ts` cuts one among the first blocks */
const BYLINE = 60

/** Whether a loose line is the page's record of the story (its date, its stamp, its byline), not its words. */
const isRecord = (text: string): boolean =>
  text !== "" && (isDateLine(text) || isStampLine(text) || (text.length <= BYLINE && isByline(text)))

/** Cuts the loose lines of dates, stamps and bylines before the content's first paragraph. */
export const cutLooseDatelines = (root: Element, page: PageMeasure): void => {
  const first = blocksIn(root, page).find((el) => page.measures.get(el)!.prose > 0 && wordLength(el, page) > PARAGRAPH)
  if (first === undefined) return
  const lines: Node[][] = []
  for (let stop: Element = first, holder = first.parentElement; holder !== null; stop = holder, holder = holder.parentElement) {
    let line: Node[] = []
    for (let child = holder.firstChild; child !== null && child !== stop; child = child.nextSibling) {
      // a block or a line break ends a line of loose text
      if (isElement(child) && (BLOCK_TAGS.has(tagOf(child)) || tagOf(child) === "br")) {
        lines.push(line)
        line = []
      } else line.push(child)
    }
    lines.push(line)
    if (holder === root) break
  }
  for (const line of lines) {
    const text = line
      .map((node) => textOf(node))
      .join(" ")
      .trim()
    if (isRecord(text)) for (const node of line) node.parentNode?.removeChild(node)
  }
}
