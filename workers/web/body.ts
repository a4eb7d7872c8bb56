/**
 * Every network read of the web group (web_fetch's pages, web_search's result pages and API
 * answers) goes through here: one size cap, so no response is held in memory past it, and one
 * decoder (charset.ts), so the same bytes read as the same text whichever tool fetched them.
 */
import { decodeBytes, mediaTypeOf } from "./charset.ts"

/** Bodies larger than this are refused rather than held in memory. */
export const MAX_BODY_BYTES = 25 * 1024 * 1024

/** The body was (or announced itself as) larger than the cap. */
export class BodyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`the response is larger than ${limitBytes / 1024 / 1024} MB`)
  }
}

/**
 * The whole body, refused past `limitBytes` whether or not Content-Length announced it. Rejects
 * with BodyTooLarge, with the signal's reason when it aborts, or with the stream's own error when
 * the connection breaks.
 */
export const readBody = async (response: Response, signal: AbortSignal, limitBytes = MAX_BODY_BYTES): Promise<Uint8Array> => {
  const declared = Number(response.headers.get("content-length"))
  if (declared > limitBytes) {
    void response.body?.cancel().catch(() => {})
    throw new BodyTooLarge(limitBytes)
  }
  if (response.body === null) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      signal.throwIfAborted()
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limitBytes) throw new BodyTooLarge(limitBytes)
      chunks.push(value)
    }
  } catch (error) {
    void reader.cancel().catch(() => {})
    throw error
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * A body as text, in the charset it is in (byte order mark, header, the markup's declaration,
 * else UTF-8 when valid, windows-1252 when not). JSON never has its contents read as a declaration.
 */
export const decodeBody = (bytes: Uint8Array, contentType: string | null | undefined): string => {
  const mediaType = mediaTypeOf(contentType)
  const markup = mediaType === "" || mediaType.includes("html") || mediaType.includes("xml")
  return decodeBytes(bytes, contentType, { sniffMarkup: markup })
}
