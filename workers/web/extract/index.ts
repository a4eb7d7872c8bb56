/** HTML in, main content out: the page's title and its main content as Markdown. */
import { Readability } from "@mozilla/readability"
import { DEFAULT_TUNING, findArticle, type Tuning } from "./article.ts"
import { dropTitleHeading } from "./title.ts"
import { capDepth, MAX_DEPTH } from "./depth.ts"
import { visibleLength } from "./dom.ts"
import { toMarkdown } from "./markdown.ts"
import { mayNestDeeperThan, parseDocument, parsedElements } from "./parse.ts"
import { cutPaywallPrompts, isWallText, noticeOf, rawSignals, type PageNotice } from "./notice.ts"
import { markdownToText } from "./plain-text.ts"

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

const parse = (html: string): Document => {
  const document = parseDocument(html)
  // the walk is skipped where the parser never nested so deep (most pages): it cost 2 % of a page's time
  if (mayNestDeeperThan(document, MAX_DEPTH - 1)) capDepth(document.documentElement)
  return document
}

/** `url` is the page's address (after redirects); relative links are resolved against it or the page's <base>. */
export const extractFromHtml = (html: string, url?: string, tuning: Tuning = DEFAULT_TUNING): Extracted => {
  const document = parse(html)
  const baseUrl = resolveBase(document, url)
  const options = baseUrl === undefined ? {} : { baseUrl }
  const raw = rawSignals(document)
  const body = document.body ?? document.documentElement
  const { title, root, coverage, pageProse, pageText, inFurniture } = findArticle(document, tuning)
  const paywallPrompt = cutPaywallPrompts(body, root)
  let markdown = toMarkdown(root, options)
  let by: Extracted["by"] = "ours"
  const proseless = pageProse < LITTLE_PROSE && pageText >= LITTLE_PROSE * 8
  if (coverage < tuning.secondOpinionBelow || proseless || inFurniture || !WORD.test(markdownToText(markdown))) {
    // Ours holds little of the page's prose (or the page has next to none to measure by: a table
    // of contents, a list of links), or was read in what we take for furniture, or holds no
    // word (an image link, an empty table: the page's prose all lay in what we took for furniture):
    // the article may be spread or marked in a way our scoring missed. Readability reads the page
    // with other rules; a much longer reading from it is kept instead.
    const other = readabilityMarkdown(html, title, options)
    if (
      other !== undefined &&
      visibleLength(other) > visibleLength(markdown) * tuning.secondOpinionLonger &&
      // ours read in furniture for want of better is no reading to hold on to
      (inFurniture || containedShare(markdownToText(markdown), markdownToText(other)) >= SECOND_OPINION_HOLDS)
    ) {
      markdown = other
      by = "readability"
    }
  }
  let articleText = markdownToText(markdown)
  // a reading without a word (an empty table's rules, an image) is no article: say so, not that
  if (!WORD.test(articleText)) markdown = articleText = ""
  // the whole page's text is only needed when the article is next to nothing
  const allText = articleText.length < 1000 && pageText < 4000 ? (body.textContent ?? "") : ""
  const notice = noticeOf(raw, { pageText, articleText, allText, paywallPrompt })
  if (notice === undefined) return { title, markdown, by, coverage }
  // A consent wall's text is the wall's, not the page's.
  return { title, markdown: notice.code === "consent_wall" && isWallText(articleText) ? "" : markdown, by, coverage, notice }
}

const WORD = /[\p{L}\p{N}]/u

/** below this much prose on a page of much more text (links, cells: a headline over a table of contents), coverage says nothing */
const LITTLE_PROSE = 150

/**
 * Readability's reading replaces ours only when it holds most of ours: a longer reading that is
 * more of the same article (the parts we missed) is better; one of another part of the page (a
 * sidebar, a comment thread) is not, however long.
 */
const SECOND_OPINION_HOLDS = 0.8

/** The share of `inner`'s word triples that `outer` holds: how much of one reading the other repeats. */
const containedShare = (inner: string, outer: string): number => {
  const triples = (text: string): string[] => {
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
    const out: string[] = []
    for (let i = 0; i + 3 <= words.length; i++) out.push(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
    return out
  }
  const wanted = triples(inner)
  if (wanted.length === 0) return 1
  const held = new Set(triples(outer))
  return wanted.filter((t) => held.has(t)).length / wanted.length
}

const readabilityMarkdown = (html: string, title: string, options: { baseUrl?: string }): string | undefined => {
  try {
    const article = new Readability<Element>(parse(html), { serializer: (el) => el as Element }).parse()
    if (!article?.content) return undefined
    dropTitleHeading(article.content, title)
    return toMarkdown(article.content, options)
  } catch {
    return undefined
  }
}

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
