/** The page title beside the body: a heading that repeats it is dropped, as the title is given on its own. */
import { textOf } from "./dom.ts"
import { fold } from "./fold.ts"

/** The page title is given on its own, so a heading that repeats it is dropped from the body. */
export const dropTitleHeading = (root: Element, title: string): void => {
  if (!title) return
  const wanted = normalizeTitle(title)
  for (const heading of Array.from(root.querySelectorAll("h1, h2")).slice(0, 3)) {
    const text = normalizeTitle(textOf(heading))
    // Titles often carry a " | Site" suffix the heading lacks, so a long enough prefix counts as the same.
    if (
      text.length > 0 &&
      (wanted === text || (text.length >= wanted.length * 0.6 && (wanted.startsWith(text) || text.startsWith(wanted))))
    ) {
      heading.remove()
      return
    }
  }
}

// accents folded: a heading typed in capitals drops them in Greek ("Ο ΔΗΜΑΡΧΟΣ" for the title's "Ο δήμαρχος")
export const normalizeTitle = (s: string): string =>
  fold(s)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
