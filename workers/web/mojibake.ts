/**
 * Undoes text that was decoded in the wrong single-byte encoding and saved again as UTF-8 ("æ–°é—»"
 * for 新闻, "obowiÄzkÃ³w" for obowiązków): a database or a crawler that read UTF-8 or GBK bytes as
 * Latin-1 or windows-1252 stores the page so, sometimes twice over. Every letter of such a page
 * beyond ASCII is then a Latin-1 or windows-1252 character, and those characters, turned back into
 * their bytes, are valid UTF-8 (or the multi-byte encoding the page declares), which text written
 * in those letters on purpose next to never is: a French "é" before a space is no UTF-8 sequence.
 */

/**
 * Byte of each character in the single-byte encodings such pages were misread in: windows-1252
 * (and Latin-1, whose C1 controls stand for themselves) and Latin-9 (ISO-8859-15: "€" at 0xA4,
 * "Ž" at 0xB4), as the pages seen hold.
 */
const byteMap = (encoding: string): Map<string, number> => {
  const decoder = new TextDecoder(encoding)
  const map = new Map<string, number>()
  for (let byte = 0x80; byte < 0x100; byte++) map.set(decoder.decode(Uint8Array.of(byte)), byte)
  for (let byte = 0x80; byte < 0xa0; byte++) if (!map.has(String.fromCharCode(byte))) map.set(String.fromCharCode(byte), byte)
  return map
}
let misreadings: Map<string, number>[] | undefined
/** a character no misreading yields: a text that holds one is no mojibake (one native scan, no byte written) */
let unmapped: RegExp | undefined

/** fewer letters beyond ASCII than this tell nothing: a stray "Ã©" in a page is left as it is */
const MIN_HIGH = 64
/** how many layers of mojibake are undone (pages seen were saved wrongly twice) */
const MAX_LAYERS = 3
/** encodings a page may declare whose text, read as Latin-1 and saved as UTF-8, is undone */
const MULTI_BYTE = new Set(["gbk", "gb18030", "big5", "shift_jis", "euc-jp", "euc-kr"])

const HIGH = /[^\0-\x7f]/g

/** Whether `text` holds `MIN_HIGH` characters beyond ASCII at least (the regular expression skips ASCII natively). */
const holdsHigh = (text: string): boolean => {
  HIGH.lastIndex = 0
  for (let high = 0; HIGH.test(text);) if (++high >= MIN_HIGH) return true
  return false
}

/** The bytes the text's characters came from when read through `map`, or undefined. */
const latinBytes = (text: string, map: Map<string, number>): Uint8Array | undefined => {
  const bytes = new Uint8Array(text.length)
  let high = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes[i] = code
    else {
      const byte = map.get(text[i]!)
      if (byte === undefined) return undefined
      bytes[i] = byte
      high++
    }
  }
  return high >= MIN_HIGH ? bytes : undefined
}

const decodeStrict = (bytes: Uint8Array, encoding: string): string | undefined => {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** the share of the text's letters beyond ASCII that are CJK ideographs, kana or hangul */
const cjkShare = (text: string): number => {
  const high = text.match(/[^ -~\s]/g)?.length ?? 0
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef\u3000-\u303f]/g)?.length ?? 0
  return high === 0 ? 0 : cjk / high
}

/**
 * The text with its layers of mojibake undone; the text itself when it is not such. `declared` is
 * the encoding the page names (a GBK page saved as UTF-8 of its bytes read as Latin-1 holds no
 * UTF-8 once undone, but valid GBK).
 */
export const undoMojibake = (text: string, declared?: string): string => {
  misreadings ??= [byteMap("windows-1252"), byteMap("iso-8859-15")]
  unmapped ??= new RegExp(
    `[^\\0-\\x7f${misreadings
      .flatMap((map) => [...map.keys()])
      .map((ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`)
      .join("")}]`,
    "u",
  )
  let current = text
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const undone = undoLayer(current, misreadings, declared)
    if (undone === undefined) break
    current = undone
  }
  return current
}

const undoLayer = (text: string, maps: Map<string, number>[], declared?: string): string | undefined => {
  // most pages stop here: each reading below walks the whole text and writes its bytes
  if (unmapped!.test(text) || !holdsHigh(text)) return undefined
  for (const map of maps) {
    const bytes = latinBytes(text, map)
    if (!bytes) continue
    const utf8 = decodeStrict(bytes, "utf-8")
    if (utf8 !== undefined) return utf8
    if (declared && MULTI_BYTE.has(declared)) {
      const read = decodeStrict(bytes, declared)
      if (read !== undefined && cjkShare(read) >= 0.5) return read
    }
  }
  return undefined
}
