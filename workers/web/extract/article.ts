/**
 * Finds a page's main content. Every run of text is a block (a paragraph, a list item, a cell),
 * valued by how much it looks like prose: long, punctuated, few links. Boilerplate (menus, link
 * lists, share bars, captions of teasers, dates) values negative. An element's score is the sum
 * of the values of the blocks inside it, so the best-scoring element is the one that takes in
 * the most prose while leaving out the most boilerplate; class and id names nudge the values.
 * Inside that element, the parts that value negative are then cut away.
 */
import { BLOCK_TAGS, DROP_TAGS, HEADING_TAGS, TEXT_NODE, childrenOf, isElement, tagOf, textOf, visibleLength } from "./dom.ts"

interface Block {
  readonly tag: string
  text: number
  link: number
  punct: number
}

/** What the scoring pass learns about an element. */
export interface Measure {
  /** visible characters */
  text: number
  /** visible characters inside links */
  link: number
  /** the sum of its blocks' values, nudged by class and id hints */
  score: number
  /** characters in blocks that read as prose */
  prose: number
  hint: number
  /** inside an element that reads as furniture (comments, dialogs, sidebars): never the main content */
  aside: boolean
  /** whether the element's first text is a link (0: no text yet, 1: linked, 2: not) */
  lead: 0 | 1 | 2
}

/** Names that mark page furniture whatever the element holds. */
const FURNITURE_NAME =
  /comment|disqus|respond|sidebar|related|recommend|newsletter|subscri|social|sharing|share|promo|sponsor|advert|cookie|consent|popup|modal|breadcrumb|paginat|pager|footer|masthead|navbar|navigation|menu|widget|trending|popular|outbrain|taboola|signup|sign-up|login|author-?bio|skip-?link|toolbar|overlay|read-?more|more-?stories|jump-?to|tooltip|gallery|slideshow|carousel|lightbox|caption|credit|tag-?list|taglist/
/** Names that usually mark furniture but also turn up on wrappers of the whole page ("page-ad-margins"). */
const WEAK_FURNITURE_NAME =
  /banner|byline|dateline|timestamp|hidden|offscreen|sr-only|visually-?hidden|\bads?\b|\bad-|-ad\b|\bnav\b|\btags\b|\bmeta\b|\brail\b|\bhide\b|\bprint\b/
const POSITIVE_HINT =
  /article-?body|articlebody|article-?content|article-?text|entry-?content|entry-?body|post-?content|post-?body|post-?text|story-?body|storybody|story-?content|story-?text|main-?content|body-?text|content-?body|rich-?text|richtext|prose|markdown-body|article__body|text-?body|\barticle\b|\bcontent\b/
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i
const PUNCTUATION = /[.,;:!?。，、；：！？]/g

/** Roles and tags that are page furniture whatever their text. */
const FURNITURE_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "menu",
  "menubar",
  "dialog",
  "alert",
  "search",
  "tablist",
])
const FURNITURE_TAGS = new Set(["nav", "aside", "footer", "form", "header", "menu", "figcaption"])

const hintOf = (el: Element): number => {
  const tag = tagOf(el)
  if (tag === "article" || tag === "main" || el.getAttribute("itemprop") === "articleBody" || el.getAttribute("role") === "main") return 1
  const names = `${el.getAttribute("id") ?? ""} ${el.getAttribute("class") ?? ""}`.toLowerCase()
  if (names.length < 2) return 0
  if (POSITIVE_HINT.test(names)) return 1
  if (FURNITURE_NAME.test(names)) return -2
  if (WEAK_FURNITURE_NAME.test(names)) return -1
  return 0
}

const isHidden = (el: Element): boolean => {
  if (el.hasAttribute("hidden")) return true
  const style = el.getAttribute("style")
  return style !== null && HIDDEN_STYLE.test(style)
}

/**
 * Drops what is never content: scripts, styles, embeds, form controls, hidden elements,
 * comments. A walk with its own stack, since hostile pages nest elements thousands deep.
 */
export const strip = (root: Node): void => {
  const pending: Node[] = [root]
  while (pending.length > 0) {
    const node = pending.pop()!
    for (let child = node.firstChild; child !== null;) {
      const next = child.nextSibling
      if (isElement(child)) {
        if (DROP_TAGS.has(tagOf(child)) || isHidden(child)) child.remove()
        else pending.push(child)
      } else if (child.nodeType !== TEXT_NODE) child.remove()
      child = next
    }
  }
}

const blockValue = (block: Block): number => {
  if (block.text === 0 || HEADING_TAGS.has(block.tag)) return 0
  const density = block.link / block.text
  if (density > 0.5) return -block.text
  if (block.text >= 80 || (block.text >= 25 && block.punct > 0)) return block.text * (1 - density) + block.punct * 5
  // A short cell or list item is data as often as it is furniture; a short line elsewhere is a byline, a date, a label.
  return SHORT_IS_DATA.has(block.tag) ? 0 : -block.text * 0.5
}

const SHORT_IS_DATA = new Set(["td", "th", "li", "dd", "dt", "tr"])

const isProse = (block: Block): boolean =>
  block.text > 0 &&
  !HEADING_TAGS.has(block.tag) &&
  block.link / block.text <= 0.5 &&
  (block.text >= 80 || (block.text >= 25 && block.punct > 0))

export class PageMeasure {
  readonly measures = new Map<Element, Measure>()
  /** the value of each block element's own text (the text not inside a nested block) */
  private readonly own = new Map<Element, number>()
  private readonly furniture = new Set<Element>()
  /** elements whose class or id names them as furniture */
  private readonly named = new Set<Element>()

  /** Measures the page below `body` and scores every element. */
  constructor(body: Element) {
    const total = this.measure(body)
    // A furniture name on an element that holds most of the page's prose is a wrapper misnamed ("page-ad-margins").
    for (const el of this.named) {
      const m = this.measures.get(el)!
      if (m.prose <= total.prose * (m.hint < -1 ? 0.8 : 0.4)) this.furniture.add(el)
    }
    this.findTeasers()
    this.score(body, false)
  }

  /**
   * Teasers: runs of three or more alike siblings (same tag and class) that each open with a
   * link, such as "more stories" lists and cards. Their summaries read like prose, so neither
   * link density nor length gives them away; their repetition does.
   */
  private findTeasers(): void {
    for (const parent of this.measures.keys()) {
      const groups = new Map<string, Element[]>()
      for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
        if (!isElement(child)) continue
        const tag = tagOf(child)
        if (tag === "p" || tag === "br" || tag === "a") continue
        const key = `${tag}.${child.getAttribute("class") ?? ""}`
        const group = groups.get(key)
        if (group) group.push(child)
        else groups.set(key, [child])
      }
      for (const group of groups.values()) {
        if (group.length < 3) continue
        const teasers = group.filter((el) => {
          const m = this.measures.get(el)!
          return m.lead === 1 && m.text < 800 && m.link >= 10
        })
        if (teasers.length >= 3 && teasers.length * 3 >= group.length * 2) for (const el of teasers) this.furniture.add(el)
      }
    }
  }

  private measure(el: Element, outer: Block | null = null, inLink = false): Measure {
    const tag = tagOf(el)
    const role = el.getAttribute("role")
    const hint = hintOf(el)
    if (hint < 0) this.named.add(el)
    if ((role !== null && FURNITURE_ROLES.has(role)) || el.getAttribute("aria-hidden") === "true") this.furniture.add(el)
    const own: Block | null = BLOCK_TAGS.has(tag) || outer === null ? { tag, text: 0, link: 0, punct: 0 } : null
    const block = own ?? outer!
    const linked = inLink || (tag === "a" && el.hasAttribute("href"))
    const m: Measure = { text: 0, link: 0, score: 0, prose: 0, hint, aside: false, lead: 0 }
    for (let child = el.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) {
        const data = (child as Text).data
        const length = visibleLength(data)
        if (length === 0) continue
        m.text += length
        if (m.lead === 0) m.lead = linked ? 1 : 2
        block.text += length
        if (linked) {
          m.link += length
          block.link += length
        }
        block.punct += data.match(PUNCTUATION)?.length ?? 0
      } else if (isElement(child)) {
        const c = this.measure(child, block, linked)
        if (m.lead === 0) m.lead = c.lead
        m.text += c.text
        m.link += c.link
        m.prose += c.prose
      }
    }
    if (own !== null) {
      this.own.set(el, blockValue(own))
      if (isProse(own)) m.prose += own.text
    }
    this.measures.set(el, m)
    return m
  }

  private score(el: Element, aside: boolean): number {
    const m = this.measures.get(el)!
    const furniture = this.furniture.has(el)
    m.aside = aside
    let score = this.own.get(el) ?? 0
    for (let child = el.firstChild; child !== null; child = child.nextSibling) {
      if (isElement(child)) score += this.score(child, aside || furniture)
    }
    if (furniture) score = Math.min(score, 0) - m.text * 0.5
    else if (m.hint > 0 && score > 0) score *= 1.25
    m.score = score
    return score
  }

  isFurniture(el: Element): boolean {
    return this.furniture.has(el)
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

/** Cuts the parts of the chosen element that read as boilerplate. */
const prune = (el: Element, page: PageMeasure, root: Measure): void => {
  for (const child of childrenOf(el)) {
    if (!isElement(child)) continue
    const m = page.measures.get(child)
    if (m === undefined) continue
    if (shouldCut(child, m, root, page.isFurniture(child))) {
      child.remove()
      continue
    }
    prune(child, page, root)
  }
}

const KEEP_EMPTY = new Set(["img", "picture", "br", "hr", "td", "th", "tr", "col", "colgroup", "wbr"])
const CONTAINER_TAGS = new Set(["div", "section", "ul", "ol", "dl", "table", "figure", "header", "center", "details", "blockquote"])

const shouldCut = (el: Element, m: Measure, root: Measure, furniture: boolean): boolean => {
  const tag = tagOf(el)
  if (m.text === 0) return !KEEP_EMPTY.has(tag) && el.querySelector("img") === null
  if (m.prose > root.prose * 0.5) return false
  const role = el.getAttribute("role")
  if (furniture || FURNITURE_TAGS.has(tag) || (role !== null && FURNITURE_ROLES.has(role))) return true
  // Inline text is judged with the block it flows in, not on its own.
  if (!BLOCK_TAGS.has(tag)) return false
  if (m.score >= 0 || m.prose >= 200) return false
  if (tag === "figure" && m.link / m.text <= 0.35) return false
  return m.link / m.text > 0.35 || CONTAINER_TAGS.has(tag)
}

export interface Article {
  readonly title: string
  readonly root: Element
}

const metaContent = (document: Document, selector: string): string | undefined => {
  const value = document.querySelector(selector)?.getAttribute("content")?.trim()
  return value ? value : undefined
}

/** Finds the main content of a parsed page; the page is changed in place (boilerplate removed). */
export const findArticle = (document: Document): Article => {
  const title =
    metaContent(document, 'meta[property="og:title"]') ??
    metaContent(document, 'meta[name="twitter:title"]') ??
    textOf(document.querySelector("title") ?? document.createElement("title"))
  const body = document.body ?? document.documentElement
  strip(body)
  const page = new PageMeasure(body)
  const root = page.best(body)
  prune(root, page, page.measures.get(root)!)
  dropTitleHeading(root, title)
  return { title, root }
}

/** The page title is given on its own, so a heading that repeats it is dropped from the body. */
const dropTitleHeading = (root: Element, title: string): void => {
  if (!title) return
  const wanted = normalizeTitle(title)
  for (const heading of Array.from(root.querySelectorAll("h1, h2")).slice(0, 3)) {
    const text = normalizeTitle(textOf(heading))
    // Titles often carry a " | Site" suffix the heading lacks, so a long enough prefix counts as the same.
    if (
      text.length > 0 &&
      (wanted === text || (text.length >= wanted.length * 0.6 && (wanted.startsWith(text) || text.startsWith(wanted))))
    ) {
      heading.remove()
      return
    }
  }
}

const normalizeTitle = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
