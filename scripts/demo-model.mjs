// The demo model behind `npm start -- --demo` and `npm run console -- --demo`: a scripted
// OpenAI-compatible server on 127.0.0.1 (test/support/model-server.mjs, speaking the real wire
// format) and, on another port, a bundled page for it to read. No key, no network.
//
// Every prompt gets the same turn, the way a real model would do it with tool calls:
//   1. it plans with create_task (two tasks) and reads the demo page with web_fetch (and reads
//      it again, up to three times, if the fetch failed);
//   2. it marks both tasks completed with update_task;
//   3. it answers with what the page said.
// The answer quotes the page as web_fetch returned it, so it shows the tools really ran.
import { readFile } from "node:fs/promises"
import http from "node:http"
import { startModelServer } from "../test/support/model-server.mjs"

export const DEMO_PROVIDER_ID = "demo"
export const DEMO_MODEL = "demo-model"
const PAGE = new URL("./demo/page.html", import.meta.url)

/**
 * What the demo model says next, from the conversation so far (OpenAI Chat Completions body).
 * Like a model that follows its plan: plan, read (again if the read failed, as the error
 * invites), tick the tasks off, answer.
 * @param {any} body @param {string} pageUrl
 * @returns {import("../test/support/model-server.mjs").Step}
 */
export const demoStep = (body, pageUrl) => {
  /** @type {Array<{ role: string, content?: unknown, tool_call_id?: string, tool_calls?: Array<{ id: string, function: { name: string } }> }>} */
  const messages = Array.isArray(body?.messages) ? body.messages : []
  const since = messages.slice(messages.findLastIndex((m) => m.role === "user") + 1)
  const text = (/** @type {unknown} */ content) =>
    typeof content === "string" ? content : Array.isArray(content) ? content.map((part) => part?.text ?? "").join("") : ""
  /** @type {Map<string, string>} */
  const toolOf = new Map(
    since.flatMap((m) => (m.tool_calls ?? []).map((call) => /** @type {[string, string]} */ ([call.id, call.function.name]))),
  )
  const results = since.filter((m) => m.role === "tool").map((m) => ({ tool: toolOf.get(m.tool_call_id ?? ""), text: text(m.content) }))
  const of = (/** @type {string} */ tool) => results.filter((r) => r.tool === tool).map((r) => r.text)
  /** web_fetch's Markdown, from its result as the model sees it: JSON inside <untrusted_data>. */
  const markdownOf = (/** @type {string} */ result) => {
    const json = /<untrusted_data[^>]*>\s*([\s\S]*?)\s*<\/untrusted_data>/.exec(result)?.[1]
    try {
      const content = JSON.parse(json ?? "")?.content
      return typeof content === "string" ? content : undefined
    } catch {
      return undefined
    }
  }

  if (toolOf.size === 0) {
    return {
      text: "Let me plan this and read the demo page.",
      toolCalls: [
        { name: "create_task", arguments: { subject: "Read the demo page" } },
        { name: "create_task", arguments: { subject: "Answer with what it says" } },
        { name: "web_fetch", arguments: { url: pageUrl } },
      ],
    }
  }
  const page = of("web_fetch")
    .map(markdownOf)
    .find((markdown) => markdown !== undefined && /^#\s/m.test(markdown))
  if (page === undefined && of("web_fetch").length < 3) {
    return { text: "The page did not come back; trying again.", toolCalls: [{ name: "web_fetch", arguments: { url: pageUrl } }] }
  }
  const taskIds = [...new Set(of("create_task").flatMap((r) => [...r.matchAll(/"task_id"\s*:\s*"([\w-]+)"/g)].map((m) => m[1])))]
  if (of("update_task").length === 0 && taskIds.length > 0) {
    return { toolCalls: taskIds.map((task_id) => ({ name: "update_task", arguments: { task_id, status: "completed" } })) }
  }
  if (page === undefined) return { text: "I could not read the demo page, so I have nothing to report. (This is the offline demo model.)" }
  const title = /^#\s+(.+)$/m.exec(page)?.[1]?.trim()
  const said = page
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => /^[A-Za-z]/.test(p) && !p.startsWith("#"))
  return {
    text: `I read the demo page, "${title}". It says: ${said ?? "(nothing more)"}\n\nBoth tasks are done. (This is the offline demo model: it answers every prompt with this same turn.)`,
  }
}

/**
 * Starts the demo: the model server and the page server, both on 127.0.0.1.
 * `model` is its server, whose scripted steps (`model.script`) come before the demo's own turn:
 * `npm run screenshots` scripts the scenes it shoots that way.
 * @returns {Promise<{ baseUrl: string, pageUrl: string, provider: { id: string, name: string, kind: "openai", baseUrl: string, models: string[] }, model: import("../test/support/model-server.mjs").ModelServer, close(): Promise<void> }>}
 */
export const startDemo = async () => {
  const html = await readFile(PAGE)
  const pages = http.createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://x").pathname === "/") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html)
    else res.writeHead(404, { "content-type": "text/plain" }).end("The demo serves one page, at /.")
  })
  await new Promise((resolve) => pages.listen(0, "127.0.0.1", () => resolve(undefined)))
  const pageUrl = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (pages.address()).port}/`
  const model = await startModelServer({ models: [DEMO_MODEL], respond: (body) => demoStep(body, pageUrl) })
  const baseUrl = model.baseUrl("openai")
  return {
    baseUrl,
    pageUrl,
    provider: { id: DEMO_PROVIDER_ID, name: "Demo model (offline)", kind: "openai", baseUrl, models: [DEMO_MODEL] },
    model,
    async close() {
      pages.closeAllConnections()
      await Promise.all([model.close(), new Promise((resolve) => pages.close(() => resolve(undefined)))])
    },
  }
}

/**
 * Makes the demo model the default, through the extension's own settings API as a user would:
 * the demo provider is added (or its address refreshed), other providers are kept.
 * @param {{ settings: { get(): Promise<any>, update(patch: object): Promise<any> } }} agent
 * @param {Awaited<ReturnType<typeof startDemo>>["provider"]} provider
 */
export const useDemoModel = async (agent, provider) => {
  const current = await agent.settings.get()
  const others = (current.providers ?? []).filter((/** @type {{ id: string }} */ p) => p.id !== provider.id)
  await agent.settings.update({ providers: [...others, provider], defaultModel: { providerId: provider.id, model: DEMO_MODEL } })
}
