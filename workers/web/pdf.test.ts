import { expect } from "chai"
import { pdfToText, PdfError } from "./pdf.ts"
import {
  brokenJpeg,
  buildPdf,
  deflate,
  helvetica,
  pagesPdf,
  predefinedCMapFont,
  type0Font,
  type0Text,
  type1Font,
  type3Font,
  ucs2Text,
} from "../../test/support/pdf-builder.ts"

// The texts asserted here are what pdfjs-dist 5.6.205's own build (pdf.mjs with pdf.worker.mjs)
// gave for these files, recorded before the text-only build replaced it.

// Where the unit tests' server has pdf.js's CMaps (the extension's build copies them to pdfjs/cmaps/).
const CMAPS = "/node_modules/pdfjs-dist/cmaps/"

const line = (text: string) => `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`

const failure = (bytes: Uint8Array) =>
  pdfToText(bytes).then(
    (text) => expect.fail(`read as ${JSON.stringify(text)}`),
    (error: unknown) => error,
  )

describe("pdfToText", () => {
  it("reads every page, pages apart by a blank line", async () => {
    const pdf = pagesPdf([line("Page one"), line("Page two"), line("Page three")], { F1: helvetica })
    expect(await pdfToText(pdf)).to.equal("Page one\n\nPage two\n\nPage three")
  })

  it("reads a FlateDecode content stream", async () => {
    const content = await deflate("BT /F1 18 Tf 72 700 Td (Compressed words, read back) Tj ET")
    const pdf = pagesPdf([{ dict: "/Filter /FlateDecode", stream: content }], { F1: helvetica })
    expect(await pdfToText(pdf)).to.equal("Compressed words, read back")
  })

  it("reads a font encoded by a predefined CMap, without ToUnicode, through pdf.js's CMaps (Japanese and Chinese)", async () => {
    const pdf = pagesPdf([`BT /F1 24 Tf 72 720 Td ${ucs2Text("日本語のテキスト")} Tj 0 -40 Td /F2 24 Tf ${ucs2Text("中文文本")} Tj ET`], {
      F1: predefinedCMapFont("UniJIS-UCS2-H", "Japan1"),
      F2: predefinedCMapFont("UniGB-UCS2-H", "GB1"),
    })
    expect(await pdfToText(pdf, undefined, { cMapUrl: CMAPS })).to.equal("日本語のテキスト\n中文文本")
  })

  it("joins kerned TJ runs, keeps a wide gap as a space, and ends lines", async () => {
    const content =
      "BT /F1 12 Tf 14 TL 72 720 Td [(Ke) 80 (rn) -20 (ed) -300 (text)] TJ T* (Second line) Tj T* [(Third) -1000 (line)] TJ 0 -40 Td (After a gap) Tj ET"
    const pdf = pagesPdf([content], { F1: helvetica })
    expect(await pdfToText(pdf)).to.equal("Kerned text\nSecond line\nThird line\nAfter a gap")
  })

  it("reads a Type0 font's text through its ToUnicode CMap", async () => {
    const chars = "日本語のテキストПривет, мир"
    const content = `BT /F2 20 Tf 72 720 Td ${type0Text(chars, "日本語のテキスト")} Tj 0 -30 Td ${type0Text(chars, "Привет, мир")} Tj ET`
    const pdf = pagesPdf([content], { F2: type0Font(chars) })
    expect(await pdfToText(pdf)).to.equal("日本語のテキスト\nПривет, мир")
  })

  it("reads text through an embedded Type 1 font's own encoding", async () => {
    // codes 1, 2, 3 are H, i, ! in the font program only: "123" would mean it went unread
    const pdf = pagesPdf(["BT /F3 24 Tf 72 720 Td (123) Tj 0 -30 Td (3 21) Tj ET"], { F3: type1Font({ 49: "H", 50: "i", 51: "exclam" }) })
    expect(await pdfToText(pdf)).to.equal("Hi!\n! iH")
  })

  // The two cases below reach modules the text-only build leaves out (PDFImage, JpegStream):
  // pdf.js's own error handling must pass over them as it passes over a broken image.
  it("reads a Type 3 font whose glyphs paint images, by its glyph names", async () => {
    const pdf = pagesPdf(["BT /T3 24 Tf 72 720 Td (ABCA) Tj ET"], { T3: type3Font(["T", "y", "p", "e"]) })
    expect(await pdfToText(pdf)).to.equal("TypT")
  })

  it("reads the text beside an image it cannot decode", async () => {
    const content = "q 100 0 0 100 72 500 cm /Im1 Do Q BT /F1 24 Tf 72 720 Td (Beside an image) Tj ET"
    const pdf = pagesPdf([content], { F1: helvetica }, { xObjects: { Im1: brokenJpeg } })
    expect(await pdfToText(pdf)).to.equal("Beside an image")
  })

  it("reads an encrypted PDF whose user password is empty", async () => {
    const pdf = pagesPdf([line("Encrypted but open")], { F1: helvetica }, { encrypt: { userPassword: "", ownerPassword: "owner" } })
    expect(await pdfToText(pdf)).to.equal("Encrypted but open")
  })

  it("refuses a PDF locked with a user password", async () => {
    const pdf = pagesPdf([line("Locked away")], { F1: helvetica }, { encrypt: { userPassword: "secret", ownerPassword: "owner" } })
    const error = await failure(pdf)
    expect(error).to.be.instanceOf(PdfError)
    expect((error as Error).message).to.equal("the PDF is password-protected")
  })

  it("refuses damaged files with what pdf.js found", async () => {
    const cases: Array<[Uint8Array, string]> = [
      [new TextEncoder().encode("%PDF-1.4 garbage"), "Invalid PDF structure."],
      [buildPdf(["<< /Type /Pages /Kids [] /Count 0 >>"]), "Invalid Root reference."],
      [pagesPdf([line("Cut short")], { F1: helvetica }).slice(0, 200), "Invalid PDF structure."],
    ]
    for (const [bytes, reason] of cases) {
      const error = await failure(bytes)
      expect(error).to.be.instanceOf(PdfError)
      expect((error as Error).message).to.equal(`the PDF could not be read (${reason})`)
    }
  })

  it("stops when its signal is aborted", async () => {
    const aborted = new AbortController()
    aborted.abort()
    const error = await pdfToText(pagesPdf([line("Never read")], { F1: helvetica }), aborted.signal).catch((e: unknown) => e)
    expect((error as Error).name).to.equal("AbortError")
  })

  it("stops when its signal is aborted while the file opens, and reads the next one", async () => {
    const controller = new AbortController()
    const reading = pdfToText(pagesPdf([line("Given up")], { F1: helvetica }), controller.signal)
    controller.abort()
    const error = await reading.catch((e: unknown) => e)
    expect((error as Error).name).to.equal("AbortError")
    expect(await pdfToText(pagesPdf([line("Read after")], { F1: helvetica }))).to.equal("Read after")
  })

  it("reads several PDFs at the same time", async () => {
    const texts = ["First file", "Second file", "Third file"]
    const read = await Promise.all(texts.map((text) => pdfToText(pagesPdf([line(text)], { F1: helvetica }))))
    expect(read).to.deep.equal(texts)
  })

  it("reads again after a damaged file", async () => {
    await failure(new TextEncoder().encode("%PDF-1.4 garbage"))
    expect(await pdfToText(pagesPdf([line("Still working")], { F1: helvetica }))).to.equal("Still working")
  })
})
