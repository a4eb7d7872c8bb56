import { expect } from "chai"
import { inParts, PartJoiner } from "./channel-parts.ts"

describe("the channel's parts", () => {
  it("sends a small message whole", () => {
    const message = { type: "reply", id: "r1", ok: true, value: "small" }
    expect(inParts(message, "k", 1000)).to.deep.equal([message])
  })

  it("splits a large message and joins it back, never splitting a surrogate pair", () => {
    const message = { type: "reply", id: "r2", ok: true, value: `${"x".repeat(9)}😀${"é".repeat(40)}"\\\n😀` }
    const parts = inParts(message, "k", 10)
    expect(parts.length).to.be.above(3)
    for (const part of parts) {
      const data = (part as { data: string }).data
      expect(data.length).to.be.at.most(10)
      // A lone high surrogate at the end of a slice would be replaced on its way through the Port.
      expect(/[\uD800-\uDBFF]$/.test(data)).to.equal(false)
    }
    // `{"v":"abc` is 9 characters: the emoji's high surrogate would end the first slice.
    const straddling = inParts({ v: "abc😀def" }, "s", 10) as Array<{ data: string }>
    expect(straddling[0]!.data).to.equal('{"v":"abc')
    const joiner = new PartJoiner()
    const results = parts.map((p) => joiner.accept(JSON.parse(JSON.stringify(p))))
    expect(results.slice(0, -1).every((r) => r === undefined)).to.equal(true)
    expect(results.at(-1)).to.deep.equal({ message })
  })

  it("passes other messages through and drops a message whose parts came out of order", () => {
    const joiner = new PartJoiner()
    expect(joiner.accept({ type: "events", events: [] })).to.deep.equal({ message: { type: "events", events: [] } })
    const [first, second, third] = inParts({ value: "y".repeat(25) }, "k", 10)
    expect(joiner.accept(first)).to.equal(undefined)
    expect(joiner.accept(third)).to.equal(undefined)
    expect(joiner.accept(second)).to.equal(undefined)
  })
})
