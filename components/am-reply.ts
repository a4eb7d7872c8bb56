/**
 * One answer of the model as Markdown, streamed or saved: finished blocks each in an
 * am-markdown of their own, rendered once; the open tail in one more, redone as the text grows.
 * The element is kept from the first token to the saved message, so saving redoes nothing.
 */
import { LitElement, css, html } from "lit"
import { repeat } from "lit/directives/repeat.js"
import "./am-markdown.ts"
import { MarkdownBlocks, type Blocks } from "./state/markdown-blocks.ts"

export class AmReply extends LitElement {
  static override properties = { text: {}, streaming: { type: Boolean } }
  text = ""
  streaming = false
  private readonly blocks = new MarkdownBlocks()
  private current: Blocks = { done: [], tail: "" }

  static override styles = css`
    :host {
      display: block;
    }
    /* Blocks are separate elements: the gaps a single document would have between them. */
    am-markdown + am-markdown {
      margin-top: 8px;
    }
    am-markdown.tail[data-empty] {
      display: none;
    }
    .streaming::after {
      content: "▍";
      animation: blink 1s steps(2) infinite;
      color: var(--am-accent);
    }
    @keyframes blink {
      50% {
        opacity: 0;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .streaming::after {
        animation: none;
      }
    }
  `

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("text")) this.current = this.blocks.update(this.text)
  }

  override render() {
    const { done, tail } = this.current
    return html`${repeat(
        done,
        (_, i) => i,
        (block) => html`<am-markdown .text=${block}></am-markdown>`,
      )}<am-markdown class="tail ${this.streaming ? "streaming" : ""}" ?data-empty=${tail.trim() === ""} .text=${tail}></am-markdown>`
  }
}
customElements.define("am-reply", AmReply)
