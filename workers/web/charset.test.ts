import { expect } from "chai"
import { concat } from "../../test/support/bytes.ts"
import { charsetFromContentType, decodeBytes, decodeHtml, detectEncoding, mediaTypeOf, sniffDeclaredCharset } from "./charset.ts"

const hex = (h: string) => new Uint8Array(h.match(/../g)!.map((b) => parseInt(b, 16)))
const ascii = (s: string) => new TextEncoder().encode(s)
const join = concat

// 日本語こんにちは in Shift_JIS, 中文你好 in GBK, Привет in windows-1251
const SJIS = hex("93fa967b8cea82b182f182c982bf82cd")
const GBK = hex("d6d0cec4c4e3bac3")
const CP1251 = hex("cff0e8e2e5f2")

describe("charset", () => {
  it("reads the media type and charset of a Content-Type", () => {
    expect(mediaTypeOf("Text/HTML; charset=Shift_JIS")).to.equal("text/html")
    expect(mediaTypeOf(null)).to.equal("")
    expect(charsetFromContentType('text/html; charset="windows-1251"')).to.equal("windows-1251")
    expect(charsetFromContentType("text/html")).to.equal(undefined)
  })

  it("decodes by the header's charset", () => {
    expect(decodeBytes(CP1251, "text/plain; charset=windows-1251")).to.equal("Привет")
    expect(decodeBytes(GBK, "text/plain; charset=gbk")).to.equal("中文你好")
  })

  it("finds <meta charset> and <meta http-equiv> in the document", () => {
    const sjisPage = join(ascii('<html><head><meta charset="shift_jis"></head><body>'), SJIS)
    expect(sniffDeclaredCharset(sjisPage)).to.equal("shift_jis")
    expect(decodeHtml(sjisPage, "text/html")).to.contain("日本語こんにちは")
    const gbkPage = join(ascii(`<meta http-equiv='Content-Type' content='text/html; charset=GBK'><p>`), GBK)
    expect(decodeHtml(gbkPage, "text/html")).to.contain("中文你好")
    const xml = join(ascii('<?xml version="1.0" encoding="windows-1251"?><a>'), CP1251)
    expect(decodeHtml(xml)).to.contain("Привет")
  })

  it("lets the header win over the document, and a BOM win over both", () => {
    const page = join(ascii('<meta charset="shift_jis">'), CP1251)
    expect(detectEncoding(page, "text/html; charset=windows-1251").source).to.equal("header")
    expect(decodeHtml(page, "text/html; charset=windows-1251")).to.contain("Привет")
    const bom = join(hex("efbbbf"), ascii("<meta charset=gbk>é"))
    expect(detectEncoding(bom, "text/html; charset=gbk")).to.deep.equal({ encoding: "utf-8", source: "bom" })
    expect(decodeHtml(bom)).to.equal("<meta charset=gbk>é".replace("é", "é"))
  })

  it("ignores an unknown label and falls back to UTF-8, or windows-1252 for bytes that are not UTF-8", () => {
    expect(decodeBytes(ascii("héllo"), "text/plain; charset=no-such-thing")).to.equal("héllo")
    expect(decodeBytes(hex("6361666520e9"), "text/plain")).to.equal("cafe é")
  })

  it("treats a document that claims UTF-16 in its markup as UTF-8", () => {
    expect(decodeHtml(ascii('<meta charset="utf-16"><p>ok é</p>'))).to.contain("ok é")
  })
})
