/**
 * A wire service's or site's legal line set as the last line of the story's last paragraph or
 * cell ("…followed by the DVD of 'Shrek The Third.'<br><br>Copyright Asian News International",
 * "</p><br><font size=1>(c) Indo-Asian News Service</font>"): `cutTailLegal` reads whole blocks
 * and the root's own last inline element, and a line inside the last block is neither. The
 * content's last line (its last text, after a line break or a block), when it is a short legal
 * line and the content's text goes on well before it, is cut.
 */
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, TEXT_NODE, isElement, siblingPastBlank, tagOf, textOf } from "./dom.ts"
import { LEGAL } from "./edges.ts"
import { isDisclaimer } from "./disclaimer.ts"
import { fold, folded } from "./fold.ts"

/**
 * A legal line opens with its mark ("©", "(c) Name", "Copyright") or a disclaimer's label, or reserves the rights: a
 * sentence that mentions copyright ("The council's copyright office said…") is the story's.
 */
const OPENS_LEGAL = /^(?:©|\(c\)\s|copyright\b)/i
const RESERVED = folded(
  /rights reserved|vorbehalten|réservés|reservados|riservati|voorbehouden|защищены|zastrzeżone|pridržana|zadržana|δικαιώματ|版权|版權|(?:不得|严禁|嚴禁|禁止|谢绝|謝絕|请勿|請勿)(?:转载|轉載)/i,
)
/** the longest legal line */
const LEGAL_LINE = 300
/** the content holds this many times the line's text at least */
const STORY_SHARE = 3

/** The last text node of `node` that holds a word's worth of text. */
export const lastText = (node: Node): Node | null => {
  for (let child = node.lastChild; child !== null; child = child.previousSibling) {
    if (child.nodeType === TEXT_NODE) {
      if (textOf(child) !== "") return child
    } else if (isElement(child)) {
      const found = lastText(child)
      if (found !== null) return found
    }
  }
  return null
}

/** Whether `node` begins a line: what comes before it in its parent, past white space, is a line break or a block. */
export const opensLine = (node: Node): boolean => {
  const before = siblingPastBlank(node, "previousSibling")
  return before !== null && isElement(before) && (tagOf(before) === "br" || BLOCK_TAGS.has(tagOf(before)))
}

/** The content's last line: its last text with the inline elements that hold it alone. */
export const lastLine = (root: Element): Node | null => {
  const text = lastText(root)
  if (text === null) return null
  let line: Node = text
  for (
    let up = line.parentElement;
    up !== null && up !== root && !BLOCK_TAGS.has(tagOf(up)) && textOf(up) === textOf(text);
    up = up.parentElement
  )
    line = up
  return line
}

/** Cuts the content's last line when it is a legal line. */
export const cutLastLegalLine = (root: Element, page: PageMeasure): void => {
  const line = lastLine(root)
  if (line === null) return
  const words = fold(textOf(line))
  if (
    words.length > LEGAL_LINE ||
    !(OPENS_LEGAL.test(words) || isDisclaimer(words) || (LEGAL.test(words) && RESERVED.test(words))) ||
    !opensLine(line)
  )
    return
  if (words.length * STORY_SHARE > (page.measures.get(root)?.text ?? 0)) return
  line.parentNode?.removeChild(line)
}
