/** The `prompt` of web_fetch and get_tab_content: content distilled by the summary model. */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { callTool, launchExtension, type ExtensionSession, until } from "./harness.ts"

let session: ExtensionSession
let panel: Page
let pages: FixtureServer
let model: ModelServer

const paragraphs = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1}: the harbour ferry leaves at ${6 + (i % 12)}:15 every weekday, and tickets cost ${i + 3} euros at the kiosk.</p>`,
  ).join("\n")
const chats = () => model.requests.filter((r) => r.path.endsWith("/chat/completions"))

before(async () => {
  model = await startModelServer()
  pages = await startFixtureServer({
    "/short": { body: `<html><head><title>Ferry</title></head><body><main><h1>Ferry times</h1>${paragraphs(3)}</main></body></html>` },
    "/long": { body: `<html><head><title>Ferry</title></head><body><main><h1>Ferry times</h1>${paragraphs(120)}</main></body></html>` },
  })
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
})
after(async () => {
  await session?.close()
  await Promise.all([model?.close(), pages?.close()])
})

test("without a summary model, a prompt is a clear error", async () => {
  const outcome = await callTool(panel, "web_fetch", { url: pages.url("/short"), prompt: "When does the ferry leave?" })
  assert.equal(!outcome.ok && outcome.error.code, "no_summary_model")
})

test("web_fetch with prompt returns the summary model's answer, from the page's content", async () => {
  await panel.evaluate(
    (baseUrl) =>
      globalThis.agent.settings.update({
        providers: [
          { id: "m", name: "m", kind: "openai", baseUrl },
          { id: "small", name: "small", kind: "openai", baseUrl, contextWindow: 4000 },
        ],
        defaultModel: { providerId: "m", model: "big" },
        summaryModel: { providerId: "m", model: "summariser" },
      }),
    model.baseUrl("openai"),
  )
  model.script([{ text: "The ferry leaves at 6:15." }])
  const outcome = (await callTool(panel, "web_fetch", { url: pages.url("/short"), prompt: "When does the first ferry leave?" })) as {
    ok: true
    value: { content: string; truncated: boolean; content_type: string }
  }
  assert.deepEqual(
    [outcome.value.content, outcome.value.truncated, outcome.value.content_type],
    ["The ferry leaves at 6:15.", false, "text/html"],
  )
  const sent = chats().at(-1)!.body
  assert.equal(sent.model, "summariser")
  assert.match(sent.messages.at(-1).content, /When does the first ferry leave\?/)
  assert.match(sent.messages.at(-1).content, /Paragraph 3: the harbour ferry/)
})

test("a page larger than the model's context is summarised in parts, and max_length bounds the summary", async () => {
  await panel.evaluate(() => globalThis.agent.settings.update({ summaryModel: { providerId: "small", model: "tiny" } }))
  const before = chats().length
  model.script([
    { text: "Part notes A." },
    { text: "Part notes B." },
    { text: "Part notes C." },
    { text: "Part notes D." },
    { text: "Part notes E." },
    { text: "x".repeat(400) },
  ])
  const outcome = (await callTool(panel, "web_fetch", { url: pages.url("/long"), prompt: "List the ticket prices", max_length: 120 })) as {
    ok: true
    value: { content: string; truncated: boolean }
  }
  const sent = chats().slice(before)
  assert.ok(sent.length >= 3, `the page went in parts (${sent.length} requests)`)
  assert.match(sent.at(-1)!.body.messages.at(-1).content, /notes on each of its \d+ parts/)
  assert.equal(outcome.value.content.length, 120)
  assert.equal(outcome.value.truncated, true)
})

test("get_tab_content with prompt distills the rendered page; a cancelled call stops the model request", async () => {
  await panel.evaluate(() => globalThis.agent.settings.update({ summaryModel: { providerId: "m", model: "summariser" } }))
  const tab = await session.context.newPage()
  await tab.goto(pages.url("/short"))
  const tabs = await callTool(panel, "list_tabs", { url_pattern: "/short$" })
  assert.ok(tabs.ok, JSON.stringify(tabs))
  const tabId = tabs.value[0]!.tab_id
  model.script([{ text: "Three paragraphs about the ferry." }])
  const read = (await callTool(panel, "get_tab_content", { tab_id: tabId, prompt: "What is this page about?" })) as {
    ok: true
    value: { content: string; used_selector: string }
  }
  assert.equal(read.value.content, "Three paragraphs about the ferry.")

  model.script([{ delayMs: 20_000, text: "too late" }])
  const asked = chats().length
  const call = panel.evaluate(async (tabId) => {
    const controller = new AbortController()
    ;(globalThis as unknown as { stopRead: () => void }).stopRead = () => controller.abort()
    try {
      return await globalThis.agent.tools.call("get_tab_content", { tab_id: tabId, prompt: "Summarise" }, { signal: controller.signal })
    } catch (error) {
      return { code: (error as { code: string }).code }
    }
  }, tabId)
  // Cancelled while the summary is being written: once the model has the request.
  await until(() => chats().length > asked, "the summary's request to reach the model")
  await panel.evaluate(() => (globalThis as unknown as { stopRead: () => void }).stopRead())
  assert.deepEqual(await call, { code: "cancelled" })
  await until(() => chats().at(-1)?.clientClosed === true, "the model request to be closed")
  assert.equal(chats().at(-1)?.clientClosed, true, "the model request was closed")
  await tab.close()
})

test("a summary that outlasts its own time limit fails as summary_timeout, apart from the request's timeout", async () => {
  await panel.evaluate(() =>
    globalThis.agent.settings.update({ summaryModel: { providerId: "m", model: "summariser" }, summaryTimeoutMs: 1_500 }),
  )
  model.script([{ delayMs: 20_000, text: "too late" }])
  const outcome = await callTool(panel, "web_fetch", { url: pages.url("/short"), prompt: "When does the ferry leave?" })
  assert.equal(!outcome.ok && outcome.error.code, "summary_timeout")
  assert.match(!outcome.ok ? (outcome.error.message ?? "") : "", /within 1\.5 s \(the summary time limit in Settings\)/)
  await panel.evaluate(() => globalThis.agent.settings.update({ summaryTimeoutMs: 120_000 }))
})
