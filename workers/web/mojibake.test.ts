import { expect } from "chai"
import { decodeHtml } from "./charset.ts"
import { undoMojibake } from "./mojibake.ts"

const hex = (h: string) => new Uint8Array(h.match(/../g)!.map((b) => parseInt(b, 16)))
const utf8 = (s: string) => new TextEncoder().encode(s)
/** bytes misread in a single-byte encoding, as a crawler or a database that saved them again did */
const misread = (bytes: Uint8Array, encoding = "windows-1252") => new TextDecoder(encoding).decode(bytes)

const ZH = "国家统计局今天发布了最新的经济数据，全年国内生产总值增长百分之九。".repeat(2)
const PL = "Dyrygentka chóru uniwersyteckiego sprawiła w mieście nie lada sensację, gdy poszła na wywiad. ".repeat(8)
// 中文你好 in GBK
const GBK = hex("d6d0cec4c4e3bac3")

describe("mojibake", () => {
  it("undoes UTF-8 text read as windows-1252 and saved again, once or twice", () => {
    expect(undoMojibake(misread(utf8(ZH)))).to.equal(ZH)
    expect(undoMojibake(misread(utf8(PL)))).to.equal(PL)
    expect(undoMojibake(misread(utf8(misread(utf8(ZH)))))).to.equal(ZH)
  })

  it("undoes a GBK page read as Latin-9 when the page declares GBK", () => {
    const gbk = new Uint8Array(Array.from({ length: 10 }, () => [...GBK]).flat())
    const text = misread(gbk, "iso-8859-15")
    expect(undoMojibake(text, "gbk")).to.equal("中文你好".repeat(10))
    // without the declaration the bytes are not known to be GBK
    expect(undoMojibake(text)).to.equal(text)
  })

  it("reads a page so saved as its own letters", () => {
    const page = utf8(`<html><head><meta charset="utf-8"><title>t</title></head><body><p>${misread(utf8(PL))}</p></body></html>`)
    expect(decodeHtml(page, "text/html")).to.contain(PL)
  })

  it("leaves text written in Latin letters on purpose, and a stray pair of mojibake letters", () => {
    const french = "Le café crème, déjà vu à Noël, une façade élégante près du théâtre. ".repeat(6)
    expect(undoMojibake(french)).to.equal(french)
    const stray = `${"An English page with one bad word. ".repeat(20)}Ã©t${"é".repeat(3)}`
    expect(undoMojibake(stray)).to.equal(stray)
    expect(undoMojibake(ZH)).to.equal(ZH)
  })
})
