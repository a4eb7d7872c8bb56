/**
 * A run's events reach the page in the order the agent worker produced them, even when eight
 * sub-agent lanes stream at the same time: no text after `run_finished`, none missing, and the
 * text streamed before a tool call arrives before the call's card. Both kinds of subscriber are
 * checked: the runs' own iterators (`agent.chat()`, `agent.spawn()`) and `agent.onEvent`.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { type ModelServer } from "../support/model-server.mjs"
import { openScriptedPanel, type ScriptedPanel } from "./harness.ts"

let scripted: ScriptedPanel | undefined
let panel: Page
let model: ModelServer

before(async () => {
  scripted = await openScriptedPanel()
  ;({ model, panel } = scripted)
})
after(async () => {
  await scripted?.close()
})

const words = (label: string, count: number) => Array.from({ length: count }, (_, i) => `${label}${i} `)
const LANES = 8

interface Seen {
  readonly type: string
  readonly delta?: string
  readonly agentId?: string
  readonly conversationId?: string
}

test("beside eight streaming lanes, every delta arrives before run_finished, in order, and none is lost", async () => {
  const before = words("before", 600)
  const afterCall = words("after", 1500)
  const lane = words("lane", 1500)
  model.script([
    {
      when: "Order test",
      text: before,
      toolCalls: [{ id: "call_1", name: "create_task", arguments: { subject: "Check the order" } }],
    },
    ...Array.from({ length: LANES }, (_, k) => ({ when: `lane job ${k}:`, text: lane, durationMs: 1500 })),
    { when: "Order test", text: afterCall },
  ])
  const seen = await panel.evaluate(async (lanes) => {
    const agent = globalThis.agent
    // A listener of everything, kept until every run has ended, so a late delta would be seen late.
    const heard: Seen[] = []
    const off = agent.onEvent((event: any) => {
      const inner = event.type === "sub_agent_event" ? event.event : event
      if (!["text_delta", "tool_call_started", "run_finished"].includes(inner.type)) return
      heard.push({
        type: inner.type,
        ...(inner.type === "text_delta" ? { delta: inner.delta } : {}),
        ...(event.type === "sub_agent_event" ? { agentId: event.agentId } : { conversationId: event.conversationId }),
      })
    })
    const jobs = Array.from({ length: lanes }, (_, k) => {
      const events: Seen[] = []
      const job = agent.spawn({ type: "general", prompt: `lane job ${k}: write a long note`, description: `Lane ${k}` })
      const collected = (async () => {
        for await (const event of job as AsyncIterable<any>) {
          const inner = event.type === "sub_agent_event" ? event.event : event
          events.push({ type: inner.type, ...(inner.type === "text_delta" ? { delta: inner.delta } : {}) })
        }
        await job.result
        return events
      })()
      return collected
    })
    const main: Seen[] = []
    const run = agent.chat("Order test: stream, call a tool, stream again")
    for await (const event of run as AsyncIterable<any>)
      main.push({ type: event.type, ...(event.type === "text_delta" ? { delta: event.delta } : {}) })
    const result = await run.result
    const laneEvents = await Promise.all(jobs)
    off()
    return { main, lanes: laneEvents, status: result.status, conversationId: run.conversationId, heard }
  }, LANES)

  assert.equal(seen.status, "completed")
  const types = seen.main.map((e) => e.type)
  const finished = types.indexOf("run_finished")
  assert.equal(finished, types.length - 1, `run_finished is the last event (events after it: ${types.slice(finished + 1).join(", ")})`)
  const started = types.indexOf("tool_call_started")
  assert.ok(started > 0, "the tool call was reported")
  const textOf = (events: readonly Seen[]) => events.map((e) => e.delta ?? "").join("")
  assert.equal(textOf(seen.main.slice(0, started)), before.join(""), "all the text before the call arrives before its card")
  assert.equal(textOf(seen.main.slice(started)), afterCall.join(""), "all the text after the call arrives, before run_finished")

  assert.equal(seen.lanes.length, LANES)
  for (const [k, events] of seen.lanes.entries()) {
    const laneTypes = events.map((e) => e.type)
    const end = laneTypes.lastIndexOf("run_finished")
    assert.ok(end >= 0, `lane ${k} reported its end`)
    assert.ok(
      !laneTypes.slice(end + 1).includes("text_delta"),
      `lane ${k}: no delta after run_finished (${laneTypes.slice(end + 1).join(", ")})`,
    )
    assert.equal(textOf(events), lane.join(""), `lane ${k}: its whole text arrives`)
  }

  // agent.onEvent hears the same: each run's deltas in order, all of them before its run_finished.
  const mainHeard = seen.heard.filter((e) => e.conversationId === seen.conversationId)
  const heardTypes = mainHeard.map((e) => e.type)
  assert.equal(heardTypes.indexOf("run_finished"), heardTypes.length - 1, "onEvent: the main run's run_finished comes last")
  const heardCall = heardTypes.indexOf("tool_call_started")
  assert.equal(textOf(mainHeard.slice(0, heardCall)), before.join(""), "onEvent: the text before the call, before its card")
  assert.equal(textOf(mainHeard.slice(heardCall)), afterCall.join(""), "onEvent: the text after the call, before run_finished")
  const laneIds = [...new Set(seen.heard.flatMap((e) => (e.agentId ? [e.agentId] : [])))]
  assert.equal(laneIds.length, LANES, "onEvent hears every lane")
  for (const id of laneIds) {
    const heard = seen.heard.filter((e) => e.agentId === id)
    const end = heard.findIndex((e) => e.type === "run_finished")
    assert.equal(end, heard.length - 1, `onEvent, lane ${id}: nothing after run_finished`)
    assert.equal(textOf(heard), lane.join(""), `onEvent, lane ${id}: its whole text, in order`)
  }
})
