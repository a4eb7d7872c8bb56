/**
 * A box of ads labelled by an image: pages of the 2000s set "Sponsored Links" or "Advertisement"
 * as a picture of the words above the ads (a title link and a line of copy each, in table rows
 * that no teaser run matches). The image's alt text names the box as a class name would.
 */
import { TEXT_NODE, isElement, tagOf, visibleLength } from "./dom.ts"

/** the label in English, German, French, Spanish, Italian, Polish, Russian, Croatian, Greek */
const AD_LABEL =
  /^\s*(?:sponsored (?:links?|listings?|results)|advertisements?|advertising|ads by \w+|anzeigen?|werbung|publicité|publicidad|pubblicità|reklam[ay]|реклама|oglasi?|διαφήμιση)\s*$/iu
/** the most text a labelled box holds: a column of ads, not the page around it */
const AD_BOX_TEXT = 1500
const BOXES = new Set(["table", "div", "td", "tr", "tbody", "section", "center"])

/** The boxes below `body` that open with an image whose alt text labels them as ads. */
export const adBoxes = (body: Element): Element[] => {
  const found: Element[] = []
  for (const img of body.querySelectorAll("img[alt]")) {
    if (!AD_LABEL.test(img.getAttribute("alt") ?? "")) continue
    let box: Element | undefined
    for (let up = img.parentElement; up !== null && up !== body; up = up.parentElement) {
      if (!opensWith(up, img) || visibleLength(up.textContent ?? "") > AD_BOX_TEXT) break
      if (BOXES.has(tagOf(up))) box = up
    }
    if (box !== undefined) found.push(box)
  }
  return found
}

/** Whether no visible text comes before `img` (or any element) inside `box`. */
export const opensWith = (box: Element, img: Element): boolean => {
  const pending: Node[] = [box]
  while (pending.length > 0) {
    const node = pending.pop()!
    if (node === img) return true
    if (node.nodeType === TEXT_NODE && visibleLength((node as Text).data) > 0) return false
    if (isElement(node)) for (let c = node.lastChild; c !== null; c = c.previousSibling) pending.push(c)
  }
  return false
}
