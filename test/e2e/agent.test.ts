/**
 * The agent end to end: the built extension in headless Chromium, a local model server that
 * speaks OpenAI, Anthropic and Ollama streaming as the real services do, and the tasks worker.
 */
import assert from "node:assert/strict"
import { after, before, describe, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, until, type ExtensionSession } from "./harness.ts"

let model: ModelServer
let session: ExtensionSession
let panel: Page
let profile: string

/**
 * Sets one provider up. Stalls are noticed after 5 s: a loaded machine (the whole suite at once)
 * can hold a scripted stream longer than the stall test's 600 ms, and a retry would then take
 * the next test's scripted answer; the stall test sets its own.
 */
const configure = (page: Page, kind: "openai" | "anthropic" | "ollama", extra: Record<string, unknown> = {}) =>
  page.evaluate(
    ([kind, baseUrl, extra]) =>
      globalThis.agent.settings.update({
        providers: [{ id: kind, name: kind, kind, baseUrl, apiKey: `key-for-${kind}` } as never],
        defaultModel: { providerId: kind, model: `${kind}-model` },
        model: { maxRetries: 2, retryBaseDelayMs: 50, stallTimeoutMs: 5000 } as never,
        ...extra,
      }),
    [kind, model.baseUrl(kind), extra] as const,
  )

/** Runs one chat in the page and returns its events (types) and result. */
const chat = (page: Page, prompt: string, options: Record<string, unknown> = {}) =>
  page.evaluate(
    async ([prompt, options]) => {
      const run = globalThis.agent.chat(prompt, options)
      const events: Array<{ type: string; [k: string]: unknown }> = []
      for await (const event of run) events.push(event as never)
      return { events, result: await run.result }
    },
    [prompt, options] as const,
  )

const chatRequests = () => model.requests.filter((r) => /chat\/completions|\/messages$|\/api\/chat/.test(r.path))

before(async () => {
  model = await startModelServer()
  session = await launchExtension()
  profile = session.userDataDir
  panel = await session.openPage("sidepanel.html")
})
after(async () => {
  await session?.close()
  await model?.close()
})

describe("a conversation with tools, saved and continued", () => {
  for (const kind of ["openai", "anthropic"] as const) {
    test(`${kind}: two create_task calls in one turn, both results sent back, then an answer`, async () => {
      await configure(panel, kind)
      const before = chatRequests().length
      model.script([
        {
          ...(kind === "anthropic" ? { reasoning: "Two tasks are needed.", signature: "sig-abc-123" } : {}),
          toolCalls: [
            { id: `${kind}_call_1`, name: "create_task", arguments: { subject: "Book the flight" } },
            { id: `${kind}_call_2`, name: "create_task", arguments: { subject: "Book the hotel" } },
          ],
        },
        { text: ["Both tasks ", "are on the list."] },
      ])
      const { events, result } = await chat(panel, "Plan my trip", { conversationId: `trip-${kind}` })
      assert.equal(result.status, "completed", JSON.stringify(result))
      assert.equal(result.answer, "Both tasks are on the list.")
      const types = events.map((e) => e.type)
      assert.equal(types.filter((t) => t === "tool_call_started").length, 2)
      assert.equal(types.filter((t) => t === "tool_call_finished").length, 2)
      assert.equal(types.at(-1), "run_finished")
      assert.ok(types.includes("text_delta"))

      const sent = chatRequests().slice(before)
      assert.equal(sent.length, 2)
      if (kind === "openai") {
        const toolMessages = sent[1]!.body.messages.filter((m: { role: string }) => m.role === "tool")
        assert.deepEqual(toolMessages.map((m: { tool_call_id: string }) => m.tool_call_id).sort(), ["openai_call_1", "openai_call_2"])
        assert.match(toolMessages[0].content, /"task_id"/)
        assert.equal(sent[0]!.headers.authorization, "Bearer key-for-openai")
      } else {
        const last = sent[1]!.body.messages
        const assistant = last.find((m: { role: string }) => m.role === "assistant")
        assert.deepEqual(assistant.content[0], { type: "thinking", thinking: "Two tasks are needed.", signature: "sig-abc-123" })
        const results = last.at(-1).content.filter((b: { type: string }) => b.type === "tool_result")
        assert.deepEqual(results.map((b: { tool_use_id: string }) => b.tool_use_id).sort(), ["anthropic_call_1", "anthropic_call_2"])
        assert.equal(sent[0]!.headers["anthropic-dangerous-direct-browser-access"], "true")
        assert.equal(sent[0]!.headers["x-api-key"], "key-for-anthropic")
      }

      const listed = await panel.evaluate((id) => globalThis.agent.tools.call("list_tasks", {}, { conversationId: id }), `trip-${kind}`)
      assert.deepEqual(listed.map((t) => t.subject).sort(), ["Book the flight", "Book the hotel"])

      const saved = await panel.evaluate((id) => globalThis.agent.conversations.get(id), `trip-${kind}`)
      assert.equal(saved?.status, "completed")
      assert.deepEqual(
        saved?.messages.map((m) => m.message.role),
        ["user", "assistant", "tool", "tool", "assistant"],
      )
      assert.equal(saved?.title, "Plan my trip")
      const tool = saved?.messages.find((m) => m.message.role === "tool")
      assert.ok(tool?.tool && tool.tool.durationMs >= 0 && tool.tool.result !== undefined)
    })
  }

  test("the browser is closed and relaunched on the same profile: the conversation is there whole, and continues", async () => {
    const before = await panel.evaluate(() => globalThis.agent.conversations.get("trip-openai"))
    await session.close({ keepProfile: true })
    session = await launchExtension({ userDataDir: profile })
    panel = await session.openPage("sidepanel.html")
    const after = await panel.evaluate(() => globalThis.agent.conversations.get("trip-openai"))
    assert.deepEqual(after, before)
    const list = await panel.evaluate(() => globalThis.agent.conversations.list())
    assert.ok(list.some((c) => c.id === "trip-openai") && list.some((c) => c.id === "trip-anthropic"))

    await configure(panel, "openai")
    model.script([{ text: "You asked me to plan a trip." }])
    const { result } = await chat(panel, "What did I ask?", { conversationId: "trip-openai" })
    assert.equal(result.answer, "You asked me to plan a trip.")
    const sent = chatRequests().at(-1)!.body.messages as Array<{ role: string; content: unknown }>
    assert.deepEqual(
      sent.filter((m) => m.role === "user").map((m) => m.content),
      ["Plan my trip", "What did I ask?"],
    )
    const whole = await panel.evaluate(() => globalThis.agent.conversations.get("trip-openai"))
    assert.equal(whole?.messages.length, 7)
  })
})

describe("stopping", () => {
  test("a stop during the model's reply ends the run as stopped, and no tool call starts", async () => {
    await configure(panel, "openai")
    model.script([{ delayMs: 20_000, toolCalls: [{ name: "create_task", arguments: { subject: "never" } }] }])
    const asked = model.requests.length
    const running = panel.evaluate(async () => {
      const run = globalThis.agent.chat("slow one", { conversationId: "stop-1" })
      const events: string[] = []
      for await (const event of run) events.push(event.type)
      return { events, result: await run.result, saved: await globalThis.agent.conversations.get("stop-1") }
    })
    // Stopped while the model's reply is on its way (the server holds it for 20 s).
    await until(() => model.requests.length > asked, "the run's model request")
    await panel.evaluate(() => globalThis.agent.stop("stop-1"))
    const outcome = await running
    assert.equal(outcome.result.status, "stopped")
    assert.ok(!outcome.events.includes("tool_call_started"))
    assert.equal(outcome.saved?.status, "stopped")
    assert.equal(outcome.saved?.messages[0]?.message.role, "user", "the prompt was saved")
    assert.equal(outcome.saved?.messages.at(-1)?.notice?.status, "stopped")
    const listed = await panel.evaluate(() => globalThis.agent.tools.call("list_tasks", {}, { conversationId: "stop-1" }))
    assert.deepEqual(listed, [])
  })

  test("a stop while tools run cancels them, and the model is not asked again", async () => {
    await configure(panel, "openai")
    model.script([{ toolCalls: [{ name: "create_task", arguments: { subject: "stuck" } }] }])
    const before = chatRequests().length
    // The tasks worker is made to hang, so the tool call is in flight when the stop comes.
    await panel.evaluate(() => globalThis.agent.debug.stallWorker("tasks", 30_000))
    const outcome = await panel.evaluate(async () => {
      const run = globalThis.agent.chat("stop me while the tool runs", { conversationId: "stop-2" })
      const events: string[] = []
      for await (const event of run) {
        events.push(event.type)
        if (event.type === "tool_call_started") void globalThis.agent.stop("stop-2")
      }
      return { events, result: await run.result }
    })
    assert.equal(outcome.result.status, "stopped")
    assert.equal(chatRequests().length - before, 1)
    const saved = await panel.evaluate(() => globalThis.agent.conversations.get("stop-2"))
    const tool = saved?.messages.find((m) => m.message.role === "tool")
    assert.equal(tool?.tool?.error?.code, "cancelled")
  })
})

describe("model service failures", () => {
  test("a 429 with Retry-After is retried after the time it asks for", async () => {
    await configure(panel, "openai")
    model.script([
      { status: 429, headers: { "retry-after": "1" }, body: { error: { message: "Rate limit reached" } } },
      { text: "after the wait" },
    ])
    const { events, result } = await chat(panel, "hello", { conversationId: "fault-429" })
    assert.equal(result.answer, "after the wait")
    const retry = events.find((e) => e.type === "retry") as { delayMs: number; message: string } | undefined
    assert.equal(retry?.delayMs, 1000)
    assert.match(retry?.message ?? "", /429/)
  })

  test("a 500 on every try ends in a clear error, and what was saved before is kept", async () => {
    await configure(panel, "anthropic")
    model.script([{ text: "first answer" }])
    await chat(panel, "first", { conversationId: "fault-500" })
    model.script(
      [500, 500, 500].map((status) => ({
        status,
        body: { type: "error", error: { type: "api_error", message: "Internal server error" } },
      })),
    )
    const { result } = await chat(panel, "second", { conversationId: "fault-500" })
    assert.equal(result.status, "failed")
    assert.equal(result.error?.code, "model_http_500")
    assert.match(result.error?.message ?? "", /failed 3 times/)
    const saved = await panel.evaluate(() => globalThis.agent.conversations.get("fault-500"))
    assert.deepEqual(
      saved?.messages.filter((m) => !m.notice).map((m) => [m.message.role, (m.message as { content: string }).content]),
      [
        ["user", "first"],
        ["assistant", "first answer"],
        ["user", "second"],
      ],
    )
    assert.equal(saved?.status, "failed")
  })

  test("a stream cut in the middle is retried", async () => {
    await configure(panel, "openai")
    model.script([{ text: ["one ", "two ", "three ", "four"], cutAfter: 2 }, { text: "whole answer" }])
    const { events, result } = await chat(panel, "cut", { conversationId: "fault-cut" })
    assert.equal(result.answer, "whole answer")
    assert.ok(events.some((e) => e.type === "retry"))
  })

  test("a stream that stalls is retried, and stalling every time ends in a clear error", async () => {
    await configure(panel, "anthropic", { model: { maxRetries: 2, retryBaseDelayMs: 50, stallTimeoutMs: 600 } })
    model.script([{ text: ["a", "b", "c"], stallAfter: 2 }, { text: "recovered" }])
    const first = await chat(panel, "stall once", { conversationId: "fault-stall" })
    assert.equal(first.result.answer, "recovered")
    model.script([1, 2, 3].map(() => ({ text: ["a", "b"], stallAfter: 1 })))
    const second = await chat(panel, "stall always", { conversationId: "fault-stall" })
    assert.equal(second.result.status, "failed")
    assert.equal(second.result.error?.code, "model_stalled")
    const saved = await panel.evaluate(() => globalThis.agent.conversations.get("fault-stall"))
    assert.deepEqual(
      saved?.messages.filter((m) => m.message.role === "user").map((m) => (m.message as { content: string }).content),
      ["stall once", "stall always"],
    )
  })

  test("no model set up is a clear error, and the message is still saved", async () => {
    await panel.evaluate(() => globalThis.agent.settings.update({ providers: [], defaultModel: null } as never))
    const { result } = await chat(panel, "anyone there?", { conversationId: "no-model" })
    assert.equal(result.error?.code, "no_model")
    assert.match(result.error?.message ?? "", /Settings/)
    const saved = await panel.evaluate(() => globalThis.agent.conversations.get("no-model"))
    assert.equal(saved?.messages[0]?.message.role, "user")
  })
})

describe("Ollama out of the box", () => {
  test("a local server that refuses chrome-extension origins, as Ollama does, still answers the extension", async () => {
    const ollama = await startModelServer({ refuseExtensionOrigins: true })
    try {
      const refused = await fetch(`${ollama.origin}/api/chat`, {
        method: "POST",
        headers: { origin: `chrome-extension://${session.extensionId}` },
        body: "{}",
      })
      assert.equal(refused.status, 403, "the stand-in refuses extension origins")
      await panel.evaluate(
        (baseUrl) =>
          globalThis.agent.settings.update({
            providers: [{ id: "ollama", name: "Ollama", kind: "ollama", baseUrl }],
            defaultModel: { providerId: "ollama", model: "llama3.2" },
          }),
        ollama.origin,
      )
      ollama.script([{ toolCalls: [{ name: "create_task", arguments: { subject: "local" } }] }, { text: "done locally" }])
      const { result } = await chat(panel, "use the local model", { conversationId: "ollama-1" })
      assert.equal(result.status, "completed", JSON.stringify(result))
      assert.equal(result.answer, "done locally")
      const chats = ollama.requests.filter((r) => r.path === "/api/chat").slice(1) // after the refused probe above
      assert.equal(chats.length, 2)
      assert.ok(chats.every((r) => r.headers.origin === undefined))
    } finally {
      await ollama.close()
    }
  })
})
