/**
 * A reply split into Markdown blocks as it streams, so each finished block is parsed, sanitised
 * and laid out once, and only the open tail is redone per frame. A block is finished once
 * another block starts after it: text that comes later cannot change it (except a link
 * reference defined further down: am-reply gives every block the reply's definitions).
 *
 * The work per update is bounded by the open tail and the text added, not by the reply.
 */
import { Lexer } from "marked"

export interface Blocks {
  /** The finished blocks' source, in order; an array that only grows while the text does (a new one when it starts again). */
  readonly done: ReadonlyArray<string>
  /** The source after them, still open. */
  readonly tail: string
}

/** A Lexer keeps its tokens between calls: a fresh one per look (Lexer.lex) is what is wanted. */
const lex = (markdown: string) => Lexer.lex(markdown, { gfm: true })

export class MarkdownBlocks {
  /** The text so far; appended deltas join it with `+`, which copies nothing until it is read. */
  private text = ""
  /** Replaced, not emptied, when the text starts again: a renderer can tell the blocks it has shown went. */
  private done: string[] = []
  /** How much of `text` the finished blocks cover. */
  private covered = 0
  /** The text after the finished blocks. */
  private open = ""

  /** The blocks of `text`; when it extends the previous text, only the open part is looked at again. */
  update(text: string): Blocks {
    if (text.length < this.text.length || !text.startsWith(this.text)) this.reset()
    this.text = text
    return this.settle(text.slice(this.covered))
  }

  /**
   * The blocks once `delta` is added to the text: only the open part and the delta are read, so a
   * streamed reply is not copied whole (as reading the string `+` built would) on every frame.
   */
  append(delta: string): Blocks {
    this.text += delta
    return this.settle(this.open + delta)
  }

  /** Finalises the blocks of `open` that cannot change any more. */
  private settle(open: string): Blocks {
    const tokens = lex(open)
    // The last block that is not blank space may still grow: everything before it is final.
    let last = tokens.length - 1
    while (last >= 0 && tokens[last]!.type === "space") last--
    let consumed = 0
    let block = ""
    const finished: string[] = []
    for (let i = 0; i < last; i++) {
      const raw = tokens[i]!.raw
      // Blank space belongs to the block before it; a block ends where the next one begins.
      if (tokens[i]!.type !== "space" && block) {
        finished.push(block)
        block = ""
      }
      block += raw
      consumed += raw.length
    }
    if (block) finished.push(block)
    // The lexer normalises some input (line endings): finalise only what maps back to the source.
    if (finished.length && open.startsWith(finished.join(""))) {
      this.done.push(...finished)
      this.covered += consumed
      this.open = open.slice(consumed)
    } else this.open = open
    return { done: this.done, tail: this.open }
  }

  private reset(): void {
    this.text = ""
    this.done = []
    this.covered = 0
    this.open = ""
  }
}

const TABLE_ROW = /^ {0,3}\|/
const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/

/**
 * The open tail as it may be shown while it streams: a table's first lines held back until its
 * delimiter row (`|---|`) arrives, since until then Markdown reads them as a paragraph and the
 * reader would see raw `| plan |` text turn into a table a moment later.
 */
export const withoutUnfinishedTable = (tail: string): string => {
  const lines = tail.split("\n")
  let start = lines.length
  while (start > 0 && TABLE_ROW.test(lines[start - 1]!)) start--
  if (start === lines.length || lines.slice(start).some((line) => DELIMITER_ROW.test(line))) return tail
  return lines.slice(0, start).join("\n")
}
