/**
 * Links to the stories before and after this one, each under its label ("Previous story:" over
 * one headline's link, "Next story:" over another's; "上一篇：", "Nächster Artikel:"): the site's
 * navigation between its stories, set in the story's box and often inside its last paragraph,
 * where an unclosed <p> takes in what follows it. A label, its one link and the line break after
 * it are cut wherever they are in the content; a line that says more than the label is kept.
 */
import { TEXT_NODE, isElement, siblingPastBlank, tagOf, textOf } from "./dom.ts"
import { fold, folded } from "./fold.ts"
import { NEXT_WORDS, PREVIOUS_WORDS } from "./pager.ts"

/**
 * "Previous", "next" or "older", "newer" with at most one word after it (story, article, post,
 * entry) and a colon or nothing, in the languages the pager knows (`pager.ts`); and Chinese
 * "上一篇" and "下一篇" (the previous or next piece).
 */
const LABEL = folded(
  new RegExp(`^(?:上一篇|下一篇|上一条|下一条|(?:${PREVIOUS_WORDS}|${NEXT_WORDS}|older|newer)(?:\\s+\\p{L}+)?)\\s*[:：]?$`, "iu"),
)

/** a label is a short line */
const MAX_LABEL = 30

const isLabel = (node: ChildNode | null): node is ChildNode => {
  if (node === null || (node.nodeType !== TEXT_NODE && !isElement(node))) return false
  if (isElement(node) && node.querySelector("a") !== null) return false
  const text = isElement(node) ? textOf(node) : (node as Text).data.trim()
  return text.length > 0 && text.length <= MAX_LABEL && LABEL.test(fold(text))
}

/** Cuts each label with its one link to a neighbouring story in `root`. */
export const cutNeighbourLinks = (root: Element): void => {
  for (const link of root.querySelectorAll("a[href]")) {
    const label = siblingPastBlank(link, "previousSibling")
    if (!isLabel(label)) continue
    // the label and its link are the whole line: a line break or the end of the box after them, and before the label
    const after = siblingPastBlank(link, "nextSibling")
    const before = siblingPastBlank(label, "previousSibling")
    if (after !== null && !(isElement(after) && tagOf(after) === "br")) continue
    if (before !== null && !(isElement(before) && tagOf(before) === "br")) continue
    label.remove()
    link.remove()
    after?.remove()
  }
}
