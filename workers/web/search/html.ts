/**
 * HTML parsing for the result pages: workers have no DOMParser, so the result pages are parsed as
 * a browser parses them (parse5, the HTML standard's tree construction) into linkedom's nodes, the
 * same parse as the pages web_fetch reads (extract/parse.ts).
 */
import { parseDocument } from "../extract/parse.ts"
import { stripBom } from "./hits.ts"

// the whole tree: result boxes are told apart by their data-* attributes
export const parseHtml = (html: string): Document => parseDocument(stripBom(html), { faithful: true })

/** True when the element carries one of the classes. */
export const hasClass = (element: Element, ...names: Array<string>): boolean => names.some((n) => element.classList.contains(n))
