/**
 * A story's standfirst set between its headline and its body, outside the body's container: "<h1>
 * Headline</h1><h2 class=lead>One or two sentences that sum the story up.</h2><div class=share>…
 * </div><div class=text><p>…</p></div>". Gathering judges the body's siblings at the body's own
 * level, where the lead is not; set as a heading, a `<strong>` or a `<div>` of text alone it holds
 * no prose, and one sentence never adds the gain a part needs (`lead.ts` takes a `<p>` beside the
 * body). A reader reads on from the headline through the lead to the body: the lead is a block of
 * text alone between the two, of six words to two sentences, not a link, a date, a byline, a
 * photo credit or a call to subscribe or share, not what the page names as furniture, and not a
 * summary the body repeats. A deck in the headline's own box (a hero header of headline, deck and
 * byline beside the story's box) is left out: the development truth leaves such decks out, as
 * earlier sessions found for `<header>`s.
 */
import { HEADING_TAGS, isElement, tagOf, textOf } from "./dom.ts"
import { FURNITURE_TAGS } from "./furniture-names.ts"
import { isByline, isPromo } from "./edges.ts"
import { creditsPhoto } from "./photo-credits.ts"
import { DATED } from "./signed.ts"
import { namesTitle } from "./title.ts"
import { wideLength } from "./wide-sentence.ts"
import { tokenWords, wordTokens, wordTriples } from "./words.ts"
import type { Measure } from "./article.ts"

/** a lead's length (a Chinese, Japanese or Korean character counted three): a line of six words to two sentences */
const LEAD_MIN = 40
const LEAD_MAX = 400
/** the words a lead needs: a label or a kicker ("Health", "Exclusive") has fewer */
const LEAD_WORDS = 6
/** at most this many leads (a deck and a lead paragraph) */
const MAX_LEADS = 2
/** the headline and the body share an ancestor this many levels above the body at most */
const NEAR = 5
/** how many elements before the body are searched for the headline */
const HEADLINE_SEARCH = 60

interface Judge {
  readonly measures: ReadonlyMap<Element, Measure>
  isFurniture(el: Element): boolean
}

/**
 * The root with the standfirst set between the page's headline and it, if there is one: the lead's
 * elements are moved to the root's start (into a `<div>` wrapping the root when the root is a
 * paragraph). Returns the root to read.
 */
export const withStandfirst = (root: Element, body: Element, title: string, page: Judge): Element => {
  const headline = headlineBefore(root, body, title)
  if (headline === undefined) return root
  const leads = leadsBetween(headline, root, page).filter((lead) => !repeats(textOf(lead), root))
  if (leads.length === 0) return root
  let target = root
  // a paragraph (or an inline element) read as the root is wrapped, not given blocks of its own
  if (INLINE_ROOTS.has(tagOf(root))) {
    target = root.ownerDocument.createElement("div")
    root.replaceWith(target)
    target.append(root)
  }
  target.prepend(...leads)
  return target
}

const INLINE_ROOTS = new Set(["p", "span", "a", "b", "strong", "em", "i", "font"])

/** The page's headline before `root`: a heading or a box whose text is the page's title, near the root. */
const headlineBefore = (root: Element, body: Element, title: string): Element | undefined => {
  if (!title) return undefined
  let level: Element = root
  for (let up = 0; up < NEAR && level !== body && level.parentElement !== null; up++) {
    let seen = 0
    for (let sibling = level.previousElementSibling; sibling !== null && seen < HEADLINE_SEARCH; sibling = sibling.previousElementSibling) {
      seen++
      const found = titleIn(sibling, title)
      if (found !== undefined) return found
    }
    level = level.parentElement
  }
  return undefined
}

/** The last element of `el` (or `el`) whose whole text is the title, a heading first. */
const titleIn = (el: Element, title: string): Element | undefined => {
  const headings = el.querySelectorAll("h1, h2, h3")
  for (let i = headings.length - 1; i >= 0; i--) if (namesTitle(textOf(headings[i]!), title)) return headings[i]!
  return HEADING_TAGS.has(tagOf(el)) || el.firstElementChild === null ? (namesTitle(textOf(el), title) ? el : undefined) : undefined
}

/** The lead blocks after `headline` and before `root`, in order. */
const leadsBetween = (headline: Element, root: Element, page: Judge): Element[] => {
  const leads: Element[] = []
  const visit = (el: Element): boolean => {
    if (leads.length >= MAX_LEADS) return false
    // a figure's words are its picture's caption and credit, never the story's lead
    if (page.isFurniture(el) || FURNITURE_TAGS.has(tagOf(el)) || tagOf(el) === "figure" || inHeadlineBox(el, headline, root)) return true
    const m = page.measures.get(el)
    if (m === undefined || m.text === 0) return true
    if (isLead(el, m)) {
      leads.push(el)
      return true
    }
    // a box holding the lead beside other lines (a date, a share bar): its children are judged
    if (HEADING_TAGS.has(tagOf(el)) || m.text > LEAD_MAX * 3) return true
    for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) if (!visit(child)) return false
    return true
  }
  // the elements after the headline's, up to the root, entering the ones that hold the root
  for (let node: Element | null = nextAfter(headline, root); node !== null && node !== root;) {
    if (node.contains(root)) {
      node = node.firstElementChild
      continue
    }
    if (!visit(node)) break
    node = nextAfter(node, root)
  }
  return leads
}

/** The element after `el` and its subtree in document order (climbing out of its ancestors), or null. */
const nextAfter = (el: Element, root: Element): Element | null => {
  for (let node: Element | null = el; node !== null; node = node.parentElement) {
    if (node.contains(root) && node !== el) return null
    const next = node.nextElementSibling
    if (next !== null) return next
  }
  return null
}

const isLead = (el: Element, m: Measure): boolean => {
  if (m.link > m.text * 0.1) return false
  const text = textOf(el)
  const length = wideLength(text)
  if (length < LEAD_MIN || length > LEAD_MAX || DATED.test(text) || isByline(text) || creditsPhoto(text) || isPromo(text)) return false
  // a block of text alone: a box of several blocks is entered instead
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling)
    if (isElement(child) && !INLINE.has(tagOf(child))) return false
  return tokenWords(wordTokens(text)) >= LEAD_WORDS
}

const INLINE = new Set(["a", "b", "strong", "em", "i", "span", "font", "br", "small", "u", "q", "abbr", "sup", "sub", "img"])

/** how far into the body a lead's words are looked for */
const BODY_HEAD = 3000

/**
 * Whether the body already says the lead: a summary that repeats the body's first sentences (a
 * teaser of the story, printed above it on the story's own page) would be read twice. Most of its
 * word triples are in the body's opening.
 */
const repeats = (lead: string, root: Element): boolean => {
  const triples = tripleSet(lead)
  if (triples.size === 0) return false
  const body = tripleSet((root.textContent ?? "").slice(0, BODY_HEAD))
  let held = 0
  for (const triple of triples) if (body.has(triple)) held++
  return held * 2 >= triples.size
}

const tripleSet = (text: string): Set<string> => new Set(wordTriples(wordTokens(text)))

/** Whether `el` lies in a box that holds the headline and not the body: the page's header (a hero box: headline, deck, byline). */
const inHeadlineBox = (el: Element, headline: Element, root: Element): boolean => {
  for (let box = el.parentElement; box !== null && !box.contains(root); box = box.parentElement) if (box.contains(headline)) return true
  return false
}
