/** Drops what a reader never sees before the page is read: scripts, hidden elements, form controls. */
import type { StyleHidden } from "./style-hidden.ts"
import { hiddenByUtilityClass } from "./utility-hidden.ts"
import { DROP_TAGS, TEXT_NODE, isElement, tagOf, visibleLength } from "./dom.ts"
import { excerptOf } from "./expanded.ts"
import { isHoverCard } from "./hover-cards.ts"
import { labelsControl } from "./form-labels.ts"

const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i

const isHidden = (el: Element): boolean => {
  if (el.hasAttribute("hidden")) return true
  const style = el.getAttribute("style")
  return style !== null && HIDDEN_STYLE.test(style)
}

/**
 * Drops what is never content: scripts, styles, embeds, form controls, hidden elements, comments,
 * hover cards set after the link they describe (`hover-cards.ts`), except the whole text behind a
 * "more" toggle (`expanded.ts`). What the page's style sheets hide
 * (`sheets`, and a CSS framework's hiding classes, `utility-hidden.ts`) goes only when under half of the page's text: a page that hides most of its text
 * shows it by script (a "read more"). A walk with its own stack: hostile pages nest thousands deep.
 */
export const strip = (root: Node, sheets: StyleHidden = { hides: () => false }): void => {
  const pending: Node[] = [root]
  const styled: Element[] = []
  while (pending.length > 0) {
    const node = pending.pop()!
    for (let child = node.firstChild; child !== null;) {
      let next = child.nextSibling
      if (isElement(child)) {
        const drop = DROP_TAGS.has(tagOf(child)) || labelsControl(child) || isHoverCard(child)
        const hidden = !drop && isHidden(child)
        const excerpt = hidden ? excerptOf(child) : undefined
        if (excerpt !== undefined) {
          // the whole text behind a "more" toggle is read in place of its excerpt
          if (excerpt === next) next = excerpt.nextSibling
          excerpt.remove()
          pending.push(child)
        } else if (drop || hidden) child.remove()
        else if (sheets.hides(child) || hiddenByUtilityClass(child)) styled.push(child)
        else pending.push(child)
      } else if (child.nodeType !== TEXT_NODE) child.remove()
      child = next
    }
  }
  if (styled.length === 0) return
  // what is still inside a style-hidden element was not walked: strip it as the rest was
  for (const el of styled) strip(el)
  const hidden = styled.reduce((sum, el) => sum + visibleLength(el.textContent ?? ""), 0)
  if (hidden * 2 < visibleLength(root.textContent ?? "")) for (const el of styled) el.remove()
}
