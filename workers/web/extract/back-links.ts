/**
 * "Zurück zum Newsroom", "« Zurück zu den Veranstaltungen", "Back to all news", "Retour à la
 * liste": a link that leads back to the list the story was opened from. A template sets it on a
 * line of its own above or under the story, inside the story's box; it is the page's control, not
 * the article's words. Only a link that is its line's whole text goes: the same words in a sentence
 * ("the team went back to Hellbrunn") are the story's, and a heading is a headline.
 */
import { BLOCK_TAGS, HEADING_TAGS, isElement, siblingPastBlank, tagOf, textOf } from "./dom.ts"
import { fold, folded } from "./fold.ts"

/** "back" and where to, in English, German, French, Spanish, Italian, Dutch, Polish, Russian, Croatian, Greek; arrows and quotes around it */
const BACK = folded(
  /^[\s«‹<←↩^.-]*(?:(?:go )?back(?: to \S+(?: \S+){0,3})?|zurück(?: (?:zu[rm]?|nach) \S+(?: \S+){0,3})?|zur (?:übersicht|startseite|listenansicht)|retour(?: (?:à|au|aux) \S+(?: \S+){0,3})?|volver(?: a[l]? \S+(?: \S+){0,3})?|torna(?: (?:a|al|alla|ai|alle) \S+(?: \S+){0,3})?|terug(?: naar \S+(?: \S+){0,3})?|(?:powrót|wróć)(?: do \S+(?: \S+){0,3})?|назад(?: к \S+(?: \S+){0,3})?|natrag|povratak|επιστροφή)[\s»›>.]*$/iu,
)

/** Whether a sibling parts a line from the next: a block, a line break, or nothing. */
const parts = (sibling: Node | null): boolean =>
  sibling === null || (isElement(sibling) && (BLOCK_TAGS.has(tagOf(sibling)) || tagOf(sibling) === "br"))

/**
 * The line a link stands on when it is that line's whole text: the block it alone fills, or the
 * link (with the inline wrappers that hold it alone) between blocks or line breaks.
 */
const lineOf = (link: Element, root: Element): Element | null => {
  const text = textOf(link)
  let el = link
  for (let up = el.parentElement; up !== null && up !== root && textOf(up) === text; up = up.parentElement) {
    if (HEADING_TAGS.has(tagOf(up))) return null
    el = up
  }
  return parts(siblingPastBlank(el, "previousSibling")) && parts(siblingPastBlank(el, "nextSibling")) ? el : null
}

/** Cuts the "back to the list" links that stand on lines of their own inside `root`. */
export const cutBackLinks = (root: Element): void => {
  for (const link of Array.from(root.querySelectorAll("a[href]"))) {
    if (!root.contains(link) || !BACK.test(fold(textOf(link)))) continue
    lineOf(link, root)?.remove()
  }
}
