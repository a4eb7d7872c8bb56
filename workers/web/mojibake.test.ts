import { expect } from "chai"
import { undoDoubleDecoding } from "./mojibake.ts"

/** bytes read one a character in windows-1252, as a page saved twice was */
const readAsWindows1252 = (bytes: Uint8Array): string => new TextDecoder("windows-1252").decode(bytes)

describe("undoDoubleDecoding", () => {
  const polish = "Zażółć gęślą jaźń, powiedział ktoś w środę. ".repeat(8)

  it("reads UTF-8 text saved again as windows-1252 letters back as it was written", () => {
    const twice = readAsWindows1252(new TextEncoder().encode(polish))
    expect(twice).not.to.equal(polish)
    expect(undoDoubleDecoding(twice, "utf-8")).to.equal(polish)
    expect(undoDoubleDecoding(twice, undefined)).to.equal(polish)
  })

  it("reads a declared GBK page's text saved again as windows-1252 letters in GBK", () => {
    // 中文你好 in GBK, repeated past the threshold of letters beyond ASCII
    const gbk = new Uint8Array(Array.from({ length: 20 }, () => [0xd6, 0xd0, 0xce, 0xc4, 0xc4, 0xe3, 0xba, 0xc3, 0x20]).flat())
    expect(undoDoubleDecoding(readAsWindows1252(gbk), "gbk")).to.equal("中文你好 ".repeat(20))
  })

  it("leaves text that is really in Latin-1 letters, or in other scripts, as it is", () => {
    const german = "Müller trinkt Café au lait, größer als je zuvor. ".repeat(10)
    expect(undoDoubleDecoding(german, "utf-8")).to.equal(german)
    expect(undoDoubleDecoding(german, "iso-8859-1")).to.equal(german)
    expect(undoDoubleDecoding(polish, "utf-8")).to.equal(polish)
    const few = readAsWindows1252(new TextEncoder().encode("Zażółć"))
    expect(undoDoubleDecoding(few, "utf-8")).to.equal(few)
  })
})
