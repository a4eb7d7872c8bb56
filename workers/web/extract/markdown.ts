/**
 * Writes a DOM subtree as Markdown: headings, paragraphs, lists, block quotes, code, tables,
 * links and images (alt text), with every URL made absolute against the page's address. Inline
 * white space is collapsed as a browser would; <pre> keeps its own.
 */
import { BLOCK_TAGS, HEADING_TAGS, TEXT_NODE, childrenOf, classOf, collapseWhitespace, isElement, tagOf } from "./dom.ts"

export interface MarkdownOptions {
  /** The address relative links and images are resolved against. */
  readonly baseUrl?: string
}

const SKIP_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "title",
  "meta",
  "link",
  "svg",
  "button",
  "input",
  "select",
  "textarea",
  "iframe",
])

export const toMarkdown = (root: Node, options: MarkdownOptions = {}): string => {
  const writer = new Writer(options.baseUrl)
  return writer
    .blocks(root)
    .join("\n\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
}

class Writer {
  constructor(private readonly baseUrl: string | undefined) {}

  /** The children of a block container as Markdown blocks; runs of inline content become paragraphs. */
  blocks(node: Node): string[] {
    const out: string[] = []
    let inline = ""
    const flush = () => {
      const text = tidyInline(inline)
      if (text) out.push(escapeLineStart(text))
      inline = ""
    }
    for (let child = node.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) {
        inline += escapeInline(collapseWhitespace((child as Text).data))
        continue
      }
      if (!isElement(child)) continue
      const tag = tagOf(child)
      if (SKIP_TAGS.has(tag)) continue
      if (BLOCK_TAGS.has(tag) || (tag !== "a" && hasBlockInside(child))) {
        flush()
        out.push(...this.block(child))
      } else {
        inline += this.inline(child)
      }
    }
    flush()
    return out
  }

  block(el: Element): string[] {
    const tag = tagOf(el)
    if (HEADING_TAGS.has(tag)) {
      const text = tidyInline(this.inlineChildren(el))
      return text ? [`${"#".repeat(Number(tag[1]))} ${text}`] : []
    }
    switch (tag) {
      case "ul":
      case "ol":
      case "menu":
      case "dir":
        return this.list(el, tag === "ol")
      case "blockquote": {
        const inner = this.blocks(el).join("\n\n")
        return inner
          ? [
              inner
                .split("\n")
                .map((line) => (line ? `> ${line}` : ">"))
                .join("\n"),
            ]
          : []
      }
      case "pre":
        return [this.code(el)]
      case "table":
        return this.table(el)
      case "hr":
        return ["---"]
      case "dt": {
        const text = tidyInline(this.inlineChildren(el))
        return text ? [`**${text}**`] : []
      }
      default:
        return this.blocks(el)
    }
  }

  list(el: Element, ordered: boolean): string[] {
    // a list without items that holds its text directly is an indent: older pages set a passage in a <dir> or <ul>
    if (holdsTextWithoutItems(el)) return this.blocks(el)
    const start = Number(el.getAttribute("start") ?? "1")
    let n = Number.isFinite(start) ? start : 1
    const items: string[] = []
    for (const child of childrenOf(el)) {
      if (!isElement(child)) continue
      const content = tagOf(child) === "li" ? this.blocks(child) : this.block(child)
      if (content.length === 0) continue
      const marker = ordered ? `${n++}. ` : "- "
      const pad = " ".repeat(marker.length)
      // a nested list hugs its item; separate paragraphs in one item keep their blank line
      const joined = content.reduce((acc, block) => (acc ? acc + (/^(?:[-+*]|\d+\.) /.test(block) ? "\n" : "\n\n") + block : block), "")
      const text = joined
        .split("\n")
        .map((line, i) => (i === 0 ? marker + line : line ? pad + line : line))
        .join("\n")
      items.push(text)
    }
    return items.length ? [items.join("\n")] : []
  }

  code(el: Element): string {
    const codeEl = el.querySelector("code")
    const language = /(?:lang(?:uage)?-)([\w+#-]+)/.exec(`${codeEl ? classOf(codeEl) : ""} ${classOf(el)}`)?.[1] ?? ""
    const text = (el.textContent ?? "").replace(/^\n/, "").replace(/\s+$/, "")
    const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1))
    return `${fence}${language}\n${text}\n${fence}`
  }

  table(el: Element): string[] {
    const rows = tableRows(el)
    // A table that holds blocks, or a single column, lays the page out rather than tabulating data.
    const layout = rows.every((r) => r.length <= 1) || rows.some((r) => r.some((cell) => hasBlockInside(cell)))
    if (layout) return rows.flatMap((r) => r.flatMap((cell) => this.blocks(cell)))
    const caption = el.querySelector("caption")
    const width = Math.max(...rows.map((r) => r.reduce((n, cell) => n + span(cell), 0)))
    const lines = rows.map((r) => {
      const cells: string[] = []
      for (const cell of r) {
        cells.push(tidyInline(this.inlineChildren(cell)).replace(/\|/g, "\\|"))
        for (let i = 1; i < span(cell); i++) cells.push("")
      }
      while (cells.length < width) cells.push("")
      return `| ${cells.join(" | ")} |`
    })
    lines.splice(1, 0, `| ${Array.from({ length: width }, () => "---").join(" | ")} |`)
    const captionText = caption ? tidyInline(this.inlineChildren(caption)) : ""
    return captionText ? [captionText, lines.join("\n")] : [lines.join("\n")]
  }

  inlineChildren(node: Node): string {
    let out = ""
    for (let child = node.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) out += escapeInline(collapseWhitespace((child as Text).data))
      // a block written inline (the <div>s a card's link wraps) still ends a line: its words do not run into the next ones
      else if (isElement(child)) out += BLOCK_TAGS.has(tagOf(child)) ? ` ${this.inline(child)} ` : this.inline(child)
    }
    return out
  }

  inline(el: Element): string {
    const tag = tagOf(el)
    if (SKIP_TAGS.has(tag)) return ""
    switch (tag) {
      case "br":
        return "\n"
      case "img": {
        const alt = collapseWhitespace(el.getAttribute("alt") ?? "").trim()
        if (!alt) return ""
        // Without an address the alt text would read as the article's own words, so it is left out.
        const src = imageSource(el, (raw) => this.url(raw))
        return src ? `![${escapeInline(alt)}](${src})` : ""
      }
      case "a": {
        const inner = this.inlineChildren(el)
        const text = tidyInline(inner)
        // white space at the ends of a link's text ("<a>the first </a>place") parts it from the
        // words around it: it is kept outside the brackets, where the reader sees it
        const before = /^\s/.test(inner) ? " " : ""
        const after = /\s$/.test(inner) ? " " : ""
        if (!text) return before || after
        const href = this.url(el.getAttribute("href"))
        if (!href || text.includes("\n")) return `${before}${text}${after}`
        return `${before}[${text}](${href})${after}`
      }
      case "code":
      case "kbd":
      case "samp":
      case "tt": {
        const text = collapseWhitespace(el.textContent ?? "")
        if (!text.trim()) return text
        const fence = "`".repeat(longestRun(text, "`") + 1)
        return fence.length > 1 || text.startsWith("`") || text.endsWith("`") ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`
      }
      case "strong":
      case "b":
        return wrap(this.inlineChildren(el), "**")
      case "em":
      case "i":
      case "cite":
      case "dfn":
        return wrap(this.inlineChildren(el), "*")
      case "del":
      case "s":
      case "strike":
        return wrap(this.inlineChildren(el), "~~")
      case "sup":
      case "sub":
      default:
        return this.inlineChildren(el)
    }
  }

  /** An absolute http(s) URL, or undefined for script links, fragments of nothing and garbage. */
  url(raw: string | null): string | undefined {
    const value = raw?.trim()
    if (!value || (value.startsWith("#") && value.length === 1)) return undefined
    try {
      const url = new URL(value, this.baseUrl)
      if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "mailto:") return undefined
      // a parenthesis would end the link's target early ("…/wiki/Mercury_(planet)"), and encodeURIComponent leaves it as it is
      return url.href.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
    } catch {
      return undefined
    }
  }
}

/**
 * A lazy-loaded image keeps a placeholder (often a data: URL) in `src` and its real address in a
 * data- attribute; the first real http(s) address wins.
 */
const LAZY_SOURCES = ["src", "data-src", "data-lazy-src", "data-original", "data-url"]
const imageSource = (el: Element, resolve: (raw: string | null) => string | undefined): string | undefined => {
  for (const name of LAZY_SOURCES) {
    const url = resolve(el.getAttribute(name))
    if (url !== undefined && !url.startsWith("mailto:")) return url
  }
  return undefined
}

/** Bold or italics around the text, with the white space kept outside the markers so they still parse. */
const wrap = (text: string, marker: string): string => {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!
  return match[2] ? `${match[1]}${marker}${match[2]}${marker}${match[3]}` : text
}

const tidyInline = (text: string): string =>
  text
    .split("\n")
    .map((line) => line.replace(/ {2,}/g, " ").trim())
    .join("\n")
    .replace(/\n{2,}/g, "\n")
    .trim()

/** Only the characters that would otherwise change how a line of text reads as Markdown. */
const escapeInline = (text: string): string => text.replace(/([\\`*_[\]<>])/g, "\\$1")
const escapeLineStart = (text: string): string =>
  text
    .split("\n")
    .map((line) => line.replace(/^(#{1,6} |[-+] |>|={3,}$|-{3,}$)/, "\\$1").replace(/^(\d+)\. /, "$1\\. "))
    .join("\n")

const longestRun = (text: string, char: string): number => {
  let best = 0
  let run = 0
  for (const c of text) {
    run = c === char ? run + 1 : 0
    if (run > best) best = run
  }
  return best
}

/** Whether a block element sits anywhere below `el`. */
const hasBlockInside = (el: Element): boolean => {
  for (let child = el.firstChild; child !== null; child = child.nextSibling) {
    if (isElement(child) && (BLOCK_TAGS.has(tagOf(child)) || hasBlockInside(child))) return true
  }
  return false
}

const span = (cell: Element): number => {
  const n = Number(cell.getAttribute("colspan") ?? "1")
  return Number.isInteger(n) && n > 1 && n < 50 ? n : 1
}

/** The rows of a table (through thead, tbody and tfoot, but not into nested tables), each as its cells. */
const tableRows = (table: Element): Element[][] => {
  const rows: Element[][] = []
  const visit = (node: Element) => {
    for (const child of childrenOf(node)) {
      if (!isElement(child)) continue
      const tag = tagOf(child)
      if (tag === "tr") rows.push(childrenOf(child).filter((c): c is Element => isElement(c) && (tagOf(c) === "td" || tagOf(c) === "th")))
      else if (tag === "thead" || tag === "tbody" || tag === "tfoot") visit(child)
    }
  }
  visit(table)
  return rows.filter((r) => r.length > 0)
}

/** Whether a list holds text of its own and no item: a passage indented, not a list. */
const holdsTextWithoutItems = (el: Element): boolean => {
  let text = false
  for (let child = el.firstChild; child !== null; child = child.nextSibling) {
    if (isElement(child) && tagOf(child) === "li") return false
    if (child.nodeType === TEXT_NODE && (child as Text).data.trim() !== "") text = true
  }
  return text
}
