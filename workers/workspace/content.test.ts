import { expect } from "chai"
import { contentBytes, percentDecode } from "./content.ts"

const bytesOf = (content: string) => {
  const result = contentBytes(content)
  if (!result.ok) throw new Error(result.message)
  return result
}

const refusal = (content: string) => {
  const result = contentBytes(content)
  if (result.ok) throw new Error(`expected ${JSON.stringify(content.slice(0, 60))} to be refused`)
  return result.message
}

describe("opfs_write content", () => {
  it("writes ordinary text as UTF-8", () => {
    const result = bytesOf("héllo")
    expect(result.fromDataUrl).to.equal(false)
    expect([...result.bytes]).to.deep.equal([0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f])
  })

  it("decodes a base64 data URL to its bytes, whatever its media type and parameters", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    const base64 = btoa(String.fromCharCode(...all))
    for (const header of [
      "data:application/octet-stream;base64,",
      "data:;base64,",
      "data:image/png;name=x.png;base64,",
      "DATA:Image/PNG;BASE64,",
      'data:text/plain;charset="utf-8";base64,',
    ]) {
      const result = bytesOf(header + base64)
      expect(result.fromDataUrl, header).to.equal(true)
      expect([...result.bytes], header).to.deep.equal([...all])
    }
  })

  it("accepts base64 without padding, with line breaks, or in the URL-safe alphabet", () => {
    expect([...bytesOf("data:;base64,/w").bytes]).to.deep.equal([0xff])
    expect([...bytesOf("data:;base64,AAEC\nAwQF").bytes]).to.deep.equal([0, 1, 2, 3, 4, 5])
    expect([...bytesOf("data:;base64,-_8=").bytes]).to.deep.equal([0xfb, 0xff])
    expect([...bytesOf("data:;base64,%2F%2F8%3D").bytes]).to.deep.equal([0xff, 0xff])
  })

  it("decodes a percent-encoded data URL: %XX is a byte, other characters their UTF-8, a stray % stays", () => {
    expect([...bytesOf("data:text/plain,caf%C3%A9%00%ff").bytes]).to.deep.equal([0x63, 0x61, 0x66, 0xc3, 0xa9, 0x00, 0xff])
    expect([...bytesOf("data:,é 100%").bytes]).to.deep.equal([0xc3, 0xa9, 0x20, 0x31, 0x30, 0x30, 0x25])
    expect(bytesOf("data:,").bytes.length).to.equal(0)
    expect([...percentDecode("%4")]).to.deep.equal([0x25, 0x34])
  })

  it("writes text that only starts with data: as text", () => {
    for (const text of ["data: 3 rows, 2 columns", "data:", "data:\nrows,cols", "database, tables"]) {
      const result = bytesOf(text)
      expect(result.fromDataUrl, text).to.equal(false)
      expect(new TextDecoder().decode(result.bytes)).to.equal(text)
    }
  })

  it("refuses invalid base64 and a data URL without a comma, naming what to fix", () => {
    expect(refusal("data:image/png;base64,iVBOR*w0KGgo=")).to.contain("not valid base64")
    expect(refusal("data:image/png;base64,A")).to.contain("not valid base64")
    expect(refusal("data:image/png;base64 iVBORw0KGgo=")).to.contain('no ","')
    expect(refusal("data:text/plain")).to.contain('no ","')
  })
})
