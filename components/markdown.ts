/**
 * The model's Markdown as safe HTML. The model repeats what it read on web pages, so its text
 * is untrusted: marked renders it, DOMPurify keeps only inert markup, links open in a new tab
 * without an opener or a referrer, and nothing in the result loads a resource when shown. A
 * remote URL fetched at render time would carry data out with no tool call and no consent
 * (`<img src>`, `style="background:url()"`, `<table background>`, `srcset`, `poster`, `ping`,
 * `<link>`, `<object>`...), so the markup is an allowlist of tags and attributes that fetch
 * nothing, and a remote image becomes a link the user may click.
 */
import DOMPurify from "dompurify"
import { Marked, type Tokens } from "marked"

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const makeParser = (copyLabel: string) =>
  new Marked({
    gfm: true,
    breaks: false,
    renderer: {
      // Code blocks get a copy button; the click is handled by the element that shows them.
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? "").match(/^[\w+#.-]+/)?.[0] ?? ""
        return (
          `<div class="code-block"><div class="code-bar"><span class="code-lang">${escapeHtml(language)}</span>` +
          `<button type="button" class="copy-code" data-copy-code>${escapeHtml(copyLabel)}</button></div>` +
          `<pre><code${language ? ` class="language-${escapeHtml(language)}"` : ""}>${escapeHtml(text)}</code></pre></div>`
        )
      },
      // Wide tables scroll on their own instead of widening the 400 px panel. Alignment is a
      // class: no `style` attribute survives the sanitiser.
      table(token: Tokens.Table) {
        const cell = (c: Tokens.TableCell, tag: "th" | "td") =>
          `<${tag}${c.align ? ` class="align-${c.align}"` : ""}>${this.parser.parseInline(c.tokens)}</${tag}>`
        const head = `<tr>${token.header.map((c) => cell(c, "th")).join("")}</tr>`
        const body = token.rows.map((row) => `<tr>${row.map((c) => cell(c, "td")).join("")}</tr>`).join("")
        return `<div class="table-wrap"><table><thead>${head}</thead><tbody>${body}</tbody></table></div>`
      },
    },
  })

/** Tags that show text and structure and load nothing (no media, frames, forms, SVG, styles). */
const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "div",
  "span",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "code",
  "kbd",
  "samp",
  "var",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "mark",
  "small",
  "sub",
  "sup",
  "abbr",
  "dfn",
  "q",
  "time",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "details",
  "summary",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  // A link; an image only from data: or blob: (see below); a task list's checkbox; the copy button.
  "a",
  "img",
  "input",
  "button",
]

/**
 * Attributes that load nothing. Absent on purpose: style, background, src (but on img), srcset,
 * poster, ping, formaction, action, xlink:href, data, codebase, lowsrc, longdesc, cite, id, name.
 */
const ALLOWED_ATTR = [
  "href",
  "title",
  "alt",
  "src",
  "class",
  "lang",
  "dir",
  "colspan",
  "rowspan",
  "start",
  "reversed",
  "open",
  "datetime",
  "type",
  "checked",
  "disabled",
  "data-copy-code",
  "target",
  "rel",
  "referrerpolicy",
]

/** An image the panel may show: its bytes are in the URL or in this extension's memory. */
const LOCAL_IMAGE = /^(?:data:image\/[a-z0-9.+-]+[;,]|blob:)/i
const LINKABLE = /^(?:https?:|mailto:)/i

/** Whether the panel may show an image of this URL: its bytes are in the URL or in this extension's memory. */
export const isLocalImage = (src: string): boolean => LOCAL_IMAGE.test(src)
/** Whether a link may keep this URL: one that opens a page or writes a mail, nothing that runs. */
export const isLinkable = (href: string): boolean => LINKABLE.test(href)

/** A link opens in a new tab, with no opener and no referrer; one of another scheme keeps no href. */
export const hardenLink = (a: Element) => {
  const href = a.getAttribute("href") ?? ""
  if (!LINKABLE.test(href)) a.removeAttribute("href")
  a.setAttribute("target", "_blank")
  a.setAttribute("rel", "noopener noreferrer")
  a.setAttribute("referrerpolicy", "no-referrer")
}

let purifier: ReturnType<typeof DOMPurify> | undefined
const purify = () => {
  if (purifier) return purifier
  purifier = DOMPurify(globalThis.window)
  // Set once: a config passed to each sanitize() is parsed again each time, its allowlists copied
  // into new objects (about 9 MB of a 20,000-token streamed reply's sampled allocations).
  purifier.setConfig({
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    // URL-valued attributes: http(s), mailto, blob and data:image (the hook narrows each by tag),
    // or a value with no scheme at all (DOMPurify checks every attribute value against this).
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|blob):|data:image\/|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  })
  // Runs in DOMPurify's inert document, where an <img> fetches nothing; a remote one is swapped
  // for a link there, before anything reaches the live page.
  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "IMG") node.removeAttribute("src")
    if (node.tagName === "A") hardenLink(node)
    else if (node.tagName === "IMG") {
      const src = (node.getAttribute("src") ?? "").trim()
      if (LOCAL_IMAGE.test(src)) return
      const alt = node.getAttribute("alt") ?? ""
      if (!/^https?:/i.test(src)) {
        node.replaceWith(node.ownerDocument.createTextNode(alt))
        return
      }
      const link = node.ownerDocument.createElement("a")
      link.setAttribute("href", src)
      link.setAttribute("class", "image-link")
      link.setAttribute("title", src)
      link.textContent = alt || src
      hardenLink(link)
      node.replaceWith(link)
    } else if (node.tagName === "INPUT") {
      // Only a GFM task list's checkbox, shown and never editable.
      if (node.getAttribute("type") !== "checkbox") node.remove()
      else node.setAttribute("disabled", "")
    } else if (node.tagName === "BUTTON") node.setAttribute("type", "button")
  })
  return purifier
}

const parsers = new Map<string, Marked>()

/** Renders Markdown to sanitised HTML; `copyLabel` is the code blocks' button text. */
export const renderMarkdown = (markdown: string, copyLabel = "Copy"): string => {
  let parser = parsers.get(copyLabel)
  if (!parser) parsers.set(copyLabel, (parser = makeParser(copyLabel)))
  const raw = parser.parse(markdown, { async: false }) as string
  return purify().sanitize(raw)
}
