/** Custom tools end to end: registered through the API, called by the model, run in the sandbox. */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { type ModelServer } from "../support/model-server.mjs"
import { openScriptedPanel, callTool, type ScriptedPanel } from "./harness.ts"

let scripted: ScriptedPanel | undefined
let panel: Page
let model: ModelServer

const register = (tool: Record<string, unknown>) =>
  panel.evaluate(
    (tool) =>
      globalThis.agent.customTools.register(tool as never).then(
        (value) => ({ ok: true as const, value }),
        (e: { code: string; message: string; parameter?: string }) => ({
          ok: false as const,
          error: { code: e.code, message: e.message, parameter: e.parameter },
        }),
      ),
    tool,
  )

const wordCount = {
  name: "word_count",
  description: "Counts the words of a text, or of a workspace file given by its blob URL.",
  parameters: { type: "object", properties: { text: { type: "string" }, blob_url: { type: "string" } }, additionalProperties: false },
  code: "const text = args.blob_url ? await (await readBlob(args.blob_url)).text() : args.text; return { words: text.split(/\\s+/).filter(Boolean).length }",
}

before(async () => {
  scripted = await openScriptedPanel()
  ;({ model, panel } = scripted)
})
after(async () => {
  await scripted?.close()
})

test("a custom tool registered through the API is offered to the model, called, and its result reaches the model", async () => {
  const registered = await register(wordCount)
  assert.equal(registered.ok, true, JSON.stringify(registered))
  const listed = await panel.evaluate(() => globalThis.agent.tools.list())
  assert.deepEqual(listed.find((t) => t.name === "word_count")?.parameters, wordCount.parameters)

  model.script([{ toolCalls: [{ id: "wc", name: "word_count", arguments: { text: "one two three four" } }] }, { text: "Four words." }])
  const result = await panel.evaluate(async () => {
    const run = globalThis.agent.chat("How many words in 'one two three four'?", { conversationId: "custom-1" })
    for await (const _ of run) {
      // drain
    }
    return run.result
  })
  assert.equal(result.answer, "Four words.")
  const first = model.requests.filter((r) => r.path.endsWith("/chat/completions")).at(-2)!
  assert.ok(
    first.body.tools.some((t: { function: { name: string } }) => t.function.name === "word_count"),
    "the model sees it beside the built-in tools",
  )
  const toolMessage = model.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === "tool")
  assert.match(toolMessage.content, /"words": 4/)
})

test("it reads a workspace file through its blob URL, and is saved across a reload of the extension's pages", async () => {
  await callTool(panel, "opfs_write", { path: "notes.txt", content: "alpha beta gamma" })
  const read = (await callTool(panel, "opfs_read", { path: "notes.txt", mode: "blob" })) as { ok: true; value: { blob_url: string } }
  const counted = await callTool(panel, "word_count", { blob_url: read.value.blob_url })
  assert.deepEqual(counted, { ok: true, value: { words: 3 } })
  await panel.reload()
  await panel.waitForFunction(() => typeof (globalThis as { agent?: unknown }).agent === "object")
  const tools = await panel.evaluate(() => globalThis.agent.customTools.list())
  assert.deepEqual(
    tools.map((t) => t.name),
    ["word_count"],
  )
})

test("turned off for a conversation, the model of that conversation is not offered it", async () => {
  await panel.evaluate(() => globalThis.agent.customTools.setEnabled("word_count", false, { conversationId: "custom-off" }))
  model.script([{ text: "ok" }])
  await panel.evaluate(async () => {
    const run = globalThis.agent.chat("hi", { conversationId: "custom-off" })
    for await (const _ of run) {
      // drain
    }
  })
  const sent = model.requests.at(-1)!.body.tools.map((t: { function: { name: string } }) => t.function.name)
  assert.ok(!sent.includes("word_count"))
  assert.ok(sent.includes("web_fetch"))
})

test("a bad schema, a clash with a built-in tool, and an error in the code each give a clear error", async () => {
  const badSchema = await register({
    ...wordCount,
    name: "bad_schema",
    parameters: { type: "object", properties: { n: { type: "int" } }, required: ["m"] },
  })
  assert.equal(!badSchema.ok && badSchema.error.code, "invalid_input")
  assert.equal(!badSchema.ok && badSchema.error.parameter, "parameters")
  assert.match(!badSchema.ok ? badSchema.error.message : "", /"int" is not a JSON Schema type.*required names "m"/)

  const clash = await register({ ...wordCount, name: "web_fetch" })
  assert.equal(!clash.ok && clash.error.parameter, "name")
  assert.match(!clash.ok ? clash.error.message : "", /built-in tool/)

  const syntax = await register({ ...wordCount, name: "broken", code: "return {" })
  assert.equal(!syntax.ok && syntax.error.parameter, "code")
  assert.match(!syntax.ok ? syntax.error.message : "", /does not compile/)

  const throws = await register({ ...wordCount, name: "thrower", code: "throw new Error('no words today')" })
  assert.equal(throws.ok, true)
  const failed = await callTool(panel, "thrower", { text: "x" })
  assert.equal(!failed.ok && failed.error.code, "script_error")
  assert.match(!failed.ok ? (failed.error.message ?? "") : "", /no words today/)

  const wrongArgs = await callTool(panel, "word_count", { text: 5 })
  assert.equal(!wrongArgs.ok && wrongArgs.error.code, "invalid_input")
  assert.equal(!wrongArgs.ok && wrongArgs.error.parameter, "text")
})
