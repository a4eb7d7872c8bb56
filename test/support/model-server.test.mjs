// The standalone scripted model server, as end-to-end tests use it:
// node --test test/support/model-server.test.mjs
import { test, before, after } from "node:test"
import assert from "node:assert/strict"
import { readFile } from "node:fs/promises"
import { startModelServer, strictProblem } from "./model-server.mjs"

/** @type {Awaited<ReturnType<typeof startModelServer>>} */
let server
before(async () => {
  server = await startModelServer({ refuseExtensionOrigins: true, models: ["m-1"] })
})
after(() => server.close())

const post = (
  /** @type {string} */ url,
  /** @type {object} */ body,
  /** @type {Record<string, string>} */ headers = {},
  /** @type {AbortSignal=} */ signal,
) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  })

test("answers in queue order, then the fallback; logs every request", async () => {
  const before = server.requests.length
  server.script([{ text: "first" }, { text: "second" }, { fallback: true, text: "again" }])
  const texts = []
  for (let i = 0; i < 4; i++) {
    const body = await (await post(`${server.baseUrl("ollama")}/api/chat`, { model: "x", stream: true, messages: [] })).text()
    texts.push(
      body
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).message.content)
        .join(""),
    )
  }
  assert.deepEqual(texts, ["first", "second", "again", "again"])
  const logged = server.requests.slice(before)
  assert.equal(logged.length, 4)
  assert.deepEqual(logged[0]?.body, { model: "x", stream: true, messages: [] })
  assert.equal(logged[0]?.path, "/api/chat")
  assert.equal(typeof logged[0]?.at, "number")
})

test("replays a recorded SSE file byte for byte", async () => {
  server.script([{ fixture: "openai/openai-python_plain_text.sse" }])
  const response = await post(`${server.baseUrl("openai")}/chat/completions`, { model: "x", stream: true })
  assert.equal(response.headers.get("content-type"), "text/event-stream")
  const recorded = await readFile(new URL("../fixtures/llm/openai/openai-python_plain_text.sse", import.meta.url), "utf8")
  assert.equal(await response.text(), recorded.replace(/\s+$/, "") + "\n\n")
})

test("wraps JSON-lines captures: event lines for Anthropic, [DONE] for OpenAI", async () => {
  server.script([
    { fixture: "anthropic/vercel-ai_anthropic-tool-no-args.chunks.jsonl" },
    { fixture: "openai/vercel-ai_deepseek-reasoning-tool-call.chunks.jsonl" },
  ])
  const anthropic = await (await post(`${server.baseUrl("anthropic")}/messages`, {})).text()
  assert.match(anthropic, /^event: message_start\ndata: \{"type":"message_start"/)
  assert.match(anthropic, /event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/)
  const openai = await (await post(`${server.baseUrl("openai")}/chat/completions`, {})).text()
  assert.match(openai, /\n\ndata: \[DONE\]\n\n$/)
  assert.equal(openai.split("\n\n").filter(Boolean).length, 53)
})

test("synthesized OpenAI answer: fragments by index, usage only when asked", async () => {
  server.script([{ toolCalls: [{ id: "c1", name: "f", arguments: { query: "a long enough value" } }] }, { text: "hi" }])
  const withUsage = await (
    await post(`${server.baseUrl("openai")}/chat/completions`, { stream: true, stream_options: { include_usage: true } })
  ).text()
  const chunks = withUsage
    .split("\n\n")
    .filter((e) => e.startsWith("data: {"))
    .map((e) => JSON.parse(e.slice(6)))
  const args = chunks
    .flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])
    .map((t) => t.function.arguments)
    .join("")
  assert.deepEqual(JSON.parse(args), { query: "a long enough value" })
  assert.ok(chunks.filter((c) => c.choices[0]?.delta.tool_calls).length > 3)
  assert.deepEqual(chunks.at(-1).choices, [])
  const without = await (await post(`${server.baseUrl("openai")}/chat/completions`, { stream: true })).text()
  assert.ok(!without.includes('"usage"'))
})

test("faults: status with headers, cut connection", async () => {
  server.script([
    { status: 429, headers: { "retry-after": "1" }, body: { error: { message: "slow" } } },
    { text: "a b c d", cutAfter: 2 },
  ])
  const limited = await post(`${server.baseUrl("openai")}/chat/completions`, {})
  assert.equal(limited.status, 429)
  assert.equal(limited.headers.get("retry-after"), "1")
  assert.deepEqual(await limited.json(), { error: { message: "slow" } })
  const cut = await (await post(`${server.baseUrl("openai")}/chat/completions`, {})).text()
  assert.equal(cut.split("\n\n").filter(Boolean).length, 2)
  assert.ok(!cut.includes("[DONE]"))
})

test("a client leaving during a delay is logged as gone and gets no answer", async () => {
  server.script([{ text: "late", delayMs: 600_000 }])
  const count = server.requests.length
  const controller = new AbortController()
  const pending = post(`${server.baseUrl("openai")}/chat/completions`, {}, {}, controller.signal).catch((error) => error)
  while (server.requests.length === count) await new Promise((resolve) => setTimeout(resolve, 20))
  const entry = server.requests[count]
  controller.abort()
  assert.equal((await pending).name, "AbortError")
  while (!entry?.clientClosed) await new Promise((resolve) => setTimeout(resolve, 20))
  assert.equal(entry?.status, undefined)
})

test("refuses extension origins with an empty 403, like Ollama", async () => {
  const response = await fetch(`${server.baseUrl("ollama")}/api/tags`, { headers: { origin: "chrome-extension://abcdefghijklmnop" } })
  assert.equal(response.status, 403)
  assert.equal(await response.text(), "")
  const allowed = await fetch(`${server.baseUrl("ollama")}/api/tags`, { headers: { origin: "http://127.0.0.1" } })
  assert.deepEqual(
    (await allowed.json()).models.map((/** @type {{ name: string }} */ m) => m.name),
    ["m-1"],
  )
})

test("model listings in each service's shape", async () => {
  const openai = await (await fetch(`${server.baseUrl("openai")}/models`)).json()
  assert.deepEqual(
    openai.data.map((/** @type {{ id: string }} */ m) => m.id),
    ["m-1"],
  )
  assert.equal(openai.object, "list")
  const anthropic = await (await fetch(`${server.baseUrl("anthropic")}/models`, { headers: { "anthropic-version": "2023-06-01" } })).json()
  assert.equal(anthropic.data[0].type, "model")
  assert.equal(anthropic.has_more, false)
})

test("respond: a model that follows the conversation answers when nothing is scripted, the queue first", async () => {
  const following = await startModelServer({
    respond: (/** @type {any} */ body, /** @type {string} */ protocol) => ({ text: `${protocol} saw ${body.messages.length} messages` }),
  })
  try {
    following.script([{ text: "scripted first" }])
    const ask = async (/** @type {number} */ n) => {
      const text = await (
        await post(`${following.baseUrl("openai")}/chat/completions`, {
          stream: true,
          messages: Array.from({ length: n }, () => ({ role: "user", content: "x" })),
        })
      ).text()
      return text
        .split("\n\n")
        .filter((event) => event.startsWith("data: {"))
        .map((event) => JSON.parse(event.slice(6)).choices[0]?.delta?.content ?? "")
        .join("")
    }
    assert.equal(await ask(1), "scripted first")
    assert.equal(await ask(2), "openai saw 2 messages")
    assert.equal(await ask(3), "openai saw 3 messages")
  } finally {
    await following.close()
  }
})

test("strict mode refuses what strict servers refuse in a conversation's history", () => {
  const openai = (/** @type {object} */ call) => ({ messages: [{ role: "assistant", content: null, tool_calls: [call] }] })
  const fn = (/** @type {unknown} */ args, id = "call_1") => ({ id, type: "function", function: { name: "t", arguments: args } })
  assert.equal(strictProblem(openai(fn('{"a": 1}')), "openai"), undefined)
  assert.match(String(strictProblem(openai(fn('{"a": 1')), "openai")), /JSON|Expected|Unterminated/)
  assert.match(String(strictProblem(openai(fn("[1]")), "openai")), /must be a JSON object/)
  assert.match(String(strictProblem(openai(fn("{}", "")), "openai")), /non-empty/)
  assert.match(
    String(strictProblem({ messages: [{ role: "assistant", tool_calls: [{ function: { name: "t", arguments: "{}" } }] }] }, "ollama")),
    /unmarshal/,
  )
  const use = (/** @type {string} */ id) => ({ type: "tool_use", id, name: "t", input: {} })
  const result = (/** @type {string} */ id) => ({ type: "tool_result", tool_use_id: id, content: "ok" })
  const anthropic = (/** @type {string[]} */ ids) => ({
    messages: [
      { role: "assistant", content: ids.map(use) },
      { role: "user", content: ids.map(result) },
    ],
  })
  assert.equal(strictProblem(anthropic(["a", "b"]), "anthropic"), undefined)
  assert.match(String(strictProblem(anthropic(["a", "a"]), "anthropic")), /ids must be unique/)
  assert.match(String(strictProblem(anthropic([""]), "anthropic")), /should match pattern/)
  assert.match(String(strictProblem({ messages: [{ role: "assistant", content: [use("a")] }] }, "anthropic")), /without `tool_result`/)
})
