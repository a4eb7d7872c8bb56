/**
 * The MIME type of a workspace file: sniffed from its first bytes when they carry a known
 * signature (a name can lie or be missing), else taken from the name's extension, else
 * application/octet-stream.
 */

interface Signature {
  readonly type: string
  /** Byte values, with null for "any byte". */
  readonly bytes: ReadonlyArray<number | null>
  readonly at?: number
}

const ascii = (text: string): Array<number> => Array.from(text, (c) => c.charCodeAt(0))
const any = (n: number): Array<null> => Array.from({ length: n }, () => null)

// Longer, more specific signatures come before the shorter ones they start with.
const SIGNATURES: ReadonlyArray<Signature> = [
  { type: "image/png", bytes: [0x89, ...ascii("PNG\r\n\x1a\n")] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/gif", bytes: ascii("GIF87a") },
  { type: "image/gif", bytes: ascii("GIF89a") },
  { type: "image/webp", bytes: [...ascii("RIFF"), ...any(4), ...ascii("WEBP")] },
  { type: "audio/wav", bytes: [...ascii("RIFF"), ...any(4), ...ascii("WAVE")] },
  { type: "video/x-msvideo", bytes: [...ascii("RIFF"), ...any(4), ...ascii("AVI ")] },
  { type: "image/avif", bytes: ascii("ftypavif"), at: 4 },
  { type: "image/heic", bytes: ascii("ftypheic"), at: 4 },
  { type: "video/quicktime", bytes: ascii("ftypqt  "), at: 4 },
  { type: "video/mp4", bytes: ascii("ftyp"), at: 4 },
  { type: "image/bmp", bytes: ascii("BM") },
  { type: "image/x-icon", bytes: [0x00, 0x00, 0x01, 0x00] },
  { type: "image/tiff", bytes: [...ascii("II"), 0x2a, 0x00] },
  { type: "image/tiff", bytes: [...ascii("MM"), 0x00, 0x2a] },
  { type: "application/pdf", bytes: ascii("%PDF-") },
  { type: "application/zip", bytes: [...ascii("PK"), 0x03, 0x04] },
  { type: "application/zip", bytes: [...ascii("PK"), 0x05, 0x06] },
  { type: "application/zip", bytes: [...ascii("PK"), 0x07, 0x08] },
  { type: "application/gzip", bytes: [0x1f, 0x8b] },
  { type: "application/x-bzip2", bytes: ascii("BZh") },
  { type: "application/x-xz", bytes: [0xfd, ...ascii("7zXZ"), 0x00] },
  { type: "application/zstd", bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { type: "application/x-7z-compressed", bytes: [...ascii("7z"), 0xbc, 0xaf, 0x27, 0x1c] },
  { type: "application/vnd.rar", bytes: [...ascii("Rar!"), 0x1a, 0x07] },
  { type: "application/x-tar", bytes: ascii("ustar"), at: 257 },
  { type: "application/wasm", bytes: [0x00, ...ascii("asm")] },
  { type: "application/vnd.sqlite3", bytes: [...ascii("SQLite format 3"), 0x00] },
  { type: "audio/mpeg", bytes: ascii("ID3") },
  { type: "audio/ogg", bytes: ascii("OggS") },
  { type: "audio/flac", bytes: ascii("fLaC") },
  { type: "video/webm", bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { type: "font/woff", bytes: ascii("wOFF") },
  { type: "font/woff2", bytes: ascii("wOF2") },
  { type: "font/otf", bytes: ascii("OTTO") },
  { type: "font/ttf", bytes: [0x00, 0x01, 0x00, 0x00, 0x00] },
]

const EXTENSIONS: Readonly<Record<string, string>> = {
  txt: "text/plain",
  text: "text/plain",
  log: "text/plain",
  md: "text/markdown",
  markdown: "text/markdown",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  js: "text/javascript",
  mjs: "text/javascript",
  ts: "text/plain",
  json: "application/json",
  xml: "application/xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  svg: "image/svg+xml",
  ics: "text/calendar",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  ico: "image/x-icon",
  tif: "image/tiff",
  tiff: "image/tiff",
  heic: "image/heic",
  pdf: "application/pdf",
  zip: "application/zip",
  gz: "application/gzip",
  tar: "application/x-tar",
  "7z": "application/x-7z-compressed",
  rar: "application/vnd.rar",
  bz2: "application/x-bzip2",
  xz: "application/x-xz",
  wasm: "application/wasm",
  sqlite: "application/vnd.sqlite3",
  db: "application/vnd.sqlite3",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  flac: "audio/flac",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  avi: "video/x-msvideo",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  // Zip containers: their bytes only say "zip", the extension says which kind.
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  epub: "application/epub+zip",
  jar: "application/java-archive",
  apk: "application/vnd.android.package-archive",
}

const ZIP_CONTAINERS = new Set(["docx", "xlsx", "pptx", "odt", "ods", "epub", "jar", "apk"].map((e) => EXTENSIONS[e]!))

const matches = (bytes: Uint8Array, signature: Signature) => {
  const at = signature.at ?? 0
  if (bytes.length < at + signature.bytes.length) return false
  return signature.bytes.every((b, i) => b === null || bytes[at + i] === b)
}

export const sniffMimeType = (bytes: Uint8Array): string | undefined => SIGNATURES.find((s) => matches(bytes, s))?.type

export const mimeTypeOfName = (name: string): string | undefined => {
  const dot = name.lastIndexOf(".")
  return dot > 0 ? EXTENSIONS[name.slice(dot + 1).toLowerCase()] : undefined
}

export const mimeTypeOf = (name: string, bytes: Uint8Array): string => {
  const sniffed = sniffMimeType(bytes)
  const named = mimeTypeOfName(name)
  // A docx, epub or jar is a zip whose name is the only clue to which kind it is.
  if (sniffed === "application/zip" && named !== undefined && ZIP_CONTAINERS.has(named)) return named
  return sniffed ?? named ?? "application/octet-stream"
}
