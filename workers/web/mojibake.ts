/**
 * Text decoded twice: a page whose bytes were once read in windows-1252 (or Latin-1) and saved
 * again as UTF-8, so that each letter beyond ASCII is now two or three Latin-1 letters ("obowiÄzkÃ³w"
 * for "obowiązków"; a GBK page's Chinese as "ÃÃª12ÃÃ15ÃÃ"). A browser shows the same mojibake, but
 * the page's text no longer reads as words: the extractor scores a page of symbols, and whoever
 * asked for the page gets none of its text. Such text is undone when every letter beyond ASCII is
 * one that windows-1252 or Latin-1 reads a byte as, and those bytes read back without error in the
 * encoding the page declares, or in UTF-8: a page really in Latin-1 letters ("Müller, café") does
 * not, since a letter of it followed by ASCII is no valid UTF-8, and read in its own declared
 * encoding it gives back the same text.
 */

/** what windows-1252 reads bytes 0x80–0x9F as (the five it leaves undefined as Latin-1's C1 controls); from 0xA0 it is Latin-1 */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ"
/** each character a single-byte reading gives a byte above ASCII, and that byte: windows-1252's, and Latin-1's C1 controls */
const BYTE_OF = new Map<number, number>()
for (let byte = 0x80; byte <= 0xff; byte++) BYTE_OF.set(byte, byte)
for (let i = 0; i < WINDOWS_1252_HIGH.length; i++) BYTE_OF.set(WINDOWS_1252_HIGH.charCodeAt(i), 0x80 + i)
/** the letters beyond ASCII needed before a page is read again: a few are as likely a stray name */
const MIN_HIGH = 64

/** the share of bytes beyond ASCII that may fail to read back: a page saved so may have lost a few of them */
const LOST_SHARE = 0.01

/** `text` as the bytes a single-byte reading took it from, and how many are beyond ASCII; undefined when a character is no such reading. */
const singleByteSource = (text: string): { bytes: Uint8Array; high: number } | undefined => {
  const bytes = new Uint8Array(text.length)
  let high = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) {
      bytes[i] = code
      continue
    }
    const byte = BYTE_OF.get(code)
    if (byte === undefined) return undefined
    bytes[i] = byte
    high++
  }
  return high >= MIN_HIGH ? { bytes, high } : undefined
}

/**
 * The text read again from the bytes it was decoded from the first time, in `declared` (the
 * encoding the page declares) or UTF-8, when it is such double-decoded text; else `text`.
 */
export const undoDoubleDecoding = (text: string, declared: string | undefined): string => {
  const source = singleByteSource(text)
  if (source === undefined) return text
  for (const label of new Set([declared, "utf-8"])) {
    if (label === undefined) continue
    let read: string
    try {
      read = new TextDecoder(label).decode(source.bytes)
    } catch {
      continue // a label TextDecoder does not know
    }
    let lost = 0
    for (let i = read.indexOf("\uFFFD"); i >= 0; i = read.indexOf("\uFFFD", i + 1)) lost++
    // a reading that merges bytes into letters is shorter; the same text again is no repair
    if (lost <= source.high * LOST_SHARE && read.length < text.length) return read
  }
  return text
}
