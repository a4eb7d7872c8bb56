/**
 * An "About the author" box after a post: a heading ("About the author", or "About" and the
 * writer's name linked to their page) over a photo and a few lines of biography. Its prose reads
 * like the article's and its class names say nothing we know ("post-author", "authorsure-author-box"),
 * so it was read as the story's last paragraph. A box is the heading's wrapper up to the last one
 * that opens with the heading and holds little text: a heading in the story's own container, over
 * more than a biography, is left alone.
 */
import { tagOf, textOf, visibleLength } from "./dom.ts"
import { opensWith } from "./ad-label.ts"
import { fold, folded } from "./fold.ts"

/** "About the author" in English and the languages the furniture names are read in */
const ABOUT_AUTHOR = folded(
  /^(?:about the (?:authors?|writers?)|über (?:den|die) autor(?:in|en)?|zu[mr] autor(?:in)?|à propos de l'auteure?|sobre (?:el|la|o|a) autora?|sull'aut(?:ore|rice)|over de (?:auteur|schrijver)|об авторе|o autorze|o autorce|o autoru|o autorici|σχετικά με (?:τον|την) συγγραφέα|για (?:τον|την) συγγραφέα|关于作者|作者简介)\s*[:.…]*$/i,
)
/** "About" and a name: the box's heading when the name links to the writer's page */
const ABOUT_NAME = /^about\s+\S/i
const AUTHOR_PAGE = /\/(?:author|authors|autor|auteur|autore)\//i
/** the most text a box holds: a heading, a name and a biography of a few sentences */
const AUTHOR_BOX_TEXT = 1000

const HEADINGS = "h1, h2, h3, h4, h5, h6"

/** The boxes below `body` that open with a heading naming them as about the author. */
export const authorBoxes = (body: Element): Element[] => {
  const found: Element[] = []
  for (const heading of body.querySelectorAll(HEADINGS)) {
    if (!aboutTheAuthor(heading)) continue
    let box: Element | undefined
    for (let up = heading.parentElement; up !== null && up !== body; up = up.parentElement) {
      if (!opensWith(up, heading) || visibleLength(up.textContent ?? "") > AUTHOR_BOX_TEXT) break
      box = up
    }
    // a box holds more than its heading: a biography
    if (box !== undefined && visibleLength(box.textContent ?? "") > visibleLength(heading.textContent ?? "")) found.push(box)
  }
  return found
}

const aboutTheAuthor = (heading: Element): boolean => {
  const text = textOf(heading)
  if (ABOUT_AUTHOR.test(fold(text))) return true
  if (!ABOUT_NAME.test(text)) return false
  const link = heading.querySelector("a[href]")
  return (
    link !== null &&
    tagOf(link) === "a" &&
    (link.getAttribute("rel") === "author" || AUTHOR_PAGE.test(link.getAttribute("href") ?? "")) &&
    textOf(link).length > 0
  )
}
