/** The map of a page a model needs after a selector that matched nothing: its landmarks, or lacking any its main headings. */
import type { PageMap } from "../../../schemas/page-content-words.ts"
import { clip, collapse, landmarkName, landmarkOf, renderedText } from "./walker-roles.ts"
import { SelectorMaker } from "./walker-selectors.ts"
import { isRendered } from "./walker-visibility.ts"

const LANDMARK_QUERY =
  "header, footer, nav, main, aside, search, form, section[aria-label], section[aria-labelledby], [role=banner], [role=navigation], [role=main], [role=complementary], [role=contentinfo], [role=search], [role=form], [role=region]"

/** The page's landmarks (or, lacking any, its main headings), each with its selector: the map a model needs after a wrong selector. */
export const pageMap = (doc: Document): PageMap => {
  const selectors = new SelectorMaker()
  const landmarks: Array<PageMap["entries"][number]> = []
  for (const el of doc.querySelectorAll(LANDMARK_QUERY)) {
    const landmark = landmarkOf(el)
    if (landmark === null || !isRendered(el)) continue
    const selector = selectors.selectorFor(el)
    if (selector === null) continue
    landmarks.push({ kind: landmark, name: landmarkName(el), selector })
    if (landmarks.length >= 20) break
  }
  if (landmarks.length > 0) return { of: "landmarks", entries: landmarks }
  const headings: Array<PageMap["entries"][number]> = []
  for (const el of doc.querySelectorAll("h1, h2, h3")) {
    if (!isRendered(el)) continue
    const selector = selectors.selectorFor(el)
    if (selector !== null) headings.push({ kind: el.localName, name: clip(collapse(renderedText(el)), 60), selector })
    if (headings.length >= 15) break
  }
  return headings.length > 0 ? { of: "headings", entries: headings } : { of: "none", entries: [] }
}
