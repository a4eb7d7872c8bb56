import { expect } from "chai"
import { splitParts } from "./distill.ts"

describe("splitParts", () => {
  it("cuts at paragraph ends, keeps everything, and respects the size", () => {
    const text = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} ${"word ".repeat(20)}`).join("\n\n")
    const parts = splitParts(text, 500)
    expect(parts.length).to.be.greaterThan(1)
    for (const part of parts) expect(part.length).to.be.at.most(500)
    expect(parts.join(" ").replace(/\s+/g, " ")).to.equal(text.replace(/\s+/g, " "))
    expect(parts[1]!.startsWith("Paragraph")).to.equal(true)
  })
  it("leaves short text whole", () => {
    expect(splitParts("short", 100)).to.deep.equal(["short"])
  })
})
