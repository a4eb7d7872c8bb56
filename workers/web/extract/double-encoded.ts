/**
 * Text encoded in UTF-8 twice: a publishing system that read its UTF-8 as Latin-1 and wrote it out
 * again as UTF-8 serves "you\u00e2\u0080\u0099re" for "you're" and "C\u00c3\u00b4t\u00c3\u00a9" for
 * "Côté", under a correct UTF-8 declaration, so no decoding of the bytes reads it right. Every
 * curly quote and accent then splits a word in two, or becomes a word no one wrote. A C1 control
 * character (U+0080 to U+009F) is never text: two or more such sequences, each a whole UTF-8
 * character read as Latin-1 and holding one, show the page was so encoded, and then each such
 * sequence is read back as the one character it encodes (the accents too, which hold none).
 */

/** a UTF-8 sequence read as Latin-1: a lead byte and as many continuation bytes as it announces */
const SEQUENCE = /[\u00c2-\u00df][\u0080-\u00bf]|[\u00e0-\u00ef][\u0080-\u00bf]{2}|[\u00f0-\u00f4][\u0080-\u00bf]{3}/g
/** a C1 control character, which Latin-1 text never holds */
const CONTROL = /[\u0080-\u009f]/
/** how many sequences holding a control character show that the page was encoded twice */
const EVIDENCE = 2

const utf8 = new TextDecoder("utf-8", { fatal: true })

/** The sequence read back as the character its Latin-1 letters are the bytes of, or itself when they are not UTF-8. */
const readBack = (sequence: string): string => {
  const bytes = Uint8Array.from(sequence, (c) => c.charCodeAt(0))
  try {
    return utf8.decode(bytes)
  } catch {
    return sequence
  }
}

/** The page's text with UTF-8 encoded twice read once, when the page shows that it was. */
export const undoDoubleUtf8 = (html: string): string => {
  // most pages hold no control character at all: one scan, and they are left as they are
  if (!CONTROL.test(html)) return html
  let found = 0
  for (const [sequence] of html.matchAll(SEQUENCE))
    if (CONTROL.test(sequence) && readBack(sequence) !== sequence && ++found >= EVIDENCE) return html.replace(SEQUENCE, readBack)
  return html
}
