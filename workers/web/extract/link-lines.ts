/**
 * Lines of links at the edges of content written as inline text broken by <br> (an old or
 * low-graphics template: a whole page of text and links in one <font> or table cell): the site's
 * menus ("Sport Homepage | Football | Cricket") and footer ("^ Back to top | News Home | Help")
 * before and after the story, with nothing but the line breaks to set them apart.
 */
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, TEXT_NODE, isElement, tagOf, visibleLength } from "./dom.ts"

/** a line is a menu when its links hold at least this share of its text */
const LINKED = 0.5

interface Line {
  readonly nodes: ChildNode[]
  text: number
  link: number
  /** a block element of its own */
  readonly block?: boolean
}

/** The child nodes of `el` as lines: runs of inline nodes between <br>s and <hr>s, and each block. */
const linesOf = (el: Element, page: PageMeasure): Line[] => {
  const lines: Line[] = [{ nodes: [], text: 0, link: 0 }]
  for (let node = el.firstChild; node !== null; node = node.nextSibling) {
    const line = lines.at(-1)!
    if (node.nodeType === TEXT_NODE) {
      line.nodes.push(node)
      line.text += visibleLength((node as Text).data)
      continue
    }
    if (!isElement(node)) continue
    const tag = tagOf(node)
    if (tag === "br" || tag === "hr") {
      line.nodes.push(node)
      lines.push({ nodes: [], text: 0, link: 0 })
      continue
    }
    const m = page.measures.get(node)
    if (BLOCK_TAGS.has(tag)) {
      // a block is a line of its own
      if (line.nodes.length > 0) lines.push({ nodes: [], text: 0, link: 0 })
      // never a menu line: a list of links the story gives (a digest, deals) is a block; prune judges blocks
      lines.push({ nodes: [node], text: m?.text ?? 0, link: 0, block: true }, { nodes: [], text: 0, link: 0 })
      continue
    }
    line.nodes.push(node)
    line.text += m?.text ?? 0
    line.link += m?.link ?? 0
  }
  return lines
}

/** A line of links, or an empty line or block between them (a block with text is never one: see `linesOf`). */
const isMenu = (line: Line): boolean => line.text === 0 || (!line.block && line.link >= line.text * LINKED)

/** Cuts the lines of links that open and close `root` when its text is inline lines (see above). */
export const cutEdgeLinkLines = (root: Element, page: PageMeasure): void => {
  const lines = linesOf(root, page)
  if (lines.length < 3) return
  let first = 0
  while (first < lines.length && isMenu(lines[first]!)) first++
  let last = lines.length - 1
  while (last > first && isMenu(lines[last]!)) last--
  // a content of nothing but links is a page of links, not a story between menus
  if (first > last) return
  for (const line of [...lines.slice(0, first), ...lines.slice(last + 1)]) for (const node of line.nodes) node.remove()
}
