import { expect } from "chai"
import "./am-lane.ts"
import type { AmLane } from "./am-lane.ts"
import { LANE_TEXT_KEPT, reduceLane, type Lane } from "./state/chat-view.ts"

const start: Lane = { agentId: "a1", agentType: "general", description: "Lane 0", status: "running", steps: 0, current: "", tools: [] }

const written = (deltas: ReadonlyArray<string>): Lane =>
  deltas.reduce((lane, delta) => reduceLane(lane, { type: "text_delta", delta } as Parameters<typeof reduceLane>[1]), start)

describe("am-lane", () => {
  it("keeps only the latest words of what a sub-agent writes, however long it gets", () => {
    const lane = written(Array.from({ length: 5000 }, (_, i) => `word${i} `))
    expect(lane.current.startsWith("✎ ")).to.equal(true)
    expect(lane.current.length).to.be.at.most(LANE_TEXT_KEPT + 2)
    expect(lane.current.endsWith("word4999 ")).to.equal(true)
  })

  it("does not cut a character in two", () => {
    const lane = written(["x", "😀".repeat(LANE_TEXT_KEPT)])
    expect(/^✎ [\uDC00-\uDFFF]/.test(lane.current)).to.equal(false)
  })

  it("shows the newest words in view, cutting the oldest on the left", async () => {
    const element = document.createElement("am-lane") as AmLane
    element.style.width = "300px"
    document.body.append(element)
    element.lane = written(Array.from({ length: 200 }, (_, i) => `word${i} `).concat("NEWEST"))
    await element.updateComplete
    const step = element.shadowRoot!.querySelector("[data-testid=lane-step]")!.getBoundingClientRect()
    const text = element.shadowRoot!.querySelector("[data-testid=lane-writing]")!
    const box = text.getBoundingClientRect()
    expect(box.width).to.be.greaterThan(step.width)
    expect(Math.round(box.right)).to.equal(Math.round(step.right))
    expect(text.textContent!.endsWith("NEWEST")).to.equal(true)
    element.remove()
  })
})

describe("am-lane, done", () => {
  it("shows what the sub-agent found, in place of its step count", async () => {
    const element = document.createElement("am-lane") as AmLane
    document.body.append(element)
    element.lane = { ...start, status: "completed", steps: 2 }
    element.answer = "## Found\nHotel **Memmo** Alfama, 180 EUR a night."
    await element.updateComplete
    const answer = element.shadowRoot!.querySelector("[data-testid=lane-answer]")
    expect(answer?.textContent?.trim()).to.equal("Found")
    expect(element.shadowRoot!.querySelector("[data-testid=lane-step]")).to.equal(null)
    element.answer = "Hotel **Memmo** Alfama, 180 EUR a night."
    await element.updateComplete
    expect(element.shadowRoot!.querySelector("[data-testid=lane-answer]")?.textContent?.trim()).to.equal(
      "Hotel Memmo Alfama, 180 EUR a night.",
    )
    // Still running, or failed: its step as before.
    element.lane = { ...start, status: "running", steps: 1 }
    await element.updateComplete
    expect(element.shadowRoot!.querySelector("[data-testid=lane-answer]")).to.equal(null)
    expect(element.shadowRoot!.querySelector("[data-testid=lane-step]")).to.not.equal(null)
    element.remove()
  })
})
