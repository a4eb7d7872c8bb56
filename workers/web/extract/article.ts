/**
 * Finds a page's main content. Every run of text is a block (a paragraph, a list item, a cell),
 * valued by how much it looks like prose: long, punctuated, few links. Boilerplate (menus, link
 * lists, share bars, captions of teasers, dates) values negative. An element's score is the sum
 * of the values of the blocks inside it, so the best-scoring element is the one that takes in
 * the most prose while leaving out the most boilerplate; class and id names nudge the values.
 * Inside that element, the parts that value negative are then cut away.
 */
import { parsedElements } from "./parse.ts"
import { styleHidden } from "./style-hidden.ts"
import { strip } from "./strip.ts"
import {
  BLOCK_TAGS,
  HEADING_TAGS,
  TEXT_NODE,
  childrenOf,
  classOf,
  flowsInText,
  opensText,
  hasThreeChildren,
  isElement,
  shapeOf,
  tagOf,
  textOf,
  visibleLength,
} from "./dom.ts"
import { DATED, isDatedSignature, signedOutsideQuotes } from "./signed.ts"
import { itemShapeOf } from "./item-runs.ts"
import { scatteredCards } from "./scattered-cards.ts"
import { dropTitleHeading } from "./title.ts"
import { cutReplies } from "./replies.ts"
import { excerptRuns } from "./excerpts.ts"
import { cutEdgePromos, cutPromoBoxes, cutRelatedLinks, cutTailCallout, cutTailLegal } from "./edges.ts"
import { cutTagLines } from "./tag-lines.ts"
import { cutRelatedLines } from "./related-lines.ts"
import { cutPhotoCredits } from "./photo-credits.ts"
import { cutCommentAnchor, cutCommentHeadingEarly, cutCommentSection } from "./comment-heading.ts"
import { cutEdgeLinkLines } from "./link-lines.ts"
import { findSubheads, isSubheadLine } from "./subheads.ts"
import { captionBoxes, captionsCarryPage, isNamedCaption } from "./caption-boxes.ts"
import { FURNITURE_LANDMARKS, FURNITURE_ROLES, FURNITURE_TAGS, hidesText, hintOf } from "./furniture-names.ts"
import { CUT_SHORT, LISTS, TOLD_AFTER_LINK, announcedLines, holdsToldLists, isAnnouncedListOrLead } from "./lists.ts"
import { prune } from "./prune.ts"
import { wrapsMain, wrapsNamedBody } from "./named-body.ts"
import { isTextStyled } from "./text-style.ts"
import { cutTailHeadings } from "./tail-headings.ts"
import { cutTailLabels } from "./tail-labels.ts"
import { adBoxes } from "./ad-label.ts"
import { authorBoxes } from "./author-box.ts"
import { NAMED_CONTENT_BOOST, narrowToCore } from "./core.ts"
import { cutAfterFooter, pageFooterIn } from "./page-footer.ts"
import { isColumnOfLines, narrowPastLines } from "./lines-beside.ts"
import { cutTailAnnotatedLinks } from "./annotated-links.ts"
import { isSideColumn, narrowToColumn } from "./columns.ts"
import { cutBreadcrumb } from "./breadcrumb.ts"
import { cutMoreLinks } from "./more-links.ts"
import { cutBackLinks } from "./back-links.ts"
import { cutLooseDatelines } from "./loose-datelines.ts"
import { cutPager } from "./pager.ts"
import { cutNeighbourLinks } from "./neighbour-links.ts"
import { cutTailStamp } from "./tail-stamp.ts"
import { cutTailTools } from "./page-tools.ts"
import { cutLastLegalLine } from "./legal-line.ts"
import { cutLastSourceLine } from "./source-line.ts"
import { cutTailContact } from "./contact-line.ts"
import { leadBefore } from "./lead.ts"
import { isProseBetween } from "./between.ts"
import { withStandfirst } from "./standfirst.ts"
import { anchorToTitle, isBeforeHeadline } from "./title-anchor.ts"
import { feedLists } from "./feeds.ts"
import { unwrapProseLinks } from "./wrapping-links.ts"
import { CODE_TAGS, readsAsCode } from "./code-text.ts"
import { isProseHeading } from "./heading-prose.ts"

interface Block {
  readonly tag: string
  text: number
  link: number
  punct: number
  /** characters of text that reads as source code (`code-text.ts`): text, but not prose */
  code: number
}

/** What the scoring pass learns about an element. */
export interface Measure {
  /** visible characters */
  text: number
  /** visible characters inside links */
  link: number
  /** the sum of its blocks' values, nudged by class and id hints */
  score: number
  /** the sum of its blocks' values outside the furniture it holds: its score once pruned */
  open: number
  /** characters in blocks that read as prose */
  prose: number
  hint: number
  /** inside an element that reads as furniture (comments, dialogs, sidebars): never the main content */
  aside: boolean
  /** whether the element's first text is a link (0: no text yet, 1: linked, 2: not) */
  lead: 0 | 1 | 2
  /** characters of prose inside blockquotes */
  quoted: number
}

/**
 * An embedded post (a tweet, an Instagram caption) is quoted: its prose lies in a <blockquote>,
 * and the tag says it is content where the wrapper's name ("social-embed") says furniture.
 */
const isQuote = (m: Measure): boolean => m.prose > 0 && m.quoted >= m.prose * 0.8

const PUNCTUATION = /[.,;:!?。，、；：！？\u037e\u0387]/g

/** The decisions the benchmark's cross-validation tunes; the defaults are what web_fetch runs. */
export interface Tuning {
  /** how many levels above the best element to look for sibling parts */
  readonly gatherLevels: number
  /** a sibling of the same tag and class joins when it scores this share of the best element */
  readonly alikeShare: number
  /** any other sibling joins when it scores this share of the best element */
  readonly siblingShare: number
  /** siblings join only when they add at least this share of the best element's prose */
  readonly minGain: number
  /** link-led alike items holding more than this share of the page's prose are its content, not teasers */
  readonly teaserShare: number
  /** below this coverage of the page's prose, Readability gives a second opinion */
  readonly secondOpinionBelow: number
  /** and its text replaces ours when it is this many times longer */
  readonly secondOpinionLonger: number
}

export const DEFAULT_TUNING: Tuning = {
  gatherLevels: 2,
  alikeShare: 0.1,
  siblingShare: 0.3,
  minGain: 0.2,
  teaserShare: 0.5,
  secondOpinionBelow: 0.5,
  secondOpinionLonger: 1.5,
}

/** Paragraphs, links and breaks run in text: a run of them is prose, not a list of cards. */
const SKIP_IN_RUNS = new Set(["p", "br", "a"])

/** What a chain of wrappers holds: the first element down the chain with more than one child element or text of its own. */
const unwrapped = (el: Element): Element => {
  let core = el
  for (let depth = 0; depth < 3; depth++) {
    const only = core.firstElementChild
    if (only === null || only.nextElementSibling !== null || tagOf(only) === "a") return core
    for (let node = core.firstChild; node !== null; node = node.nextSibling)
      if (node.nodeType === TEXT_NODE && visibleLength((node as Text).data) > 0) return core
    core = only
  }
  return core
}

/** An item whose title is set just before it, outside it: a blog engine's entries, each an `<h4>` and then a `<div>`. */
const titledBefore = (el: Element): boolean => {
  const previous = el.previousElementSibling
  return previous !== null && HEADING_TAGS.has(tagOf(previous))
}

/** The first class name: the one templates share between items whose other classes differ (odd/even, the author's name). */
const firstClass = (el: Element): string => classOf(el).trim().split(/\s+/, 1)[0]!

/** a paragraph this long printed twice is a copy, not a phrase a page repeats */
const COPIED_PARAGRAPH = 80

/** a thread is comments when at least this much prose comes before it */
const THREAD_AFTER_PROSE = 400

/** A link to a place on the page itself (`href="#…"`): a skip link, a table of contents' entry, a footnote's mark. */
const isInPageLink = (el: Element): boolean => tagOf(el) === "a" && (el.getAttribute("href") ?? "").startsWith("#")

/** a teaser's text is shorter, and its links' text at least so long */
const [TEASER_TEXT, TEASER_LINK] = [800, 10]

/** Whether three children of `parent` outside `taken` hold the links and length a teaser holds. */
const holdsThreeLinked = (parent: Element, measures: ReadonlyMap<Element, Measure>, taken: ReadonlySet<Element>): boolean => {
  let found = 0
  for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling) {
    const m = measures.get(child)
    if (m !== undefined && m.link >= TEASER_LINK && m.text < TEASER_TEXT && !taken.has(child) && ++found >= 3) return true
  }
  return false
}

const blockValue = (block: Block): number => {
  if (block.text === 0 || HEADING_TAGS.has(block.tag)) return 0
  const density = (block.link + block.code) / block.text
  if (density > 0.5) return -block.text
  if (block.text >= 80 || (block.text >= 25 && block.punct > 0)) return block.text * (1 - density) + block.punct * 5
  // A short cell or list item is data as often as it is furniture; a short line elsewhere is a byline, a date, a label.
  return SHORT_IS_DATA.has(block.tag) ? 0 : -block.text * 0.5
}

/**
 * A block that is all prose and (almost) no links: a lede, a paragraph between two figures, the
 * tail of a story after an ad. However small, it is more of the article beside the best part.
 */
const isPlainProse = (m: Measure): boolean => m.prose > 0 && m.prose >= m.text * 0.8 && m.link <= m.text * 0.1

const SHORT_IS_DATA = new Set(["td", "th", "li", "dd", "dt", "tr"])

const isProse = (block: Block): boolean =>
  block.text > 0 &&
  !HEADING_TAGS.has(block.tag) &&
  (block.link + block.code) / block.text <= 0.5 &&
  (block.text >= 80 || (block.text >= 25 && block.punct > 0))

export class PageMeasure {
  readonly measures = new Map<Element, Measure>()
  /** the value of each block element's own text (the text not inside a nested block) */
  private readonly own = new Map<Element, number>()
  private readonly furniture = new Set<Element>()
  /** elements whose class or id names them as furniture */
  private readonly named = new Set<Element>()
  /** the characters of each block element's own text when it reads as prose */
  private readonly ownProse = new Map<Element, number>()
  /** the block elements that hold text of their own, each after the blocks nested in it */
  readonly blocks: Element[] = []
  /** characters of prose outside furniture: the text that could be the article */
  openProse = 0
  /**
   * characters of prose outside furniture or inside teaser runs only: what the article could be if
   * the teaser guess is wrong (a digest whose items look like cards)
   */
  candidateProse = 0
  /** how many code elements (`<pre>`, `<code>`) the measuring walk is inside */
  private inCode = 0
  /** the items judged teasers whose link opens a paragraph of prose, as a digest's items credit their sources */
  private readonly teasers = new Set<Element>()
  /** each prose block's text, to the first block that holds it (`copiesEarlierProse`) */
  private firstWithText: Map<string, Element> | undefined
  /** the page's captions hold most of its prose: they are its text (`captionsCarryPage`) */
  captionsCarry = false
  /** every item judged a teaser by the shape of its run */
  private readonly teaserItems = new Set<Element>()

  /** Measures the page below `body` and scores every element. */
  constructor(
    body: Element,
    private readonly tuning: Tuning = DEFAULT_TUNING,
  ) {
    const total = this.measure(body)
    this.captionsCarry = captionsCarryPage(body, this.measures, total.prose)
    // A furniture name on an element that holds most of the page's prose is a wrapper misnamed ("page-ad-margins"), on a link mid-sentence a word's style.
    for (const el of this.named) {
      const m = this.measures.get(el)!
      const misnamed =
        (isQuote(m) && !signedOutsideQuotes(el)) ||
        flowsInText(el) ||
        // a weak name only ("dateline"): a photo's credit so set ("© stock.adobe.com") is named as one
        (m.hint === -1 && opensText(el) && !hidesText(el)) ||
        this.holdsTheRest(el, m) ||
        wrapsNamedBody(el, m, this.measures) ||
        wrapsMain(el, m, this.measures) ||
        isTextStyled(el, this.measures) ||
        (this.captionsCarry && isNamedCaption(el))
      // Unless an article of its own comes before it: a thread named as such outweighs a short post.
      const most = m.prose > total.prose * (m.hint < -1 ? 0.8 : 0.4) && !(m.hint < -1 && this.proseBefore(el, body) >= THREAD_AFTER_PROSE)
      if ((!most && !misnamed) || this.copiesEarlierProse(el)) this.furniture.add(el)
    }
    for (const el of adBoxes(body)) this.furniture.add(el)
    for (const el of authorBoxes(body)) this.furniture.add(el)
    for (const el of captionBoxes(body, this.measures, total.prose)) this.furniture.add(el)
    for (const el of feedLists(body, this.measures)) if (this.proseBefore(el, body) >= THREAD_AFTER_PROSE) this.furniture.add(el)
    this.findTeasers(total.prose, body)
    const isCard = (el: Element) => {
      const m = this.measures.get(el)!
      return (m.lead === 1 || this.headlineIsLink(el)) && m.link >= TEASER_LINK
    }
    for (const el of scatteredCards(this.measures, isCard, total.prose * this.tuning.teaserShare)) this.furniture.add(el)
    this.findThreads(body)
    for (const el of excerptRuns(this.measures, total.prose * this.tuning.teaserShare)) this.furniture.add(el)
    this.score(body, false)
  }

  /**
   * Whether `el` opens with a paragraph the page has already printed: a copy of the story (a layer
   * for printing, named so), not the rest of it nor a misnamed wrapper, though it holds as much prose.
   */
  private copiesEarlierProse(el: Element): boolean {
    let first: Element | undefined
    for (const inner of el.querySelectorAll("*"))
      if (this.ownProse.has(inner)) {
        first = inner
        break
      }
    if (first === undefined || this.ownProse.get(first)! < COPIED_PARAGRAPH) return false
    if (this.firstWithText === undefined) {
      // read once, when a box is first asked about: a page names few boxes that hold so much prose
      this.firstWithText = new Map()
      for (const block of this.blocks) {
        if (!this.ownProse.has(block)) continue
        const text = textOf(block)
        if (!this.firstWithText.has(text)) this.firstWithText.set(text, block)
      }
    }
    // blocks come each after those nested in it: the first with this text, outside `el`, is before it
    const earliest = this.firstWithText.get(textOf(first))
    return earliest !== undefined && !el.contains(earliest)
  }

  /**
   * A box whose name only may mean furniture ("read-more", "banner") that holds paragraphs of plain
   * prose, a good part of what its parent holds: the rest of a story that the template collapses
   * behind a "Read more" link, not a box beside the story.
   */
  private holdsTheRest(el: Element, m: Measure): boolean {
    const parent = el.parentElement
    const p = parent === null ? undefined : this.measures.get(parent)
    if (m.hint !== -1 || p === undefined || !isPlainProse(m) || m.prose * 3 < p.prose) return false
    let paragraphs = 0
    for (const inner of el.querySelectorAll("*")) if (this.ownProse.has(inner) && ++paragraphs >= 2) return true
    return false
  }

  /**
   * Teasers: runs of three or more alike siblings (same tag and first class, numbers aside) that
   * each open with a link, such as "more stories" lists and cards. Their summaries read like
   * prose, so neither link density nor length gives them away; their repetition does. A module's
   * cards may add a class naming their kind ("sub-block faq", "sub-block hot"): the first says
   * which template they are.
   */
  private findTeasers(pageProse: number, body: Element): void {
    const runs: { shape: string; teasers: Element[]; prose: number; told: boolean }[] = []
    const inRun = new Set<Element>()
    // First the children as they are; then, for the rest, what their wrappers hold: cards of one
    // template are alike though some come wrapped in a <div> of their own.
    // a run needs three children: most elements have fewer, and are passed over before any shape is read
    const parents = Array.from(this.measures.keys()).filter(hasThreeChildren)
    for (const unwrap of [false, true])
      for (const parent of parents) {
        // a run needs three teasers: a parent without three children that could be one is passed over before any shape is read
        if (!holdsThreeLinked(parent, this.measures, inRun)) continue
        const groups = new Map<string, Element[]>()
        for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling) {
          // an empty child (a spacer cell between cards, a float's clearing box) neither is a card nor breaks a run
          if (inRun.has(child) || this.measures.get(child)?.text === 0) continue
          const core = unwrap ? unwrapped(child) : child
          // an inline element mid-sentence (a link wrapped in a <span>) is a word of the text, never a card
          if (SKIP_IN_RUNS.has(tagOf(child)) || SKIP_IN_RUNS.has(tagOf(core)) || flowsInText(child)) continue
          const key = `${tagOf(core)}.${firstClass(core)}`.replace(/\d+/g, "")
          const group = groups.get(key)
          if (group) group.push(child)
          else groups.set(key, [child])
        }
        for (const group of groups.values()) {
          if (group.length < 3 || (unwrap && group.every((el) => unwrapped(el) === el))) continue
          const teasers = group.filter((el) => {
            const m = this.measures.get(el)!
            return (m.lead === 1 || this.headlineIsLink(el)) && m.text < TEASER_TEXT && m.link >= TEASER_LINK
          })
          if (teasers.length < 3 || teasers.length * 3 < group.length * 2) continue
          for (const el of teasers) inRun.add(el)
          runs.push({
            shape: itemShapeOf(unwrap ? unwrapped(teasers[0]!) : teasers[0]!),
            teasers,
            // items that go on after their link in sentences of their own are a digest's, not cards
            told: teasers.filter((el) => this.tellsAfterLink(el)).length * 3 >= teasers.length * 2,
            prose: teasers.reduce((sum, el) => sum + this.measures.get(el)!.prose, 0),
          })
        }
      }
    // Items that hold most of the page's prose are the page (a digest, a list of answers), not
    // teasers beside it; so are items of one shape that fill the page's one main landmark in
    // several runs (a digest in sections). A single run inside it is judged against the page.
    const main = this.soleMain()
    const sections = new Map<string, { runs: number; prose: number }>()
    if (main !== undefined)
      for (const run of runs) {
        if (!main.contains(run.teasers[0]!)) continue
        const section = sections.get(run.shape) ?? { runs: 0, prose: 0 }
        section.runs++
        section.prose += run.prose
        sections.set(run.shape, section)
      }
    const fillsMain = (run: { shape: string }): boolean => {
      const section = sections.get(run.shape)
      return section !== undefined && section.runs >= 2 && section.prose > this.measures.get(main!)!.prose * this.tuning.teaserShare
    }
    // Runs of one shape in sibling sections (their parents share a parent) are weighed together
    // against the page: each section of a digest holds a part of it, together most of it. Teaser
    // modules in different places of a page (a sidebar, a footer, two columns) do not add up.
    const keyOf = (run: { shape: string; teasers: Element[] }) => run.teasers[0]!.parentElement?.parentElement ?? undefined
    const grandparents = new Map<Element, Map<string, { runs: number; prose: number }>>()
    for (const run of runs) {
      const grandparent = keyOf(run)
      if (grandparent === undefined || grandparent === body) continue
      const shapes = grandparents.get(grandparent) ?? new Map<string, { runs: number; prose: number }>()
      const shape = shapes.get(run.shape) ?? { runs: 0, prose: 0 }
      shape.runs++
      shape.prose += run.prose
      shapes.set(run.shape, shape)
      grandparents.set(grandparent, shapes)
    }
    const inSections = (run: { shape: string; teasers: Element[] }): boolean => {
      const grandparent = keyOf(run)
      const shape = grandparent === undefined ? undefined : grandparents.get(grandparent)?.get(run.shape)
      return shape !== undefined && shape.runs >= 2 && shape.prose > pageProse * this.tuning.teaserShare
    }
    for (const run of runs) {
      if (run.told || run.prose > pageProse * this.tuning.teaserShare || fillsMain(run) || inSections(run)) continue
      for (const el of run.teasers) {
        this.furniture.add(el)
        this.teaserItems.add(el)
        if (this.linkOpensParagraph(el)) this.teasers.add(el)
      }
    }
  }

  /**
   * Comments: runs of three or more alike siblings (same tag and first class) that each say who
   * wrote them and when before what they say (a short dated line or a <time> before the first
   * prose) or as their last line, with no headings, after a body of prose that is not theirs. Their prose reads like
   * the article's and often outweighs it, so only their shape gives them away once class names
   * do not. A thread with little prose before it is the page (a forum thread), and is kept, and
   * so are dated items with headings (the entries of a live blog, the items of a digest).
   */
  private findThreads(body: Element): void {
    for (const parent of this.measures.keys()) {
      const groups = new Map<string, Element[]>()
      for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling) {
        const tag = tagOf(child)
        if (tag === "p" || tag === "br" || tag === "a" || HEADING_TAGS.has(tag) || this.measures.get(child)!.prose === 0) continue
        const key = `${tag}.${firstClass(child)}`
        const group = groups.get(key)
        if (group) group.push(child)
        else groups.set(key, [child])
      }
      for (const group of groups.values()) {
        if (group.length < 3) continue
        const posts = group.filter(
          (el) =>
            this.measures.get(el)!.text < 5000 &&
            el.querySelector("h1, h2, h3, h4, h5, h6") === null &&
            !titledBefore(el) &&
            (this.isSigned(el) || this.isSignedAfter(el)),
        )
        if (posts.length < 3 || posts.length * 3 < group.length * 2) continue
        if (this.proseBefore(posts[0]!, body) < THREAD_AFTER_PROSE) continue
        for (const el of posts) this.furniture.add(el)
      }
    }
  }

  /** Whether a post says when it was written before its first prose: a <time>, or a short block holding a date or a time of day. */
  private isSigned(post: Element): boolean {
    const pending: Element[] = [post]
    for (let seen = 0; pending.length > 0 && seen < 60; seen++) {
      const el = pending.pop()!
      if (tagOf(el) === "time") return true
      if (this.ownProse.has(el)) return this.own.has(el) && (this.measures.get(el)?.text ?? 0) <= 100 && isDatedSignature(textOf(el))
      const m = this.measures.get(el)
      if (
        el !== post &&
        m !== undefined &&
        m.text > 0 &&
        m.text <= 100 &&
        !HEADING_TAGS.has(tagOf(el)) &&
        this.own.has(el) &&
        DATED.test(textOf(el))
      )
        return true
      for (let child = el.lastElementChild; child !== null; child = child.previousElementSibling) pending.push(child)
    }
    return false
  }

  /**
   * Whether a post says who wrote it and when after what it says, as older blog engines sign
   * comments ("posted on Wednesday, October 24, 2012 at 7:26 PM by Darren"): its last block with
   * text is a short one holding a date or a time of day, after some prose of the post's own.
   */
  private isSignedAfter(post: Element): boolean {
    const m = this.measures.get(post)
    if (m === undefined || m.prose === 0) return false
    for (let el = post.lastElementChild; el !== null;) {
      const last = this.measures.get(el)
      if (last === undefined || last.text === 0) {
        el = el.previousElementSibling
        continue
      }
      if (last.text > 100 || HEADING_TAGS.has(tagOf(el))) return false
      return last.prose < m.prose && DATED.test(textOf(el))
    }
    return false
  }

  /** The prose that comes before `el` in the page, outside what is furniture by tag, role or name. */
  private proseBefore(el: Element, body: Element): number {
    let sum = 0
    for (let node: Element | null = el; node !== null && node !== body; node = node.parentElement)
      for (let sibling = node.previousElementSibling; sibling !== null; sibling = sibling.previousElementSibling) {
        const m = this.measures.get(sibling)
        if (m === undefined || this.furniture.has(sibling) || m.hint < -1 || FURNITURE_TAGS.has(tagOf(sibling))) continue
        sum += m.prose
      }
    return sum
  }

  /** The page's main landmark when it has exactly one (`<main>` or role=main). */
  private soleMain(): Element | undefined {
    let found: Element | undefined
    for (const el of this.measures.keys()) {
      if (tagOf(el) !== "main" && el.getAttribute("role") !== "main") continue
      if (found === undefined || el.contains(found)) found = el
      else if (!found.contains(el)) return undefined
    }
    return found
  }

  /**
   * Whether the item's first link opens a paragraph that goes on in prose ("[Acme](…) said on
   * Monday that…"), as a digest's items credit their sources, rather than being a headline.
   */
  private linkOpensParagraph(item: Element): boolean {
    const link = item.querySelector("a[href]")
    const block = link?.parentElement
    if (link === null || block === null || block === undefined || tagOf(block) !== "p") return false
    const prose = this.ownProse.get(block) ?? 0
    return prose > 0 && (this.measures.get(link)?.text ?? 0) < prose * 0.5
  }

  /**
   * Whether the item's first link opens a block of prose whose sentence flows on from it, in text of
   * the link's own element, for at least twice the link's text ("<a>Apple ships the new thing</a>
   * (The Verge): two sentences of summary…"), as a digest's or a newsletter's items credit what
   * they sum up. A teaser card's link is its headline: a block of its own (a heading, a link over
   * an image), or followed by a date or a standfirst set in an element of its own
   * ("<li><a>Headline</a><span>WASHINGTON: The…</span></li>"), or by a line shorter than twice it.
   */
  private tellsAfterLink(item: Element): boolean {
    // the first link with words: an avatar or a thumbnail links before the name
    let link: Element | null = null
    for (const a of item.querySelectorAll("a[href]"))
      if ((this.measures.get(a)?.text ?? 0) > 0) {
        link = a
        break
      }
    if (link === null) return false
    let block = link.parentElement
    while (block !== null && block !== item && !BLOCK_TAGS.has(tagOf(block))) block = block.parentElement
    if (block === null || HEADING_TAGS.has(tagOf(block)) || !this.ownProse.has(block)) return false
    const l = this.measures.get(link)
    if (l === undefined || this.measures.get(block)?.lead !== 1) return false
    // the words that flow on from the link, not a standfirst set in an element of its own beside it
    let after = 0
    for (let node: Element = link; node !== block && node.parentElement !== null; node = node.parentElement)
      for (let next = node.nextSibling; next !== null; next = next.nextSibling)
        if (next.nodeType === TEXT_NODE) after += visibleLength((next as Text).data)
    // an excerpt cut short ("…") is a teaser's or a widget's (recent comments)
    return after >= l.text * TOLD_AFTER_LINK && !CUT_SHORT.test(textOf(block))
  }

  /**
   * A card whose headline is a link to another page, though a kicker or a date may come before it,
   * outside the heading or inside it ("<h4><strong>Editorial</strong> <a>Fraser's legacy</a></h4>").
   */
  private headlineIsLink(el: Element): boolean {
    const heading = el.querySelector("h1, h2, h3, h4, h5, h6")
    if (heading === null) return false
    const m = this.measures.get(heading)
    if (m === undefined || m.text === 0) return false
    // a post's title linked to its own place on the page (a forum's "#p123") leads nowhere else
    let linked = 0
    for (const a of heading.querySelectorAll("a[href]")) if (!isInPageLink(a)) linked += this.measures.get(a)?.text ?? 0
    return linked >= m.text * 0.5
  }

  private measure(el: Element, outer: Block | null = null, inLink = false, told = false, inAnchor = false): Measure {
    const tag = tagOf(el)
    const role = el.getAttribute("role")
    const hint = hintOf(el)
    if (hint < 0) this.named.add(el)
    if ((role !== null && FURNITURE_ROLES.has(role)) || el.getAttribute("aria-hidden") === "true" || FURNITURE_LANDMARKS.has(tag))
      this.furniture.add(el)
    const own: Block | null = BLOCK_TAGS.has(tag) || outer === null ? { tag, text: 0, link: 0, punct: 0, code: 0 } : null
    const block = own ?? outer!
    // inside a list of changes or credits, a link is the item's words (see `isToldList`)
    // an `<a onclick>` without an address is a link all the same: ad networks and old sites opened theirs by script
    const linked = !told && (inLink || (tag === "a" && (el.hasAttribute("href") || el.hasAttribute("onclick"))))
    const toldLists = told || holdsToldLists(el)
    // a link to a place on this page (a "skip to the story" link, a footnote's mark) does not make a teaser's headline
    const anchor = inAnchor || (linked && isInPageLink(el))
    const m: Measure = { text: 0, link: 0, score: 0, open: 0, prose: 0, hint, aside: false, lead: 0, quoted: 0 }
    for (let child = el.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) {
        const data = (child as Text).data
        const length = visibleLength(data)
        if (length === 0) continue
        m.text += length
        if (m.lead === 0) m.lead = linked && !anchor ? 1 : 2
        block.text += length
        if (linked) {
          m.link += length
          block.link += length
        }
        if (this.inCode === 0 && readsAsCode(data, length)) block.code += length
        else block.punct += data.match(PUNCTUATION)?.length ?? 0
      } else if (isElement(child)) {
        const code = CODE_TAGS.has(tagOf(child))
        if (code) this.inCode++
        const c = this.measure(child, block, linked, toldLists && (told || LISTS.has(tagOf(child))), anchor)
        if (code) this.inCode--
        if (m.lead === 0) m.lead = c.lead
        m.text += c.text
        m.link += c.link
        m.prose += c.prose
        m.quoted += c.quoted
      }
    }
    if (own !== null) {
      if (own.text > 0) this.blocks.push(el)
      const valued = HEADING_TAGS.has(tag) && isProseHeading(el, own.text) ? { ...own, tag: "p" } : own
      this.own.set(el, blockValue(valued))
      if (isProse(valued)) {
        m.prose += own.text
        this.ownProse.set(el, own.text)
      }
    }
    if (tag === "blockquote") m.quoted = m.prose
    this.measures.set(el, m)
    return m
  }

  private score(el: Element, aside: boolean, hidden = false): number {
    const m = this.measures.get(el)!
    const furniture = this.furniture.has(el)
    m.aside = aside
    if (!aside && !furniture) this.openProse += this.ownProse.get(el) ?? 0
    const held = hidden || (furniture && !this.teasers.has(el))
    if (!held) this.candidateProse += this.ownProse.get(el) ?? 0
    let score = this.own.get(el) ?? 0
    let open = score
    for (let child = el.firstChild; child !== null; child = child.nextSibling) {
      if (!isElement(child)) continue
      score += this.score(child, aside || furniture, held)
      if (!this.furniture.has(child)) open += this.measures.get(child)!.open
    }
    m.open = open
    if (furniture) score = Math.min(score, 0) - m.text * 0.5
    else if (m.hint > 0 && score > 0) score *= NAMED_CONTENT_BOOST
    m.score = score
    return score
  }

  /** The characters of `el`'s own text (outside the blocks nested in it) when it reads as prose. */
  ownProseOf(el: Element): number {
    return this.ownProse.get(el) ?? 0
  }

  /** The characters of prose still inside `root` (once pruned). */
  proseIn(root: Element): number {
    let sum = 0
    for (const el of this.blocks) if (root.contains(el)) sum += this.ownProse.get(el) ?? 0
    return sum
  }

  isFurniture(el: Element): boolean {
    return this.furniture.has(el)
  }

  /** Whether `el` is furniture only as an item of a run of teasers. */
  isTeaser(el: Element): boolean {
    return this.teaserItems.has(el)
  }

  /**
   * An article spread over several blocks (parts of a story split by ads, the items of a digest):
   * from the best element up a few levels, the siblings that read like it (same tag and class,
   * or prose that scores well against it) join it. Their parent becomes the root, with what lies
   * between them taken out, except a heading that opens a part. Without such siblings, `best`.
   * Nothing before the page's `headline` is a part (`title-anchor.ts`).
   */
  gather(best: Element, body: Element, tuning: Tuning, headline?: Element): Element {
    let level = best
    const reference = this.measures.get(best)!.open
    for (let depth = 0; depth <= tuning.gatherLevels && level !== body;) {
      const parent = level.parentElement
      if (parent === null) break
      const m = this.measures.get(level)!
      const shape = shapeOf(level)
      const kept = new Set<Element>([level])
      let gained = 0
      // a wrapper around `level` alone is not a level: templates nest a part in one to three of them
      let siblings = false
      // past the page's footer, a pop-up or a tooltip's balloon: no part of the story
      const footer = pageFooterIn(parent, this.measures)
      const end = footer?.nextElementSibling ?? null
      for (let child = parent.firstElementChild; child !== null && child !== end; child = child.nextElementSibling) {
        if (child === level || this.furniture.has(child) || isSideColumn(child) || isBeforeHeadline(child, level, headline)) continue
        const c = this.measures.get(child)
        if (c === undefined || c.prose === 0) continue
        siblings = true
        // A part is judged as it will be once pruned, against the best part as it will be once
        // pruned: a gallery or teasers inside either do not count, whether or not the part's class
        // is the best part's (templates name each block). Against `level` whole, whose score the
        // link lists and furniture it holds may make negative, any sibling at all would pass.
        // A bare tag says little: only a part of the same tag and class is judged as alike.
        const alike = shapeOf(child) === shape && child.hasAttribute("class")
        const value = c.open
        if (value <= 0) continue
        const threshold = alike ? tuning.alikeShare : tuning.siblingShare
        if (value >= reference * threshold || (isPlainProse(c) && !isColumnOfLines(child, this))) {
          kept.add(child)
          gained += c.prose
        }
      }
      // too little to gather, unless it is the story's lead, which then joins alone (`lead.ts`)
      const lead = gained > 0 && gained < m.prose * tuning.minGain ? leadBefore(level, kept, this.measures, isPlainProse) : undefined
      if (lead !== undefined) for (const part of kept) if (part !== level && part !== lead) kept.delete(part)
      if (lead !== undefined || (gained > 0 && gained >= m.prose * tuning.minGain)) {
        const children = childrenOf(parent)
        const first = children.findIndex((child) => kept.has(child as Element))
        const last = children.findLastIndex((child) => kept.has(child as Element))
        const announced = announcedLines(parent)
        children.forEach((child, i) => {
          if (!isElement(child) || kept.has(child)) return
          const next = child.nextElementSibling
          if (HEADING_TAGS.has(tagOf(child)) && next !== null && kept.has(next)) return
          // an editor's subheading set as a bold line ("<p><strong>Right-wing resistance</strong></p>") opens the part after it
          if (i > first && next !== null && kept.has(next) && isSubheadLine(child, this.measures.get(child))) return
          // a figure between two parts illustrates the story; a list the story announces ("Other deals:") is its own
          if ((tagOf(child) === "figure" && i > first && i < last) || (i > first && (isAnnouncedListOrLead(child) || announced.has(child))))
            return
          if (i > first && i < last && isProseBetween(child, this.measures.get(child), this.furniture.has(child))) return
          child.remove()
        })
        return parent
      }
      if (siblings) depth++
      level = parent
    }
    return best
  }

  /**
   * The best-scoring element: deeper elements win ties, so a wrapper adds nothing by itself.
   * A page with no prose at all (a short note, a list of links) is its own content.
   */
  best(fallback: Element): Element {
    let best = fallback
    let bestScore = 0
    for (const [el, m] of this.measures) {
      if (m.score > bestScore && !m.aside) {
        best = el
        bestScore = m.score
      }
    }
    return best
  }
}

export interface Article {
  readonly title: string
  readonly root: Element
  /** the share of the page's prose outside furniture that the root holds: low when the page's text lies elsewhere */
  readonly coverage: number
  /** characters of prose on the page, outside furniture: what coverage is measured on */
  readonly pageProse: number
  /** the page's visible characters once stripped of scripts, styles and hidden elements */
  readonly pageText: number
  /** the root lies in what we judge furniture (an aside, a box named as a widget): read there for want of better */
  readonly inFurniture: boolean
}

const inFurniture = (root: Element, body: Element, page: PageMeasure): boolean => {
  const whole = page.measures.get(body)?.text ?? 0
  for (let el: Element | null = root; el !== null && el !== body; el = el.parentElement)
    if (page.isFurniture(el) || (FURNITURE_TAGS.has(tagOf(el)) && !wrapsPage(el, whole, page))) return true
  return false
}

/**
 * A furniture tag that holds most of the page's text is its wrapper, not a box beside the story:
 * ASP.NET wraps every page in one `<form>`, some templates the whole page in a `<header>`.
 */
const wrapsPage = (el: Element, whole: number, page: PageMeasure): boolean => (page.measures.get(el)?.text ?? 0) * 2 >= whole

/** The content of the first `<meta>` whose `attribute` is `name`. */
const metaContent = (document: Document, attribute: string, name: string): string | undefined => {
  const value = parsedElements(document, "meta")
    .find((meta) => meta.getAttribute(attribute) === name)
    ?.getAttribute("content")
    ?.trim()
  return value ? value : undefined
}

/** Finds the main content of a parsed page; the page is changed in place (boilerplate removed). */
export const findArticle = (document: Document, tuning: Tuning = DEFAULT_TUNING): Article => {
  const title =
    metaContent(document, "property", "og:title") ??
    metaContent(document, "name", "twitter:title") ??
    textOf(parsedElements(document, "title")[0] ?? document.createElement("title"))
  const body = document.body ?? document.documentElement
  strip(body, styleHidden(document))
  unwrapProseLinks(body)
  const page = new PageMeasure(body, tuning)
  const chosen = anchorToTitle(page.best(body), body, title, page)
  const best = narrowToColumn(narrowToCore(narrowPastLines(narrowToCore(chosen.best, page.measures), page), page.measures), page.measures)
  const root = page.gather(best, chosen.within, tuning, chosen.headline)
  cutAfterFooter(root, page.measures)
  // the readers' prose cut: not prose our reading missed
  let readers = cutCommentAnchor(root, page)
  cutReplies(root, page)
  readers += cutCommentHeadingEarly(root, page)
  // the article's subheadings not set as headings are kept as the repeated parts of its items are
  prune(root, page, page.measures.get(root)!, findSubheads(root, page), best)
  cutRelatedLinks(root, page)
  cutRelatedLines(root, page)
  cutLooseDatelines(root, page)
  cutEdgePromos(root, page)
  cutPromoBoxes(root, page)
  cutTailCallout(root, page)
  cutTailLegal(root, page)
  cutTagLines(root, page)
  cutPhotoCredits(root, page)
  readers += cutCommentSection(root, page)
  cutEdgeLinkLines(root, page)
  cutTailAnnotatedLinks(root, page)
  cutBreadcrumb(root, page)
  cutMoreLinks(root)
  cutBackLinks(root)
  cutPager(root, page)
  cutNeighbourLinks(root)
  cutTailStamp(root, page)
  cutTailTools(root)
  cutTailContact(root, page)
  cutLastLegalLine(root, page)
  cutLastSourceLine(root, page)
  cutTailLabels(root)
  cutTailHeadings(root)
  // measured before the standfirst joins: the second opinion weighs what the body held
  const prose = page.candidateProse - readers
  const coverage = prose > 0 ? Math.min(1, page.proseIn(root) / prose) : 1
  const read = withStandfirst(root, body, title, page)
  dropTitleHeading(read, title)
  return {
    title,
    root: read,
    coverage,
    pageProse: page.candidateProse,
    pageText: page.measures.get(body)!.text,
    inFurniture: inFurniture(root, body, page),
  }
}
