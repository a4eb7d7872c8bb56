/** The page title beside the body: a heading that repeats it is dropped, as the title is given on its own. */
import { textOf } from "./dom.ts"
import { fold } from "./fold.ts"

/** The page title is given on its own, so a heading that repeats it is dropped from the body. */
export const dropTitleHeading = (root: Element, title: string): void => {
  if (!title) return
  for (const heading of Array.from(root.querySelectorAll("h1, h2")).slice(0, 3)) {
    if (isTitleText(textOf(heading), title)) {
      heading.remove()
      return
    }
  }
}

/** Whether `text` (a heading's) says the page's title. */
export const isTitleText = (text: string, title: string): boolean => {
  const wanted = normalizeTitle(title)
  const said = normalizeTitle(text)
  // Titles often carry a " | Site" suffix the heading lacks, so a long enough prefix counts as the same.
  return (
    said.length > 0 && (wanted === said || (said.length >= wanted.length * 0.6 && (wanted.startsWith(said) || said.startsWith(wanted))))
  )
}

// accents folded: a heading typed in capitals drops them in Greek ("Ο ΔΗΜΑΡΧΟΣ" for the title's "Ο δήμαρχος")
export const normalizeTitle = (s: string): string =>
  fold(s)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()

/** a headline's words that a title with a site's name around it must hold whole, to be read as the headline */
const NAMED_WORDS = 4
/** and the share of the title's length they make at least: a show's or a product's name in its page's title is no headline */
const NAMED_SHARE = 0.4

/**
 * Whether `text` is the headline the page's title says, the title perhaps with the site's name or
 * section before or after it ("Site - Headline", "Headline - News of the region. Site"): the title,
 * or four words at least that the title holds whole, two fifths of it.
 */
export const namesTitle = (text: string, title: string): boolean => {
  if (isTitleText(text, title)) return true
  const said = normalizeTitle(text)
  const wanted = normalizeTitle(title)
  return said.split(" ").length >= NAMED_WORDS && said.length >= wanted.length * NAMED_SHARE && ` ${wanted} `.includes(` ${said} `)
}
