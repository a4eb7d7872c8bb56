/**
 * A page that holds no article but a list of items: a topic page of story teasers (headline and
 * summary), a directory of links with descriptions, classified ads, a shop's product list. A
 * reader that weighs prose finds no story there and takes the one sentence the page has (a legal
 * footer, a newsletter's consent notice, a quotation in a sidebar); a person sees the items. The
 * page's listing is its largest run of alike items, each a link and a line of text of its own.
 */
import { strip } from "./strip.ts"
import { TEXT_NODE, isElement, tagOf, visibleLength } from "./dom.ts"
import { itemShapeOf } from "./item-runs.ts"
import { toMarkdown } from "./markdown.ts"
import { mayReadData, SHORT_READING, type OurReading } from "./second-opinion.ts"
import { proseSentences } from "./sentence.ts"
import { styleHidden } from "./style-hidden.ts"

/** how many alike items make a listing */
const MIN_ITEMS = 4
/** this share of a run's items at least hold a description */
const DESCRIBED_SHARE = 0.6
/** where a listing is never looked for: the page's own navigation and footer */
const NOT_CONTENT = new Set(["nav", "footer", "header", "aside", "menu", "form"])

/** an item's text, name and description, is this long at least (and a run's items this long on average); longer than `MAX_ITEM_TEXT`, it is a part of the page, not an item */
const [ITEM_TEXT, MEAN_ITEM_TEXT, MAX_ITEM_TEXT] = [50, 70, 1000]

/** The visible lengths of the text nodes under `el` that hold a word. */
const lines = (el: Element): number[] => {
  const out: number[] = []
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child !== null; child = child.nextSibling)
      if (child.nodeType === TEXT_NODE) {
        const length = visibleLength(child.textContent ?? "")
        if (length > 0) out.push(length)
      } else if (isElement(child)) walk(child)
  }
  walk(el)
  return out
}

/** Whether `item` is a listing's item: a link (or itself one) over a name and a line that describes it. */
const isItem = (item: Element): boolean => {
  if (!(item.localName === "a" && item.hasAttribute("href")) && item.querySelector("a[href]") === null) return false
  const found = lines(item)
  const text = found.reduce((a, b) => a + b, 0)
  return found.length >= 2 && text >= ITEM_TEXT && text <= MAX_ITEM_TEXT
}

/** The items of the best run among `parent`'s children, and their text. */
const bestRun = (parent: Element): { items: Element[]; text: number } | undefined => {
  const groups = new Map<string, Element[]>()
  for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling) {
    const key = itemShapeOf(child)
    const group = groups.get(key)
    if (group) group.push(child)
    else groups.set(key, [child])
  }
  let best: { items: Element[]; text: number } | undefined
  for (const group of groups.values()) {
    if (group.length < MIN_ITEMS) continue
    const items = group.filter(isItem)
    if (items.length < MIN_ITEMS || items.length < group.length * DESCRIBED_SHARE) continue
    const text = items.reduce((sum, item) => sum + visibleLength(item.textContent ?? ""), 0)
    if (text < items.length * MEAN_ITEM_TEXT) continue
    if (best === undefined || text > best.text) best = { items, text }
  }
  return best
}

const inNotContent = (el: Element, body: Element): boolean => {
  for (let up: Element | null = el; up !== null && up !== body; up = up.parentElement) if (NOT_CONTENT.has(tagOf(up))) return true
  return false
}

/** The element holding the page's largest listing, with the listing's visible text, if it has one. */
export const findListing = (body: Element): { root: Element; text: number } | undefined => {
  let best: { root: Element; text: number } | undefined
  for (const el of body.querySelectorAll("*")) {
    if (el.childElementCount < MIN_ITEMS) continue
    const run = bestRun(el)
    if (run === undefined || (best !== undefined && run.text <= best.text) || inNotContent(el, body)) continue
    best = { root: el, text: run.text }
  }
  return best
}

/** a reading under this many characters is a fragment (a label, a line), not an article */
const FRAGMENT = 150

/** A fragment: short, and no sentence of prose (a one-sentence post under a video is a post). */
const isFragment = (text: string): boolean => visibleLength(text) < FRAGMENT && proseSentences(text) === 0
/** the listing's text is this many times our reading's at least, and longer than the reading kept (Readability's, it may be) */
const LISTING_LONGER = 3

/**
 * Whether the page's listing is to be looked for: our reading `ours` is a stray, short beside the
 * page (as `mayReadData` weighs it) and read in what we take for furniture (a footer's legal line,
 * a sidebar's quotation) or a mere fragment. A short story of a few sentences is neither. The
 * reading kept so far, `kept` (Readability's, it may be; as plain text), must be short too: a reading of 1,000
 * characters or more that Readability found is an article's, not a stray line.
 */
export const mayReadListing = (ours: OurReading, kept: string): boolean =>
  mayReadData(ours) && (ours.inFurniture || isFragment(ours.text)) && visibleLength(kept) < SHORT_READING

/**
 * The page's listing, on a parse of its own (`document`), as Markdown, when it is many times longer
 * than our reading `ours` and longer than the reading kept, `kept` (as plain text).
 */
export const listingReading = (document: Document, ours: OurReading, kept: string, options: { baseUrl?: string }): string | undefined => {
  const body = document.body ?? document.documentElement
  strip(body, styleHidden(document))
  const listing = findListing(body)
  if (listing === undefined || listing.text < visibleLength(ours.text) * LISTING_LONGER || listing.text <= visibleLength(kept))
    return undefined
  return toMarkdown(listing.root, options)
}
