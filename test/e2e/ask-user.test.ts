/** ask_user end to end: the question as an event, answers from another page, timeouts, stops. */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, until, useScriptedModel, type ExtensionSession } from "./harness.ts"

let session: ExtensionSession
let panel: Page
let answerer: Page
let model: ModelServer

/** Collects the mesh's question events seen by a page. */
const watchQuestions = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as { seen: unknown[] }
    w.seen = []
    globalThis.agent.onEvent((e) => {
      if (e.type === "question_asked" || e.type === "question_closed") w.seen.push(e)
    })
  })
const seen = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { seen: Array<{ type: string; id: string; [k: string]: unknown }> }).seen)
const nextQuestion = async (page: Page) => {
  let open: Awaited<ReturnType<typeof seen>>[number] | undefined
  await until(async () => {
    const events = await seen(page)
    const closed = new Set(events.filter((e) => e.type === "question_closed").map((e) => e.id))
    open = events.find((e) => e.type === "question_asked" && !closed.has(e.id))
    return open !== undefined
  }, "a question to be asked")
  return open!
}

/** Starts an ask_user call in the panel without waiting for it. */
const ask = (params: Record<string, unknown>) =>
  panel.evaluate((params) => {
    const w = globalThis as unknown as { pending: Promise<unknown> }
    w.pending = globalThis.agent.tools
      .call("ask_user", params, { conversationId: "ask" })
      .catch((e: { code: string; message: string }) => ({ code: e.code, message: e.message }))
  }, params)
const outcome = () => panel.evaluate(() => (globalThis as unknown as { pending: Promise<unknown> }).pending)

before(async () => {
  model = await startModelServer()
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  answerer = await session.openPage("options.html")
  await watchQuestions(answerer)
})
after(async () => {
  await session?.close()
  await model?.close()
})

test("a question becomes an event with id, question, options and multiple; another page answers it", async () => {
  await ask({ question: "Which airport?", options: ["LIS", "OPO"] })
  const question = await nextQuestion(answerer)
  assert.equal(question.question, "Which airport?")
  assert.deepEqual(question.options, ["LIS", "OPO"])
  assert.equal(question.multiple, false)
  assert.equal(question.conversationId, "ask")
  assert.ok((question.expiresAt as number) > Date.now())
  assert.deepEqual(
    (await answerer.evaluate(() => globalThis.agent.questions.pending())).map((q) => q.id),
    [question.id],
  )

  const refused = await answerer.evaluate(
    (id) => globalThis.agent.answer(id, "FAO").catch((e: { code: string; message: string }) => ({ code: e.code, message: e.message })),
    question.id,
  )
  assert.equal((refused as { code: string }).code, "invalid_answer")
  assert.match((refused as { message: string }).message, /LIS/)
  await answerer.evaluate((id) => globalThis.agent.answer(id, "OPO"), question.id)
  assert.deepEqual(await outcome(), { answer: "OPO" })
  assert.deepEqual(await answerer.evaluate(() => globalThis.agent.questions.pending()), [])
  assert.ok((await seen(answerer)).some((e) => e.type === "question_closed" && e.id === question.id && e.reason === "answered"))
})

test("free text, and several choices answered with an array", async () => {
  await ask({ question: "Your name?" })
  const q1 = await nextQuestion(answerer)
  await answerer.evaluate((id) => globalThis.agent.answer(id, "Ada"), q1.id)
  assert.deepEqual(await outcome(), { answer: "Ada" })

  await ask({ question: "Which days?", options: ["Mon", "Tue", "Wed"], multiple: true })
  const q2 = await nextQuestion(answerer)
  assert.equal(q2.multiple, true)
  const refused = await answerer.evaluate((id) => globalThis.agent.answer(id, "Mon").catch((e: { code: string }) => e.code), q2.id)
  assert.equal(refused, "invalid_answer")
  await answerer.evaluate((id) => globalThis.agent.answer(id, ["Tue", "Mon"]), q2.id)
  assert.deepEqual(await outcome(), { answer: ["Tue", "Mon"] })
})

test("an answer to a question that is not waiting is a not_found error", async () => {
  const code = await answerer.evaluate(() => globalThis.agent.answer("no-such-question", "x").catch((e: { code: string }) => e.code))
  assert.equal(code, "not_found")
})

test("after the timeout setting the call returns { answer: null, reason: 'timeout' }", async () => {
  await panel.evaluate(() => globalThis.agent.settings.update({ askUserTimeoutMs: 400 }))
  await ask({ question: "Anyone?" })
  const question = await nextQuestion(answerer)
  assert.deepEqual(await outcome(), { answer: null, reason: "timeout" })
  assert.ok((await seen(answerer)).some((e) => e.type === "question_closed" && e.id === question.id && e.reason === "timeout"))
  await panel.evaluate(() => globalThis.agent.settings.update({ askUserTimeoutMs: 300_000 }))
})

test("in a run: the model asks, the user answers, the model gets the answer; a stopped run withdraws its question", async () => {
  await useScriptedModel(panel, model.baseUrl("openai"))
  model.script([
    { toolCalls: [{ id: "q1", name: "ask_user", arguments: { question: "Window or aisle?", options: ["window", "aisle"] } }] },
    { text: "Aisle it is." },
  ])
  const run = panel.evaluate(async () => {
    const run = globalThis.agent.chat("book a seat", { conversationId: "seat" })
    for await (const _ of run) {
      // drain
    }
    return run.result
  })
  const question = await nextQuestion(answerer)
  assert.equal(question.question, "Window or aisle?")
  await answerer.evaluate((id) => globalThis.agent.answer(id, "aisle"), question.id)
  assert.equal((await run).answer, "Aisle it is.")
  const toolMessage = model.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === "tool")
  assert.match(toolMessage.content, /aisle/)

  model.script([{ toolCalls: [{ id: "q2", name: "ask_user", arguments: { question: "Still there?" } }] }])
  const stopped = panel.evaluate(async () => {
    const run = globalThis.agent.chat("ask and wait", { conversationId: "seat-2" })
    for await (const _ of run) {
      // drain
    }
    return run.result
  })
  const second = await nextQuestion(answerer)
  await answerer.evaluate(() => globalThis.agent.stop("seat-2"))
  assert.equal((await stopped).status, "stopped")
  await until(async () => (await seen(answerer)).some((e) => e.type === "question_closed" && e.id === second.id), "the question to close")
  assert.ok((await seen(answerer)).some((e) => e.type === "question_closed" && e.id === second.id && e.reason === "withdrawn"))
  assert.deepEqual(await answerer.evaluate(() => globalThis.agent.questions.pending()), [])
})
