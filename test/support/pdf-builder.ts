/**
 * Writes PDFs from hand-written objects, for tests of reading them: a correct cross-reference
 * table, streams with their /Length, and optionally the standard security handler's RC4 40-bit
 * encryption (revision 2), so encrypted files need no tool to make. Objects are numbered from 1
 * in the order given; the first is the catalog.
 */
import { concat, fromLatin1, hex, latin1 } from "./bytes.ts"

export type PdfObject = string | { readonly dict: string; readonly stream: Uint8Array | string }

export interface PdfOptions {
  /** Encrypts every stream; "" is a file anyone can open (an owner password only). */
  readonly encrypt?: { readonly userPassword: string; readonly ownerPassword: string }
}

const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0)

/** RFC 1321 MD5 (Web Crypto has none, and the PDF handler is built on it). */
export const md5 = (data: Uint8Array): Uint8Array => {
  const length = data.length
  const padded = new Uint8Array((((length + 8) >> 6) + 1) * 64)
  padded.set(data)
  padded[length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, (length * 8) >>> 0, true)
  view.setUint32(padded.length - 4, Math.floor((length * 8) / 2 ** 32), true)
  let a0 = 0x67452301
  let b0 = 0xefcdab89
  let c0 = 0x98badcfe
  let d0 = 0x10325476
  for (let chunk = 0; chunk < padded.length; chunk += 64) {
    const m = Array.from({ length: 16 }, (_, i) => view.getUint32(chunk + i * 4, true))
    let [a, b, c, d] = [a0, b0, c0, d0]
    for (let i = 0; i < 64; i++) {
      let f: number
      let g: number
      if (i < 16) [f, g] = [(b & c) | (~b & d), i]
      else if (i < 32) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16]
      else if (i < 48) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16]
      else [f, g] = [c ^ (b | ~d), (7 * i) % 16]
      f = (f + a + K[i]! + m[g]!) >>> 0
      a = d
      d = c
      c = b
      const s = S[(i >> 4) * 4 + (i % 4)]!
      b = (b + ((f << s) | (f >>> (32 - s)))) >>> 0
    }
    a0 = (a0 + a) >>> 0
    b0 = (b0 + b) >>> 0
    c0 = (c0 + c) >>> 0
    d0 = (d0 + d) >>> 0
  }
  const out = new DataView(new ArrayBuffer(16))
  ;[a0, b0, c0, d0].forEach((word, i) => out.setUint32(i * 4, word, true))
  return new Uint8Array(out.buffer)
}

const rc4 = (key: Uint8Array, data: Uint8Array): Uint8Array => {
  const s = Array.from({ length: 256 }, (_, i) => i)
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff
    ;[s[i], s[j]] = [s[j]!, s[i]!]
  }
  const out = new Uint8Array(data.length)
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff
    j = (j + s[i]!) & 0xff
    ;[s[i], s[j]] = [s[j]!, s[i]!]
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!
  }
  return out
}

const PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e,
  0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
])

const padPassword = (password: string): Uint8Array => concat(fromLatin1(password), PADDING).slice(0, 32)

/** The standard security handler, revision 2 (PDF 1.7, 7.6.3.3–4): the file key and the /Encrypt dictionary. */
const standardSecurity = (userPassword: string, ownerPassword: string, fileId: Uint8Array) => {
  const permissions = -4
  const owner = rc4(md5(padPassword(ownerPassword)).slice(0, 5), padPassword(userPassword))
  const p = new Uint8Array(4)
  new DataView(p.buffer).setInt32(0, permissions, true)
  const key = md5(concat(padPassword(userPassword), owner, p, fileId)).slice(0, 5)
  const user = rc4(key, PADDING)
  const dict = `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(owner)}> /U <${hex(user)}> /P ${permissions} >>`
  const objectKey = (num: number) =>
    md5(concat(key, Uint8Array.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0]))).slice(0, 10)
  return { dict, encrypt: (num: number, data: Uint8Array) => rc4(objectKey(num), data) }
}

/** The file, as bytes. */
export const buildPdf = (objects: readonly PdfObject[], options: PdfOptions = {}): Uint8Array => {
  const fileId = md5(fromLatin1(JSON.stringify(objects.map((o) => (typeof o === "string" ? o : o.dict)))))
  const security = options.encrypt ? standardSecurity(options.encrypt.userPassword, options.encrypt.ownerPassword, fileId) : undefined
  const bodies = objects.map((object, i) => {
    if (typeof object === "string") return object
    const raw = typeof object.stream === "string" ? fromLatin1(object.stream) : object.stream
    const data = security ? security.encrypt(i + 1, raw) : raw
    return `<< ${object.dict} /Length ${data.length} >>\nstream\n${latin1(data)}\nendstream`
  })
  if (security) bodies.push(security.dict)
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
  const offsets: number[] = []
  bodies.forEach((body, i) => {
    offsets.push(pdf.length)
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`
  const encrypt = security ? ` /Encrypt ${bodies.length} 0 R` : ""
  pdf += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R${encrypt} /ID [<${hex(fileId)}> <${hex(fileId)}>] >>\n`
  pdf += `startxref\n${xref}\n%%EOF\n`
  return fromLatin1(pdf)
}

/** zlib-wrapped deflate, as /FlateDecode wants it. */
export const deflate = async (data: string): Promise<Uint8Array> =>
  new Uint8Array(await new Response(new Blob([fromLatin1(data)]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer())

/** Pages (one content stream each) under one catalog, with the fonts every page may use. */
export const pagesPdf = (
  contents: readonly PdfObject[],
  fonts: Readonly<Record<string, readonly PdfObject[]>>,
  options: PdfOptions & { readonly xObjects?: Readonly<Record<string, readonly PdfObject[]>> } = {},
) => {
  // 1 catalog, 2 pages, then per page a page object and its content, then the resources' objects
  const pageCount = contents.length
  const base = 3 + pageCount * 2
  const resourceObjects: PdfObject[] = []
  /** `/Name n 0 R` for each resource, its objects appended; they refer to each other as {{+n}}: n after its first. */
  const refs = (resources: Readonly<Record<string, readonly PdfObject[]>>) =>
    Object.entries(resources).map(([name, objects]) => {
      const first = base + resourceObjects.length
      const relink = (s: string) => s.replace(/\{\{\+(\d+)\}\}/g, (_, n: string) => `${first + Number(n)} 0 R`)
      for (const o of objects) resourceObjects.push(typeof o === "string" ? relink(o) : { dict: relink(o.dict), stream: o.stream })
      return `/${name} ${first} 0 R`
    })
  const resources = `<< /Font << ${refs(fonts).join(" ")} >> /XObject << ${refs(options.xObjects ?? {}).join(" ")} >> >>`
  const kids = contents.map((_, i) => `${3 + i * 2} 0 R`).join(" ")
  const objects: PdfObject[] = ["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`]
  contents.forEach((content, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources ${resources} >>`)
    objects.push(typeof content === "string" ? { dict: "", stream: content } : content)
  })
  return buildPdf([...objects, ...resourceObjects], options)
}

/**
 * A Type 3 font whose glyphs (named by `names`, codes from 65) each paint a 1×1 inline image
 * mask: its text comes from the glyph names; painting it would need the image code.
 */
export const type3Font = (names: readonly string[]): readonly PdfObject[] => {
  const procs = names.map((name, i) => `/${name} {{+${i + 1}}}`).join(" ")
  const differences = `[65 ${names.map((n) => `/${n}`).join(" ")}]`
  return [
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << ${procs} >> /Encoding << /Type /Encoding /Differences ${differences} >> /FirstChar 65 /LastChar ${64 + names.length} /Widths [${names.map(() => 600).join(" ")}] /Resources << >> >>`,
    ...names.map(() => ({ dict: "", stream: "600 0 0 0 600 700 d1 q 600 0 0 700 0 0 cm BI /W 1 /H 1 /BPC 1 /IM true ID \x80 EI Q" })),
  ]
}

/** An image XObject whose data is not a JPEG its /Filter says it is: text extraction must pass over it. */
export const brokenJpeg: readonly PdfObject[] = [
  {
    dict: "/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode",
    stream: "not a jpeg",
  },
]

export const helvetica: readonly PdfObject[] = ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]

/**
 * A Type0 font (Identity-H, two-byte codes) with no embedded program, whose text is known only
 * through its ToUnicode CMap: `chars` get codes 1, 2, … in order.
 */
export const type0Font = (chars: string): readonly PdfObject[] => {
  const code = (n: number) => n.toString(16).padStart(4, "0")
  const lines = Array.from(chars).map((c, i) => {
    const utf16 = Array.from({ length: c.length }, (_, k) => c.charCodeAt(k).toString(16).padStart(4, "0")).join("")
    return `<${code(i + 1)}> <${utf16}>`
  })
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
    "1 begincodespacerange <0000> <FFFF> endcodespacerange",
    `${lines.length} beginbfchar`,
    ...lines,
    "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n")
  return [
    "<< /Type /Font /Subtype /Type0 /BaseFont /TestCJK /Encoding /Identity-H /DescendantFonts [{{+1}}] /ToUnicode {{+2}} >>",
    "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /TestCJK /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor {{+3}} /DW 1000 >>",
    { dict: "", stream: cmap },
    "<< /Type /FontDescriptor /FontName /TestCJK /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>",
  ]
}

/** The codes type0Font gives the characters of `text` (all in `chars`), as a hex string operand. */
export const type0Text = (chars: string, text: string): string => {
  const all = Array.from(chars)
  return `<${Array.from(text, (c) => (all.indexOf(c) + 1).toString(16).padStart(4, "0")).join("")}>`
}

/** Type 1 encryption (Adobe Type 1 Font Format, 7.2): eexec with r = 55665, charstrings with r = 4330; four leading bytes. */
const type1Encrypt = (plain: Uint8Array, key: number): Uint8Array => {
  const input = concat(Uint8Array.from([0x41, 0x4d, 0x2d, 0x31]), plain)
  const out = new Uint8Array(input.length)
  let r = key
  input.forEach((p, i) => {
    const c = p ^ (r >> 8)
    out[i] = c
    r = ((c + r) * 52845 + 22719) & 0xffff
  })
  return out
}

/** A Type 1 charstring number (Type 1 Font Format, 6.2). */
const charstringNumber = (v: number): number[] => {
  if (v >= -107 && v <= 107) return [v + 139]
  if (v >= 108 && v <= 1131) return [((v - 108) >> 8) + 247, (v - 108) & 0xff]
  if (v >= -1131 && v <= -108) return [((-v - 108) >> 8) + 251, (-v - 108) & 0xff]
  throw new Error(`charstringNumber: ${v} is out of the short forms' range`)
}

/**
 * An embedded Type 1 font (FontFile) whose glyphs are empty boxes of width 600 and whose own
 * encoding maps `encoding`'s codes to its glyph names. The font dictionary has no /Encoding and
 * is symbolic, so a reader finds the text only by parsing the font program's encoding.
 */
export const type1Font = (encoding: Readonly<Record<number, string>>): readonly PdfObject[] => {
  const names = [...new Set(Object.values(encoding))]
  const glyph = (width: number) => type1Encrypt(Uint8Array.from([...charstringNumber(0), ...charstringNumber(width), 13, 14]), 4330)
  const charStrings = [".notdef", ...names].map((name) => {
    const cs = glyph(name === ".notdef" ? 0 : 600)
    return `/${name} ${cs.length} RD ${latin1(cs)} ND\n`
  })
  const clear =
    "%!PS-AdobeFont-1.0: TestType1 001.000\n12 dict begin\n/FontName /TestType1 def\n/FontType 1 def\n/PaintType 0 def\n" +
    "/FontMatrix [0.001 0 0 0.001 0 0] readonly def\n/FontBBox {0 0 600 700} readonly def\n" +
    "/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n" +
    Object.entries(encoding)
      .map(([code, name]) => `dup ${code} /${name} put\n`)
      .join("") +
    "readonly def\ncurrentdict end\ncurrentfile eexec\n"
  const priv =
    "dup /Private 8 dict dup begin\n/RD {string currentfile exch readstring pop} executeonly def\n" +
    "/ND {noaccess def} executeonly def\n/NP {noaccess put} executeonly def\n/lenIV 4 def\n/MinFeature {16 16} def\n" +
    "/password 5839 def\n/BlueValues [] def\n/Subrs 0 array\n" +
    `2 index /CharStrings ${charStrings.length} dict dup begin\n${charStrings.join("")}end\nend\nreadonly put\nnoaccess put\n` +
    "dup /FontName get exch definefont pop\nmark currentfile closefile\n"
  const encrypted = type1Encrypt(fromLatin1(priv), 55665)
  const trailer = `${"0".repeat(64)}\n`.repeat(8) + "cleartomark\n"
  const program = concat(fromLatin1(clear), encrypted, fromLatin1(trailer))
  const codes = Object.keys(encoding).map(Number)
  const first = Math.min(...codes)
  const last = Math.max(...codes)
  const widths = Array.from({ length: last - first + 1 }, (_, i) => (encoding[first + i] ? 600 : 0)).join(" ")
  return [
    `<< /Type /Font /Subtype /Type1 /BaseFont /TestType1 /FirstChar ${first} /LastChar ${last} /Widths [${widths}] /FontDescriptor {{+1}} >>`,
    "<< /Type /FontDescriptor /FontName /TestType1 /Flags 4 /FontBBox [0 0 600 700] /ItalicAngle 0 /Ascent 700 /Descent 0 /CapHeight 700 /StemV 80 /FontFile {{+2}} >>",
    { dict: `/Length1 ${clear.length} /Length2 ${encrypted.length} /Length3 ${trailer.length}`, stream: program },
  ]
}

/**
 * A Type 0 font that is not embedded and has no ToUnicode, encoded by one of the CMaps a PDF
 * reader is expected to know (`encoding`, e.g. UniJIS-UCS2-H), for Adobe's `ordering`
 * collection (e.g. Japan1): its text comes only from the predefined CMaps.
 */
export const predefinedCMapFont = (encoding: string, ordering: string): readonly PdfObject[] => [
  `<< /Type /Font /Subtype /Type0 /BaseFont /MS-Mincho /Encoding /${encoding} /DescendantFonts [{{+1}}] >>`,
  `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MS-Mincho /CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement 6 >> /FontDescriptor {{+2}} /DW 1000 >>`,
  "<< /Type /FontDescriptor /FontName /MS-Mincho /Flags 4 /FontBBox [0 -141 1000 859] /ItalicAngle 0 /Ascent 859 /Descent -141 /CapHeight 700 /StemV 80 >>",
]

/** `text` as UTF-16BE code units, a hex string operand (what a UCS2 CMap such as UniJIS-UCS2-H reads). */
export const ucs2Text = (text: string): string =>
  `<${Array.from({ length: text.length }, (_, k) => text.charCodeAt(k).toString(16).padStart(4, "0")).join("")}>`
