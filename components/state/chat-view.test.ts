import { expect } from "chai"
import type { MessageRecord } from "../../schemas/conversation.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import {
  emptyView,
  keepUnchanged,
  lastUserPrompt,
  liveOrdinal,
  reduce,
  reduceSpawnLanes,
  textOf,
  totalUsage,
  turnsOf,
  type ChatView,
} from "./chat-view.ts"

const c = "conv"
const r = "run1"
let seq = 0
const saved = (message: MessageRecord["message"], extra: Partial<MessageRecord> = {}): MeshEvent => ({
  type: "message_saved",
  conversationId: c,
  runId: r,
  record: { conversationId: c, seq: ++seq, runId: r, at: 0, message, ...extra },
})
const fold = (events: MeshEvent[], view: ChatView = emptyView(c)) => events.reduce(reduce, view)

describe("the chat view", () => {
  beforeEach(() => (seq = 0))

  it("streams text, and a saved assistant message replaces the streamed text", () => {
    let view = fold([
      { type: "run_started", conversationId: c, runId: r, prompt: "hi" },
      { type: "text_delta", conversationId: c, runId: r, delta: "Hel" },
      { type: "reasoning_delta", conversationId: c, runId: r, delta: "think" },
      { type: "text_delta", conversationId: c, runId: r, delta: "lo" },
    ])
    expect(view.live).to.include({ text: "Hello", reasoning: "think" })
    view = reduce(view, saved({ role: "assistant", content: "Hello" }))
    expect(view.live).to.include({ text: "", reasoning: "" })
    expect(view.messages).to.have.length(1)
    view = reduce(view, { type: "run_finished", conversationId: c, runId: r, status: "completed", answer: "Hello" })
    expect(view.live).to.equal(undefined)
  })

  it("a retry voids the text streamed since the last saved message and says why", () => {
    const view = fold([
      { type: "run_started", conversationId: c, runId: r, prompt: "hi" },
      { type: "text_delta", conversationId: c, runId: r, delta: "half an ans" },
      { type: "retry", conversationId: c, runId: r, attempt: 1, delayMs: 10, message: "HTTP 503", code: "model_http_503" },
    ])
    expect(view.live).to.include({ text: "", retry: "model_http_503" })
    expect(reduce(view, { type: "text_delta", conversationId: c, runId: r, delta: "A" }).live).to.deep.equal({
      runId: r,
      text: "A",
      textDeltas: { parts: ["A"], count: 1 },
      reasoning: "",
    })
  })

  it("keeps the streamed text as its deltas, each view reading its own text even when an older view grows", () => {
    const delta = (d: string): MeshEvent => ({ type: "text_delta", conversationId: c, runId: r, delta: d })
    const start = fold([{ type: "run_started", conversationId: c, runId: r, prompt: "hi" }, delta("One "), delta("two ")])
    const newer = reduce(start, delta("three"))
    const other = reduce(start, delta("four"))
    expect([start, newer, other].map((v) => textOf(v.live!.textDeltas!))).to.deep.equal(["One two ", "One two three", "One two four"])
    expect([start, newer, other].map((v) => v.live!.text)).to.deep.equal(["One two ", "One two three", "One two four"])
    // The newest view grew the array the others share; the branch from an older one has its own.
    expect(newer.live!.textDeltas!.parts).to.equal(start.live!.textDeltas!.parts)
    expect(other.live!.textDeltas!.parts).not.to.equal(start.live!.textDeltas!.parts)
  })

  it("ignores other conversations' events and keeps a saved message once", () => {
    const view = fold([{ type: "text_delta", conversationId: "other", runId: "x", delta: "no" }])
    expect(view).to.deep.equal(emptyView(c))
    const event = saved({ role: "user", content: "hi" })
    expect(fold([event, event]).messages).to.have.length(1)
  })

  it("folds tool results into their calls' cards: done, failed, cancelled, running, waiting", () => {
    const calls = [
      { id: "a", name: "create_task", arguments: { subject: "x" } },
      { id: "b", name: "web_fetch", arguments: { url: "https://e.org" } },
      { id: "c", name: "opfs_read", arguments: { path: "f" } },
      { id: "d", name: "ask_user", arguments: { question: "?" } },
    ]
    const view = fold([
      saved({ role: "user", content: "go" }),
      saved({ role: "assistant", content: "", toolCalls: calls }, { usage: { inputTokens: 10, outputTokens: 2 } }),
      saved(
        { role: "tool", toolCallId: "a", name: "create_task", content: "{}" },
        { tool: { durationMs: 12, params: {}, result: { task_id: "t1" } } },
      ),
      saved(
        { role: "tool", toolCallId: "b", name: "web_fetch", content: "", isError: true },
        { tool: { durationMs: 5, params: {}, error: { code: "http_error", message: "404" } } },
      ),
      { type: "tool_call_started", callId: `${r}:c`, tool: "opfs_read", conversationId: c, params: {} },
      {
        type: "tool_call_finished",
        callId: `${r}:c`,
        tool: "opfs_read",
        conversationId: c,
        durationMs: 3,
        error: { code: "cancelled", message: "stopped" },
      },
      { type: "question_asked", id: "q", conversationId: c, question: "?", multiple: false, expiresAt: 1 },
    ])
    const turns = turnsOf(view, r)
    const assistant = turns.find((t) => t.kind === "assistant")
    if (assistant?.kind !== "assistant") throw new Error("no assistant turn")
    expect(assistant.tools.map((t) => t.status)).to.deep.equal(["done", "failed", "cancelled", "waiting"])
    expect(assistant.tools[0]!.result).to.deep.equal({ task_id: "t1" })
    expect(assistant.tools[1]!.error?.code).to.equal("http_error")
    // While the run goes, no usage line; after it, one with the run's total.
    expect(turns.some((t) => t.kind === "usage")).to.equal(false)
    const after = turnsOf(view, undefined)
    const finished = after.find((t) => t.kind === "assistant")
    if (finished?.kind !== "assistant") throw new Error("no assistant turn")
    expect(finished.tools[3]!.status, "a call of a run that is over, never answered").to.equal("cancelled")
    expect(after.at(-1)).to.deep.equal({ kind: "usage", runId: r, usage: { inputTokens: 10, outputTokens: 2 } })
  })

  it("a pending confirmation makes its tool's card wait for the user, and closing it ends that", () => {
    let view = fold([
      saved({ role: "assistant", content: "", toolCalls: [{ id: "x", name: "close_tab", arguments: { tab_id: 3 } }] }),
      {
        type: "confirmation_requested",
        id: "k",
        conversationId: c,
        tool: "close_tab",
        rule: "close_tab",
        site: "https://e.org",
        summary: "Close tab 3",
        params: {},
        expiresAt: 1,
      },
    ])
    const status = (v: ChatView) => {
      const a = turnsOf(v, r)[0]
      return a?.kind === "assistant" ? a.tools[0]!.status : undefined
    }
    expect(status(view)).to.equal("waiting")
    view = reduce(view, { type: "confirmation_closed", id: "k", conversationId: c, outcome: "allowed" })
    expect(view.confirmations).to.deep.equal([])
    expect(status(view)).to.equal("running")
  })

  it("a run's failure is kept until the next run starts", () => {
    const failed = fold([
      { type: "run_finished", conversationId: c, runId: r, status: "failed", answer: "", error: { code: "no_model", message: "No model" } },
    ])
    expect(failed.failure?.code).to.equal("no_model")
    expect(reduce(failed, { type: "run_started", conversationId: c, runId: "run2", prompt: "x" }).failure).to.equal(undefined)
  })

  it("a new list of items keeps the items that did not change, so the log renders only what changed", () => {
    const call = { id: "a", name: "create_task", arguments: { subject: "x" } }
    let view = fold([
      saved({ role: "user", content: "first" }),
      saved({ role: "assistant", content: "one" }, { usage: { inputTokens: 5, outputTokens: 1 } }),
      { type: "run_started", conversationId: c, runId: "run2", prompt: "second" },
    ])
    const before = turnsOf(view, "run2")
    view = reduce(view, {
      type: "message_saved",
      conversationId: c,
      runId: "run2",
      record: { conversationId: c, seq: ++seq, runId: "run2", at: 0, message: { role: "assistant", content: "", toolCalls: [call] } },
    })
    const running = keepUnchanged(before, turnsOf(view, "run2"))
    expect(running.slice(0, 3)).to.deep.equal(before)
    running.slice(0, 3).forEach((item, i) => expect(item, `item ${i}`).to.equal(before[i]))
    expect(running[3]).to.include({ kind: "assistant" })
    // The call's result arrives: only its card's item is new.
    view = reduce(view, {
      type: "message_saved",
      conversationId: c,
      runId: "run2",
      record: {
        conversationId: c,
        seq: ++seq,
        runId: "run2",
        at: 0,
        message: { role: "tool", toolCallId: "a", name: "create_task", content: "ok" },
        tool: { durationMs: 3, params: call.arguments, result: { id: "1" } },
      },
    })
    const done = keepUnchanged(running, turnsOf(view, "run2"))
    done.slice(0, 3).forEach((item, i) => expect(item, `item ${i}`).to.equal(before[i]))
    expect(done[3]).not.to.equal(running[3])
    expect(done[3]).to.deep.include({ kind: "assistant" })
    expect(done[3]!.kind === "assistant" && done[3]!.tools[0]!.status).to.equal("done")
  })

  it("totals usage and finds the last user prompt", () => {
    const view = fold([
      saved({ role: "user", content: "first" }),
      saved({ role: "assistant", content: "a" }, { usage: { inputTokens: 5, outputTokens: 1, cachedInputTokens: 2 } }),
      saved({ role: "user", content: "second" }),
      saved({ role: "assistant", content: "b" }, { usage: { inputTokens: 7, outputTokens: 3 } }),
    ])
    expect(totalUsage(view.messages)).to.deep.equal({ inputTokens: 12, outputTokens: 4, cachedInputTokens: 2 })
    expect(lastUserPrompt(view.messages)).to.equal("second")
    expect(lastUserPrompt([])).to.equal(undefined)
  })

  it("does not show the agent's nudge to the model as the user's message, nor ask it again", () => {
    const view = fold([
      saved({ role: "user", content: "first" }),
      saved({ role: "assistant", content: "" }),
      saved({ role: "user", content: "Your reply was empty." }, { nudge: "empty_reply" }),
      saved({ role: "assistant", content: "Here." }),
    ])
    expect(turnsOf(view, undefined).filter((t) => t.kind === "user")).to.have.length(1)
    expect(lastUserPrompt(view.messages)).to.equal("first")
  })

  it("a new branch sets the messages from its start aside; a stopped answer is marked; the streaming reply has its saved place", () => {
    let view = fold([
      saved({ role: "user", content: "first" }),
      saved({ role: "assistant", content: "one" }),
      saved({ role: "user", content: "second" }),
      saved({ role: "assistant", content: "partial" }, { stopped: true }),
    ])
    const stopped = turnsOf(view, undefined).find((i) => i.kind === "assistant" && i.text === "partial")
    expect(stopped?.kind === "assistant" && stopped.stopped).to.equal(true)
    expect(liveOrdinal(view.messages, r)).to.equal(2)
    view = reduce(view, { type: "branched", conversationId: c, runId: "run2", fromSeq: 3 })
    expect(view.messages.map((m) => m.message.content)).to.deep.equal(["first", "one"])
    const ordinals = turnsOf(view, undefined).flatMap((i) => (i.kind === "assistant" ? [i.ordinal] : []))
    expect(ordinals).to.deep.equal([0])
  })

  it("an event that changes no lane leaves the lanes as they were (nothing to render again)", () => {
    const sub = (event: Extract<MeshEvent, { type: "sub_agent_event" }>["event"], callId?: string): MeshEvent => ({
      type: "sub_agent_event",
      ...(callId ? { conversationId: c, runId: r, callId } : {}),
      agentId: "a1",
      agentType: "general",
      event,
    })
    const text = { type: "text_delta", conversationId: "sub:a1", runId: "s1", delta: "words" } as const
    const reasoning = { type: "reasoning_delta", conversationId: "sub:a1", runId: "s1", delta: "hmm" } as const
    const lanes = reduceSpawnLanes({}, sub(text))
    expect(lanes["a1"]?.current).to.equal("✎ words")
    expect(reduceSpawnLanes(lanes, sub(reasoning))).to.equal(lanes)
    const view = reduce(emptyView(c), sub(text, "r1:call"))
    expect(view.lanes["r1:call"]?.current).to.equal("✎ words")
    expect(reduce(view, sub(reasoning, "r1:call"))).to.equal(view)
  })
})
