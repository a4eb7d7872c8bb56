/**
 * Shows Markdown (built by markdown-dom.ts as markdown.ts's sanitised HTML would be: nothing in
 * it loads a resource; remote images are links) with copyable code blocks, highlighted unless `highlight` is off (a streaming tail is
 * redone every frame: it is highlighted once it is final); re-renders only when its text changes.
 */
import { LitElement, css, html, unsafeCSS } from "lit"
import { t } from "./i18n.ts"
import { highlightCodeIn } from "./highlight.ts"
import { renderMarkdownInto } from "./markdown-dom.ts"
import { baseStyles } from "./styles.ts"

export const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** The theme's colours of the highlighted tokens (`tok-<colour>`, highlight-languages.ts), for any shadow root that shows highlighted code. */
export const tokenColours = unsafeCSS(
  // built from this constant list only, so unsafeCSS has nothing from outside to let in
  ["keyword", "string", "comment", "number", "title", "attr"]
    .map((colour) => `.tok-${colour} { color: var(--am-code-${colour});${colour === "comment" ? " font-style: italic;" : ""} }`)
    .join("\n"),
)

/**
 * The rules for the rendered Markdown itself (an element's own box aside): am-markdown's shadow
 * root has them, and so has the root of an element whose am-markdown children are `unscoped`.
 */
export const markdownContentStyles = [
  css`
    .md > :first-child {
      margin-top: 0;
    }
    p,
    ul,
    ol,
    blockquote {
      margin: 0 0 8px;
    }
    p:last-child {
      margin-bottom: 0;
    }
    ul,
    ol {
      padding-left: 1.4em;
    }
    h1,
    h2,
    h3,
    h4 {
      font-size: 1em;
      margin: 12px 0 6px;
    }
    h1 {
      font-size: 1.2em;
    }
    h2 {
      font-size: 1.1em;
    }
    blockquote {
      border-left: 3px solid var(--am-border);
      padding-left: 8px;
      color: var(--am-muted);
    }
    code {
      font-family: var(--am-mono);
      font-size: 0.92em;
      background: var(--am-code-bg);
      padding: 1px 4px;
      border-radius: 4px;
    }
    .code-block {
      margin: 8px 0;
      border: 1px solid var(--am-border);
      border-radius: var(--am-radius);
      overflow: hidden;
      background: var(--am-code-bg);
    }
    .code-bar {
      display: flex;
      justify-content: space-between;
      align-items: center;
      padding: 2px 4px 2px 10px;
      background: var(--am-surface-2);
      font-size: 12px;
      color: var(--am-muted);
    }
    .code-bar button {
      min-height: 22px;
      padding: 0 8px;
      font-size: 12px;
    }
    pre {
      margin: 0;
      padding: 8px 10px;
      overflow-x: auto;
    }
    pre code {
      background: none;
      padding: 0;
      white-space: pre;
    }
    .table-wrap {
      overflow-x: auto;
      margin: 8px 0;
    }
    table {
      border-collapse: collapse;
      font-size: 13px;
    }
    th,
    td {
      border: 1px solid var(--am-border);
      padding: 4px 8px;
      text-align: left;
      vertical-align: top;
    }
    th {
      background: var(--am-surface);
    }
    /* Table alignment comes as a class: the sanitiser keeps no style attribute. */
    .align-left {
      text-align: left;
    }
    .align-center {
      text-align: center;
    }
    .align-right {
      text-align: right;
    }
    /* A remote image of a reply, shown as a link: the panel never fetches it itself. */
    .image-link::before {
      content: "🖼 ";
    }
    img {
      max-width: 100%;
    }
    hr {
      border: none;
      border-top: 1px solid var(--am-border);
    }
  `,
  tokenColours,
]

export class AmMarkdown extends LitElement {
  static override properties = { text: {}, highlight: { type: Boolean } }
  text = ""
  highlight = true
  /** Settles once the code blocks of the last render are highlighted (tests wait for it). */
  highlighted: Promise<void> = Promise.resolve()
  /** The text whose nodes are in the container now: they are written again only when it changes. */
  private renderedFor: string | undefined

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        overflow-wrap: anywhere;
      }
      /* A block whose trailing margin would not collapse with the gap after it (am-reply's groups). */
      :host([data-flush]) .md > :last-child,
      :host([data-flush]) .md > :last-child :last-child {
        margin-bottom: 0;
      }
    `,
    markdownContentStyles,
  ]

  /**
   * With the `unscoped` attribute (present when the element is made) it renders into its own
   * children, styled by the shadow root it sits in (markdownContentStyles there), instead of into
   * a shadow root of its own: a long reply has hundreds of blocks, and each shadow root costs Blink
   * a style scope of its own, kept and traced by its garbage collector as long as the reply is shown.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    return this.hasAttribute("unscoped") ? this : super.createRenderRoot()
  }

  private async onClick(event: Event) {
    const button = (event.target as HTMLElement).closest("[data-copy-code]")
    if (!button) return
    const code = button.closest(".code-block")?.querySelector("code")?.textContent ?? ""
    const ok = await copyText(code)
    button.textContent = ok ? t("copied") : t("copyFailed")
    setTimeout(() => (button.textContent = t("copy")), 1500)
  }

  protected override updated(): void {
    const container = this.renderRoot.querySelector(".md")
    if (container && this.renderedFor !== this.text) {
      // Into the nodes the last text left there: the streamed tail is written again every frame.
      renderMarkdownInto(container, this.text, t("copy"))
      this.renderedFor = this.text
    }
    if (this.highlight) this.highlighted = highlightCodeIn(this.renderRoot)
  }

  override render() {
    return html`<div class="md" @click=${(event: Event) => this.onClick(event)}></div>`
  }
}
customElements.define("am-markdown", AmMarkdown)
