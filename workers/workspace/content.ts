/**
 * What opfs_write writes: the bytes of `content`. A `data:` URL (base64 or percent-encoded) is
 * decoded to the bytes it carries; any other text is written as UTF-8.
 *
 * Only text whose start parses as a data URL header (`data:[type/subtype][;param=value]*[;base64],`)
 * is decoded, so ordinary text that happens to begin with "data:" ("data: 3 rows, ...") is
 * written as it is. Text that plainly meant to be a data URL but is malformed is refused, since
 * writing it as text would silently store the wrong file.
 */
import { counted } from "../../schemas/plural.ts"

export type ContentBytes =
  { readonly ok: true; readonly bytes: Uint8Array; readonly fromDataUrl: boolean } | { readonly ok: false; readonly message: string }

const TOKEN = "[A-Za-z0-9!#$&'*+.^_`|~-]+"
const HEADER = new RegExp(`^data:(?:${TOKEN}/${TOKEN})?((?:;${TOKEN}=(?:"[^"]*"|[^;,"]*))*)(;base64)?,`, "i")
const MEANT_AS_DATA_URL = new RegExp(`^data:${TOKEN}/${TOKEN}(?:;|$)`, "i")

declare global {
  interface Uint8ArrayConstructor {
    fromBase64(text: string, options?: { alphabet?: "base64" | "base64url"; lastChunkHandling?: "loose" | "strict" }): Uint8Array
  }
}

export const contentBytes = (content: string): ContentBytes => {
  const header = HEADER.exec(content)
  if (header === null) {
    if (MEANT_AS_DATA_URL.test(content)) {
      return {
        ok: false,
        message:
          'content starts like a data: URL but has no "," before its data: write it as data:<type>;base64,<data>, or as data:<type>,<percent-encoded text>.',
      }
    }
    return { ok: true, bytes: new TextEncoder().encode(content), fromDataUrl: false }
  }
  const body = content.slice(header[0].length)
  if (header[2] === undefined) return { ok: true, bytes: percentDecode(body), fromDataUrl: true }
  const text = body.includes("%") ? latin1(percentDecode(body)) : body
  try {
    return { ok: true, bytes: Uint8Array.fromBase64(text), fromDataUrl: true }
  } catch {
    try {
      // The URL-safe alphabet (- and _) is a common slip; its meaning is not in doubt.
      return { ok: true, bytes: Uint8Array.fromBase64(text, { alphabet: "base64url" }), fromDataUrl: true }
    } catch {
      return {
        ok: false,
        message: `content is a base64 data: URL whose data is not valid base64 (${counted(body.length, "character", "characters")} after the comma): check that it is complete and uses only A-Z, a-z, 0-9, +, / and = padding.`,
      }
    }
  }
}

const isHex = (b: number | undefined) =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66))

/** The URL percent-decoding of a data URL's body: %XX is that byte, anything else its UTF-8. */
export const percentDecode = (body: string): Uint8Array => {
  const utf8 = new TextEncoder().encode(body)
  if (!body.includes("%")) return utf8
  const out = new Uint8Array(utf8.length)
  let n = 0
  for (let i = 0; i < utf8.length; i++) {
    const b = utf8[i]!
    if (b === 0x25 && isHex(utf8[i + 1]) && isHex(utf8[i + 2])) {
      out[n++] = parseInt(String.fromCharCode(utf8[i + 1]!, utf8[i + 2]!), 16)
      i += 2
    } else {
      out[n++] = b
    }
  }
  return out.subarray(0, n)
}

const latin1 = (bytes: Uint8Array) => {
  let text = ""
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return text
}
