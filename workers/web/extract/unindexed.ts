/**
 * `<noindex>`: a tag Yandex reads (no browser does) and that Russian, Ukrainian and other Runet
 * templates wrap around what a search engine should not take for the page's text: ads, counters,
 * other stories' teasers, share and comment widgets, the rules of a comment form shown in a
 * dialog. A page's story is what the site wants indexed, so the tag names its box as furniture as
 * strongly as a class name would ("sidebar", "comments"), and it holds when class names say nothing.
 */
import { tagOf } from "./dom.ts"

/** the hint of an element that a strong furniture name gives (see `furniture-names.ts`) */
const STRONG_FURNITURE = -2

/** The furniture hint the element's tag gives on its own: `<noindex>` is kept out of search. */
export const unindexedHint = (el: Element): number => (tagOf(el) === "noindex" ? STRONG_FURNITURE : 0)
