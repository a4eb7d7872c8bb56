/**
 * A paragraph that is one link to another site, set between the article's paragraphs: the page the
 * article points its reader to ("…some cool tools for performance analysis: <p><a>http://muegge.com/
 * blog/?p=172</a></p>", an event's name linked to its site above the paragraph about it). All link,
 * it read as boilerplate and was cut; Readability keeps it. A paragraph linking to the site's own
 * pages there is a promotion of its other stories or its app ("CLICK HERE TO GET THE APP"), and
 * is still cut.
 */
import { tagOf, textOf } from "./dom.ts"
import { parsedElements } from "./parse.ts"

/** The part of a host name that names the site: "video.example.com" and "www.example.com" are one site, as are "a.example.co.uk" and "example.co.uk". */
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

/**
 * Whether `p` is a paragraph that is one link to another site, between two paragraphs of which one
 * at least is prose (`isProse`): a page the article cites, not a link list or a promotion.
 */
export const isCitedLink = (p: Element, isProse: (el: Element) => boolean): boolean => {
  if (tagOf(p) !== "p") return false
  const prev = p.previousElementSibling
  const next = p.nextElementSibling
  if (prev === null || next === null || tagOf(prev) !== "p" || tagOf(next) !== "p" || !(isProse(prev) || isProse(next))) return false
  const links = p.querySelectorAll("a[href]")
  if (links.length !== 1 || textOf(links[0]!) !== textOf(p)) return false
  const host = hostOf(links[0]!.getAttribute("href") ?? "")
  if (host === undefined) return false
  const document = p.ownerDocument
  if (!sites.has(document)) sites.set(document, ownSite(document))
  const own = sites.get(document)
  return own !== undefined && siteOf(host) !== own
}
