/** HTML in, main content out: the page's title and its main content as Markdown. */
import { parseHTML } from "linkedom/worker"
import { findArticle } from "./article.ts"
import { toMarkdown } from "./markdown.ts"

export interface Extracted {
  readonly title: string
  /** the main content, without the title */
  readonly markdown: string
}

/** `url` is the page's address (after redirects); relative links are resolved against it or the page's <base>. */
export const extractFromHtml = (html: string, url?: string): Extracted => {
  // linkedom builds no <html> or <body> around a bare fragment, so give it one.
  const whole = /<body[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`
  const { document } = parseHTML(whole) as unknown as { document: Document }
  const baseUrl = resolveBase(document, url)
  const { title, root } = findArticle(document)
  return { title, markdown: toMarkdown(root, baseUrl === undefined ? {} : { baseUrl }) }
}

const resolveBase = (document: Document, url: string | undefined): string | undefined => {
  const href = document.querySelector("base[href]")?.getAttribute("href")
  if (!href) return url
  try {
    return new URL(href, url).href
  } catch {
    return url
  }
}
