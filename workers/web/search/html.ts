/**
 * HTML parsing for the result pages: workers have no DOMParser, so linkedom stands in, in its
 * self-contained browser build (the main entry pulls a CommonJS canvas shim browsers cannot load);
 * the workers' bundle builds it from its modules instead, leaner (build.mjs, linkedomFromModules).
 */
import { DOMParser } from "linkedom/worker"
import { stripBom } from "./hits.ts"

export const parseHtml = (html: string): Document => new DOMParser().parseFromString(stripBom(html), "text/html") as unknown as Document

/** True when the element carries one of the classes. */
export const hasClass = (element: Element, ...names: Array<string>): boolean => names.some((n) => element.classList.contains(n))
