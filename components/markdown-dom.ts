/**
 * The model's Markdown as DOM nodes built from marked's tokens, the same nodes that markdown.ts's
 * sanitised HTML parses to, without writing HTML and parsing it twice (once in the sanitiser's
 * document, once where it is shown). A streamed reply's open tail is rendered every frame: the
 * two parses were most of its work and of its garbage.
 *
 * The model's text only ever becomes text nodes and attribute values, under elements this module
 * names, so nothing in it can become markup. What the token walk cannot build exactly as the
 * sanitised HTML path would, it leaves to that path: raw HTML (which only the sanitiser may let
 * through) and character references (which only an HTML parser decodes).
 */
import { Lexer, type Token, type Tokens } from "marked"
import { hardenLink, isLinkable, isLocalImage, renderMarkdown } from "./markdown.ts"

/** Text that the HTML path would decode or replace: a character reference, or NUL. */
const NEEDS_HTML_PARSE = /&[#a-z]|\0/i
/** Attribute values DOMPurify drops (its SAFE_FOR_XML rule), dropped here too. */
const UNSAFE_FOR_XML = /((--!?|])>)|<\/(style|title|textarea)/i

/**
 * Whether any token, at any depth, is raw HTML, or an image inside a link: a remote image is shown
 * as a link, and the HTML parser splits a link inside a link where the walk would nest them.
 */
const needsParser = (tokens: ReadonlyArray<Token>, inLink = false): boolean => {
  for (const token of tokens) {
    if (token.type === "html" || (inLink && token.type === "image")) return true
    const inner = inLink || token.type === "link"
    if ("tokens" in token && token.tokens && needsParser(token.tokens, inner)) return true
    if (token.type === "list" && (token as Tokens.List).items.some((item) => needsParser(item.tokens))) return true
    if (token.type === "table") {
      const { header, rows } = token as Tokens.Table
      if (header.some((c) => needsParser(c.tokens)) || rows.some((row) => row.some((c) => needsParser(c.tokens)))) return true
    }
  }
  return false
}

/** marked's cleanUrl: the URL as its renderer writes it, or null when it cannot be encoded. */
const cleanUrl = (href: string): string | null => {
  try {
    return encodeURI(href).replace(/%25/g, "%")
  } catch {
    return null
  }
}

/** What marked's text renderer makes of inline tokens: an image's alt text. */
const plainText = (tokens: ReadonlyArray<Token>): string => {
  let out = ""
  for (const token of tokens) {
    if (token.type === "br") out += "\n"
    else if (token.type === "checkbox") out += token.raw
    else if ("tokens" in token && token.tokens) out += plainText(token.tokens)
    else out += (token as { text?: string }).text ?? ""
  }
  return out
}

/**
 * Elements built anew on every render, never reused: their attributes come from the model's text
 * or from hardenLink, which a reused element would have to be cleaned of.
 */
const REBUILT = new Set(["a", "img", "input"])

/** Where a render writes into one parent: the next of its old children to reuse, and the text that waits to be written. */
interface Cursor {
  next: ChildNode | null
  text: string
}

/**
 * Builds the nodes into a parent, reusing the nodes already there where they have the same tag
 * and class: a streamed reply's open tail is rendered again every frame, and building it anew
 * threw away its elements with their layout and style each time, most of what Blink's garbage
 * collector then had to trace and sweep. What it leaves is what a fresh build would make.
 */
class Builder {
  private readonly cursors = new Map<Node, Cursor>()
  /** The reused elements, with the attributes this render gave them: the others are removed at the end. */
  private readonly written = new Map<Element, Set<string>>()

  constructor(
    private readonly doc: Document,
    private readonly copyLabel: string,
  ) {}

  private cursor(parent: Node): Cursor {
    let cursor = this.cursors.get(parent)
    if (cursor === undefined) {
      cursor = { next: parent.firstChild, text: "" }
      this.cursors.set(parent, cursor)
    }
    return cursor
  }

  /** Adjacent text joins one node, as the HTML parser would make it. */
  text(parent: Node, data: string): void {
    if (data) this.cursor(parent).text += data
  }

  /** Writes the text waiting for `parent` in its place, into the old text node there if there is one. */
  private flushText(parent: Node, cursor: Cursor): void {
    if (!cursor.text) return
    const next = cursor.next
    if (next?.nodeType === Node.TEXT_NODE) {
      if ((next as Text).data !== cursor.text) (next as Text).data = cursor.text
      cursor.next = next.nextSibling
    } else parent.insertBefore(this.doc.createTextNode(cursor.text), next)
    cursor.text = ""
  }

  el<K extends keyof HTMLElementTagNameMap>(parent: Node, tag: K, className?: string): HTMLElementTagNameMap[K] {
    const cursor = this.cursor(parent)
    this.flushText(parent, cursor)
    const next = cursor.next
    if (next?.nodeType === Node.ELEMENT_NODE && (next as Element).localName === tag && !REBUILT.has(tag)) {
      cursor.next = next.nextSibling
      const el = next as HTMLElementTagNameMap[K]
      this.written.set(el, new Set())
      this.set(el, "class", className || null)
      // Its old children go at the end unless written again, even when nothing is written into it.
      this.cursor(el)
      return el
    }
    const el = this.doc.createElement(tag)
    if (className) el.className = className
    parent.insertBefore(el, next)
    return el
  }

  /** Sets (or, with null, removes) an attribute, touching the element only when it changes. */
  set(el: Element, name: string, value: string | null): void {
    this.written.get(el)?.add(name)
    if (value === null) {
      if (el.hasAttribute(name)) el.removeAttribute(name)
    } else if (el.getAttribute(name) !== value) el.setAttribute(name, value)
  }

  /** Writes `tokens` into `parent` in place of what it holds. */
  render(parent: Node, tokens: ReadonlyArray<Token>): void {
    this.cursor(parent)
    this.blocks(parent, tokens)
    this.finish()
  }

  /** Ends the render: the text still waiting is written, and what the old render had beyond this one's goes. */
  private finish(): void {
    for (const [parent, cursor] of this.cursors) {
      this.flushText(parent, cursor)
      while (cursor.next !== null) {
        const gone = cursor.next
        cursor.next = gone.nextSibling
        parent.removeChild(gone)
      }
    }
    for (const [el, names] of this.written) for (const name of el.getAttributeNames()) if (!names.has(name)) el.removeAttribute(name)
  }

  attr(el: Element, name: string, value: string): void {
    if (!UNSAFE_FOR_XML.test(value)) this.set(el, name, value)
  }

  blocks(parent: Node, tokens: ReadonlyArray<Token>): void {
    for (const token of tokens) this.block(parent, token)
  }

  block(parent: Node, token: Token): void {
    switch (token.type) {
      case "space":
      case "def":
        return
      case "hr":
        this.el(parent, "hr")
        break
      case "heading": {
        const { depth, tokens } = token as Tokens.Heading
        this.inline(this.el(parent, `h${depth}` as "h1"), tokens)
        break
      }
      case "code":
        return this.code(parent, token as Tokens.Code)
      case "table":
        return this.table(parent, token as Tokens.Table)
      case "blockquote": {
        const quote = this.el(parent, "blockquote")
        this.text(quote, "\n")
        this.blocks(quote, (token as Tokens.Blockquote).tokens)
        break
      }
      case "list": {
        const { ordered, start, items } = token as Tokens.List
        const list = this.el(parent, ordered ? "ol" : "ul")
        if (ordered) this.set(list, "start", start !== 1 ? String(start) : null)
        this.text(list, "\n")
        for (const item of items) {
          this.blocks(this.el(list, "li"), item.tokens)
          this.text(list, "\n")
        }
        break
      }
      case "paragraph":
        this.inline(this.el(parent, "p"), (token as Tokens.Paragraph).tokens)
        break
      case "text": {
        const text = token as Tokens.Text
        if (text.tokens) this.inline(parent, text.tokens)
        else this.text(parent, text.text)
        return
      }
      case "checkbox":
        return this.checkbox(parent, token as Tokens.Checkbox)
      default:
        // Raw HTML never gets here (see needsParser); any other token marked adds is shown as its source.
        return this.text(parent, token.raw)
    }
    this.text(parent, "\n")
  }

  code(parent: Node, { text, lang }: Tokens.Code): void {
    const language = (lang ?? "").match(/^[\w+#.-]+/)?.[0] ?? ""
    const block = this.el(parent, "div", "code-block")
    const bar = this.el(block, "div", "code-bar")
    this.text(this.el(bar, "span", "code-lang"), language)
    const copy = this.el(bar, "button", "copy-code")
    this.set(copy, "type", "button")
    this.set(copy, "data-copy-code", "")
    this.text(copy, this.copyLabel)
    const code = this.el(this.el(block, "pre"), "code", language ? `language-${language}` : undefined)
    this.text(code, text)
  }

  table(parent: Node, { header, rows }: Tokens.Table): void {
    const table = this.el(this.el(parent, "div", "table-wrap"), "table")
    const row = (section: Node, cells: ReadonlyArray<Tokens.TableCell>, tag: "th" | "td") => {
      const tr = this.el(section, "tr")
      for (const c of cells) this.inline(this.el(tr, tag, c.align ? `align-${c.align}` : undefined), c.tokens)
    }
    row(this.el(table, "thead"), header, "th")
    const body = this.el(table, "tbody")
    for (const cells of rows) row(body, cells, "td")
  }

  checkbox(parent: Node, { checked }: Tokens.Checkbox): void {
    const box = this.el(parent, "input")
    if (checked) box.setAttribute("checked", "")
    box.setAttribute("disabled", "")
    box.setAttribute("type", "checkbox")
    this.text(parent, " ")
  }

  inline(parent: Node, tokens: ReadonlyArray<Token>): void {
    for (const token of tokens) {
      switch (token.type) {
        case "strong":
        case "em":
        case "del":
          this.inline(this.el(parent, token.type), (token as Tokens.Strong).tokens)
          break
        case "codespan":
          this.text(this.el(parent, "code"), (token as Tokens.Codespan).text)
          break
        case "br":
          this.el(parent, "br")
          break
        case "link":
          this.link(parent, token as Tokens.Link)
          break
        case "image":
          this.image(parent, token as Tokens.Image)
          break
        case "checkbox":
          this.checkbox(parent, token as Tokens.Checkbox)
          break
        case "text":
          if ((token as Tokens.Text).tokens) this.inline(parent, (token as Tokens.Text).tokens!)
          else this.text(parent, (token as Tokens.Text).text)
          break
        case "escape":
          this.text(parent, (token as Tokens.Escape).text)
          break
        default:
          this.text(parent, token.raw)
      }
    }
  }

  link(parent: Node, { href, title, text, tokens, autolink }: Tokens.Link & { autolink?: boolean }): void {
    const clean = cleanUrl(href)
    const into = clean === null ? parent : this.el(parent, "a")
    if (autolink) this.text(into, text)
    else this.inline(into, tokens)
    if (clean === null) return
    const a = into as HTMLAnchorElement
    if (isLinkable(clean)) a.setAttribute("href", clean)
    if (title) this.attr(a, "title", title)
    hardenLink(a)
  }

  image(parent: Node, { href, title, text, tokens }: Tokens.Image): void {
    const alt = tokens ? plainText(tokens) : text
    const src = cleanUrl(href)?.trim()
    if (src && isLocalImage(src)) {
      const img = this.el(parent, "img")
      img.setAttribute("src", src)
      this.attr(img, "alt", alt)
      if (title) this.attr(img, "title", title)
    } else if (src && /^https?:/i.test(src)) {
      // A remote image is a link the user may click: shown, it would fetch the URL unasked.
      const link = this.el(parent, "a", "image-link")
      link.setAttribute("href", src)
      link.setAttribute("title", src)
      this.text(link, alt || src)
      hardenLink(link)
    } else this.text(parent, alt)
  }
}

let template: HTMLTemplateElement | undefined

/** Whether `markdown` goes the sanitised HTML path: raw HTML, a character reference, NUL or an image in a link in it. */
export const needsHtmlPath = (markdown: string): boolean =>
  NEEDS_HTML_PARSE.test(markdown) || needsParser(Lexer.lex(markdown, { gfm: true, breaks: false }))

/**
 * Renders Markdown into `parent`, in place of what it holds, as markdown.ts's sanitised HTML would
 * be; nodes already there are reused where they fit. `copyLabel` is the code blocks' button text.
 */
export const renderMarkdownInto = (parent: Element | DocumentFragment, markdown: string, copyLabel = "Copy"): void => {
  const doc = parent.ownerDocument ?? document
  const tokens = NEEDS_HTML_PARSE.test(markdown) ? undefined : Lexer.lex(markdown, { gfm: true, breaks: false })
  if (tokens === undefined || needsParser(tokens)) {
    template ??= document.createElement("template")
    template.innerHTML = renderMarkdown(markdown, copyLabel)
    parent.replaceChildren(doc.importNode(template.content, true))
    return
  }
  new Builder(doc, copyLabel).render(parent, tokens)
}

/** Renders Markdown to new nodes of `doc`, the same as markdown.ts's sanitised HTML; `copyLabel` is the code blocks' button text. */
export const renderMarkdownNodes = (markdown: string, copyLabel = "Copy", doc: Document = document): DocumentFragment => {
  const fragment = doc.createDocumentFragment()
  renderMarkdownInto(fragment, markdown, copyLabel)
  return fragment
}
