/**
 * Messages on the page channel's Port travel whole up to PART_CHARS characters of JSON, and in
 * parts past that. Chrome refuses a Port message over 64 MiB serialized (and the sender only
 * learns it from an exception): a conversation of 70 MB answered `conversations.get` with
 * nothing at all. Both ends post through `inParts` and receive through `PartJoiner`.
 */

/**
 * Characters of JSON a message may have to travel whole. The limit is on bytes, after Chrome
 * serializes the message (a part's text is serialized once more): a character takes at most 3
 * bytes of UTF-8, and a part's escaped characters at most 2, so a part stays under 24 MiB.
 */
export const PART_CHARS = 8 * 1024 * 1024

export interface ChannelPart {
  readonly type: "part"
  /** Which message the part belongs to: unique per sender. */
  readonly key: string
  readonly index: number
  readonly count: number
  /** A slice of the message's JSON text. */
  readonly data: string
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff

/** The slices of `text`, each at most `size` characters, never splitting a surrogate pair. */
const slices = (text: string, size: number): Array<string> => {
  const out: Array<string> = []
  let at = 0
  while (at < text.length) {
    let end = Math.min(at + size, text.length)
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1
    out.push(text.slice(at, end))
    at = end
  }
  return out
}

/** What to post for `message`: the message itself, or its JSON in parts named `key`. */
export const inParts = (message: unknown, key: string, partChars = PART_CHARS): ReadonlyArray<unknown> => {
  const text = JSON.stringify(message)
  if (text.length <= partChars) return [message]
  const data = slices(text, partChars)
  return data.map((slice, index): ChannelPart => ({ type: "part", key, index, count: data.length, data: slice }))
}

const isPart = (raw: unknown): raw is ChannelPart =>
  typeof raw === "object" &&
  raw !== null &&
  (raw as { type?: unknown }).type === "part" &&
  typeof (raw as ChannelPart).key === "string" &&
  typeof (raw as ChannelPart).data === "string"

/** Puts parts back together; a Port delivers one sender's messages in order. */
export class PartJoiner {
  private readonly open = new Map<string, Array<string>>()

  /** The message `raw` completes: itself when it is not a part, the whole message at its last part, else nothing yet. */
  accept(raw: unknown): { readonly message: unknown } | undefined {
    if (!isPart(raw)) return { message: raw }
    const parts = this.open.get(raw.key) ?? []
    if (raw.index !== parts.length) {
      // A part out of order cannot come from a Port; drop what was gathered rather than join it wrong.
      this.open.delete(raw.key)
      return undefined
    }
    parts.push(raw.data)
    if (parts.length < raw.count) {
      this.open.set(raw.key, parts)
      return undefined
    }
    this.open.delete(raw.key)
    try {
      return { message: JSON.parse(parts.join("")) as unknown }
    } catch {
      return undefined
    }
  }
}
