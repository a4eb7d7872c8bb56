/** Newline-delimited JSON (Ollama's native stream): one value per line, blank lines skipped. */

export interface Line {
  readonly text: string
  /** False for a last line with no newline after it: possibly a value broken off by a cut connection. */
  readonly complete: boolean
}

export async function* ndjsonLines(text: AsyncIterable<string>): AsyncGenerator<Line> {
  let pending = ""
  for await (const piece of text) {
    pending += piece
    let newline = pending.indexOf("\n")
    while (newline !== -1) {
      const line = pending.slice(0, newline).replace(/\r$/, "")
      pending = pending.slice(newline + 1)
      if (line.trim() !== "") yield { text: line, complete: true }
      newline = pending.indexOf("\n")
    }
  }
  if (pending.trim() !== "") yield { text: pending, complete: false }
}
