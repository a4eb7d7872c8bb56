/**
 * Lists that tell in words: the items of a list of changes or credits name who or what before
 * their link ("gero <a>removed the windowtype attribute</a> from dialogs"), where navigation,
 * related stories and teasers open their items with the link. Such lists, and the link lists
 * nested in their items, are the content's however many links they hold; and what a digest item
 * tells after its link (not a teaser's headline alone or an excerpt cut short).
 */
import { TEXT_NODE, isElement, tagOf, visibleLength } from "./dom.ts"
import { letterWords } from "./words.ts"

/** lists and their items */
export const LIST_PARTS = new Set(["ul", "ol", "li"])
export const LISTS = new Set(["ul", "ol"])

/** Whether a list item names someone or something in words before its first link ("gero <a>…</a>"). */
const wordsThenLink = (item: Element): boolean => {
  let before = ""
  const pending: Node[] = [item]
  while (pending.length > 0) {
    const node = pending.pop()!
    if (isElement(node)) {
      if (tagOf(node) === "a" && node.hasAttribute("href")) return /\p{L}/u.test(before)
      for (let child = node.lastChild; child !== null; child = child.previousSibling) pending.push(child)
    } else if (node.nodeType === TEXT_NODE) before += (node as Text).data
  }
  return false
}

/** A list of at least two items, two thirds of which say in words who or what before a link. */
const isTextLed = (list: Element): boolean => {
  let items = 0
  let led = 0
  for (const item of list.children) {
    if (tagOf(item) !== "li" || visibleLength(item.textContent ?? "") === 0) continue
    items++
    if (wordsThenLink(item)) led++
  }
  return items >= 2 && led * 3 >= items * 2
}

/** the longest line that announces a list ("Other deals:") */
const ANNOUNCE_TEXT = 60
const ANNOUNCES = /[:：]$/

/**
 * A list the article announces: right after a short line of its own that ends with a colon ("Top
 * deal:", "Other deals:"), whose items, two thirds of them, say something in words of their own
 * outside their links ("<a>2TB portable drive for $161.99 at Dell</a> (normally $180, use coupon
 * code…)"). A list of tags or related links, announced so, names its links only.
 */
const isAnnounced = (list: Element): boolean => {
  const lead = list.previousElementSibling
  if (lead === null || LIST_PARTS.has(tagOf(lead))) return false
  const text = (lead.textContent ?? "").trim()
  if (visibleLength(text) > ANNOUNCE_TEXT || !ANNOUNCES.test(text)) return false
  let items = 0
  let told = 0
  for (const item of list.children) {
    if (tagOf(item) !== "li") continue
    items++
    if (ownWords(item, TOLD_WORDS).words >= TOLD_WORDS) told++
  }
  return items >= 1 && told * 3 >= items * 2
}

/** Whether `el` is an announced list or the short line that announces one. */
export const isAnnouncedListOrLead = (el: Element): boolean => {
  const list = LISTS.has(tagOf(el)) ? el : el.nextElementSibling
  return list !== null && LISTS.has(tagOf(list)) && isAnnounced(list)
}

/** the longest sentence that announces a list set as lines ("Below is the list of players who have been invited:") */
const ANNOUNCE_LINES_TEXT = 200
/** the longest line of such a list: a name, a title, a result */
const LISTED_LINE = 100
/** the fewest lines that make such a list */
const LISTED_LINES = 3

/**
 * Lists set as paragraphs, a line each, after the sentence that announces them ("Below is the list
 * of players who have been invited to the combine:", then "Brian Edwards (Wake Forest University)"
 * and sixty more): the announcing block and its run of like blocks, each a short line of words
 * with no link, three or more. Read alone, each line is too short to be prose; announced, they are
 * the story's (a roster, the winners, the results). Links lists and teasers hold links.
 */
export const announcedLines = (parent: Element): Set<Element> => {
  const found = new Set<Element>()
  for (let lead = parent.firstElementChild; lead !== null; lead = lead.nextElementSibling) {
    const text = (lead.textContent ?? "").trim()
    if (visibleLength(text) > ANNOUNCE_LINES_TEXT || !ANNOUNCES.test(text)) continue
    const run: Element[] = []
    let line = lead.nextElementSibling
    for (; line !== null && tagOf(line) === tagOf(run[0] ?? line) && isListedLine(line); line = line.nextElementSibling) run.push(line)
    if (run.length < LISTED_LINES) continue
    found.add(lead)
    for (const item of run) found.add(item)
    lead = run.at(-1)!
  }
  return found
}

const isListedLine = (el: Element): boolean => {
  if (!(tagOf(el) === "p" || tagOf(el) === "div") || el.firstElementChild !== null) return false
  const length = visibleLength(el.textContent ?? "")
  return length > 0 && length <= LISTED_LINE
}

/** Whether `el` (a list or an item) is, or lies inside, a text-led or an announced list. */
export const inTextLedList = (el: Element): boolean => {
  for (let list = tagOf(el) === "li" ? el.parentElement : el; list !== null; list = list.parentElement?.closest("ul, ol") ?? null)
    if (LISTS.has(tagOf(list)) && (isTextLed(list) || isAnnounced(list))) return true
  return false
}

/** The letter words of an item outside its links, up to `enough`, and the address of its first link. */
const ownWords = (item: Element, enough: number): { words: number; href: string | null } => {
  let words = 0
  let href: string | null = null
  const pending: Node[] = [item]
  while (pending.length > 0 && (words < enough || href === null)) {
    const node = pending.pop()!
    if (isElement(node)) {
      if (tagOf(node) === "a" && node.hasAttribute("href")) {
        href ??= node.getAttribute("href")
        continue
      }
      for (let child = node.lastChild; child !== null; child = child.previousSibling) pending.push(child)
    } else if (node.nodeType === TEXT_NODE) words += letterWords((node as Text).data)
  }
  return { words, href }
}

/**
 * Whether the lists among `el`'s children, taken together, are lists of changes or credits
 * ("gero <a>removed the windowtype attribute from dialogs where…</a> anymore", a daily digest's
 * "Acme <a>ships its new router, with…</a>"): of their three or more items that hold a link, two
 * thirds say in words before their link who or what, hold two words of their own at least outside
 * their links (a date before a headline holds one), and link to as many different places. Such
 * items are the article's sentences however much of them is linked, and the lists of one parent
 * are read together, since an article written so puts each run of paragraphs in a list of its own
 * between its figures. Items without a link are plain text and not counted. A list of links to
 * other pages (navigation, related stories, tags, teasers) opens its items with the link or a date.
 */
export const holdsToldLists = (el: Element): boolean => {
  let items = 0
  let told = 0
  const places = new Set<string>()
  for (let list = el.firstElementChild; list !== null; list = list.nextElementSibling)
    if (LISTS.has(tagOf(list)))
      for (const item of list.children) {
        if (tagOf(item) !== "li") continue
        const own = ownWords(item, TOLD_WORDS)
        // an item with no link at all is plain text, neither a told item nor a link
        if (own.href === null) continue
        items++
        if (own.words < TOLD_WORDS || !wordsThenLink(item)) continue
        told++
        places.add(own.href)
      }
  return items >= 3 && told * 3 >= items * 2 && places.size * 3 >= told * 2
}
/** a text cut short with an ellipsis, as excerpts are */
export const CUT_SHORT = /(?:…|\.\.\.)\s*$/
/** how many times its link's text a digest item holds of its own, after the link, in the link's block */
export const TOLD_AFTER_LINK = 2
/** the words of its own, outside its links, that an item of a list of changes holds at least */
const TOLD_WORDS = 2
