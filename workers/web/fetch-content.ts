/**
 * A fetched body as the text web_fetch returns: HTML reduced to its main content as Markdown,
 * JSON formatted, text as it is, PDF as its text. The media type decides; when the server gives
 * none (or a generic one), the first bytes do.
 */
import { decodeBytes, decodeHtml } from "./charset.ts"
import { extractFromHtml, type PageNotice } from "./extract/index.ts"
import { pdfToText } from "./pdf.ts"

export type ContentKind = "html" | "json" | "text" | "pdf"

/** The kind of content a media type holds, or undefined when web_fetch cannot read it. */
export const kindOfMediaType = (mediaType: string): ContentKind | undefined => {
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") return "html"
  if (mediaType === "application/json" || mediaType === "text/json" || mediaType.endsWith("+json")) return "json"
  if (mediaType === "application/pdf" || mediaType === "application/x-pdf") return "pdf"
  if (mediaType.startsWith("text/")) return "text"
  if (TEXTUAL_APPLICATION_TYPES.has(mediaType) || mediaType.endsWith("+xml")) return "text"
  return undefined
}

const TEXTUAL_APPLICATION_TYPES = new Set([
  "application/xml",
  "application/javascript",
  "application/x-javascript",
  "application/ecmascript",
  "application/x-sh",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/sql",
  "application/graphql",
  "application/x-ndjson",
  "application/jsonl",
  "application/x-www-form-urlencoded",
  "application/csv",
])

/** Media types that say nothing about the content, so the bytes are looked at instead. */
const GENERIC_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream", "application/unknown", "unknown/unknown"])

/** The media type the bytes look like, for a response without a useful Content-Type. */
export const sniffMediaType = (bytes: Uint8Array): string | undefined => {
  const head = new TextDecoder("windows-1252")
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF|^ï»¿/, "")
    .trimStart()
  if (head.startsWith("%PDF-")) return "application/pdf"
  if (/^<(!doctype html|html|head|body|!--|meta|title|p|div|h1)\b/i.test(head)) return "text/html"
  if (/^[{[]/.test(head)) return "application/json"
  // Text has no NUL bytes and few control characters; binary formats are full of them.
  const sample = bytes.subarray(0, 4096)
  let control = 0
  for (const b of sample) {
    if (b === 0) return undefined
    if (b < 9 || (b > 13 && b < 32)) control++
  }
  return control <= sample.length * 0.01 ? "text/plain" : undefined
}

/** The media type to treat the body as: the header's, unless it is missing or generic. */
export const effectiveMediaType = (headerType: string, bytes: Uint8Array): string | undefined => {
  if (!GENERIC_TYPES.has(headerType)) return headerType
  return sniffMediaType(bytes)
}

export interface ReadOptions {
  readonly mediaType: string
  /** the raw Content-Type header, for its charset */
  readonly contentType: string | null
  /** the address after redirects, for absolute links */
  readonly url: string
  readonly signal?: AbortSignal
}

/** Formats JSON text with two-space indents; text that does not parse is returned as it is. */
export const formatJson = (text: string): string => {
  const clean = text.replace(/^\uFEFF/, "")
  try {
    return JSON.stringify(JSON.parse(clean), null, 2)
  } catch {
    return clean
  }
}

/** What a fetched body reads as: the text, and for HTML the notice of a page that is not its article. */
export interface Reading {
  readonly text: string
  readonly notice?: PageNotice
}

/** What the model is told about a page that is not its article (the result's `notice` says the same as a code). */
const NOTICE_NOTES: Readonly<Record<PageNotice["code"], string>> = {
  script_rendered:
    "(Notice: this page is built by scripts in the browser, and its HTML holds little or no text. Open it with open_tab and read it with get_tab_content.)",
  consent_wall:
    "(Notice: the server sent a cookie or consent wall instead of the page, so its text is not returned. The page can be opened with open_tab, where the user can answer the wall, and read with get_tab_content.)",
  paywall: "(Notice: the page is behind a paywall; only the part shown before the paywall follows.)",
}

const BESIDE_CONSENT_WALL =
  "(Notice: the page shows a cookie or consent wall, which is left out; the little text below is what the page holds besides it. The page can be opened with open_tab and read with get_tab_content.)"

/** An HTML page as Markdown: its title as a heading, a notice when the page is not its article, then its main content. */
export const htmlToContent = (html: string, url: string): Reading => {
  const { title, markdown, notice } = extractFromHtml(html, url)
  const parts = title ? [`# ${title}`] : []
  if (notice !== undefined) parts.push(notice.code === "consent_wall" && markdown ? BESIDE_CONSENT_WALL : NOTICE_NOTES[notice.code])
  if (markdown) parts.push(markdown)
  else if (notice === undefined) parts.push(NO_TEXT)
  const text = parts.join("\n\n")
  return notice === undefined ? { text } : { text, notice }
}

const NO_TEXT =
  "(No article was found in the page's HTML: it holds no readable text, or only links, menus and other page furniture; it may also be built by scripts. Open it with open_tab and read it with get_tab_content.)"

export const readContent = async (kind: ContentKind, bytes: Uint8Array, options: ReadOptions): Promise<Reading> => {
  switch (kind) {
    case "html":
      return htmlToContent(decodeHtml(bytes, options.contentType, options.url), options.url)
    case "json":
      return { text: formatJson(decodeBytes(bytes, options.contentType, { sniffMarkup: false })) }
    case "text":
      return { text: decodeBytes(bytes, options.contentType, { sniffMarkup: options.mediaType.includes("xml") }) }
    case "pdf":
      return { text: await pdfToText(bytes, options.signal) }
  }
}

/** Cuts text to at most `max` UTF-16 units without splitting a surrogate pair. */
export const truncate = (text: string, max: number | undefined): { text: string; truncated: boolean } => {
  if (max === undefined || text.length <= max) return { text, truncated: false }
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max
  return { text: text.slice(0, cut), truncated: true }
}
