/**
 * The model's Markdown as safe HTML. The model repeats what it read on web pages, so its text
 * is untrusted: marked renders it, DOMPurify keeps only inert markup, links open in a new tab
 * without an opener, and images are dropped (a remote image URL is a way to send data out).
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
      // Wide tables scroll on their own instead of widening the 400 px panel.
      table(token: Tokens.Table) {
        const cell = (c: Tokens.TableCell, tag: "th" | "td") =>
          `<${tag}${c.align ? ` style="text-align:${c.align}"` : ""}>${this.parser.parseInline(c.tokens)}</${tag}>`
        const head = `<tr>${token.header.map((c) => cell(c, "th")).join("")}</tr>`
        const body = token.rows.map((row) => `<tr>${row.map((c) => cell(c, "td")).join("")}</tr>`).join("")
        return `<div class="table-wrap"><table><thead>${head}</thead><tbody>${body}</tbody></table></div>`
      },
    },
  })

let purifier: ReturnType<typeof DOMPurify> | undefined
const purify = () => {
  if (purifier) return purifier
  purifier = DOMPurify(globalThis.window)
  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A") {
      const href = node.getAttribute("href") ?? ""
      if (!/^(https?:|mailto:)/i.test(href)) node.removeAttribute("href")
      node.setAttribute("target", "_blank")
      node.setAttribute("rel", "noopener noreferrer")
    }
  })
  return purifier
}

const parsers = new Map<string, Marked>()

/** Renders Markdown to sanitised HTML; `copyLabel` is the code blocks' button text. */
export const renderMarkdown = (markdown: string, copyLabel = "Copy"): string => {
  let parser = parsers.get(copyLabel)
  if (!parser) parsers.set(copyLabel, (parser = makeParser(copyLabel)))
  const raw = parser.parse(markdown, { async: false }) as string
  return purify().sanitize(raw, {
    FORBID_TAGS: ["img", "style", "form", "input", "textarea", "select", "iframe", "video", "audio", "svg", "math"],
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ["data-copy-code", "target"],
  })
}
