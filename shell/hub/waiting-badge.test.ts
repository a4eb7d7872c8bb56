import { expect } from "chai"
import type { MeshEvent } from "../../schemas/events.ts"
import { WaitingBadge } from "./waiting-badge.ts"

const asked = (id: string): MeshEvent => ({ type: "question_asked", id, conversationId: "a", question: "?", multiple: false, expiresAt: 0 })
const requested = (id: string): MeshEvent => ({
  type: "confirmation_requested",
  id,
  conversationId: "b",
  tool: "close_tab",
  rule: "close_tab",
  site: "https://example.com",
  summary: "close a tab",
  params: {},
  expiresAt: 0,
})

describe("the toolbar badge of what waits for the user", () => {
  it("counts questions and confirmations across conversations, in order, and only when the count changes", async () => {
    const sent: number[] = []
    let release: () => void = () => undefined
    const first = new Promise<void>((resolve) => (release = resolve))
    const badge = new WaitingBadge(async (_method, { count }) => {
      // The first update is slow: the later ones must still land after it.
      if (sent.length === 0) await first
      sent.push(count)
      return { ok: true, value: null }
    })
    badge.observe(asked("q1"))
    badge.observe(requested("c1"))
    badge.observe(asked("q1"))
    badge.observe({ type: "text_delta", conversationId: "a", runId: "r", delta: "x" })
    badge.observe({ type: "question_closed", id: "q1", conversationId: "a", reason: "answered" })
    badge.observe({ type: "confirmation_closed", id: "c1", conversationId: "b", outcome: "denied" })
    release()
    badge.observe(asked("q2"))
    await badge.settled()
    expect(sent).to.deep.equal([1, 2, 1, 0, 1])
  })
})
