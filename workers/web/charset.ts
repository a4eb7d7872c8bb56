/**
 * Turns a response's bytes into text in the right character set: a byte order mark first, then
 * the Content-Type header's charset, then (for HTML and XML) a <meta charset>, <meta http-equiv>
 * or XML declaration in the document's head (unless the bytes are UTF-8 beyond ASCII: see
 * `detectEncoding`, where this parts from browsers), and finally UTF-8 if the bytes are valid UTF-8; if
 * not, the encoding the bytes read best in, as browsers detect it for a page that declares none
 * (Chrome runs a detector there: a GB18030 or windows-1251 page read as windows-1252 is mojibake, and
 * its text no longer reads as prose). TextDecoder knows every WHATWG encoding label.
 */
import { analyse } from "chardet"
import { hintedEncodings } from "./charset-hints.ts"
import { undoDoubleDecoding } from "./mojibake.ts"

/** The `charset` parameter of a Content-Type value, if any. */
export const charsetFromContentType = (contentType: string | null | undefined): string | undefined => {
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType ?? "")
  return match?.[2]?.toLowerCase()
}

/** The media type of a Content-Type value, lower case, without parameters ("" when absent). */
export const mediaTypeOf = (contentType: string | null | undefined): string => (contentType ?? "").split(";")[0]!.trim().toLowerCase()

const bomEncoding = (bytes: Uint8Array): string | undefined => {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8"
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be"
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le"
  return undefined
}

/** How far into the document to look for a declaration (the HTML standard says 1024 bytes; pages are sloppier). */
const PRESCAN_BYTES = 4096

/** The charset a document declares about itself in its first bytes, if any. */
export const sniffDeclaredCharset = (bytes: Uint8Array): string | undefined => {
  // Latin-1 maps every byte to one character, so ASCII markup reads the same whatever the encoding.
  const head = new TextDecoder("windows-1252").decode(bytes.subarray(0, PRESCAN_BYTES))
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)
  if (xml) return xml[1]!.toLowerCase()
  for (const meta of head.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = meta[0]
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag)
    if (direct && !/http-equiv/i.test(tag)) return direct[1]!.toLowerCase()
    if (/http-equiv\s*=\s*["']?content-type/i.test(tag)) {
      const content = /\bcontent\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag)
      const found = charsetFromContentType(content?.[2] ?? content?.[3] ?? content?.[4])
      if (found) return found
    }
  }
  return undefined
}

/** A TextDecoder for the label, or undefined when the label names no encoding TextDecoder knows. */
const decoderFor = (label: string, fatal = false): TextDecoder | undefined => {
  try {
    // A page served as UTF-16 that declares it in its markup cannot be ASCII-readable: the standard says to use UTF-8.
    const name = new TextDecoder(label).encoding
    return new TextDecoder(name === "utf-16le" || name === "utf-16be" ? "utf-8" : name, { fatal })
  } catch {
    return undefined
  }
}

const hasHighByte = (bytes: Uint8Array): boolean => bytes.some((byte) => byte >= 0x80)

const isValidUtf8 = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** The encoding the bytes should be read with, and where that choice came from. */
export const detectEncoding = (
  bytes: Uint8Array,
  contentType?: string | null,
  options: { sniffMarkup?: boolean; url?: string } = {},
): { encoding: string; source: "bom" | "header" | "document" | "default" } => {
  const bom = bomEncoding(bytes)
  if (bom) return { encoding: bom, source: "bom" }
  const header = charsetFromContentType(contentType)
  if (header) {
    try {
      return { encoding: new TextDecoder(header).encoding, source: "header" }
    } catch {
      // an unknown label in the header is ignored, as browsers do
    }
  }
  if (options.sniffMarkup ?? true) {
    const declared = sniffDeclaredCharset(bytes)
    const decoder = declared ? decoderFor(declared) : undefined
    // A page whose markup declares another encoding but whose bytes are UTF-8 with letters beyond
    // ASCII was saved as UTF-8 under an old template's <meta>: read as declared, each of its
    // accented letters and curly quotes is two or three letters of mojibake ("Peopleâ€™s").
    // Text in another encoding is next to never valid UTF-8 once it holds a byte above ASCII.
    if (decoder && decoder.encoding !== "utf-8" && hasHighByte(bytes) && isValidUtf8(bytes))
      return { encoding: "utf-8", source: "document" }
    if (decoder) return { encoding: decoder.encoding, source: "document" }
  }
  if (isValidUtf8(bytes)) return { encoding: "utf-8", source: "default" }
  const head = (options.sniffMarkup ?? true) ? new TextDecoder("windows-1252").decode(bytes.subarray(0, PRESCAN_BYTES)) : ""
  return { encoding: guessEncoding(bytes, hintedEncodings(head, options.url)), source: "default" }
}

/** how many bytes the detector reads: enough text to tell the encodings apart, at a bounded cost */
const GUESS_BYTES = 65536
/**
 * When the detector's guess is taken: it is sure (a multi-byte encoding whose byte sequences all
 * fit, 90 of 100), or, for a single-byte encoding (windows-1251, ISO-8859-7: only letter frequencies
 * tell them apart, so the scores stay low), it is twice as likely as the next guess.
 */
const SURE = 90
const LIKELY = 25
/** A guess in the encodings of the page's language is taken from this confidence, not only when clearly ahead. */
const HINTED = 10
/**
 * Bytes above ASCII needed for a guess: a few accented letters in an English page tell the
 * encodings apart no better than chance, and windows-1252 is then the likely one.
 */
const GUESS_EVIDENCE = 64

/**
 * The encoding undeclared bytes read best in: chardet (ICU's detector, maintained) scores the
 * encodings by their byte patterns and the frequent letters of their languages. Its guess when it
 * is sure or clearly ahead and TextDecoder knows it; else its best guess among the encodings of the
 * page's language (`hinted`: its `lang`, its domain), as browsers weigh the domain; else
 * windows-1252, what browsers fall back to.
 */
const guessEncoding = (bytes: Uint8Array, hinted?: ReadonlySet<string>): string => {
  const sample = bytes.subarray(0, GUESS_BYTES)
  let high = 0
  for (const byte of sample) if (byte >= 0x80 && ++high >= GUESS_EVIDENCE) break
  if (high < GUESS_EVIDENCE) return "windows-1252"
  const guesses = analyse(sample)
  const [best, next] = guesses
  const taken =
    best !== undefined && (best.confidence >= SURE || (best.confidence >= LIKELY && best.confidence >= 2 * (next?.confidence ?? 0)))
  const sure = taken ? decoderFor(best.name)?.encoding : undefined
  if (sure !== undefined) return sure
  const fitting = hinted && guesses.find((guess) => guess.confidence >= HINTED && hinted.has(decoderFor(guess.name)?.encoding ?? ""))
  return (fitting ? decoderFor(fitting.name)?.encoding : undefined) ?? "windows-1252"
}

/** Decodes a response body; a byte order mark is consumed, not returned. */
export const decodeBytes = (
  bytes: Uint8Array,
  contentType?: string | null,
  options: { sniffMarkup?: boolean; url?: string } = {},
): string => {
  const { encoding } = detectEncoding(bytes, contentType, options)
  const text = new TextDecoder(encoding).decode(bytes).replace(/^\uFEFF/, "")
  const declared = charsetFromContentType(contentType) ?? ((options.sniffMarkup ?? true) ? sniffDeclaredCharset(bytes) : undefined)
  return undoDoubleDecoding(text, declared)
}

/** Decodes an HTML document (header charset, else what the markup declares, else a guess hinted by its language and address). */
export const decodeHtml = (bytes: Uint8Array, contentType?: string | null, url?: string): string =>
  decodeBytes(bytes, contentType, url === undefined ? { sniffMarkup: true } : { sniffMarkup: true, url })
