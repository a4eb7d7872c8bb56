/**
 * A box of other stories beside the one read: "Today's Top Stories", "Последние новости", a
 * news feed, a side column of announcements. Each item is a linked headline with a line or two of
 * summary, and the summaries read as prose, so such a box, a sibling of the story's container, could
 * join the story when parts are gathered (`PageMeasure.gather`): its prose scored well against a
 * short story. What gives it away is how little prose it holds for each link, set against a story
 * that is prose with few links and longer than the box, and that none of its paragraphs is long. Parts of one story (split
 * by ads, the items of a digest) hold a link now and then, not one every sentence.
 */
import type { Measure } from "./article.ts"

/** the fewest links that make a box of headlines: a story's part may cite a few sources */
const HEADLINES = 10
/** the characters of prose per link below which a box is headlines with summaries, not a story's part */
const PROSE_PER_LINK = 50
/** the largest share of its text a story's links may take for it to be told from a box of headlines */
const STORY_LINKS = 0.15

/** how many times the story's prose a box may hold and still be beside it */
const OUTWEIGHS = 2

/** the longest paragraph a box of headlines holds: a summary is a sentence or two, a story's paragraph may be more */
const SUMMARY = 500

/** Whether `part`, a sibling met while gathering, is a box of headlines beside `best`, a story of plain prose. */
export const isHeadlineBox = (
  part: Element,
  partMeasure: Measure,
  bestMeasure: Measure,
  page: { ownProseOf(el: Element): number },
): boolean => {
  if (bestMeasure.link > bestMeasure.text * STORY_LINKS) return false
  // a box that outweighs the story is not beside it: the best part may be the page's small print
  if (partMeasure.prose >= bestMeasure.prose * OUTWEIGHS) return false
  // no linked text, no headlines (and the links are only counted where there are some)
  if (partMeasure.link === 0) return false
  const links = part.querySelectorAll("a[href]").length
  if (links < HEADLINES || partMeasure.prose >= links * PROSE_PER_LINK) return false
  // a story whose paragraphs are strewn with links (a gossip page's) is still a story
  return page.ownProseOf(part) < SUMMARY && Array.from(part.querySelectorAll("*")).every((el) => page.ownProseOf(el) < SUMMARY)
}
