/**
 * A label with nothing after it at the end of the content ("Read also:", "Читайте другие
 * материалы по теме:", "CZYTAJ TEŻ:", "关键词：", "版权声明："): a line that ends in a colon
 * announces what follows it, a list of links, tags or terms that was cut or that a script fills.
 * Nothing follows, so no reader is told anything by it: it is cut, and again while the content
 * ends in one, as a heading over nothing is (`tail-headings.ts`).
 */
import { BLOCK_TAGS, isElement, tagOf, textOf } from "./dom.ts"
import { isPaywallPrompt } from "./notice.ts"
import { lastShown } from "./tail-headings.ts"
import { wideLength } from "./wide-sentence.ts"

/** the longest label, a Chinese, Japanese or Korean character counted three: a few words, not a sentence */
const LABEL_TEXT = 80
/** a label ends in a colon, half-width or full-width */
const LABEL_END = /[:：]\s*$/u

/** The block that holds `node`: its nearest block ancestor below `root`, else `root`. */
const blockOf = (node: Node, root: Element): Element => {
  for (let up = node.parentElement; up !== null && up !== root; up = up.parentElement) if (BLOCK_TAGS.has(tagOf(up))) return up
  return root
}

/** The last line of `block`: its last children with text after a line break or a block among them (breaks and blanks after it left). */
const lastLineOf = (block: Element): ChildNode[] => {
  const line: ChildNode[] = []
  for (let child = block.lastChild; child !== null; child = child.previousSibling) {
    const shown = textOf(child) !== ""
    if (line.length === 0 && !shown) continue
    if (isElement(child) && (tagOf(child) === "br" || BLOCK_TAGS.has(tagOf(child)))) break
    line.unshift(child)
  }
  return line
}

/** Cuts the labels `root` ends with, keeping the content's only text. */
export const cutTailLabels = (root: Element): void => {
  for (;;) {
    const last = lastShown(root)
    if (last === null || isElement(last)) return
    const line = lastLineOf(blockOf(last, root))
    // the last text lies in the line (not below a break nested deeper)
    if (!line.some((node) => node === last || node.contains(last))) return
    const text = line
      .map((node) => node.textContent ?? "")
      .join("")
      .trim()
    if (wideLength(text) > LABEL_TEXT || !LABEL_END.test(text) || isPaywallPrompt(text)) return
    const parent = line[0]!.parentNode!
    const next = line[line.length - 1]!.nextSibling
    for (const node of line) node.remove()
    if (lastShown(root) === null) {
      // the content was the label alone: not ours to empty
      for (const node of line) parent.insertBefore(node, next)
      return
    }
  }
}
