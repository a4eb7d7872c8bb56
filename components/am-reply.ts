/**
 * One answer of the model as Markdown, streamed or saved: finished blocks each in an
 * am-markdown of their own, rendered once; the open tail in one more, redone as the text grows.
 * The element is kept from the first token to the saved message, so saving redoes nothing.
 */
import { LitElement, css, html } from "lit"
import { repeat } from "lit/directives/repeat.js"
import "./am-markdown.ts"
import { MarkdownBlocks, type Blocks } from "./state/markdown-blocks.ts"

/** Link reference definitions (`[ref]: url`): they hold for the whole reply, whichever block uses them. */
const definitionsOf = (markdown: string): string[] => markdown.match(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm) ?? []

export class AmReply extends LitElement {
  static override properties = { text: {}, streaming: { type: Boolean } }
  text = ""
  streaming = false
  private readonly blocks = new MarkdownBlocks()
  private current: Blocks = { done: [], tail: "" }
  /** The definitions among the finished blocks (read once each), and those of the whole reply. */
  private doneDefinitions: string[] = []
  private scanned = 0
  private definitions = ""

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
    if (!changed.has("text")) return
    this.current = this.blocks.update(this.text)
    if (this.current.done.length < this.scanned) {
      this.doneDefinitions = []
      this.scanned = 0
    }
    for (; this.scanned < this.current.done.length; this.scanned++)
      this.doneDefinitions.push(...definitionsOf(this.current.done[this.scanned]!))
    // Each block is rendered with every definition, so a reference used above its definition still resolves.
    this.definitions = [...this.doneDefinitions, ...definitionsOf(this.current.tail)].join("\n")
  }

  private withDefinitions(block: string): string {
    return this.definitions ? `${block}\n\n${this.definitions}\n` : block
  }

  override render() {
    const { done, tail } = this.current
    return html`${repeat(
        done,
        (_, i) => i,
        (block) => html`<am-markdown .text=${this.withDefinitions(block)}></am-markdown>`,
      )}<am-markdown
        class="tail ${this.streaming ? "streaming" : ""}"
        .highlight=${!this.streaming}
        ?data-empty=${tail.trim() === ""}
        .text=${this.withDefinitions(tail)}
      ></am-markdown>`
  }
}
customElements.define("am-reply", AmReply)
