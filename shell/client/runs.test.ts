/** The runs' one follower: each run keeps only its own events, ends where its contract says, and a failure ends it. */
import { expect } from "chai"
import type { ChannelMethod } from "../../schemas/channel.ts"
import type { Outcome } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import type { MeshTransport } from "./transport.ts"
import { runsApi } from "./runs.ts"

/** A transport whose events and disconnects the test sends, and whose requests wait for `answer`. */
const scripted = (answer: (method: ChannelMethod, params: unknown) => Promise<Outcome<unknown>> | Outcome<unknown>) => {
  const listeners = new Set<(event: MeshEvent) => void>()
  const lost = new Set<() => void>()
  const sent: Array<{ method: string; params: unknown }> = []
  const transport: MeshTransport = {
    request: async (method, params) => {
      sent.push({ method, params })
      return (await answer(method, params)) as never
    },
    onEvent: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    onDisconnect: (listener) => (lost.add(listener), () => lost.delete(listener)),
  }
  return {
    transport,
    sent,
    emit: (event: MeshEvent) => listeners.forEach((listener) => listener(event)),
    disconnect: () => lost.forEach((listener) => listener()),
    listening: () => listeners.size + lost.size,
  }
}

const collect = async <E>(run: AsyncIterable<E>) => {
  const seen: E[] = []
  for await (const event of run) seen.push(event)
  return seen
}

describe("the developer API's runs", () => {
  it("a chat keeps its own events and tool calls, ends at run_finished, and stops listening", async () => {
    const mesh = scripted(() => ({ ok: true, value: null }))
    const run = runsApi(mesh.transport).chat("hi", { conversationId: "c1" })
    const { runId } = run
    expect(mesh.sent[0]).to.deep.equal({ method: "chat.start", params: { prompt: "hi", conversationId: "c1", runId } })
    mesh.emit({ type: "text_delta", conversationId: "c1", runId: "other", delta: "not mine" })
    mesh.emit({ type: "text_delta", conversationId: "c1", runId, delta: "mine" })
    mesh.emit({ type: "tool_call_started", callId: `${runId}:1`, tool: "web_fetch", params: {} } as MeshEvent)
    mesh.emit({ type: "run_finished", conversationId: "c1", runId, status: "completed", answer: "ok" })
    mesh.emit({ type: "text_delta", conversationId: "c1", runId, delta: "after the end" })
    expect((await collect(run)).map((e) => e.type)).to.deep.equal(["text_delta", "tool_call_started", "run_finished"])
    expect(await run.result).to.deep.equal({ conversationId: "c1", runId, status: "completed", answer: "ok" })
    expect(mesh.listening()).to.equal(0)
  })

  it("a chat that could not start, or lost its document, ends failed with a last run_finished", async () => {
    const refused = scripted(() => ({ ok: false, error: { code: "invalid_params", message: "No model." } }))
    const run = runsApi(refused.transport).chat("hi", {})
    expect(await run.result).to.include({ status: "failed", answer: "" })
    expect((await run.result).error).to.deep.equal({ code: "invalid_params", message: "No model." })
    expect((await collect(run)).map((e) => e.type)).to.deep.equal(["run_finished"])
    const cut = scripted(() => new Promise(() => undefined))
    const orphan = runsApi(cut.transport).chat("hi", {})
    cut.disconnect()
    expect((await orphan.result).error?.message).to.match(/connection to the agent was lost/)
  })

  it("a spawn's result is its request's reply, its events its agent's", async () => {
    let reply!: (outcome: Outcome<unknown>) => void
    const mesh = scripted(() => new Promise((resolve) => (reply = resolve)))
    const run = runsApi(mesh.transport).spawn({ type: "general", prompt: "go" })
    mesh.emit({ type: "sub_agent_event", agentId: "someone-else", event: { type: "text_delta" } } as MeshEvent)
    mesh.emit({ type: "sub_agent_event", agentId: run.agentId, event: { type: "text_delta" } } as MeshEvent)
    reply({ ok: true, value: { agentId: run.agentId, answer: "done" } })
    expect(await run.result).to.deep.equal({ agentId: run.agentId, answer: "done" })
    expect((await collect(run)).map((e) => e.agentId)).to.deep.equal([run.agentId])
  })

  it("a research job ends at its finished state, rejects on a failure, and its signal stops it", async () => {
    let stopAsked!: () => void
    const stopped = new Promise<void>((resolve) => (stopAsked = resolve))
    const mesh = scripted((method) => (method === "research.stop" && stopAsked(), { ok: true, value: null }))
    const controller = new AbortController()
    const run = runsApi(mesh.transport).research("why?", { signal: controller.signal, language: "en" })
    const state = { type: "research_update", jobId: run.jobId, question: "why?", phase: "finished" } as MeshEvent
    mesh.emit({ ...state, phase: "planning" } as MeshEvent)
    mesh.emit(state)
    expect(await run.result).to.equal(state)
    expect((await collect(run)).length).to.equal(2)
    controller.abort()
    await stopped
    expect(mesh.sent.map((s) => s.method)).to.deep.equal(["research.start", "research.stop"])
    const refused = scripted(() => ({ ok: false, error: { code: "unavailable", message: "No." } }))
    const error = await runsApi(refused.transport)
      .research("why?", {})
      .result.catch((e: unknown) => e)
    expect(error).to.include({ name: "AgentError", code: "unavailable", message: "No." })
  })

  it("a caller may leave the loop and iterate again for what came since", async () => {
    const mesh = scripted(() => ({ ok: true, value: null }))
    const run = runsApi(mesh.transport).chat("hi", { conversationId: "c1" })
    const delta = (text: string) => ({ type: "text_delta", conversationId: "c1", runId: run.runId, delta: text }) as const
    mesh.emit(delta("a"))
    for await (const event of run) {
      expect(event).to.deep.equal(delta("a"))
      break
    }
    mesh.emit(delta("b"))
    mesh.emit({ type: "run_finished", conversationId: "c1", runId: run.runId, status: "completed", answer: "ab" })
    expect((await collect(run)).map((e) => e.type)).to.deep.equal(["text_delta", "run_finished"])
  })
})
