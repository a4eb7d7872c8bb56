import { expect } from "chai"
import type { MessageRecord } from "../../schemas/conversation.ts"
import type { ConversationEvent } from "../../schemas/events.ts"
import { runLoop, type LoopDeps, type LoopSettings, type ToolOutcome } from "./loop.ts"
import { ProviderError, type ChatRequest, type Provider, type StreamEvent, type ToolCall } from "./providers/types.ts"
import type { NewMessage } from "./store.ts"
import { makeProvider } from "./providers/index.ts"
import { scripted as scriptedServer } from "./providers/test-support.ts"

/** A model service scripted turn by turn: the loop's dependency, not its subject. */
type Turn = ReadonlyArray<StreamEvent> | ProviderError | ((request: ChatRequest) => AsyncIterable<StreamEvent>)
const scripted = (turns: Turn[]) => {
  const requests: ChatRequest[] = []
  const provider: Provider = {
    listModels: async () => [],
    stream(request) {
      requests.push(request)
      const turn = turns.shift() ?? [
        { type: "text", delta: "(no more turns)" },
        { type: "stop", reason: "end" },
      ]
      if (typeof turn === "function") return turn(request)
      return (async function* () {
        if (turn instanceof ProviderError) throw turn
        yield* turn
      })()
    },
  }
  return { provider, requests }
}

const call = (id: string, name: string, args: unknown): StreamEvent => ({ type: "tool_call", call: { id, name, arguments: args } })
const text = (t: string, stop: "end" | "length" = "end"): StreamEvent[] => [
  { type: "text", delta: t },
  { type: "stop", reason: stop },
]

const settings: LoopSettings = {
  stepLimit: 10,
  maxRetries: 2,
  retryBaseDelayMs: 1,
  retryMaxDelayMs: 50,
  stallTimeoutMs: 1000,
  toolResultMaxChars: 200,
  maxOutputTokens: 100,
  contextWindow: 100_000,
}

const harness = (
  turns: Turn[],
  options: {
    tools?: (call: ToolCall, signal: AbortSignal) => Promise<ToolOutcome>
    settings?: Partial<LoopSettings>
    signal?: AbortSignal
  } = {},
) => {
  const records: MessageRecord[] = [{ conversationId: "c", seq: 1, runId: "r", at: 0, message: { role: "user", content: "go" } }]
  const events: ConversationEvent[] = []
  const { provider, requests } = scripted(turns)
  const deps: LoopDeps = {
    conversationId: "c",
    runId: "r",
    provider,
    model: "m",
    system: "sys",
    tools: [{ name: "echo", description: "echo", parameters: { type: "object" } }],
    settings: { ...settings, ...options.settings },
    callTool: options.tools ?? (async (c) => ({ ok: true, value: { echoed: c.arguments } })),
    emit: (e) => events.push(e),
    history: async () => records,
    append: async (m: NewMessage) => {
      const record = { ...m, conversationId: "c", seq: records.length + 1, at: Date.now() } as MessageRecord
      records.push(record)
      return record
    },
    summary: { get: async () => undefined, set: async () => undefined },
    signal: options.signal ?? new AbortController().signal,
  }
  return { deps, records, events, requests }
}

describe("the agent loop", () => {
  it("runs a turn's tool calls in parallel, sends the results back, and ends on an answer without tools", async () => {
    let running = 0
    let most = 0
    // Each call waits until both have started: calls run one after the other would never finish.
    let bothStarted = () => undefined as void
    const together = new Promise<void>((resolve) => (bothStarted = resolve))
    const h = harness(
      [[call("a", "echo", { n: 1 }), call("b", "echo", { n: 2 }), { type: "stop", reason: "tool_calls" }], text("both done")],
      {
        tools: async (c) => {
          running++
          most = Math.max(most, running)
          if (running === 2) bothStarted()
          await together
          running--
          return { ok: true, value: c.arguments }
        },
      },
    )
    const outcome = await runLoop(h.deps)
    expect(outcome).to.deep.equal({ status: "completed", answer: "both done", steps: 2 })
    expect(most).to.equal(2)
    expect(h.records.map((r) => r.message.role)).to.deep.equal(["user", "assistant", "tool", "tool", "assistant"])
    const second = h.requests[1]!.messages
    expect(
      second
        .filter((m) => m.role === "tool")
        .map((m) => (m as { toolCallId: string }).toolCallId)
        .sort(),
    ).to.deep.equal(["a", "b"])
  })

  it("feeds a tool's error back to the model as an error result", async () => {
    const h = harness([[call("a", "echo", {}), { type: "stop", reason: "tool_calls" }], text("ok")], {
      tools: async () => ({ ok: false, error: { code: "not_found", message: "no such tab" } }),
    })
    await runLoop(h.deps)
    const tool = h.records.find((r) => r.message.role === "tool")!
    expect(tool.message).to.include({ isError: true })
    expect((tool.message as { content: string }).content).to.match(/not_found.*no such tab/)
  })

  it("ends at the step limit with a message from which the user can continue", async () => {
    const loopTurn = () => [call(crypto.randomUUID(), "echo", { x: Math.random() }), { type: "stop", reason: "tool_calls" } as StreamEvent]
    const h = harness([loopTurn(), loopTurn(), loopTurn(), loopTurn()], { settings: { stepLimit: 3 } })
    const outcome = await runLoop(h.deps)
    expect(outcome.status).to.equal("step_limit")
    expect(h.requests).to.have.length(3)
    expect(h.records.at(-1)?.notice?.message).to.match(/limit of 3 steps.*continue/)
    expect(h.records.at(-1)?.notice, "a code and its parameters for the UI").to.include({ code: "step_limit" })
    expect(h.records.at(-1)?.notice?.params).to.deep.equal(["3"])
  })

  it("warns the model about the same call again and again, then refuses it", async () => {
    const same = () => [call(crypto.randomUUID(), "echo", { q: "x", page: 1 }), { type: "stop", reason: "tool_calls" } as StreamEvent]
    let ran = 0
    const h = harness([same(), same(), same(), same(), same(), text("giving up")], {
      tools: async () => (ran++, { ok: true, value: "same" }),
    })
    const outcome = await runLoop(h.deps)
    const results = h.records.filter((r) => r.message.role === "tool").map((r) => (r.message as { content: string }).content)
    expect(results[1]).to.not.match(/Note:/)
    expect(results[2]).to.match(/call number 3/)
    expect(results[4]).to.match(/loop_detected/)
    expect(ran).to.equal(4)
    // The refusal ends the run: no more turns spent on the way to the step limit.
    expect(h.requests).to.have.length(5)
    expect(outcome.status).to.equal("completed")
    expect(h.records.at(-1)?.notice?.code).to.equal("loop_stopped")
  })

  it("nudges an empty reply once, then ends the run with a notice", async () => {
    const h = harness([text(""), text("  \n")])
    const outcome = await runLoop(h.deps)
    expect(outcome.status).to.equal("completed")
    expect(h.requests).to.have.length(2)
    const nudge = h.records.find((r) => r.nudge !== undefined)
    expect(nudge?.nudge).to.equal("empty_reply")
    expect(nudge?.message).to.deep.include({ role: "user" })
    expect(h.requests[1]!.messages.at(-1)).to.deep.equal({ role: "user", content: (nudge!.message as { content: string }).content })
    expect(h.records.at(-1)?.notice?.code).to.equal("empty_reply")
  })

  it("runs a call written as text as a call, and saves it as one", async () => {
    const h = harness([text('Checking.\n<tool_call>\n{"name": "echo", "arguments": {"a": 1}}\n</tool_call>'), text("done")])
    const outcome = await runLoop(h.deps)
    expect(outcome).to.include({ status: "completed", answer: "done" })
    const assistant = h.records.find((r) => r.message.role === "assistant")!.message as {
      content: string
      toolCalls?: Array<{ name: string; arguments: unknown }>
    }
    expect(assistant.content).to.equal("Checking.")
    expect(assistant.toolCalls?.map((c) => [c.name, c.arguments])).to.deep.equal([["echo", { a: 1 }]])
    expect(h.records.find((r) => r.message.role === "tool")?.tool?.result).to.deep.equal({ echoed: { a: 1 } })
  })

  it("tells the model once about call markup it cannot run, then ends the run saying so", async () => {
    const markup = '<tool_call>{"name": "nope", "arguments": {}}</tool_call>'
    const h = harness([text(markup), text(markup)])
    await runLoop(h.deps)
    expect(h.records.filter((r) => r.nudge === "tool_markup")).to.have.length(1)
    expect((h.records.find((r) => r.nudge)!.message as { content: string }).content).to.include("The tools are: echo")
    expect(h.records.at(-1)?.notice?.code).to.equal("tool_markup")
  })

  it("maps a near-miss name, and answers an unknown one with the tools and the closest", async () => {
    const h = harness([[call("a", "ECHO", { x: 1 }), call("b", "ehco", { x: 2 }), { type: "stop", reason: "tool_calls" }], text("ok")])
    await runLoop(h.deps)
    const results = h.records.filter((r) => r.message.role === "tool")
    const byName = (name: string) => results.find((r) => (r.message as { name: string }).name === name)
    expect(byName("echo")?.tool?.result).to.deep.equal({ echoed: { x: 1 } })
    expect(byName("ehco")?.tool?.error?.code).to.equal("unknown_tool")
    expect((byName("ehco")!.message as { content: string }).content).to.include('The closest is "echo".')
  })

  it("gives a call whose id the service repeats an id of its own, in the record and the next request", async () => {
    const h = harness([
      [call("same", "echo", { n: 1 }), { type: "stop", reason: "tool_calls" }],
      [call("same", "echo", { n: 2 }), { type: "stop", reason: "tool_calls" }],
      text("ok"),
    ])
    await runLoop(h.deps)
    const ids = h.records.flatMap((r) => (r.message.role === "assistant" ? (r.message.toolCalls ?? []).map((c) => c.id) : []))
    expect(ids[0]).to.equal("same")
    expect(ids[1]).to.not.equal("same")
    const answered = h.records.flatMap((r) => (r.message.role === "tool" ? [r.message.toolCallId] : []))
    expect(answered).to.deep.equal(ids)
    const sent = h.requests[2]!.messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : []))
    expect(sent).to.deep.equal(ids)
  })

  it("leaves out of the text call markup that only repeats the native calls beside it", async () => {
    const h = harness([
      [
        { type: "text", delta: 'On it.\n<tool_call>\n{"name": "echo", "arguments": {"a": 1}}\n</tool_call>' },
        call("a", "echo", { a: 1 }),
        { type: "stop", reason: "tool_calls" },
      ],
      text("ok"),
    ])
    await runLoop(h.deps)
    expect((h.records.find((r) => r.message.role === "assistant")!.message as { content: string }).content).to.equal("On it.")
    expect(h.records.filter((r) => r.message.role === "tool")).to.have.length(1)
  })

  it("drops a nameless call beside an answer, and cut call markup at the output limit", async () => {
    const junk = harness([[{ type: "text", delta: "The answer." }, call("j", "", {}), { type: "stop", reason: "end" }]])
    expect(await runLoop(junk.deps)).to.include({ status: "completed", answer: "The answer." })
    expect(junk.records.some((r) => r.message.role === "tool")).to.equal(false)
    const cut = harness([text('I will look.\n<tool_call>\n{"name": "echo", "argu', "length")])
    await runLoop(cut.deps)
    expect((cut.records.find((r) => r.message.role === "assistant")!.message as { content: string }).content).to.equal("I will look.")
    expect(cut.records.at(-1)?.notice?.code).to.equal("output_limit")
  })

  it("caps a large result, saying how to get the rest", async () => {
    const h = harness([[call("a", "echo", {}), { type: "stop", reason: "tool_calls" }], text("ok")], {
      tools: async () => ({ ok: true, value: "x".repeat(1000) }),
    })
    await runLoop(h.deps)
    const content = (h.records.find((r) => r.message.role === "tool")!.message as { content: string }).content
    expect(content.startsWith("x".repeat(200) + "\n")).to.equal(true)
    expect(content).to.match(/200 of 1000 characters/)
    // What is saved of the result is bounded by what the model saw (tool-results.ts, savedValue).
    expect(h.records.find((r) => r.message.role === "tool")!.tool?.result).to.equal(
      `${"x".repeat(200)}… [cut when saved: 200 of 1000 characters kept]`,
    )
  })

  it("retries a retryable failure, honouring Retry-After, and saves nothing twice", async () => {
    const h = harness([
      new ProviderError("429 Too Many Requests", { kind: "http", status: 429, retryable: true, retryAfterMs: 20 }),
      text("after retry"),
    ])
    const outcome = await runLoop(h.deps)
    expect(outcome).to.deep.equal({ status: "completed", answer: "after retry", steps: 1 })
    const retry = h.events.find((e) => e.type === "retry")
    expect(retry && retry.type === "retry" && retry.delayMs).to.equal(20)
    expect(retry && retry.type === "retry" && retry.code, "the reason as a code for the UI").to.equal("model_http_429")
    expect(h.records.filter((r) => r.message.role === "assistant")).to.have.length(1)
  })

  it("gives a clear error after the last try, and keeps what was saved", async () => {
    const fail = () => new ProviderError("500 Internal Server Error", { kind: "http", status: 500, retryable: true })
    const h = harness([fail(), fail(), fail(), fail()])
    const outcome = await runLoop(h.deps)
    expect(outcome.status).to.equal("failed")
    expect(outcome.error?.code).to.equal("model_http_500")
    expect(outcome.error?.message).to.match(/failed 3 times.*500/)
    expect(h.requests).to.have.length(3)
    expect(h.records[0]!.message).to.deep.equal({ role: "user", content: "go" })
    expect(h.records.at(-1)?.notice, "the failure's code, for the UI to word").to.include({ status: "failed", code: "model_http_500" })
  })

  it('counts by the plural rules: one failed try is "1 time", one step is "1 step"', async () => {
    const once = harness([new ProviderError("503 Service Unavailable", { kind: "http", status: 503, retryable: true })], {
      settings: { maxRetries: 0 },
    })
    const failed = await runLoop(once.deps)
    expect(failed.error?.message).to.match(/failed 1 time; the last error/)
    const loopTurn = [call("a", "echo", {}), { type: "stop", reason: "tool_calls" } as StreamEvent]
    const oneStep = harness([loopTurn, loopTurn], { settings: { stepLimit: 1 } })
    await runLoop(oneStep.deps)
    expect(oneStep.records.at(-1)?.notice?.message).to.match(/limit of 1 step and stopped/)
    const oneToken = harness([text("cut", "length")], { settings: { maxOutputTokens: 1 } })
    await runLoop(oneToken.deps)
    expect(oneToken.records.at(-1)?.notice?.message).to.match(/output limit \(1 token\)/)
    expect(oneToken.records.at(-1)?.notice?.code).to.equal("output_limit")
  })

  it("a turn cut at the output limit keeps its text and drops the tool call whose arguments never closed", async () => {
    let ran = 0
    const h = harness(
      [
        [
          { type: "text", delta: "Let me write the file." },
          { type: "tool_call", call: { id: "a", name: "echo", arguments: {}, invalidArguments: '{"path":"notes.md","content":"half' } },
          { type: "stop", reason: "length" },
        ],
      ],
      { tools: async () => (ran++, { ok: true, value: "ran" }) },
    )
    const outcome = await runLoop(h.deps)
    expect(outcome).to.include({ status: "completed", answer: "Let me write the file." })
    expect(ran).to.equal(0)
    expect(h.requests).to.have.length(1)
    const saved = h.records.filter((r) => r.message.role === "assistant")
    expect(saved[0]!.message).to.deep.equal({ role: "assistant", content: "Let me write the file." })
    expect(h.records.at(-1)?.notice?.message).to.match(/cut off at the model's output limit/)
  })

  it("through the real transport: retries a 429 after the server's Retry-After, and not a 400", async () => {
    const limited = await scriptedServer([{ status: 429, headers: { "retry-after-ms": "40" } }, { text: "after the wait" }])
    const h = harness([])
    const outcome = await runLoop({ ...h.deps, provider: makeProvider({ kind: "openai", baseUrl: limited.baseUrl("openai") }) })
    expect(outcome).to.include({ status: "completed", answer: "after the wait" })
    const retry = h.events.find((e) => e.type === "retry")
    expect(retry && retry.type === "retry" && retry.delayMs, "the header's wait, not the backoff").to.equal(40)
    expect((await limited.requests()).filter((r) => r.path.endsWith("/chat/completions"))).to.have.length(2)

    const refused = await scriptedServer([{ status: 400, body: { error: { message: "bad request" } } }, { text: "never" }])
    const h2 = harness([])
    const failed = await runLoop({ ...h2.deps, provider: makeProvider({ kind: "openai", baseUrl: refused.baseUrl("openai") }) })
    expect(failed.error?.code).to.equal("model_http_400")
    expect((await refused.requests()).filter((r) => r.path.endsWith("/chat/completions"))).to.have.length(1)
  })

  it("a stop during the wait before a retry ends the run at once, as stopped", async () => {
    const controller = new AbortController()
    const h = harness([new ProviderError("503", { kind: "http", status: 503, retryable: true, retryAfterMs: 30_000 }), text("never")], {
      settings: { retryMaxDelayMs: 60_000 },
      signal: controller.signal,
    })
    const run = runLoop({ ...h.deps, emit: (e) => (h.events.push(e), e.type === "retry" && setTimeout(() => controller.abort())) })
    const outcome = await run
    expect(outcome.status).to.equal("stopped")
    expect(h.requests, "no second request after the stop").to.have.length(1)
  })

  it("does not retry what cannot succeed", async () => {
    const h = harness([new ProviderError("401 Unauthorized: bad key", { kind: "http", status: 401, retryable: false }), text("never")])
    const outcome = await runLoop(h.deps)
    expect(outcome.error?.code).to.equal("model_http_401")
    expect(h.requests).to.have.length(1)
  })

  it("stops: no further tool call starts, the in-flight ones are cancelled, and the run is saved as stopped", async () => {
    const controller = new AbortController()
    const started: string[] = []
    const h = harness(
      [
        [call("a", "echo", {}), { type: "stop", reason: "tool_calls" }],
        [call("b", "echo", {}), { type: "stop", reason: "tool_calls" }],
      ],
      {
        signal: controller.signal,
        tools: (c, signal) =>
          new Promise((resolve) => {
            started.push(c.id)
            controller.abort()
            signal.addEventListener("abort", () => resolve({ ok: false, error: { code: "cancelled", message: "cancelled" } }))
            if (signal.aborted) resolve({ ok: false, error: { code: "cancelled", message: "cancelled" } })
          }),
      },
    )
    const outcome = await runLoop(h.deps)
    expect(outcome.status).to.equal("stopped")
    expect(started).to.deep.equal(["a"])
    expect(h.requests).to.have.length(1)
    expect(h.records.at(-1)?.notice?.status).to.equal("stopped")
  })

  it("stopped while the answer streams: what was written is saved, marked stopped, and is the run's answer", async () => {
    const controller = new AbortController()
    const h = harness(
      [
        () =>
          (async function* (): AsyncGenerator<StreamEvent> {
            yield { type: "reasoning", delta: "Thinking it over. " }
            yield { type: "text", delta: "The first half " }
            yield { type: "text", delta: "of the answer" }
            controller.abort()
            // The model service's stream ends as a fetch does when its signal aborts.
            throw new DOMException("The operation was aborted.", "AbortError")
          })(),
      ],
      { signal: controller.signal },
    )
    const outcome = await runLoop(h.deps)
    expect(outcome.status).to.equal("stopped")
    expect(outcome.answer).to.equal("The first half of the answer")
    const last = h.records.at(-1)!
    expect(last.message).to.deep.equal({
      role: "assistant",
      content: "The first half of the answer",
      reasoning: [{ text: "Thinking it over. " }],
    })
    expect(last.stopped).to.equal(true)
    expect(
      h.records.some((r) => r.notice !== undefined),
      "no notice replaces the text",
    ).to.equal(false)
  })

  it("stopped before anything streamed: the run says so in a notice", async () => {
    const controller = new AbortController()
    const h = harness(
      [
        () =>
          (async function* (): AsyncGenerator<StreamEvent> {
            controller.abort()
            yield* []
            // The model service's stream ends as a fetch does when its signal aborts.
            throw new DOMException("The operation was aborted.", "AbortError")
          })(),
      ],
      { signal: controller.signal },
    )
    const outcome = await runLoop(h.deps)
    expect(outcome.status).to.equal("stopped")
    expect(h.records.at(-1)?.notice).to.include({ status: "stopped", code: "stopped_by_user" })
    expect(h.records.some((r) => r.stopped)).to.equal(false)
  })

  it("refuses a call whose arguments are not JSON without running it", async () => {
    let ran = false
    const h = harness(
      [
        [
          { type: "tool_call", call: { id: "a", name: "echo", arguments: {}, invalidArguments: "{oops" } },
          { type: "stop", reason: "tool_calls" },
        ],
        text("ok"),
      ],
      { tools: async () => ((ran = true), { ok: true, value: 1 }) },
    )
    await runLoop(h.deps)
    expect(ran).to.equal(false)
    expect((h.records.find((r) => r.message.role === "tool")!.message as { content: string }).content).to.match(/not valid JSON/)
  })

  it("refuses arguments nested 5,000+ levels as invalid_input naming the limit, and stores nothing of them", async () => {
    let deep: unknown = "x"
    for (let i = 0; i < 100_000; i++) deep = { a: deep }
    let ran = 0
    const h = harness([[call("a", "echo", { deep }), { type: "stop", reason: "tool_calls" }], text("ok")], {
      tools: async () => {
        ran++
        return { ok: true, value: "ran" }
      },
    })
    // Saved as the conversation store saves: a structured clone, as IndexedDB makes one.
    const append = h.deps.append
    const outcome = await runLoop({ ...h.deps, append: (m) => append(structuredClone(m)) })
    expect(outcome.status).to.equal("completed")
    expect(ran).to.equal(0)
    const result = h.records.find((r) => r.message.role === "tool")
    expect(result?.message.content).to.contain("invalid_input").and.contain("64 levels")
    expect(result?.tool?.error?.code).to.equal("invalid_input")
    const asked = h.records.find((r) => r.message.role === "assistant" && r.message.toolCalls?.length)
    expect(asked?.message.role === "assistant" && asked.message.toolCalls?.[0]?.arguments).to.deep.equal({})
  })

  it("summarises older turns when the next request would not fit the context window", async () => {
    const h = harness([])
    // A long history: three user turns of ~2,000 characters each.
    for (let i = 0; i < 3; i++) {
      await h.deps.append({ runId: "r", message: { role: "assistant", content: "a".repeat(2000) } })
      await h.deps.append({ runId: "r", message: { role: "user", content: `question ${i} ${"q".repeat(2000)}` } })
    }
    let saved: { uptoSeq: number; text: string } | undefined
    const turns: Turn[] = [text("SUMMARY OF EARLIER TURNS"), text("final")]
    const { provider, requests } = scripted(turns)
    const outcome = await runLoop({
      ...h.deps,
      provider,
      settings: { ...settings, contextWindow: 2500, maxOutputTokens: 100 },
      summary: { get: async () => saved, set: async (s) => void (saved = s) },
    })
    expect(outcome.answer).to.equal("final")
    expect(saved?.text).to.equal("SUMMARY OF EARLIER TURNS")
    const sent = requests[1]!.messages
    expect((sent[0] as { content: string }).content).to.match(/Summary of the earlier part/)
    expect(sent.length).to.be.lessThan(h.records.length)
    expect(h.records).to.have.length(8) // the saved conversation keeps every message, the answer included
  })
})
