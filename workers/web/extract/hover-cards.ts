/**
 * Hover cards set right after the link they describe: "Rep. <a href="/people/ilhan-omar">Ilhan
 * Omar</a><span><img><a href="/people/ilhan-omar">Ilhan Omar</a><a>her latest stories…</a></span>
 * (D-Minn.)", shown on hover by an external style sheet that `style-hidden.ts` never reads. In the
 * text they are a card of other stories inside the sentence: the paragraph turned link-dense and
 * was cut whole, the story's first paragraph with it.
 */
import { isElement, tagOf, visibleLength } from "./dom.ts"

/**
 * Whether `el` is a card about the link right before it: it follows the link with nothing between,
 * links to the same place again, and holds more besides (another link, an image). The link is a
 * name in the text, words the reader hovers: a link that shows only a picture (an avatar, a
 * thumbnail) is the image of a media block, and what follows it is the block's content, which
 * links to the same profile in its byline ("<a><img></a><div>by <a>Mark</a>… the post</div>").
 */
export const isHoverCard = (el: Element): boolean => {
  const before = el.previousSibling
  if (before === null || !isElement(before) || tagOf(before) !== "a" || tagOf(el) === "a") return false
  if (visibleLength(before.textContent ?? "") === 0) return false
  const href = before.getAttribute("href")
  if (!href || href.startsWith("#")) return false
  let again = false
  let more = false
  for (const a of el.querySelectorAll("a[href], img")) {
    if (tagOf(a) === "a" && a.getAttribute("href") === href) again = true
    else more = true
    if (again && more) return true
  }
  return false
}
