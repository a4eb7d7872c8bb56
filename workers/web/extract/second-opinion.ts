/** Whether to ask Readability for its reading of a page, and whether to keep it over ours. */
import { Readability } from "@mozilla/readability"
import { dropTitleHeading } from "./title.ts"
import { visibleLength } from "./dom.ts"
import { endsSentence, proseSentences } from "./sentence.ts"
import { toMarkdown } from "./markdown.ts"
import { markdownToText } from "./plain-text.ts"
import { wordTriples } from "./words.ts"
import type { Tuning } from "./article.ts"

/** What our reading of a page says about itself: what decides whether to ask Readability. */
export interface OurReading {
  readonly markdown: string
  /** the same as plain text (`markdownToText`), made once: every decision below weighs it */
  readonly text: string
  /** the share of the page's prose outside furniture that our reading holds */
  readonly coverage: number
  /** characters of prose on the page, outside furniture */
  readonly pageProse: number
  /** the page's visible characters */
  readonly pageText: number
  /** our root lies in what we judge furniture: read there for want of better */
  readonly inFurniture: boolean
}

/** Our reading from its Markdown and what was measured of the page, its plain text made once. */
export const ourReading = (markdown: string, page: Omit<OurReading, "markdown" | "text">): OurReading => ({
  ...page,
  markdown,
  text: markdownToText(markdown),
})

export const WORD = /[\p{L}\p{N}]/u

/** below this much prose on a page of much more text (links, cells: a headline over a table of contents), coverage says nothing */
const LITTLE_PROSE = 150

/**
 * Readability's reading replaces ours only when it holds most of ours: a longer reading that is
 * more of the same article (the parts we missed) is better; one of another part of the page (a
 * sidebar, a comment thread) is not, however long.
 */
const SECOND_OPINION_HOLDS = 0.8

/**
 * A reading under this many visible characters, on a page of `DATA_PAGE_TEXT` times more text, may
 * be a stray sentence (a copyright line, a table's footnote) picked for want of prose: the page's
 * content may be a table or a list (a roster, a statistics table, a cast or track list), which a
 * reader that weighs prose does not see as content.
 */
export const SHORT_READING = 1000
const DATA_PAGE_TEXT = 5

/** Below this share of its text in lines of prose, a reading is data: rows and items, not sentences. */
const DATA_PROSE = 0.25

/** A line of prose is long enough to be a sentence or more, and ends as a sentence ends (`endsSentence`). */
const PROSE_LINE_LENGTH = 50

/** Whether our reading's text is short beside `text` characters (the page's, or Readability's reading's). */
const shortBeside = (ours: OurReading, text: number): boolean => {
  const length = visibleLength(ours.text)
  return length < SHORT_READING && text >= length * DATA_PAGE_TEXT
}

/** The share of a plain text's visible characters that lie in lines of prose. */
export const proseShare = (text: string): number => {
  let all = 0
  let prose = 0
  for (const line of text.split("\n")) {
    const trimmed = line.trim()
    const length = visibleLength(trimmed)
    all += length
    if (length >= PROSE_LINE_LENGTH && endsSentence(trimmed)) prose += length
  }
  return all === 0 ? 0 : prose / all
}

/**
 * Ours holds little of the page's prose (or the page has next to none to measure by: a table of
 * contents, a list of links), or was read in what we take for furniture, or holds no word (an
 * image link, an empty table: the page's prose all lay in what we took for furniture): the
 * article may be spread or marked in a way our scoring missed, and Readability, reading the page
 * with other rules, is asked.
 */
export const asksReadability = (ours: OurReading, tuning: Tuning): boolean => {
  const proseless = ours.pageProse < LITTLE_PROSE && ours.pageText >= LITTLE_PROSE * 8
  return ours.coverage < tuning.secondOpinionBelow || proseless || ours.inFurniture || !WORD.test(ours.text)
}

/** Whether ours is short enough beside the page for the page's content to be a table or a list: Readability is asked for it. */
export const mayReadData = (ours: OurReading): boolean => shortBeside(ours, ours.pageText)

/**
 * Whether Readability's reading `other` is the page's data where ours is a stray line: many times
 * longer, and rows and items rather than sentences (another part's prose, a comment thread, is not).
 */
export const readsData = (ours: OurReading, other: string): boolean => {
  // a reading with a heading over its text, or of two sentences, is a short article, not a stray
  // line: Readability's rows are then the page's boxes (an archive's links, teaser lists, a thread
  // of one-line comments), which read as data too
  if (HEADING_LINE.test(ours.markdown) || proseSentences(ours.text) >= SHORT_ARTICLE_SENTENCES) return false
  const otherText = markdownToText(other)
  return shortBeside(ours, visibleLength(otherText)) && proseShare(otherText) < DATA_PROSE
}

const HEADING_LINE = /^#{1,6} /m
/** a reading of this many sentences of prose is a short post (a caption's paragraph, a note), not a stray line */
const SHORT_ARTICLE_SENTENCES = 2

/** Whether Readability's reading `other` is kept instead of ours: much longer, and more of the same article. */
export const prefersReadability = (ours: OurReading, other: string, tuning: Tuning): boolean => {
  if (visibleLength(other) <= visibleLength(ours.markdown) * tuning.secondOpinionLonger) return false
  // ours read in furniture for want of better is no reading to hold on to
  if (ours.inFurniture) return true
  const otherText = markdownToText(other)
  if (containedShare(ours.text, otherText) < SECOND_OPINION_HOLDS) return false
  // more of the same article is more prose; what Readability adds in rows and short lines (a
  // results table, a comment thread's names and dates, teasers, a shop's listings) is the page's
  // other parts, gathered with ours because they share its container
  return !WORD.test(ours.text) || ours.pageProse < LITTLE_PROSE || proseShare(addedLines(ours.text, otherText)) >= ADDED_PROSE
}

/** Below this share of prose in what Readability adds to ours, its addition is not more of the article. */
const ADDED_PROSE = 0.5

/** The lines of `other` that `ours` does not hold. */
const addedLines = (ours: string, other: string): string =>
  other
    .split("\n")
    .filter((line) => line.trim() !== "" && !ours.includes(line.trim()))
    .join("\n")

/** The share of `inner`'s word triples that `outer` holds: how much of one reading the other repeats. */
export const containedShare = (inner: string, outer: string): number => {
  const wanted = triples(inner)
  if (wanted.length === 0) return 1
  const held = new Set(triples(outer))
  return wanted.filter((t) => held.has(t)).length / wanted.length
}

const triples = (text: string): string[] => wordTriples(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])

/** Readability's reading of a page parsed afresh (`parse`), as Markdown without the title heading. */
export const readabilityMarkdown = (document: Document, title: string, options: { baseUrl?: string }): string | undefined => {
  try {
    const article = new Readability<Element>(document, { serializer: (el) => el as Element }).parse()
    if (!article?.content) return undefined
    dropTitleHeading(article.content, title)
    return toMarkdown(article.content, options)
  } catch {
    return undefined
  }
}
