/**
 * Turns a response's bytes into text in the right character set: a byte order mark first, then
 * the Content-Type header's charset, then (for HTML and XML) a <meta charset>, <meta http-equiv>
 * or XML declaration in the document's head, and finally UTF-8 if the bytes are valid UTF-8,
 * windows-1252 if not (what browsers fall back to). TextDecoder knows every WHATWG encoding label.
 */

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
  options: { sniffMarkup?: boolean } = {},
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
    if (decoder) return { encoding: decoder.encoding, source: "document" }
  }
  return { encoding: isValidUtf8(bytes) ? "utf-8" : "windows-1252", source: "default" }
}

/** Decodes a response body; a byte order mark is consumed, not returned. */
export const decodeBytes = (bytes: Uint8Array, contentType?: string | null, options: { sniffMarkup?: boolean } = {}): string => {
  const { encoding } = detectEncoding(bytes, contentType, options)
  return new TextDecoder(encoding).decode(bytes).replace(/^\uFEFF/, "")
}

/** Decodes an HTML document (header charset, else what the markup declares). */
export const decodeHtml = (bytes: Uint8Array, contentType?: string | null): string => decodeBytes(bytes, contentType, { sniffMarkup: true })
