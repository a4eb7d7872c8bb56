import { expect } from "chai"
import { mimeTypeOf, mimeTypeOfName, sniffMimeType } from "./mime.ts"

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)))

describe("workspace MIME types", () => {
  it("sniffs common formats from their first bytes", () => {
    const cases: Array<[Uint8Array, string]> = [
      [bytes([0x89], "PNG\r\n\x1a\n", [0, 0]), "image/png"],
      [bytes([0xff, 0xd8, 0xff, 0xdb]), "image/jpeg"],
      [bytes("GIF89a", [1, 0]), "image/gif"],
      [bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
      [bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "), "audio/wav"],
      [bytes("%PDF-1.7\n"), "application/pdf"],
      [bytes("PK", [3, 4, 20, 0]), "application/zip"],
      [bytes([0x1f, 0x8b, 8, 0]), "application/gzip"],
      [bytes([0, 0, 0, 0x20], "ftypisom"), "video/mp4"],
      [bytes([0, 0, 0, 0x1c], "ftypavif"), "image/avif"],
      [bytes([0], "asm", [1, 0, 0, 0]), "application/wasm"],
      [bytes("SQLite format 3", [0]), "application/vnd.sqlite3"],
    ]
    for (const [data, type] of cases) expect(sniffMimeType(data), type).to.equal(type)
  })

  it("finds no type in unknown or too-short bytes", () => {
    expect(sniffMimeType(bytes("hello"))).to.equal(undefined)
    expect(sniffMimeType(bytes([0x89, 0x50]))).to.equal(undefined)
    expect(sniffMimeType(bytes("RIFF", [0, 0]))).to.equal(undefined)
  })

  it("reads the extension case-insensitively, ignoring a leading dot", () => {
    expect(mimeTypeOfName("Photo.JPG")).to.equal("image/jpeg")
    expect(mimeTypeOfName("notes.md")).to.equal("text/markdown")
    expect(mimeTypeOfName(".png")).to.equal(undefined)
    expect(mimeTypeOfName("README")).to.equal(undefined)
  })

  it("prefers the bytes over the name, then the name, then application/octet-stream", () => {
    expect(mimeTypeOf("looks.txt", bytes("%PDF-1.4"))).to.equal("application/pdf")
    expect(mimeTypeOf("report.pdf", bytes([0xff, 0]))).to.equal("application/pdf")
    expect(mimeTypeOf("blob.xyz", bytes([0xff, 0]))).to.equal("application/octet-stream")
  })

  it("lets the name say which kind of zip a zip container is", () => {
    const zip = bytes("PK", [3, 4, 20, 0])
    expect(mimeTypeOf("letter.docx", zip)).to.equal("application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    expect(mimeTypeOf("book.epub", zip)).to.equal("application/epub+zip")
    expect(mimeTypeOf("archive.pdf", zip)).to.equal("application/zip")
  })
})
