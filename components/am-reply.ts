/**
 * One answer of the model as Markdown, streamed or saved: finished blocks each in an
 * am-markdown of their own, rendered once; the open tail in one more, redone as the text grows.
 * The element is kept from the first token to the saved message, so saving redoes nothing.
 *
 * The tail's element sits where its first block will sit once finished, and becomes that block's
 * element: a finished block keeps the nodes, style and layout it had as the tail instead of being
 * built and laid out a second time in an element of its own (each block was built twice, and the
 * first build thrown away, most of what Blink's garbage collector then had to trace and compact).
 */
import { LitElement, css, html } from "lit"
import { guard } from "lit/directives/guard.js"
import { repeat } from "lit/directives/repeat.js"
import { markdownContentStyles } from "./am-markdown.ts"
import { baseStyles } from "./styles.ts"
import type { TextDeltas } from "./state/chat-view.ts"
import { MarkdownBlocks, withoutUnfinishedTable, type Blocks } from "./state/markdown-blocks.ts"

/**
 * Finished blocks are rendered in groups of this many, each in an element of its own and again
 * only when it grows: a frame of a long reply then walks its groups, not its hundreds of blocks,
 * in the panel's script and in Blink's style, layout and paint, whose work per frame otherwise
 * grew with the reply (a container whose last child changes is laid out and painted anew).
 */
const GROUP = 32

/** Link reference definitions (`[ref]: url`): they hold for the whole reply, whichever block uses them. */
const definitionsOf = (markdown: string): string[] => markdown.match(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm) ?? []

export class AmReply extends LitElement {
  static override properties = { text: {}, deltas: { attribute: false }, streaming: { type: Boolean } }
  text = ""
  /** While it streams: `text` as its deltas, of which only those not seen yet are read. */
  deltas: TextDeltas | undefined
  streaming = false
  private readonly blocks = new MarkdownBlocks()
  private current: Blocks = { done: [], tail: "" }
  /** The deltas read so far: their array and how many of it. */
  private read: TextDeltas | undefined
  /** The definitions among the finished blocks (read once each), and those of the whole reply. */
  private doneDefinitions: string[] = []
  private scanned = 0
  /** The array of finished blocks the definitions were read from (a new one when the text started again). */
  private shownDone: ReadonlyArray<string> | undefined
  private definitions = ""

  // The blocks are unscoped am-markdown elements (no shadow root each): their rules are here, the
  // shadow root's :host rules of am-markdown written for am-markdown.
  static override styles = [
    baseStyles,
    markdownContentStyles,
    css`
      :host {
        display: block;
      }
      am-markdown {
        display: block;
        overflow-wrap: anywhere;
        color: var(--am-fg);
      }
      /* A block whose trailing margin would not collapse with the gap after it (the groups). */
      am-markdown[data-flush] .md > :last-child,
      am-markdown[data-flush] .md > :last-child :last-child {
        margin-bottom: 0;
      }
      /* Blocks are separate elements: the gaps a single document would have between them. A group
       has no box edges of its own, so its first block's margin is the gap from the block before. */
      am-markdown + am-markdown,
      .blocks + .blocks > am-markdown:first-child {
        margin-top: 8px;
      }
      /* An off-screen group skips style, layout, pre-paint and paint (the pre-paint of the groups
       above grew with the reply, every frame, while they sat out of view); it keeps the height it
       had when last on screen. Containment makes it a formatting context of its own, so the
       blocks' trailing margins stay inside: they are zeroed (data-flush), which keeps the 8 px
       gaps they collapsed into before. */
      /* (Not the Markdown's own elements, which share this shadow root and may carry any class.) */
      .blocks:not(am-markdown *) {
        content-visibility: auto;
        contain-intrinsic-block-size: auto 2000px;
      }
      /* The group that holds the tail is not contained: the tail's trailing margin collapses out of
       it, as it would from a sibling of the groups (and it is on screen while it streams anyway). */
      .blocks.open:not(am-markdown *) {
        content-visibility: visible;
      }
      am-markdown.tail[data-empty] {
        display: none;
      }
      am-markdown.streaming::after {
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
        am-markdown.streaming::after {
          animation: none;
        }
      }
    `,
  ]

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (!changed.has("text") && !changed.has("deltas")) return
    const deltas = this.deltas
    const read = this.read
    this.read = deltas
    if (deltas && read && deltas.parts === read.parts && deltas.count >= read.count)
      this.current = this.blocks.append(deltas.parts.slice(read.count, deltas.count).join(""))
    else this.current = this.blocks.update(this.text)
    if (this.current.done !== this.shownDone) {
      this.shownDone = this.current.done
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

  /**
   * The blocks `from` up to `GROUP` of them, the tail among them when it falls in this group: one
   * template for both, so that when the tail's first block is finished the same element shows it.
   */
  private group(done: ReadonlyArray<string>, tail: string, from: number) {
    const indices = Array.from({ length: Math.min(done.length + 1 - from, GROUP) }, (_, i) => from + i)
    return repeat(
      indices,
      (index) => index,
      (index) => {
        const isTail = index === done.length
        return html`<am-markdown
          unscoped
          class=${isTail ? `tail${this.streaming ? " streaming" : ""}` : ""}
          ?data-flush=${!isTail}
          ?data-empty=${isTail && tail.trim() === ""}
          .highlight=${!isTail || !this.streaming}
          .text=${this.withDefinitions(isTail ? (this.streaming ? withoutUnfinishedTable(tail) : tail) : done[index]!)}
        ></am-markdown>`
      },
    )
  }

  override render() {
    const { done, tail } = this.current
    // The tail is block `done.length`: the last group holds it.
    const starts = Array.from({ length: Math.floor(done.length / GROUP) + 1 }, (_, g) => g * GROUP)
    const open = starts.at(-1)!
    return repeat(
      starts,
      (from) => from,
      (from) =>
        guard(
          from === open ? [this.current, this.streaming, this.definitions] : [done, Math.min(done.length - from, GROUP), this.definitions],
          () => html`<div class="blocks ${from === open ? "open" : ""}">${this.group(done, tail, from)}</div>`,
        ),
    )
  }
}
customElements.define("am-reply", AmReply)
