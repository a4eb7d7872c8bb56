/**
 * Captions known by their shape: a box that holds a picture and one or two short lines of text
 * set in elements of their own, nothing else (`<div><a><img></a><p>Crowds came to the opening
 * ceremony</p></div>`). Templates name such lines ("wp-caption-text", "credit"), and the names are
 * read as furniture; where the names say nothing, the captions read as the story's short lines.
 * The picture comes first, and the box stands among paragraphs of prose: a picture inset in a
 * story. A box that is a story of its own, or an item of a list of them, has no paragraphs beside
 * it, and a lead set beside the story's picture heads the story. A paragraph, a list item or a
 * quotation that opens with a picture (a reader's quote under their photo) is text. Not when the
 * captions hold half the page's prose: a gallery or a how-to told in pictures is its captions.
 */
import { HEADING_TAGS, classOf, isElement, tagOf, textOf } from "./dom.ts"
import { wideLength } from "./wide-sentence.ts"
import type { Measure } from "./article.ts"

/** the most text a caption box holds, a wide character counted three */
const CAPTION_TEXT = 300
/** what a picture and its caption are set in: not a paragraph, a list item or a quotation, whose text is the story's */
const BOX_TAGS = new Set(["div", "span", "figure", "center"])
/** the lines of text beside the picture: a caption and its credit */
const CAPTION_LINES = 2

/** The caption lines of pictures inset in the page's stories. */
export const captionBoxes = (body: Element, measures: ReadonlyMap<Element, Measure>, pageProse: number): Element[] => {
  const found: Element[] = []
  const paragraphsIn = new Map<Element, number>()
  const boxes = new Set<Element>()
  let prose = 0
  for (const picture of body.querySelectorAll("img, picture")) {
    // the picture's holder: its wrappers that show no text (a link, a span around the picture)
    let holder: Element = picture
    for (let up = holder.parentElement; up !== null && up !== body && (measures.get(up)?.text ?? 0) === 0; up = up.parentElement)
      holder = up
    const box = holder.parentElement
    // each box is read once: a box of many pictures is a gallery's, and read again per picture it cost quadratic time
    if (box === null || box === body || !BOX_TAGS.has(tagOf(box)) || boxes.has(box)) continue
    boxes.add(box)
    if ((measures.get(box)?.text ?? 0) > CAPTION_TEXT || wideLength(textOf(box)) > CAPTION_TEXT) continue
    const lines: Element[] = []
    let other = false
    let seen = false
    for (const node of box.childNodes) {
      if (!isElement(node)) {
        if (textOf(node) !== "") other = true
        continue
      }
      if (node === holder) seen = true
      if (node === holder || (measures.get(node)?.text ?? 0) === 0) continue
      if (!seen) other = true
      if (HEADING_TAGS.has(tagOf(node)) || node.querySelector("img, picture") !== null) other = true
      lines.push(node)
    }
    if (other || lines.length === 0 || lines.length > CAPTION_LINES) continue
    if (!amongParagraphs(box, measures, paragraphsIn)) continue
    for (const line of lines) prose += measures.get(line)?.prose ?? 0
    found.push(...lines)
  }
  return prose * 2 > pageProse ? [] : found
}

/**
 * Whether `box` is set among paragraphs of prose (two besides it): a picture inset in a story,
 * not a story or an item of its own. Counted once a parent: a gallery's thousand boxes share one.
 */
const amongParagraphs = (box: Element, measures: ReadonlyMap<Element, Measure>, counted: Map<Element, number>): boolean => {
  const parent = box.parentElement
  if (parent === null) return false
  let paragraphs = counted.get(parent)
  if (paragraphs === undefined) {
    paragraphs = 0
    for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling)
      if (isParagraph(child, measures)) paragraphs++
    counted.set(parent, paragraphs)
  }
  return paragraphs - (isParagraph(box, measures) ? 1 : 0) >= 2
}

const isParagraph = (el: Element, measures: ReadonlyMap<Element, Measure>): boolean =>
  tagOf(el) === "p" && (measures.get(el)?.prose ?? 0) >= 80

/** names that templates give a picture's caption ("wp-caption-text", "flat-slide-caption") */
const CAPTION_NAME = /caption/i
/** a gallery has at least this many captions */
const GALLERY_CAPTIONS = 3

/** Whether `el` is a caption by its tag or its name. */
export const isNamedCaption = (el: Element): boolean =>
  tagOf(el) === "figcaption" || CAPTION_NAME.test(`${el.getAttribute("id") ?? ""} ${classOf(el)}`)

/**
 * Whether the page's captions hold most of its prose: a gallery or a list told in its pictures'
 * captions ("1. Sabrina Spellman", a picture, two paragraphs in a `<figcaption>`), whose captions
 * are its text, not furniture beside it.
 */
export const captionsCarryPage = (body: Element, measures: ReadonlyMap<Element, Measure>, pageProse: number): boolean => {
  let count = 0
  let prose = 0
  // a stack, not recursion: a hostile page nests thousands deep
  const stack: Element[] = [body]
  for (let el = stack.pop(); el !== undefined; el = stack.pop())
    for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
      const m = measures.get(child)
      if (m === undefined || m.prose === 0) continue
      if (!isNamedCaption(child)) stack.push(child)
      else {
        count++
        prose += m.prose
      }
    }
  return count >= GALLERY_CAPTIONS && prose * 2 > pageProse
}
