/**
 * Whether a quoted passage is really on a page: checked by code, never by the model.
 *
 * A researcher quotes what it read; the page it fetched was turned into Markdown, and the quote
 * may differ from it only by what a reader would not count as a change: Unicode forms (NFKC),
 * typographic quotes and dashes, white space and Markdown's own marks (links, emphasis, code
 * spans, table pipes). Anything else — a word changed, added or dropped — is not verified.
 */

/** Shorter than this, a "quote" proves nothing: it would be found on almost any page. */
export const MIN_QUOTE_CHARS = 12

const TYPOGRAPHY: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, "-"],
  [/\u2026/g, "..."],
  [/[\u00ad\u200b-\u200d\u2060\ufeff]/g, ""],
]

/** Markdown reduced to the words a reader sees. */
export const plainTextOfMarkdown = (markdown: string): string =>
  markdown
    .replace(/```[^\n]*\n/g, "\n")
    // A private-use mark keeps an escaped * _ ` from reading as emphasis in the steps below.
    // Escapes that keep page text from reading as Markdown: the reader sees the character alone.
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, (_all, c: string) => (c === "*" || c === "_" || c === "`" ? `\uE000${c}` : c))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/<\/?[a-z][^>]*>/gi, " ")
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/(?<!\uE000)(\*\*|\*|~~|`)(?=\S)|(?<=[^\s\uE000])(\*\*|\*|~~|`)/g, "")
    // Underscores emphasise only at word edges; inside a word (snake_case) they are text.
    .replace(/(^|[\s([])(?:__|_)(?=\S)/gm, "$1")
    .replace(/(?<=[^\s\uE000])(?:__|_)(?=$|[\s).,;:!?\]])/gm, "")
    .replace(/\uE000/g, "")
    .replace(/\s*\|\s*/g, " ")
    .replace(/^[\s:-]+$/gm, " ")

/** The form in which a quote and a page are compared. */
export const normaliseForQuote = (text: string): string => {
  let out = text.normalize("NFKC")
  for (const [pattern, replacement] of TYPOGRAPHY) out = out.replace(pattern, replacement)
  return out.replace(/\s+/g, " ").trim().toLowerCase()
}

/** A quote as a researcher gave it, without the quotation marks or ellipses it was wrapped in. */
const bareQuote = (quote: string): string =>
  normaliseForQuote(quote)
    .replace(/^["'\s]+|["'\s]+$/g, "")
    // A quote copied from a list item may keep its bullet, which is Markdown's, not the page's text.
    .replace(/^(?:[-*+\u2022]|\d+[.)])\s+/, "")
    .replace(/^(\.\.\.\s*)+|(\s*\.\.\.)+$/g, "")
    .trim()

export type QuoteCheck =
  { readonly verified: true } | { readonly verified: false; readonly reason: "too_short" | "not_on_page" | "page_not_fetched" }

/**
 * Checks a quote against everything this job fetched from that URL. A quote that elides with
 * "..." is verified when each of its parts is on the page, in order.
 */
export const checkQuote = (quote: string, fetched: ReadonlyArray<string>): QuoteCheck => {
  const bare = bareQuote(quote)
  if (bare.replace(/\.\.\./g, "").replace(/\s/g, "").length < MIN_QUOTE_CHARS) return { verified: false, reason: "too_short" }
  if (fetched.length === 0) return { verified: false, reason: "page_not_fetched" }
  const parts = bare
    .split(/\s*\.\.\.\s*/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
  for (const content of fetched) {
    const page = normaliseForQuote(plainTextOfMarkdown(content))
    let from = 0
    let found = true
    for (const part of parts) {
      const at = page.indexOf(part, from)
      if (at < 0) {
        found = false
        break
      }
      from = at + part.length
    }
    if (found) return { verified: true }
  }
  return { verified: false, reason: "not_on_page" }
}

/** One URL in the forms under which a researcher may cite it: no fragment, no trailing slash. */
export const urlKey = (url: string): string => {
  try {
    const parsed = new URL(url)
    parsed.hash = ""
    const text = parsed.href
    return text.endsWith("/") && parsed.pathname !== "/" ? text.slice(0, -1) : text
  } catch {
    return url.trim()
  }
}
