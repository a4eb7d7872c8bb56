/**
 * A heading with nothing after it at the end of the content ("Tags", "Latest", "Next article",
 * "Lo Último") titles a box that was cut (a list of links, a row of tags, the next story's teaser)
 * or that the template fills by script: no reader sees a heading over nothing, so it is cut, and
 * again while the content ends in one. A heading followed by an image, a video or a table heads that.
 * A paywall's prompt is left where it is: the paywall notice cuts it and reports the page as cut short.
 */
import { HEADING_TAGS, TEXT_NODE, isElement, tagOf, textOf, visibleLength } from "./dom.ts"
import { isPaywallPrompt } from "./notice.ts"

/** what a heading can head besides text */
const MEDIA = new Set(["img", "picture", "video", "audio", "iframe", "table", "svg", "canvas"])

/**
 * The last node below `node`, in document order, that a reader sees: visible text or media. Read
 * from the end, so that only the content's tail is walked, not the whole content.
 */
export const lastShown = (node: Node): Node | null => {
  for (let child = node.lastChild; child !== null; child = child.previousSibling) {
    if (child.nodeType === TEXT_NODE) {
      if (visibleLength((child as Text).data) > 0) return child
    } else if (isElement(child)) {
      if (MEDIA.has(tagOf(child))) return child
      const inside = lastShown(child)
      if (inside !== null) return inside
    }
  }
  return null
}

/** The heading element holding `node` below `root`, if any. */
const headingOf = (node: Node, root: Element): Element | null => {
  for (let el = node.parentElement; el !== null && el !== root; el = el.parentElement) if (HEADING_TAGS.has(tagOf(el))) return el
  return null
}

/** Cuts the headings `root` ends with, keeping the content's first heading if it is all there is. */
export const cutTailHeadings = (root: Element): void => {
  for (;;) {
    const last = lastShown(root)
    const heading = last === null ? null : headingOf(last, root)
    if (heading === null || isPaywallPrompt(textOf(heading))) return
    const parent = heading.parentElement
    heading.remove()
    if (lastShown(root) === null) {
      // the content was headings only: not ours to empty
      parent?.appendChild(heading)
      return
    }
  }
}
