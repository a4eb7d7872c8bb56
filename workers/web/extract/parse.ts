/**
 * HTML text to a DOM as a browser builds it. Workers have no DOMParser, and linkedom's own parser
 * (htmlparser2) does not follow the HTML standard's tree construction: content before `<html>` (a
 * comment and a `<meta>`, a `<text>` wrapper an archive put around the page) became the
 * document's root, so `document.body` was empty and the article lost; misnested tags and tables
 * nest otherwise than a browser shows them. parse5 implements the standard's tokenizer and tree
 * construction (it passes the html5lib conformance tests), so it builds the tree, here straight
 * into linkedom's nodes, which the extractor, Readability and the search parsers walk as before.
 */
import { parse, type DefaultTreeAdapterMap, type Token, type TreeAdapter, type TreeAdapterTypeMap } from "parse5"
import { parseHTML } from "linkedom"
import { BLOCK_TAGS, visibleLength } from "./dom.ts"

type Adapter = TreeAdapterTypeMap<
  Node,
  ParentNode & Node,
  ChildNode,
  Document,
  DocumentFragment,
  Element,
  Comment,
  Text,
  Template,
  DocumentType
>
type Template = Element & { content: DocumentFragment }

const HTML_NS = "http://www.w3.org/1999/xhtml"

/**
 * The tags read by name after parsing (the page's scripts, style sheets, `<base>`, `<meta>`, title,
 * `<noscript>`): the parser notes them as it makes them, so finding them costs no walk over the
 * whole document (a selector query walks it all, and these were five of them per page).
 */
const NOTED_TAGS = new Set(["script", "style", "noscript", "base", "meta", "title"])
/** elements with this attribute are noted too (schema.org microdata: the paywall notice reads `isAccessibleForFree`) */
const NOTED_ATTRIBUTE = "itemprop"

interface Built {
  /** the noted elements by tag (or NOTED_ATTRIBUTE), in the order they were made */
  readonly noted: Map<string, Element[]>
  /** the most elements open at once: the tree's depth, unless the parser moved nodes that were already placed */
  deepest: number
  /** the parser moved placed nodes (misnested formatting tags): the tree may be deeper than `deepest` */
  moved: boolean
}

const built = new WeakMap<Document, Built>()

/**
 * The elements of `document` with tag `key` (one of NOTED_TAGS) or attribute NOTED_ATTRIBUTE
 * (`key` = `[itemprop]`), in document order, that are still in it: those the parser noted, or
 * for a document it did not build, those a query finds.
 */
export const parsedElements = (document: Document, key: string): Element[] => {
  const noted = built.get(document)?.noted
  if (noted === undefined) return Array.from(document.querySelectorAll(key))
  return (noted.get(key) ?? []).filter((el) => document.contains(el))
}

/**
 * Whether the document may nest deeper than `depth` (the depth cap's walk is needed): false only
 * when the parser never had that many elements open and never moved a placed node.
 */
export const mayNestDeeperThan = (document: Document, depth: number): boolean => {
  const record = built.get(document)
  return record === undefined || record.moved || record.deepest >= depth
}

/** A tree adapter that builds linkedom nodes in `document` (parse5 asks it for every node it makes or moves). */
const adapterFor = (document: Document, record: Built, compact: boolean): TreeAdapter<Adapter> => {
  const note = (key: string, element: Element): void => {
    const list = record.noted.get(key)
    if (list === undefined) record.noted.set(key, [element])
    else list.push(element)
  }
  const modes = new WeakMap<Document, DefaultTreeAdapterMap["document"]["mode"]>()
  const setAttributes = (element: Element, attrs: Token.Attribute[]): void => {
    for (const { name, value, prefix } of attrs) {
      if (compact && unread(element.localName, name)) continue
      try {
        element.setAttribute(prefix ? `${prefix}:${name}` : name, value)
      } catch {
        // a name the DOM refuses (`"`, `<` in it) is one a browser keeps but no reader needs
      }
    }
  }
  return {
    createDocument: () => document,
    createDocumentFragment: () => document.createDocumentFragment(),
    createElement: (tagName, namespaceURI, attrs) => {
      const element = namespaceURI === HTML_NS ? document.createElement(tagName) : document.createElementNS(namespaceURI, tagName)
      setAttributes(element, attrs)
      if (NOTED_TAGS.has(tagName)) note(tagName, element)
      if (attrs.some((a) => a.name === NOTED_ATTRIBUTE)) note(`[${NOTED_ATTRIBUTE}]`, element)
      return element
    },
    createCommentNode: (data) => document.createComment(data),
    createTextNode: (value) => document.createTextNode(value),
    appendChild: (parent, child) => void parent.appendChild(child),
    insertBefore: (parent, child, reference) => void parent.insertBefore(child, reference),
    // parse5 puts a template's children in its content, as the standard does: linkedom's own fragment
    setTemplateContent: (template, content) => template.content.append(...Array.from(content.childNodes)),
    getTemplateContent: (template) => template.content,
    // the doctype decides only quirks mode, which changes no text a reader sees
    setDocumentType: () => undefined,
    setDocumentMode: (doc, mode) => void modes.set(doc, mode),
    getDocumentMode: (doc) => modes.get(doc) ?? ("no-quirks" as DefaultTreeAdapterMap["document"]["mode"]),
    detachNode: (node) => {
      record.moved = true
      node.parentNode?.removeChild(node)
    },
    insertText: (parent, text) => {
      let last = parent.lastChild
      if (last !== null && last.nodeType === 3) return void ((last as Text).data += text)
      if (!compact || !isBlank(text)) return void parent.appendChild(document.createTextNode(text))
      // nothing a reader sees is in the head
      if ((parent as Element).localName === "head") return
      // white space is placed as if what no reader sees (a comment, a script) were not there
      while (last !== null && unseen(last)) last = last.previousSibling
      if (last === null) {
        if (!separated(parent)) parent.appendChild(document.createTextNode(text))
      } else if (last.nodeType === 3) (last as Text).data += text
      else {
        // White space after a block goes to the end of the block's own last text (see `lastTextIn`).
        // Not after an inline element: one taken out later (a hover card hidden by a style sheet,
        // right after its link) would take the white space with it and glue the words around it.
        const tail = BLOCK_TAGS.has((last as Element).localName) ? lastTextIn(last as Element) : null
        if (tail === null) parent.appendChild(document.createTextNode(text))
        else tail.data += text
      }
    },
    insertTextBefore: (parent, text, reference) => {
      const before = reference.previousSibling
      if (before !== null && before.nodeType === 3) (before as Text).data += text
      else parent.insertBefore(document.createTextNode(text), reference)
    },
    adoptAttributes: (recipient, attrs) =>
      setAttributes(
        recipient,
        attrs.filter(({ name }) => !recipient.hasAttribute(name)),
      ),
    getFirstChild: (node) => node.firstChild as ChildNode | null,
    getChildNodes: (node) => {
      // asked for when the parser moves a node's children (the adoption agency)
      record.moved = true
      return Array.from(node.childNodes)
    },
    getParentNode: (node) => node.parentNode as (ParentNode & Node) | null,
    getAttrList: (element) => Array.from(element.attributes, ({ name, value }) => ({ name, value })),
    getTagName: (element) => element.localName,
    getNamespaceURI: (element) => (element.namespaceURI ?? HTML_NS) as never,
    getTextNodeContent: (node) => node.data,
    getCommentNodeContent: (node) => node.data,
    getDocumentTypeNodeName: (node) => node.name,
    getDocumentTypeNodePublicId: (node) => node.publicId,
    getDocumentTypeNodeSystemId: (node) => node.systemId,
    isTextNode: (node): node is Text => node.nodeType === 3,
    isCommentNode: (node): node is Comment => node.nodeType === 8,
    isDocumentTypeNode: (node): node is DocumentType => node.nodeType === 10,
    isElementNode: (node): node is Element => node.nodeType === 1,
    setNodeSourceCodeLocation: () => undefined,
    getNodeSourceCodeLocation: () => undefined,
    updateNodeSourceCodeLocation: () => undefined,
  }
}

const isBlank = (text: string): boolean => /^[ \t\n\f\r]*$/.test(text)

/** elements whose text is read as it is (code, a style sheet's mark, a script) or not as the page's text */
const VERBATIM = new Set([
  "pre",
  "textarea",
  "listing",
  "xmp",
  "plaintext",
  "script",
  "style",
  "title",
  "noscript",
  "template",
  "iframe",
  "noembed",
  "noframes",
  "svg",
  "math",
  "code",
])

/**
 * The text node that ends `element`'s subtree, when the subtree ends in text outside any VERBATIM
 * element. White space after a block (the source's line breaks and indentation between tags: a
 * fifth of a page's nodes) is appended there instead of making a node of its own: the page's text
 * reads the same (textContent still parts the blocks' words; the Markdown writes white space at
 * the end of a link or of bold text outside its markers) and far fewer nodes are made.
 */
const lastTextIn = (element: Element): Text | null => {
  let node: Node = element
  for (;;) {
    // an element of white space alone may be dropped as empty, and the white space put in it with it
    if (node.nodeType === 3) return node.previousSibling === null && visibleLength((node as Text).data) === 0 ? null : (node as Text)
    if (node.nodeType !== 1 || VERBATIM.has((node as Element).localName)) return null
    const last: Node | null = node.lastChild
    if (last === null) return null
    node = last
  }
}

/** tags whose elements show nothing where they stand */
const UNSEEN_TAGS = new Set(["script", "style", "link", "meta", "template"])
const unseen = (node: Node): boolean => node.nodeType === 8 || (node.nodeType === 1 && UNSEEN_TAGS.has((node as Element).localName))

/**
 * Whether white space opening `parent` separates nothing: a block whose previous sibling ends in
 * white space (the text before it, or the text that ends an element before it) is already apart
 * from what comes before it.
 */
const separated = (parent: Node): boolean => {
  const name = (parent as Element).localName
  if (parent.nodeType !== 1 || !BLOCK_TAGS.has(name) || VERBATIM.has(name)) return false
  const previous = parent.previousSibling
  if (previous === null) return false
  const text = previous.nodeType === 1 ? lastTextIn(previous as Element) : previous
  return text !== null && text.nodeType === 3 && /[ \t\n\f\r]$/.test((text as Text).data)
}

/**
 * Attributes no reader of the page reads (the extractor, Readability, the search parsers): event
 * handlers (but a link's `onclick`, which makes an `<a>` without an address a link), link
 * targets, script loading, focus order, ARIA states, a `<link>`'s (style sheets are not fetched,
 * icons and preloads not read); and `data-*` outside images and media (Readability
 * and the Markdown find lazy images' addresses there; the search parsers, which read `data-*` on
 * result boxes, keep every attribute). 24,000 of the development pages' 125,000 attributes, each
 * a node of its own in linkedom.
 */
const UNREAD_ATTRIBUTE =
  /^(?:on[a-z]+|target|tabindex|async|defer|integrity|crossorigin|nonce|referrerpolicy|fetchpriority|decoding|loading|autocomplete|spellcheck|draggable|aria-(?:expanded|controls|labelledby|describedby|haspopup|current|selected|live|atomic|pressed|checked|disabled|owns))$/
const MEDIA_TAGS = new Set(["img", "picture", "source", "figure", "video", "audio", "iframe", "noscript"])
const unread = (tag: string, name: string): boolean =>
  tag === "link" ||
  (UNREAD_ATTRIBUTE.test(name) && !(tag === "a" && name === "onclick")) ||
  (name.startsWith("data-") && !MEDIA_TAGS.has(tag))

/** Thrown by the tree adapter when the open elements nest deeper than MAX_NESTING. */
class TooDeep extends Error {}

/** Beyond this nesting no real page goes (Chrome's parser stops nesting at 512; the 111 development pages reach 292 at most). */
const MAX_NESTING = 2000

/**
 * Script bodies a reader never sees, emptied before parsing (their tag and attributes stay): the
 * tokenizer walks them character by character, a third of the development pages' bytes. A body
 * holding "<!--" is left whole, since there the standard's script states may run past the first
 * `</script>`; JSON-LD is kept (the paywall notice reads it).
 */
const withoutScriptBodies = (html: string): string =>
  replaceBodies(html, /<script\b[^>]*>/gi, /<\/script[\s/>]/gi, (open, body) =>
    body.length === 0 || body.includes("<!--") || /ld\+json/i.test(open) ? open + body : open,
  )

/**
 * `html` with each element's start tag (`open`) and body, up to the first end tag `close` finds
 * after it, replaced by what `replace` makes of them: what `html.replace(/(open)([\s\S]*?)(?=close)/gi)`
 * does, but the end tag is searched for once, not tried at every character of a long body (scripts
 * are a third of a page's bytes).
 */
const replaceBodies = (html: string, open: RegExp, close: RegExp, replace: (open: string, body: string) => string): string => {
  let out = ""
  let done = 0
  open.lastIndex = 0
  for (let start = open.exec(html); start !== null; start = open.exec(html)) {
    const from = start.index + start[0].length
    close.lastIndex = from
    const end = close.exec(html)
    if (end === null) break
    out += html.slice(done, start.index) + replace(start[0], html.slice(from, end.index))
    done = open.lastIndex = end.index
  }
  return done === 0 ? html : out + html.slice(done)
}

/**
 * HTML start tags that end an `<svg>` early (the standard's "breakout" from foreign content),
 * `</p>` and `</br>` too, and what could hide the real `</svg>` (a comment, CDATA, another `<svg>`).
 */
const SVG_KEEP =
  /<\/?(?:b|big|blockquote|body|br|center|code|dd|div|dl|dt|em|embed|h[1-6]|head|hr|i|img|li|listing|menu|meta|nobr|ol|p|pre|ruby|s|small|span|strong|strike|sub|sup|table|tt|u|ul|var|font|svg)[\s/>]|<!--|-->|<!\[CDATA\[/i

/**
 * Inline SVG bodies (icons' paths: 4 % of the development pages' bytes once scripts and style
 * sheets are out, and many nodes) emptied before parsing: nothing reads inside an `<svg>` (the
 * extractor and the Markdown drop it whole, the search parsers never look there). A body that
 * holds what SVG_KEEP finds is left whole, so no `</svg>` is found where the standard's parser
 * would not end the element there; a self-closed `<svg/>` has no body. The start tag's quoted
 * values may hold a `>`.
 */
const withoutSvgBodies = (html: string): string =>
  replaceBodies(html, /<svg\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, /<\/svg[\s/>]/gi, (open, body) =>
    body.length === 0 || open.endsWith("/>") || SVG_KEEP.test(body) ? open + body : open,
  )

/** marks where a style sheet's text was taken out before parsing, to be put back after */
const STYLE_MARK = "\uE000"
/** style sheets shorter than this are left in place (not worth the round trip) */
const STYLE_STASHED = 256

/**
 * Style sheets, another fifth of the development pages' bytes, are taken out before parsing and
 * put back after (style-hidden.ts reads them): each body becomes a numbered mark that the
 * tokenizer passes in one step. A mark that lands elsewhere (a "<style>" written inside a comment)
 * is left there, where nothing reads it.
 */
const stashStyleBodies = (html: string, bodies: string[]): string =>
  replaceBodies(html, /<style\b[^>]*>/gi, /<\/style[\s/>]/gi, (open, body) => {
    if (body.length < STYLE_STASHED) return open + body
    bodies.push(body)
    return `${open}${STYLE_MARK}${bodies.length - 1}${STYLE_MARK}`
  })

const restoreStyleBodies = (document: Document, bodies: string[]): void => {
  if (bodies.length === 0) return
  for (const style of parsedElements(document, "style")) {
    const mark = /^\uE000(\d+)\uE000$/.exec(style.textContent ?? "")
    if (mark !== null) style.textContent = bodies[Number(mark[1])] ?? ""
  }
}

/**
 * The document a browser builds from `html` (scripts on, as in Chrome: a `<noscript>`'s content is
 * its text; with `scripting` false, as a browser without scripts: its content is elements), made lighter for reading: white space between elements placed as `insertText` says,
 * attributes no reader reads left out (`unread`). `faithful` builds the browser's tree whole, white
 * space and every attribute, for a reader that needs them (the search parsers read `data-*`;
 * Turndown reads white space at the edges of inline elements).
 */
export const parseDocument = (html: string, { faithful = false, scripting = true } = {}): Document => {
  const { document } = parseHTML("") as unknown as { document: Document }
  // parse5 scans its stack of open elements for most start tags, so a page nested thousands deep
  // (hostile) costs it quadratic time; such a page goes to linkedom's linear parser instead, and
  // the extractor caps its depth as Chrome would (depth.ts).
  let open = 0
  const record: Built = { noted: new Map(), deepest: 0, moved: false }
  const adapter: TreeAdapter<Adapter> = {
    ...adapterFor(document, record, !faithful),
    onItemPush: () => {
      if (++open > MAX_NESTING) throw new TooDeep()
      if (open > record.deepest) record.deepest = open
    },
    onItemPop: () => void open--,
  }
  try {
    const styles: string[] = []
    const parsed = parse(stashStyleBodies(withoutSvgBodies(withoutScriptBodies(html)), styles), {
      treeAdapter: adapter,
      scriptingEnabled: scripting,
    })
    built.set(parsed, record)
    restoreStyleBodies(parsed, styles)
    return parsed
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error
    // linkedom builds no <html> or <body> around what lacks them
    const body = /<body[\s>]/i.test(html) ? html : `<body>${html}</body>`
    const whole = /<html[\s>]/i.test(html) ? html : `<!doctype html><html>${body}</html>`
    return (parseHTML(whole) as unknown as { document: Document }).document
  }
}
