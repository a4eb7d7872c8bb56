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
  last = pastLabelledMenus(lines, first, last, page)
  // a content of nothing but links is a page of links, not a story between menus
  if (first > last) return
  for (const line of [...lines.slice(0, first), ...lines.slice(last + 1)]) for (const node of line.nodes) node.remove()
}

/** a label over links ("Related to this story:", "RELATED INTERNET LINKS:") or a note under them is no longer than this */
const LABEL = 80

/** this many lines of links make the labelled lists at the end of a story */
const LABELLED_MENUS = 3

/** a line's last mark when it ends a sentence, with the closing quotes of German („…“), Polish, Russian and Greek («…»), the Greek question mark and the ideographic marks */
const SENTENCE_END = /[.!?…"”»)“’«」』）。！？\u037e]\s*$/u

/** A line without a link that ends as no sentence does: a label, a note under links. */
const isLabel = (line: Line): boolean => {
  if (line.link > 0 || line.text === 0 || line.text > LABEL) return false
  const text = line.nodes.map((node) => node.textContent ?? "").join("")
  return !SENTENCE_END.test(text)
}

/** A link with only a note in brackets beside it: a headline with its date and section, "(31 Dec 07 | Football)". */
const isAnnotatedHeadline = (line: Line): boolean => {
  if (line.link === 0) return false
  const rest = line.nodes
    .filter((node) => !(isElement(node) && tagOf(node) === "a"))
    .map((node) => node.textContent ?? "")
    .join("")
    .trim()
  return /^\([^()]*\)$/u.test(rest)
}

type Kind = "links" | "label" | "text"

/** A line as the end of a story reads it: links (or nothing), a label, or text; a block by the lines inside it. */
const kindOf = (line: Line, page: PageMeasure): Kind => {
  if (line.block) {
    const inner = linesOf(line.nodes[0] as Element, page)
    if (line.text === 0) return "links"
    if (inner.some((l) => kindOf(l, page) === "text")) return "text"
    return inner.some((l) => l.link > 0) ? "links" : "label"
  }
  if (isMenu(line) || isAnnotatedHeadline(line)) return "links"
  return isLabel(line) ? "label" : "text"
}

/**
 * The last line of the story when the lines of links after it come under labels ("Related to
 * this story:" over headlines with their dates, "RELATED INTERNET LINKS:" over links and a line
 * saying the site answers not for them): labels and links alike go, when three lines of links
 * are among them. Otherwise `last`.
 */
const pastLabelledMenus = (lines: readonly Line[], first: number, last: number, page: PageMeasure): number => {
  let end = lines.length - 1
  let menus = 0
  for (; end > first; end--) {
    const line = lines[end]!
    const kind = kindOf(line, page)
    if (kind === "text") break
    if (kind === "links" && (line.link > 0 || (line.block && line.text > 0))) menus++
  }
  return menus >= LABELLED_MENUS && end < last ? end : last
}
