/** Server-sent events from a text stream, parsed by eventsource-parser. */
import { createParser, type EventSourceMessage } from "eventsource-parser"

export type { EventSourceMessage }

export async function* sseEvents(text: AsyncIterable<string>): AsyncGenerator<EventSourceMessage> {
  const ready: Array<EventSourceMessage> = []
  const parser = createParser({ onEvent: (event) => ready.push(event) })
  let last = ""
  for await (const piece of text) {
    parser.feed(piece)
    last = piece
    while (ready.length > 0) yield ready.shift()!
  }
  // A final event whose blank line never came still counts when its last line is whole: the
  // blank line is supplied, which dispatches it (the parser's reset would drop it). A line broken
  // off mid-way is the mark of a cut connection and is left for the caller to report.
  if (last.endsWith("\n") || last.endsWith("\r")) {
    parser.feed("\n\n")
    while (ready.length > 0) yield ready.shift()!
  }
}
