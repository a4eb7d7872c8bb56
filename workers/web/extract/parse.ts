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
import { parseHTML } from "linkedom/worker"

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

/** A tree adapter that builds linkedom nodes in `document` (parse5 asks it for every node it makes or moves). */
const adapterFor = (document: Document): TreeAdapter<Adapter> => {
  const modes = new WeakMap<Document, DefaultTreeAdapterMap["document"]["mode"]>()
  const setAttributes = (element: Element, attrs: Token.Attribute[]): void => {
    for (const { name, value, prefix } of attrs) {
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
    detachNode: (node) => void node.parentNode?.removeChild(node),
    insertText: (parent, text) => {
      const last = parent.lastChild
      if (last !== null && last.nodeType === 3) (last as Text).data += text
      else parent.appendChild(document.createTextNode(text))
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
    getChildNodes: (node) => Array.from(node.childNodes),
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

/** The document a browser builds from `html` (scripts on, as in Chrome: a `<noscript>`'s content is its text). */
export const parseDocument = (html: string): Document => {
  // parse5 scans its stack of open elements for most start tags, so a page nested thousands deep
  // (hostile: Chrome's parser stops nesting at 512) costs it quadratic time; linkedom's parser is
  // linear, and the extractor caps the depth after it as Chrome would (depth.ts).
  if (nestingOf(html) > MAX_NESTING) return (parseHTML(html) as unknown as { document: Document }).document
  const { document } = parseHTML("") as unknown as { document: Document }
  return parse(html, { treeAdapter: adapterFor(document) })
}

/** Beyond this estimated nesting no real page goes (Chrome's parser stops nesting at 512). */
const MAX_NESTING = 2000

/** Tags that never nest (void) or that the next of their kind closes: not counted as nesting. */
const FLAT =
  /^(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr|p|li|dt|dd|tr|td|th|option|optgroup|thead|tbody|tfoot|caption|colgroup|rb|rt|rp)$/

/** How deep the page's tags nest, counted on the text (start tags less end tags): an upper bound for the tree's depth. */
const nestingOf = (html: string): number => {
  let depth = 0
  let deepest = 0
  for (const [, end, name, selfClosing] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g)) {
    if (selfClosing || FLAT.test(name!.toLowerCase())) continue
    depth = Math.max(0, depth + (end ? -1 : 1))
    if (depth > deepest) deepest = depth
  }
  return deepest
}
