import { expect } from "chai"
import { checkArguments, MAX_ARGUMENT_DEPTH, MAX_ARGUMENT_SIZE } from "./argument-limits.ts"
import { fromWire, toWire } from "./errors.ts"
import { argumentLimitError } from "./tool-input.ts"

const nested = (levels: number): unknown => {
  let v: unknown = "leaf"
  for (let i = 0; i < levels; i++) v = { a: v }
  return v
}

describe("tool call argument limits", () => {
  it("accepts ordinary arguments, up to the depth limit", () => {
    expect(checkArguments({ path: "a.md", content: "x".repeat(1000), list: [1, [2, [3]]] })).to.deep.equal({ ok: true })
    expect(checkArguments(nested(MAX_ARGUMENT_DEPTH - 1)).ok).to.equal(true)
  })

  it("refuses nesting past the limit, naming it, without overflowing the stack (100,000 levels)", () => {
    for (const levels of [MAX_ARGUMENT_DEPTH + 1, 5_000, 100_000]) {
      const result = checkArguments(nested(levels))
      expect(result.ok).to.equal(false)
      expect(!result.ok && result.limit).to.equal("depth")
      expect(!result.ok && result.message).to.contain(String(MAX_ARGUMENT_DEPTH))
    }
    let deepArray: unknown = []
    for (let i = 0; i < 10_000; i++) deepArray = [deepArray]
    expect(checkArguments(deepArray).ok).to.equal(false)
  })

  it("refuses a value past the size limit, naming it", () => {
    const result = checkArguments({ content: "x".repeat(MAX_ARGUMENT_SIZE + 1) })
    expect(!result.ok && result.limit).to.equal("size")
    expect(!result.ok && result.message).to.contain(String(MAX_ARGUMENT_SIZE))
    const many = Array.from({ length: MAX_ARGUMENT_SIZE / 8 + 1 }, () => 1)
    expect(checkArguments({ many }).ok).to.equal(false)
  })

  it("counts a cycle once instead of looping", () => {
    const a: Record<string, unknown> = { x: 1 }
    a.self = a
    expect(checkArguments(a).ok).to.equal(true)
  })

  it("names a parameter whose name is the empty string, through to the wire and back", () => {
    const error = argumentLimitError("list_tabs", { title_pattern: "x", "": nested(MAX_ARGUMENT_DEPTH + 1) })
    expect(error?.parameter).to.equal("")
    const wire = toWire(error!)
    expect(wire).to.include({ code: "invalid_input", parameter: "" })
    expect(fromWire("list_tabs", wire)).to.include({ parameter: "" })
  })
})
