/**
 * A paragraph that is one link to another site, set among the article's paragraphs and headings:
 * the page the article points its reader to ("…some cool tools for performance analysis: <p><a>
 * http://muegge.com/blog/?p=172</a></p>", an event's name linked to its site above the paragraph
 * about it, the sources under a post's subheadings). All link, it read as boilerplate and was cut;
 * Readability keeps it. A paragraph linking to the site's own pages there is a promotion of its
 * other stories or its app ("CLICK HERE TO GET THE APP"), and a run of such paragraphs is a list of
 * links: both are still cut.
 */
import { tagOf, textOf } from "./dom.ts"
import { parsedElements } from "./parse.ts"

/**
 * A rough site, not `schemas/sites.ts`'s: that one carries the Public Suffix List (tldts, 138 KB),
 * which the web worker's size budget cannot take for a guess at which links are the page's own.
 * The part of a host name that names the site: "video.example.com" and "www.example.com" are one site, as are "a.example.co.uk" and "example.co.uk". */
export const siteOf = (host: string): string => {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".")
  // a country's second-level domain (co.uk, com.au, ne.jp) takes one label more
  const keep = labels.length >= 3 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3 ? 3 : 2
  return labels.slice(-keep).join(".")
}

const hostOf = (href: string): string | undefined => {
  if (!/^https?:\/\//i.test(href)) return undefined
  try {
    return new URL(href).hostname || undefined
  } catch {
    return undefined
  }
}

/** a site must be named by this many absolute links before it is taken for the page's own */
const OWN_SITE_LINKS = 5

/** The page's own site: its og:url's, or else the site most of its absolute links point to. */
const ownSite = (document: Document): string | undefined => {
  const declared = parsedElements(document, "meta")
    .find((meta) => meta.getAttribute("property") === "og:url")
    ?.getAttribute("content")
  const host = declared === null || declared === undefined ? undefined : hostOf(declared.trim())
  if (host !== undefined) return siteOf(host)
  const counts = new Map<string, number>()
  for (const a of document.querySelectorAll("a[href]")) {
    const linked = hostOf(a.getAttribute("href") ?? "")
    if (linked !== undefined) counts.set(siteOf(linked), (counts.get(siteOf(linked)) ?? 0) + 1)
  }
  let best: string | undefined
  let most = OWN_SITE_LINKS - 1
  for (const [site, n] of counts)
    if (n > most) {
      best = site
      most = n
    }
  return best
}

/** each page's own site, found once: read only when a paragraph of one link is met */
const sites = new WeakMap<Document, string | undefined>()

/** The paragraph's one link with words, if it holds one and no other. */
const onlyLink = (p: Element): Element | undefined => {
  let found: Element | undefined
  for (const a of p.querySelectorAll("a[href]")) {
    if (textOf(a) === "") continue
    if (found !== undefined) return undefined
    found = a
  }
  return found
}

/** what the scoring pass measured of an element: its visible characters, those in links, those of prose */
type Measures = ReadonlyMap<Element, { readonly text: number; readonly link: number; readonly prose: number }>

/** A paragraph whose whole text is links. */
const isLinkParagraph = (el: Element | null, measures: Measures): boolean => {
  const m = el === null || tagOf(el) !== "p" ? undefined : measures.get(el)
  return m !== undefined && m.text > 0 && m.link === m.text
}

/** the blocks of text an article sets a cited link between */
const TEXT_BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6"])
const isTextBlock = (el: Element | null): boolean => el !== null && TEXT_BLOCKS.has(tagOf(el))

/**
 * Whether `p` is a paragraph that is one link to another site among the article's paragraphs:
 * between two paragraphs or headings, neither of them a link alone (a list of links set as
 * paragraphs), in a parent that holds another paragraph of prose. A page the article cites, not a
 * link list or a promotion.
 */
const isCitedLink = (p: Element, measures: Measures): boolean => {
  if (!isLinkParagraph(p, measures)) return false
  const prev = p.previousElementSibling
  const next = p.nextElementSibling
  if (!isTextBlock(prev) || !isTextBlock(next) || isLinkParagraph(prev, measures) || isLinkParagraph(next, measures)) return false
  const link = onlyLink(p)
  if (link === undefined) return false
  let prose = false
  for (let sibling = p.parentElement?.firstElementChild ?? null; sibling !== null && !prose; sibling = sibling.nextElementSibling)
    prose = sibling !== p && tagOf(sibling) === "p" && (measures.get(sibling)?.prose ?? 0) > 0
  if (!prose) return false
  const host = hostOf(link.getAttribute("href") ?? "")
  if (host === undefined) return false
  const document = p.ownerDocument
  if (!sites.has(document)) sites.set(document, ownSite(document))
  const own = sites.get(document)
  return own !== undefined && siteOf(host) !== own
}

/** The children of `parent` that are cited links (`isCitedLink`), found before any of them is cut. */
export const citedLinksAmong = (parent: Element, measures: Measures): ReadonlySet<Element> => {
  let found: Set<Element> | undefined
  for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling)
    if (isCitedLink(child, measures)) (found ??= new Set()).add(child)
  return found ?? NONE
}

const NONE: ReadonlySet<Element> = new Set()
