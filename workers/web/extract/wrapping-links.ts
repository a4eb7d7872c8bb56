/**
 * A link that wraps paragraphs of prose is no link to the reader. An `<a>` left unclosed before a
 * story's later paragraphs ("…<a href=…> </p><p>…") is carried by the HTML standard's tree
 * construction (as by a browser) over every paragraph after it, and a story whose text a site set
 * as one link (lines and their `<br>`s inside `<a href>`) reads the same: every word counts as link
 * text, and the link-density rules read the story as a list of links and cut it.
 */
import { proseSentences } from "./sentence.ts"
import { TEXT_NODE, isElement, tagOf, textOf } from "./dom.ts"
import { wideLength } from "./wide-sentence.ts"

/** what a link must wrap before it is read as text: paragraphs, or lines parted by `<br>` */
const WRAPPED_BLOCKS = "p, div, br, li, blockquote, table"
/** a teaser card's link holds its headline (a heading) over its summary */
const CARD_PARTS = "h1, h2, h3, h4, h5, h6"
/** a teaser card's link holds a headline and a summary: fewer sentences, less text */
const WRAPPED_SENTENCES = 3
const WRAPPED_TEXT = 600

/** fewer characters than any two sentences of prose hold (eight words each, `proseSentences`) */
const SENTENCE_LEAST = 16

/** paragraphs of prose a link must wrap to be read as text whatever its length */
const WRAPPED_PARAGRAPHS = 2

const wrapsProse = (link: Element): boolean => {
  // most links hold a few words, or an image alone: too little for a sentence of prose
  if (link.firstElementChild === null || (link.textContent ?? "").length < SENTENCE_LEAST) return false
  if (link.querySelector(WRAPPED_BLOCKS) === null || link.querySelector(CARD_PARTS) !== null) return false
  let paragraphs = 0
  for (const p of link.querySelectorAll("p")) if (proseSentences(textOf(p)) > 0) paragraphs++
  if (paragraphs >= WRAPPED_PARAGRAPHS) return true
  const text = textOf(link)
  if (wideLength(text) < WRAPPED_TEXT) return false
  return proseSentences(linesOf(link)) >= WRAPPED_SENTENCES
}

const LINE_TAGS = new Set(["p", "div", "br", "li", "blockquote", "table", "tr", "h1", "h2", "h3", "h4", "h5", "h6"])

/** the link's text with a line break at each block and `<br>` (no innerText: it would lay the page out) */
const linesOf = (el: Element): string => {
  let out = ""
  for (let child = el.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === TEXT_NODE) out += (child as Text).data
    else if (isElement(child)) out += LINE_TAGS.has(tagOf(child)) ? `\n${linesOf(child)}\n` : linesOf(child)
  }
  return out
}

/**
 * Links the parser opened again inside each later paragraph: when no white space parts the
 * paragraphs after an unclosed `<a>` ("…<a href=…>Фото</p><p>…"), the link is rebuilt inside each
 * `<p>`, as that paragraph's whole text. Two or more such paragraphs of prose under one address
 * are the story's; a list of teasers links each to its own story.
 */
const reopenedLinks = (root: Element): Element[] => {
  const byHref = new Map<string, Element[]>()
  for (const link of root.querySelectorAll("p > a[href]")) {
    const p = link.parentElement!
    if (textOf(p) !== textOf(link) || proseSentences(textOf(link)) === 0) continue
    const href = link.getAttribute("href")!
    byHref.set(href, [...(byHref.get(href) ?? []), link])
  }
  return [...byHref.values()].filter((links) => links.length >= WRAPPED_PARAGRAPHS).flat()
}

/** Replaces each link that wraps paragraphs of prose (three sentences, 600 characters) by its children. */
export const unwrapProseLinks = (root: Element): void => {
  for (const link of reopenedLinks(root)) link.replaceWith(...Array.from(link.childNodes))
  const wrapping = Array.from(root.querySelectorAll("a[href]")).filter((link) => link.isConnected && wrapsProse(link))
  // a story set as one link, or an unclosed link over the rest of the page, is one link; several
  // links that each wrap paragraphs are cards or teasers, each its own story
  if (wrapping.length === 1) wrapping[0]!.replaceWith(...Array.from(wrapping[0]!.childNodes))
}
