/**
 * Links to other pages announced inside a block of text: a line "Zobacz także:" or "※相關新聞》",
 * then a line for each link, to the block's end, all of it set as lines broken by <br> in the
 * story's last paragraph or cell ("…the story's end.<br><br><b>See also:</b><br><a>…</a><br><a>…</a>").
 * `cutRelatedLinks` reads such a heading as a block of its own; here it is a line of a block, and
 * the block held the story too. The announcing line and the link lines after it are cut.
 */
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, TEXT_NODE, isElement, tagOf } from "./dom.ts"
import { blocksIn, isRelatedLead } from "./edges.ts"

/** the longest announcing line */
const LEAD_TEXT = 80
/** link lines after it at least: one link is a citation as often */
const MIN_LINKS = 2
/** the share of a line's text its links hold for it to be a link line */
const LINKED = 0.9

interface Line {
  /** the text nodes and <br> that make the line, in order */
  nodes: Node[]
  text: string
  link: number
}

/** The lines of `block`'s own text (not of blocks nested in it), split at each <br>. */
const linesOf = (block: Element): Line[] => {
  const lines: Line[] = [{ nodes: [], text: "", link: 0 }]
  const walk = (el: Element, inLink: boolean): void => {
    for (let node = el.firstChild; node !== null; node = node.nextSibling) {
      if (node.nodeType === TEXT_NODE) {
        const line = lines[lines.length - 1]!
        const data = (node as Text).data
        line.nodes.push(node)
        line.text += data
        if (inLink) line.link += data.trim().length
      } else if (isElement(node)) {
        const tag = tagOf(node)
        if (tag === "br") {
          lines[lines.length - 1]!.nodes.push(node)
          lines.push({ nodes: [], text: "", link: 0 })
        } else if (!BLOCK_TAGS.has(tag)) walk(node, inLink || tag === "a")
        // a nested block parts the lines; one with text is no link line, and a link line never runs past it
        else if ((node.textContent ?? "").trim() === "") lines.push({ nodes: [], text: "", link: 0 })
        else lines.push({ nodes: [], text: "\u0000", link: 0 }, { nodes: [], text: "", link: 0 })
      }
    }
  }
  walk(block, false)
  return lines
}

const isLinkLine = (line: Line): boolean => {
  const text = line.text.trim().length
  return text > 0 && line.link >= text * LINKED
}

/** Cuts, in each block of `root`, a line that announces links and the link lines after it to the block's end. */
export const cutRelatedLines = (root: Element, page: PageMeasure): void => {
  for (const block of blocksIn(root, page)) {
    if (!root.contains(block)) continue
    const lines = linesOf(block).filter((line) => line.text.trim() !== "")
    let links = 0
    let i = lines.length - 1
    while (i >= 0 && isLinkLine(lines[i]!)) {
      links++
      i--
    }
    if (links < MIN_LINKS || i < 1) continue
    const lead = lines[i]!
    const text = lead.text.trim()
    if (text.length > LEAD_TEXT || lead.link > 0 || !isRelatedLead(text)) continue
    for (const line of lines.slice(i)) for (const node of line.nodes) node.parentNode?.removeChild(node)
  }
}
