import { expect } from "chai"
import { compilePattern, hasNestedQuantifier, PATTERN_MAX_CHARS } from "./filters.ts"

describe("list_tabs filters", () => {
  it("compiles a pattern case-insensitively", () => {
    const compiled = compilePattern("^github")
    expect(compiled.ok && compiled.regex.test("GitHub - home")).to.equal(true)
  })

  it("refuses an invalid pattern with the reason and a hint", () => {
    const compiled = compilePattern("(unclosed")
    expect(compiled.ok).to.equal(false)
    if (!compiled.ok) expect(compiled.message).to.match(/not a valid regular expression \(.+\)\. Escape/)
  })

  it("refuses a pattern over the length cap", () => {
    expect(compilePattern("a".repeat(PATTERN_MAX_CHARS)).ok).to.equal(true)
    const compiled = compilePattern("a".repeat(PATTERN_MAX_CHARS + 1))
    expect(compiled.ok).to.equal(false)
    if (!compiled.ok) expect(compiled.message).to.contain(`at most ${PATTERN_MAX_CHARS}`)
  })

  it("spots nested quantifiers, the usual catastrophic backtracking", () => {
    for (const p of ["(a+)+", "(\\w*)*$", "((ab)+c)+", "(x+){2,}", "(?:a|b+)*"]) expect(hasNestedQuantifier(p), p).to.equal(true)
    for (const p of ["(ab)+", "a+b*", "[(a+)]+", "\\(a+\\)+", "(a{2})", "github\\.com/.+", "(foo|bar)?baz"]) {
      expect(hasNestedQuantifier(p), p).to.equal(false)
    }
    expect(compilePattern("(a+)+$").ok).to.equal(false)
  })
})
