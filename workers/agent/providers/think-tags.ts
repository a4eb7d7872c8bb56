import type { StreamEvent } from "./types.ts"

/**
 * Models served raw (DeepSeek-R1 distills, Qwen on vLLM or LM Studio) put their reasoning
 * inline as `<think>…</think>` at the start of the content. This splits it out while the tags
 * arrive in arbitrary pieces. Only a block that opens the message counts: a `<think>` later
 * in an answer is text the model is writing about, not reasoning.
 */

export type Piece = { readonly type: "text" | "reasoning"; readonly delta: string }

const OPEN = "<think>"
const CLOSE = "</think>"

export class ThinkTagSplitter {
  private state: "start" | "thinking" | "after" | "text" = "start"
  private buffer = ""

  push(chunk: string): Array<Piece> {
    const out: Array<Piece> = []
    this.buffer += chunk
    this.drain(out)
    return out
  }

  /** The stream ended: whatever is held back is emitted as what it was. */
  flush(): Array<Piece> {
    const out: Array<Piece> = []
    if (this.buffer !== "") {
      if (this.state === "thinking") out.push({ type: "reasoning", delta: this.buffer })
      else if (this.state !== "after") out.push({ type: "text", delta: this.buffer })
    }
    this.buffer = ""
    return out
  }

  private drain(out: Array<Piece>): void {
    while (this.buffer !== "") {
      if (this.state === "start") {
        const lead = this.buffer.trimStart()
        if (lead.startsWith(OPEN)) {
          this.buffer = lead.slice(OPEN.length)
          this.state = "thinking"
        } else if (OPEN.startsWith(lead)) {
          return
        } else {
          this.state = "text"
        }
      } else if (this.state === "thinking") {
        const end = this.buffer.indexOf(CLOSE)
        if (end !== -1) {
          if (end > 0) out.push({ type: "reasoning", delta: this.buffer.slice(0, end) })
          this.buffer = this.buffer.slice(end + CLOSE.length)
          this.state = "after"
        } else {
          const keep = partialSuffix(this.buffer, CLOSE)
          const emit = this.buffer.slice(0, this.buffer.length - keep)
          if (emit !== "") out.push({ type: "reasoning", delta: emit })
          this.buffer = this.buffer.slice(emit.length)
          return
        }
      } else if (this.state === "after") {
        // The blank lines models put between `</think>` and the answer are not part of it.
        this.buffer = this.buffer.trimStart()
        if (this.buffer !== "") this.state = "text"
      } else {
        out.push({ type: "text", delta: this.buffer })
        this.buffer = ""
      }
    }
  }
}

/** The length of the longest end of `text` that could be the beginning of `tag`. */
const partialSuffix = (text: string, tag: string): number => {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n
  }
  return 0
}

/**
 * Reasoning streamed ahead of the answer (OpenAI-style and Ollama services): each piece goes
 * out as it comes, and the whole of it once as a block, when the answer (or the turn) starts.
 */
export class ReasoningStream {
  private text = ""
  private closed = false

  public *end(): Generator<StreamEvent> {
    if (this.text !== "" && !this.closed) {
      this.closed = true
      yield { type: "reasoning_block", block: { text: this.text } }
    }
  }

  public *emit(type: "text" | "reasoning", delta: string): Generator<StreamEvent> {
    if (delta === "") return
    if (type === "reasoning") {
      this.text += delta
      yield { type: "reasoning", delta }
    } else {
      yield* this.end()
      yield { type: "text", delta }
    }
  }
}
