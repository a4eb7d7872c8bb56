import { expect } from "chai"
import { parseWorkspacePath } from "./paths.ts"

const parsed = (raw: string) => {
  const result = parseWorkspacePath(raw)
  if (!result.ok) throw new Error(`expected ${JSON.stringify(raw)} to parse, got: ${result.message}`)
  return result.value
}

const refusal = (raw: string) => {
  const result = parseWorkspacePath(raw)
  if (result.ok) throw new Error(`expected ${JSON.stringify(raw)} to be refused, got ${JSON.stringify(result.value)}`)
  return result.message
}

describe("workspace paths", () => {
  it("splits a relative path into names and normalises it without a leading slash", () => {
    expect(parsed("notes/2024/a.md")).to.deep.equal({ segments: ["notes", "2024", "a.md"], path: "notes/2024/a.md" })
    expect(parsed("/notes/a.md")).to.deep.equal({ segments: ["notes", "a.md"], path: "notes/a.md" })
  })

  it("reads an empty path and a lone slash as the workspace root", () => {
    expect(parsed("")).to.deep.equal({ segments: [], path: "" })
    expect(parsed("/")).to.deep.equal({ segments: [], path: "" })
  })

  it("keeps names as given: spaces, dots inside names, Unicode, a lone percent sign", () => {
    expect(parsed("My Notes/..hidden/a.b.c/résumé 100%.txt").segments).to.deep.equal(["My Notes", "..hidden", "a.b.c", "résumé 100%.txt"])
    expect(parsed("...").segments).to.deep.equal(["..."])
  })

  it("refuses .. anywhere, saying the path cannot go up", () => {
    for (const raw of ["..", "../a", "a/..", "a/../b", "/../a", "a/b/../../.."]) expect(refusal(raw)).to.contain('".."')
  })

  it("refuses . segments", () => {
    for (const raw of [".", "./a", "a/.", "a/./b"]) expect(refusal(raw)).to.contain('"."')
  })

  it("refuses empty segments: doubled, trailing and a second leading slash", () => {
    for (const raw of ["a//b", "a/", "//a", "a/b//"]) expect(refusal(raw)).to.contain("empty segment")
  })

  it("refuses backslashes, which some systems read as separators", () => {
    for (const raw of ["a\\b", "\\a", "..\\a", "a\\"]) expect(refusal(raw)).to.contain("backslash")
  })

  it("refuses NUL and every other control character", () => {
    for (const code of [0, 1, 9, 10, 13, 27, 31, 127]) {
      expect(refusal(`a${String.fromCharCode(code)}b`)).to.contain("control character")
    }
  })

  it("refuses percent-escapes, which would read as a different name than the model meant", () => {
    for (const raw of ["%2e%2e/a", "a%2Fb", "%00", "a%5cb"]) expect(refusal(raw)).to.contain("percent-escape")
  })

  it("refuses names longer than 255 bytes, counting UTF-8 bytes", () => {
    expect(parsed("n".repeat(255)).segments[0]).to.have.length(255)
    expect(refusal("n".repeat(256))).to.contain("255 bytes")
    expect(refusal("é".repeat(128))).to.contain("255 bytes")
  })

  it("quotes the offending path in the message, escaped and shortened", () => {
    expect(refusal("a\u0000b")).to.contain('"a\\u0000b"')
    const long = refusal(`${"x/".repeat(100)}..`)
    expect(long).to.contain("...")
    expect(long.length).to.be.lessThan(400)
  })
})

describe("path bounds", () => {
  it("refuses paths too long or too deep, quoting them short", () => {
    const deep = parseWorkspacePath(`${"d/".repeat(5000)}f`)
    expect(deep.ok).to.equal(false)
    expect(!deep.ok && deep.message.length).to.be.lessThan(300)
    expect(parseWorkspacePath(`${"a/".repeat(63)}f`).ok).to.equal(true)
    expect(parseWorkspacePath(`${"a/".repeat(64)}f`).ok).to.equal(false)
    expect(parseWorkspacePath("x".repeat(1025)).ok).to.equal(false)
  })
})
