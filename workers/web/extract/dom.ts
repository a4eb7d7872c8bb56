/**
 * The few facts about HTML elements that both the article finder and the Markdown writer need.
 * They walk with firstChild/nextSibling only: in linkedom, childNodes and children build a new
 * array on every access, which makes them quadratic on wide nodes.
 */

export const ELEMENT_NODE = 1
export const TEXT_NODE = 3

export const HEADING_TAGS: ReadonlySet<string> = new Set(["h1", "h2", "h3", "h4", "h5", "h6"])

/** Elements that start a new block of text (everything else flows inline). */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  ...HEADING_TAGS,
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "center",
  "dd",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "header",
  "hgroup",
  "hr",
  "html",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
  "caption",
])

/** Never content: removed before anything else looks at the page. */
export const DROP_TAGS: ReadonlySet<string> = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "canvas",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "audio",
  "video",
  "source",
  "track",
  "map",
  "input",
  "select",
  "textarea",
  "button",
  "option",
  "datalist",
  "output",
  "meter",
  "progress",
  "link",
  "meta",
  "base",
  "head",
  "title",
  "dialog",
  "slot",
  "portal",
  // Ruby annotations: the reading printed small over the base text (furigana over Japanese kanji,
  // pinyin or zhuyin over Chinese). Read inline they split every word ("子こどもへの体罰たいばつ").
  "rt",
  "rp",
])

export const tagOf = (node: Node): string => (node as Element).localName ?? ""

export const isElement = (node: Node): node is Element => node.nodeType === ELEMENT_NODE

/** Counts the characters of `text` that are not white space: a length that markup layout cannot inflate. */
export const visibleLength = (text: string): number => {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c > 32 && c !== 160 && c !== 0x200b && c !== 0x3000) n++
  }
  return n
}

/** The sibling of `node` on the given side, past text nodes that hold only white space. */
export const siblingPastBlank = (node: Node, side: "previousSibling" | "nextSibling"): ChildNode | null => {
  let sibling = node[side]
  while (sibling !== null && sibling.nodeType === TEXT_NODE && textOf(sibling) === "") sibling = sibling[side]
  return sibling
}

/** The children of `node` as an array, read once (removing nodes while walking it is safe). */
export const childrenOf = (node: Node): Node[] => {
  const out: Node[] = []
  for (let c = node.firstChild; c !== null; c = c.nextSibling) out.push(c)
  return out
}

export const collapseWhitespace = (text: string): string => text.replace(/[\s\u00a0]+/g, " ")

/** The element's text with white space collapsed, without building its subtree's textContent twice. */
export const textOf = (node: Node): string => collapseWhitespace(node.textContent ?? "").trim()

/**
 * An element's class attribute ("" when it has none). Read as the attribute node's value: linkedom
 * answers `getAttribute("class")` from the element's class list, which it builds for the element
 * (a Set, even for an element without a class) and joins into a new string on every call: 2 % of
 * the extractor's time, which asks for class names of most elements several times.
 */
export const classOf = (el: Element): string => el.getAttributeNode("class")?.value ?? ""

const holdsText = (node: Node | null): boolean => node !== null && node.nodeType === TEXT_NODE && visibleLength((node as Text).data) > 0

/**
 * Whether an inline element sits mid-sentence, text on both sides of it ("the developer <a
 * class="tooltip">Vivaldi Technologies</a> says"): its names then style a word of the sentence.
 */
export const flowsInText = (el: Element): boolean =>
  !BLOCK_TAGS.has(tagOf(el)) && holdsText(el.previousSibling) && holdsText(el.nextSibling)

/** the text after an element that opens a paragraph, for the element to be the sentence's first words */
const SENTENCE_GOES_ON = 40

/**
 * Whether an inline element opens a paragraph whose sentence goes on after it ("<p><span
 * class="dateline">KOBE – </span>A total of 6,000 surgical masks…"): its names style the
 * paragraph's first words, as a word's mid-sentence.
 */
export const opensText = (el: Element): boolean => {
  if (BLOCK_TAGS.has(tagOf(el)) || el.parentElement === null || !BLOCK_TAGS.has(tagOf(el.parentElement))) return false
  const before = siblingPastBlank(el, "previousSibling")
  const after = el.nextSibling
  return before === null && after !== null && after.nodeType === TEXT_NODE && visibleLength((after as Text).data) >= SENTENCE_GOES_ON
}

/** An element's tag and class names: how alike siblings (the items of a list of cards) are told apart. */
export const shapeOf = (el: Element): string => `${tagOf(el)}.${classOf(el)}`

/** An element's build two levels down: its tag, its children's tags and theirs ("table(tbody(tr tr tr))"). */
const buildOf = (el: Element, depth = 2): string => {
  let out = tagOf(el)
  if (depth === 0) return out
  out += "("
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) out += `${buildOf(child, depth - 1)} `
  return `${out})`
}

/**
 * Whether two elements without a class are copies of one build (the posts of an old forum, each a
 * table of the same rows): bare tags alone say little, their build says they are one template's.
 */
export const twins = (a: Element, b: Element): boolean =>
  tagOf(a) === tagOf(b) && !a.hasAttribute("class") && !b.hasAttribute("class") && a.firstElementChild !== null && buildOf(a) === buildOf(b)

/** Whether `el` has three element children at least (counted no further: linkedom's `children` builds an array). */
export const hasThreeChildren = (el: Element): boolean => {
  let count = 0
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) if (++count >= 3) return true
  return false
}
