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

  it("reads a page saved as UTF-8 under a <meta> that declares another encoding as UTF-8", () => {
    // People’s: the curly quote is e2 80 99 in UTF-8, "â€™" when read as the <meta> says
    const page = join(ascii('<meta http-equiv="content-type" content="text/html; charset=iso-8859-1"><p>'), ascii("People’s Party"))
    expect(decodeHtml(page, "text/html")).to.contain("People’s Party")
    // bytes that are not UTF-8 are read as declared
    expect(decodeHtml(join(ascii('<meta charset="iso-8859-1"><p>caf'), hex("e9")), "text/html")).to.contain("café")
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

  it("reads an undeclared page that is not UTF-8 in the encoding its bytes read best in, as browsers detect it", () => {
    // a news paragraph in GB18030 and one in windows-1251, with no charset in the header or the markup
    const zh = hex(
      "b1b1bea9cab1bce4bdf1ccecc9cfcee7a3acb9fabcd2cdb3bcc6bed6b7a2b2bcc1cbd7eed0c2b5c4beadbcc3cafdbedda1a3cafdbeddcfd4cabea3acbdf1c4eac7b0c8fdbcbeb6c8b9fac4dac9fab2fad7dcd6b5cdacb1c8d4f6b3a4b0d9b7d6d6aecee5a3acc6e4d6d0b5dac8fdbcbeb6c8d4f6b3a4b0d9b7d6d6aecbc4b5e3bec5a1a3d7a8bcd2c8cfceaaa3acbeadbcc3d4cbd0d0d7dccce5c6bdcec8a3acb5abc8d4c3e6c1d9d2bbd0a9ccf4d5bda1a3",
    )
    const ru = hex(
      "d1e5e3eee4edff20f3f2f0eeec20e220cceef1eae2e520eff0eef8ebee20e7e0f1e5e4e0ede8e520eff0e0e2e8f2e5ebfcf1f2e2e02c20ede020eaeef2eef0eeec20eee1f1f3e6e4e0ebe8f1fc20e2eeeff0eef1fb20f0e0e7e2e8f2e8ff20fdeaeeedeeece8eae820e820f1eef6e8e0ebfcedeee920f1f4e5f0fb2e20cce8ede8f1f2f020e7e0ffe2e8eb2c20f7f2ee20e220f1ebe5e4f3fef9e5ec20e3eee4f320f0e0f1f5eee4fb20e1fee4e6e5f2e020e2fbf0e0f1f2f3f22e",
    )
    const page = (bytes: Uint8Array) => join(ascii("<html><head><title>x</title></head><body><p>"), bytes, ascii("</p></body></html>"))
    expect(detectEncoding(page(zh), "text/html").encoding).to.equal("gb18030")
    expect(decodeHtml(page(zh), "text/html")).to.contain("国家统计局发布了最新的经济数据")
    expect(decodeHtml(page(ru), "text/html")).to.contain("прошло заседание правительства")
    // a declaration still wins over the guess, and a Latin page stays windows-1252
    expect(decodeHtml(join(ascii('<meta charset="windows-1251">'), zh))).not.to.contain("国家统计局")
    const latin1 = Uint8Array.from("<p>Le café crème, déjà vu à Noël, façade élégante.</p>", (c) => c.charCodeAt(0))
    expect(decodeHtml(latin1)).to.contain("Le café crème, déjà vu à Noël")
  })

  it("guesses an undeclared page among the encodings of its language, from its lang or its domain", () => {
    // a byte for each character of windows-1250 (Central European), as a page saved in it holds
    const cp1250 = new TextDecoder("windows-1250")
    const byteOf = new Map(Array.from({ length: 256 }, (_, b) => [cp1250.decode(Uint8Array.of(b)), b] as const).reverse())
    const encode = (text: string) => Uint8Array.from(Array.from(text), (c) => byteOf.get(c) ?? 0x3f)
    const story =
      "Vlada je u srijedu usvojila prijedlog zakona kojim se mijenja porezni sustav. Ministar financija rekao je da će novi propisi stupiti na snagu od sljedeće godine. Prema mišljenju ekonomista, promjene bi mogle utjecati na gospodarski rast, ali i povećati opterećenje za mala poduzeća. Oporba je kritizirala prijedlog. Zastupnici će o zakonu raspravljati još ovog mjeseca. "
    const page = (root: string) => encode(`${root}<head><title>Vijesti</title></head><body><p>${story.repeat(10)}</p></body></html>`)
    // the detector's letter frequencies put windows-1250 ahead, not twice ahead: alone, it falls back to windows-1252
    expect(detectEncoding(page("<html>"), "text/html").encoding).to.equal("windows-1252")
    expect(decodeHtml(page('<html lang="hr">')))
      .to.contain("Zastupnici će o zakonu")
      .and.to.contain("povećati opterećenje")
    expect(decodeHtml(page("<html>"), "text/html", "https://www.example.hr/vijesti/1")).to.contain("povećati opterećenje")
    expect(detectEncoding(page('<html lang="hr">'), "text/html").encoding).to.equal("windows-1250")
    // a hint of a language written in windows-1252 leaves it there
    expect(detectEncoding(page('<html lang="de">'), "text/html").encoding).to.equal("windows-1252")
  })

  it("treats a document that claims UTF-16 in its markup as UTF-8", () => {
    expect(decodeHtml(ascii('<meta charset="utf-16"><p>ok é</p>'))).to.contain("ok é")
  })
})
