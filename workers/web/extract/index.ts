/** HTML in, main content out: the page's title and its main content as Markdown. */
import { DEFAULT_TUNING, findArticle, type Tuning } from "./article.ts"
import { capDepth, MAX_DEPTH } from "./depth.ts"
import { toMarkdown } from "./markdown.ts"
import { mayNestDeeperThan, parseDocument, parsedElements } from "./parse.ts"
import { cutPaywallPrompts, isWallText, noticeOf, rawSignals, type PageNotice } from "./notice.ts"
import { markdownToText } from "./plain-text.ts"
import { listingReading, mayReadListing } from "./listing.ts"
import { closeSwallowing } from "./swallowed.ts"
import { visibleLength } from "./dom.ts"
import {
  asksReadability,
  mayReadData,
  ourReading,
  prefersReadability,
  readabilityMarkdown,
  readsData,
  SHORT_READING,
  WORD,
} from "./second-opinion.ts"

export type { PageNotice } from "./notice.ts"

export interface Extracted {
  readonly title: string
  /** the main content, without the title */
  readonly markdown: string
  /** which reading was kept: ours, or Readability's when ours looked too short for the page */
  readonly by: "ours" | "readability"
  /** the share of the page's prose that our reading held (what decided whether to ask Readability) */
  readonly coverage: number
  /** set when the HTML is not the article a reader sees: a script-rendered shell, a consent wall, a paywall */
  readonly notice?: PageNotice
}

/** a page that shows less text than this may have had its story swallowed by an element left open (swallowed.ts) */
const SWALLOWED_PAGE_TEXT = 200

/**
 * A `<noscript>` holding this much text may hold the article itself, for readers without scripts,
 * where a script shows it to the others from a copy it keeps (Blogger's posts, in a template).
 */
const NOSCRIPT_ARTICLE = 500

/** The page's document, and whether it nested deeper than a browser builds: broken or hostile markup (depth.ts). */
const parse = (html: string, scripting = true): { document: Document; deeperThanBrowsers: boolean } => {
  const document = parseDocument(html, { scripting })
  // the walk is skipped where the parser never nested so deep (most pages): it cost 2 % of a page's time
  const deeperThanBrowsers = mayNestDeeperThan(document, MAX_DEPTH - 1) && capDepth(document.documentElement)
  return { document, deeperThanBrowsers }
}

/** `url` is the page's address (after redirects); relative links are resolved against it or the page's <base>. */
export const extractFromHtml = (html: string, url?: string, tuning: Tuning = DEFAULT_TUNING): Extracted => {
  let page = readPage(html, url, tuning)
  if (page.ours.pageText < SWALLOWED_PAGE_TEXT) {
    const closed = closeSwallowing(html)
    if (closed !== undefined) {
      html = closed
      page = readPage(html, url, tuning)
    }
  }
  // read as a browser without scripts reads it: its <noscript> content as the page's, when that
  // holds more than our reading of the page a script would have filled
  const shown = visibleLength(page.ours.text)
  if (shown < SHORT_READING && page.noscriptText >= Math.max(NOSCRIPT_ARTICLE, 2 * shown)) {
    const unscripted = readPage(html, url, tuning, false)
    if (visibleLength(unscripted.ours.text) >= 2 * shown) page = unscripted
  }
  const { title, ours, options, raw, body, paywallPrompt, scripting } = page
  let { markdown } = ours
  let by: Extracted["by"] = "ours"
  const asks = asksReadability(ours, tuning)
  // a short reading of a long page is asked about too, but only the page's data may replace it;
  // not on a page nested deeper than browsers build, where Readability takes seconds for a few words
  // (3,000 nested <div>s: 1.3 s, the web worker's whole thread) and no real page goes
  if (!page.deeperThanBrowsers && (asks || mayReadData(ours))) {
    const other = readabilityReading(html, title, options, scripting)
    if (other !== undefined && (readsData(ours, other) || (asks && prefersReadability(ours, other, tuning)))) {
      markdown = other
      by = "readability"
    }
  }
  let articleText = by === "ours" ? ours.text : markdownToText(markdown)
  // a stray line of a page that holds no article but a list of items gives way to the items
  if (mayReadListing(ours, articleText)) {
    const listing = listingReading(parse(html, scripting).document, ours, articleText, options)
    if (listing !== undefined) {
      markdown = listing
      articleText = markdownToText(markdown)
      by = "ours"
    }
  }
  const { coverage, pageText } = ours
  // a reading without a word (an empty table's rules, an image) is no article: say so, not that
  if (!WORD.test(articleText)) markdown = articleText = ""
  // the whole page's text is only needed when the article is next to nothing
  const allText = articleText.length < 1000 && pageText < 4000 ? (body.textContent ?? "") : ""
  const notice = noticeOf(raw, { pageText, articleText, allText, paywallPrompt })
  if (notice === undefined) return { title, markdown, by, coverage }
  // A consent wall's text is the wall's, not the page's.
  return { title, markdown: notice.code === "consent_wall" && isWallText(articleText) ? "" : markdown, by, coverage, notice }
}

/** Our reading of a page before any second opinion (exported for the benchmark's arbitration report). */
export const readPage = (html: string, url?: string, tuning: Tuning = DEFAULT_TUNING, scripting = true) => {
  const { document, deeperThanBrowsers } = parse(html, scripting)
  const baseUrl = resolveBase(document, url)
  const options = baseUrl === undefined ? {} : { baseUrl }
  const raw = rawSignals(document)
  // without scripts a <noscript>'s content is the page's, not a part to leave out
  if (!scripting) for (const noscript of parsedElements(document, "noscript")) noscript.replaceWith(...noscript.childNodes)
  const body = document.body ?? document.documentElement
  // measured before the article is looked for: that takes the <noscript> elements out
  const noscript = scripting ? noscriptText(document) : 0
  const { title, root, coverage, pageProse, pageText, inFurniture } = findArticle(document, tuning)
  const paywallPrompt = cutPaywallPrompts(body, root)
  const ours = ourReading(toMarkdown(root, options), { coverage, pageProse, pageText, inFurniture })
  return { title, ours, options, raw, body, paywallPrompt, scripting, noscriptText: noscript, deeperThanBrowsers }
}

/** The visible characters of the text in the page's `<noscript>` elements, their markup left out. */
const noscriptText = (document: Document): number => {
  let length = 0
  for (const noscript of parsedElements(document, "noscript"))
    length += visibleLength((noscript.textContent ?? "").replace(/<[^>]*>/g, " "))
  return length
}

/** Readability's reading of the page, on a parse of its own (it changes the tree it reads). */
export const readabilityReading = (html: string, title: string, options: { baseUrl?: string }, scripting = true): string | undefined =>
  readabilityMarkdown(parse(html, scripting).document, title, options)

const resolveBase = (document: Document, url: string | undefined): string | undefined => {
  const href = parsedElements(document, "base")
    .find((base) => base.hasAttribute("href"))
    ?.getAttribute("href")
  if (!href) return url
  try {
    return new URL(href, url).href
  } catch {
    return url
  }
}
