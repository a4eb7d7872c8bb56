import { expect } from "chai"
import { builtinTools } from "../../schemas/tools/index.ts"
import { opensTab, TabLimit } from "./run-limits.ts"

const tool = (name: string) => builtinTools.find((t) => t.name === name)!

describe("tabs opened per run", () => {
  it("counts a new tab by the annotations: open_tab without a tab, not a navigation or another tab tool", () => {
    expect(opensTab(tool("open_tab"), { url: "https://a.test/" })).to.equal(true)
    expect(opensTab(tool("open_tab"), { url: "https://a.test/", tab_id: 3 })).to.equal(false)
    expect(builtinTools.filter((t) => t.name !== "open_tab" && opensTab(t, {})).map((t) => t.name)).to.deep.equal([])
  })

  it("asks once for the calls past the limit; a yes allows as many again, a no refuses the rest of the run", async () => {
    const limit = new TabLimit()
    const asked: Array<number> = []
    let answer!: (yes: boolean) => void
    let questionAsked!: () => void
    let nextQuestion = new Promise<void>((resolve) => (questionAsked = resolve))
    const options = {
      limit: async () => 2,
      ask: (count: number) => {
        asked.push(count)
        questionAsked()
        return new Promise<boolean>((resolve) => (answer = resolve))
      },
    }
    const signal = new AbortController().signal
    const calls = Array.from({ length: 5 }, () => limit.admit("run", options, signal))
    const first = await Promise.all(calls.slice(0, 2))
    expect(first.every((o) => o.ok)).to.equal(true)
    await nextQuestion
    expect(asked).to.deep.equal([2])
    nextQuestion = new Promise<void>((resolve) => (questionAsked = resolve))
    answer(true)
    // The third and fourth fit the new allowance; the fifth asks again, at 4.
    expect((await Promise.all(calls.slice(2, 4))).every((o) => o.ok)).to.equal(true)
    await nextQuestion
    expect(asked).to.deep.equal([2, 4])
    answer(false)
    const fifth = await calls[4]!
    expect(fifth.ok).to.equal(false)
    const later = await limit.admit("run", options, signal)
    expect(!later.ok && later.error.code).to.equal("permission_denied")
    expect(asked).to.deep.equal([2, 4])
    // Another run starts from nothing.
    expect((await limit.admit("next", options, signal)).ok).to.equal(true)
  })
})
