import { expect } from "chai"
import { decodeBody } from "./http.ts"

// "百度" in GBK.
const gbk = [0xb0, 0xd9, 0xb6, 0xc8]
const bytes = (...parts: Array<string | Array<number>>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p))).buffer

describe("decoding result pages", () => {
  it("uses the charset of the Content-Type header", () => {
    expect(decodeBody(bytes(gbk), "text/html; charset=GBK")).to.equal("百度")
  })

  it("uses the charset of a <meta> when the header names none", () => {
    expect(decodeBody(bytes('<meta http-equiv="content-type" content="text/html;charset=gb2312"><title>', gbk), "text/html")).to.contain(
      "<title>百度",
    )
  })

  it("does not take the word charset in a JSON body for a declaration", () => {
    expect(decodeBody(bytes('{"snippet":"charset=iso-8859-1 is … 百度"}'), "application/json")).to.equal(
      '{"snippet":"charset=iso-8859-1 is … 百度"}',
    )
  })

  it("drops a UTF-8 byte-order mark and falls back to UTF-8 for an unknown charset", () => {
    expect(decodeBody(bytes([0xef, 0xbb, 0xbf], "{}"), "application/json")).to.equal("{}")
    expect(decodeBody(bytes("百度"), "text/html; charset=x-no-such-charset")).to.equal("百度")
  })
})
