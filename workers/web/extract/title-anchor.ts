/**
 * A news page sets its headline, the heading that repeats the page's title, over its story. Two
 * things follow, which scores that add up do not see:
 * - A list of other stories' summaries beside a short story (a feed of "other news on this topic"
 *   with a paragraph under each headline, a column of opinion teasers) may outscore the story.
 *   When the best element lies apart from the headline's box (the nearest box above the headline
 *   holding some prose) and that box is not furniture, the story is sought in the box, and
 *   gathering stays inside it, or the list would join the story as a part.
 * - A story's parts come after its headline. A header of headlines written half as text, a
 *   teaser box or a site's blurb set before the headline read as prose and joined the story as
 *   parts when gathering climbed past the story's box; they never are (`isBeforeHeadline`).
 */
import type { PageMeasure } from "./article.ts"
import { bestWithin } from "./columns.ts"
import { textOf } from "./dom.ts"
import { normalizeTitle } from "./title.ts"
import { wideLength } from "./wide-sentence.ts"

/** the headline's box holds at least this much prose: a story, not a headline over its standfirst */
const STORY_PROSE = 400

/** a heading this short ("News", "Home") repeats a title by chance; a Chinese character counts three, as long as a word elsewhere */
const HEADLINE_MIN = 15

/** `Node.DOCUMENT_POSITION_FOLLOWING`: linkedom's nodes have no `Node` global in a worker */
const FOLLOWING = 4

/** The one heading (h1–h3) whose words are in the page's title, or none when none or several are. */
export const headlineOf = (body: Element, title: string): Element | undefined => {
  const wanted = normalizeTitle(title)
  if (wideLength(wanted) < HEADLINE_MIN) return undefined
  let found: Element | undefined
  let foundLength = 0
  let tie = false
  for (const heading of body.querySelectorAll("h1, h2, h3")) {
    const text = normalizeTitle(textOf(heading))
    // titles add the site's name and section before or after the headline
    if (wideLength(text) < HEADLINE_MIN || !(wanted.includes(text) || text.startsWith(wanted))) continue
    if (text.length === foundLength) tie = true
    else if (text.length > foundLength) [found, foundLength, tie] = [heading, text.length, false]
  }
  return tie ? undefined : found
}

export interface Anchored {
  /** where the story is read from */
  readonly best: Element
  /** the bound gathering stays within */
  readonly within: Element
  readonly headline: Element | undefined
}

/** `best` in `body`, or, when `best` lies apart from the headline's box, what scores best in the box. */
export const anchorToTitle = (best: Element, body: Element, title: string, page: PageMeasure): Anchored => {
  const headline = headlineOf(body, title)
  const kept = { best, within: body, headline }
  const { measures } = page
  if (headline === undefined || measures.get(headline)?.aside !== false) return kept
  let box: Element | null = headline
  while (box !== null && box !== body && (measures.get(box)?.prose ?? 0) < STORY_PROSE) box = box.parentElement
  if (box === null || box === body || box.contains(best) || best.contains(box)) return kept
  const m = measures.get(box)!
  if (m.aside || m.score <= 0 || page.isFurniture(box)) return kept
  return { best: bestWithin(box, measures), within: box, headline }
}

/** Whether `part`, a sibling of `level` that gathering weighs, comes before the headline while `level` holds it or comes after it. */
export const isBeforeHeadline = (part: Element, level: Element, headline: Element | undefined): boolean => {
  if (headline === undefined || part.contains(headline)) return false
  const fromHeadline = level.contains(headline) || (headline.compareDocumentPosition(level) & FOLLOWING) !== 0
  return fromHeadline && (part.compareDocumentPosition(headline) & FOLLOWING) !== 0
}
