import { expect } from "chai"
import { decodeText, isText, lineStarts, pageOfLines, type TextPage } from "./text.ts"

const utf8 = (text: string) => new TextEncoder().encode(text)

const page = (text: string, offset: number, limit: number): TextPage => {
  const result = pageOfLines(text, offset, limit)
  if (!result.ok) throw new Error(result.message)
  return result.page
}

/** Every page from the first, following next_offset. */
const allPages = (text: string, limit: number) => {
  const pages = [page(text, 1, limit)]
  while (pages.at(-1)!.next_offset !== undefined) {
    if (pages.length > 10_000) throw new Error("paging does not end")
    pages.push(page(text, pages.at(-1)!.next_offset!, limit))
  }
  return pages
}

describe("text detection", () => {
  it("takes valid UTF-8 without NUL bytes as text, whatever the script", () => {
    for (const text of ["", "plain ascii\n", "résumé, 東京, emoji 🎉", "\ufeffwith a byte-order mark", "tabs\tand\r\nCRLF"]) {
      expect(isText(utf8(text)), JSON.stringify(text)).to.equal(true)
    }
  })

  it("takes a NUL byte as binary, even in otherwise valid UTF-8", () => {
    expect(isText(utf8("text\u0000more"))).to.equal(false)
  })

  it("takes invalid UTF-8 as binary: a Latin-1 byte, a cut multi-byte sequence, an overlong form, a lone surrogate", () => {
    expect(isText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]))).to.equal(false)
    expect(isText(utf8("東").subarray(0, 2))).to.equal(false)
    expect(isText(Uint8Array.from([0xc0, 0xaf]))).to.equal(false)
    expect(isText(Uint8Array.from([0xed, 0xa0, 0x80]))).to.equal(false)
  })

  it("takes common binary formats as binary", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])
    for (const bytes of [png, jpeg, zip]) expect(isText(bytes)).to.equal(false)
  })

  it("decodes keeping a byte-order mark, and marks invalid bytes instead of failing", () => {
    expect(decodeText(utf8("\ufeffa"))).to.equal("\ufeffa")
    expect(decodeText(Uint8Array.from([0x61, 0xff, 0x62]))).to.equal("a\ufffdb")
  })
})

describe("text pages", () => {
  it("counts lines like cat -n: a final line without an ending counts, a final ending does not add one", () => {
    expect(lineStarts("")).to.deep.equal([])
    expect(lineStarts("a")).to.deep.equal([0])
    expect(lineStarts("a\n")).to.deep.equal([0])
    expect(lineStarts("a\nb")).to.deep.equal([0, 2])
    expect(lineStarts("a\nb\n")).to.deep.equal([0, 2])
    expect(lineStarts("\n")).to.deep.equal([0])
    expect(lineStarts("\n\n")).to.deep.equal([0, 1])
  })

  it("returns the asked lines with their own endings, numbered from 1", () => {
    const text = "one\r\ntwo\nthree\n"
    expect(page(text, 1, 1)).to.deep.equal({ content: "one\r\n", total_lines: 3, offset: 1, limit: 1, next_offset: 2 })
    expect(page(text, 2, 5)).to.deep.equal({ content: "two\nthree\n", total_lines: 3, offset: 2, limit: 5 })
    expect(page(text, 3, 1)).to.deep.equal({ content: "three\n", total_lines: 3, offset: 3, limit: 1 })
  })

  it("reads 1,000 lines in five pages of 200 whose contents join back into the text", () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}\n`).join("")
    const pages = allPages(text, 200)
    expect(pages.map((p) => p.offset)).to.deep.equal([1, 201, 401, 601, 801])
    expect(pages.map((p) => p.next_offset)).to.deep.equal([201, 401, 601, 801, undefined])
    expect(pages.every((p) => p.total_lines === 1000)).to.equal(true)
    expect(pages[2]!.content.split("\n")[0]).to.equal("line 401")
    expect(pages.map((p) => p.content).join("")).to.equal(text)
  })

  it("joins back into the text for any page size, with or without a final line ending", () => {
    const texts = ["", "x", "x\n", "\n\n\n", "a\r\nb\r\nc", Array.from({ length: 57 }, (_, i) => "w".repeat(i)).join("\n")]
    for (const text of texts) {
      for (const limit of [1, 2, 3, 7, 200]) {
        const pages = allPages(text, limit)
        expect(pages.map((p) => p.content).join(""), `${JSON.stringify(text)} by ${limit}`).to.equal(text)
        expect(pages.length).to.equal(Math.max(1, Math.ceil(lineStarts(text).length / limit)))
      }
    }
  })

  it("gives an empty file one empty page at offset 1", () => {
    expect(page("", 1, 200)).to.deep.equal({ content: "", total_lines: 0, offset: 1, limit: 200 })
  })

  it("refuses an offset past the last line, saying how many lines there are", () => {
    const past = pageOfLines("a\nb\nc\n", 4, 10)
    expect(past.ok).to.equal(false)
    if (!past.ok) expect(past.message).to.contain("3 lines").and.contain("from 1 to 3")
    const empty = pageOfLines("", 2, 10)
    expect(empty.ok).to.equal(false)
    if (!empty.ok) expect(empty.message).to.contain("empty")
  })
})
