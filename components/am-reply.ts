/**
 * One answer of the model as Markdown, streamed or saved: finished blocks each in an
 * am-markdown of their own, rendered once; the open tail in one more, redone as the text grows.
 * The element is kept from the first token to the saved message, so saving redoes nothing.
 */
import { LitElement, css, html } from "lit"
import { guard } from "lit/directives/guard.js"
import { repeat } from "lit/directives/repeat.js"
import "./am-markdown.ts"
import { MarkdownBlocks, type Blocks } from "./state/markdown-blocks.ts"

/**
 * Finished blocks are rendered in groups of this many: a frame looks into the last group only, so
 * its work does not grow with the number of blocks above (a long reply has hundreds).
 */
const GROUP_SIZE = 16

/** Link reference definitions (`[ref]: url`): they hold for the whole reply, whichever block uses them. */
const definitionsOf = (markdown: string): string[] => markdown.match(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm) ?? []

export class AmReply extends LitElement {
  static override properties = { text: {}, streaming: { type: Boolean } }
  text = ""
  streaming = false
  private readonly blocks = new MarkdownBlocks()
  private current: Blocks = { done: [], tail: "" }
  /** The finished blocks in groups; a full group keeps its identity, so its guard skips it. */
  private groups: ReadonlyArray<string>[] = []
  private grouped = 0
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
    /* A finished block out of view is neither styled, laid out nor painted again; it keeps its last size. */
    am-markdown.done {
      content-visibility: auto;
      contain-intrinsic-block-size: auto 60px;
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
    const { done } = this.current
    if (done.length < this.grouped) {
      this.groups = []
      this.grouped = 0
    }
    for (; this.grouped < done.length; this.grouped++) {
      const last = this.groups.at(-1)
      if (last === undefined || last.length === GROUP_SIZE) this.groups.push([done[this.grouped]!])
      else this.groups[this.groups.length - 1] = [...last, done[this.grouped]!]
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
    const { tail } = this.current
    return html`${repeat(
        this.groups,
        (_, i) => i,
        (group) =>
          guard([group, this.definitions], () =>
            group.map((block) => html`<am-markdown class="done" .text=${this.withDefinitions(block)}></am-markdown>`),
          ),
      )}<am-markdown
        class="tail ${this.streaming ? "streaming" : ""}"
        .highlight=${!this.streaming}
        ?data-empty=${tail.trim() === ""}
        .text=${this.withDefinitions(tail)}
      ></am-markdown>`
  }
}
customElements.define("am-reply", AmReply)
