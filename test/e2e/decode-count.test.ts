/**
 * How many times one list_tabs call is decoded end to end (issue 16: at most 3), counted by the
 * development build at every Schema decode and encode (schemas/codec-count.ts), per context.
 *
 * The model's call: agent worker → offscreen document (the supervisor decodes the parameters) →
 * tabs worker → service worker (the route decodes its parameters) → back through the tabs worker
 * → offscreen document (the supervisor decodes the result) → agent worker. Tool workers and agent
 * workers are built without schemas, so they decode nothing. The runs are started by the
 * offscreen document's own `agent`, from a page with no UI (the extension's manifest.json), so no
 * panel asks for what it shows meanwhile. What a run decodes whatever its calls (its request,
 * its provider, the conversation's stored flow record) is taken away by the same run without
 * the call.
 *
 * The developer API's call from an extension page (the side panel): the offscreen document decodes
 * the page's request with the tool's parameters in one decode, then the route and the result as
 * above; the page decodes the events the call sends it but not the reply (docs/architecture.md).
 */
import { after, before, test } from "node:test"
import assert from "node:assert/strict"
import type { Page, Worker } from "playwright-core"
import { launchExtension, until, type ExtensionSession } from "./harness.ts"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"

let model: ModelServer
let session: ExtensionSession
let page: Page
let serviceWorker: Worker

type Counts = Record<string, number>
const KEY = "__agentMeshCodecCounts"

const reset = async () => {
  await serviceWorker.evaluate((key) => void ((globalThis as Record<string, unknown>)[key] = {}), KEY)
  await page.evaluate((key) => {
    for (const view of chrome.extension.getViews()) (view as unknown as Record<string, unknown>)[key] = {}
  }, KEY)
}

/** Every context's counts but the tool and agent workers' (which have no schemas), by site. */
const read = async (): Promise<Counts> => {
  const sw = await serviceWorker.evaluate((key) => ((globalThis as Record<string, unknown>)[key] ?? {}) as Counts, KEY)
  const views = await page.evaluate((key) => {
    const all: Record<string, number> = {}
    for (const view of chrome.extension.getViews())
      for (const [site, n] of Object.entries(((view as unknown as Record<string, unknown>)[key] ?? {}) as Record<string, number>))
        all[site] = (all[site] ?? 0) + n
    return all
  }, KEY)
  const both: Counts = { ...sw }
  for (const [site, n] of Object.entries(views)) both[site] = (both[site] ?? 0) + n
  return both
}

const minus = (a: Counts, b: Counts): Counts =>
  Object.fromEntries(
    [...new Set([...Object.keys(a), ...Object.keys(b)])].map((site) => [site, (a[site] ?? 0) - (b[site] ?? 0)]).filter(([, n]) => n !== 0),
  )
const total = (counts: Counts) => Object.values(counts).reduce((sum, n) => sum + n, 0)

/** One run of the conversation, its model's steps scripted; resolves with what was decoded meanwhile. */
const run = async (prompt: string, steps: Parameters<ModelServer["script"]>[0]): Promise<Counts> => {
  model.script(steps)
  await reset()
  const status = await page.evaluate(async (prompt) => {
    // The offscreen document's window, as this page sees it (one renderer holds the extension's pages).
    const offscreen = chrome.extension.getViews().find((v) => v.location.pathname === "/offscreen.html")
    const agent = (offscreen as unknown as { agent: typeof globalThis.agent }).agent
    return (await agent.chat(prompt, { conversationId: "decodes" }).result).status
  }, prompt)
  assert.equal(status, "completed", `the run "${prompt}" ended ${status}`)
  return read()
}
const listTabs = (id: string) => [{ toolCalls: [{ id, name: "list_tabs", arguments: {} }] }, { text: "listed" }]

before(async () => {
  model = await startModelServer()
  session = await launchExtension()
  serviceWorker = await session.serviceWorker()
  page = await session.context.newPage()
  await page.goto(`chrome-extension://${session.extensionId}/manifest.json`)
  await page.evaluate(() => chrome.runtime.sendMessage({ kind: "agent-mesh/router", method: "mesh.ensure" }))
  await until(
    () =>
      page.evaluate(() => {
        const offscreen = chrome.extension.getViews().find((v) => v.location.pathname === "/offscreen.html")
        return typeof (offscreen as { agent?: unknown } | undefined)?.agent === "object"
      }),
    "the offscreen document's agent",
  )
  await page.evaluate(async (baseUrl) => {
    const offscreen = chrome.extension.getViews().find((v) => v.location.pathname === "/offscreen.html")
    await (offscreen as unknown as { agent: typeof globalThis.agent }).agent.settings.update({
      providers: [{ id: "m", name: "m", kind: "openai", baseUrl }],
      defaultModel: { providerId: "m", model: "x" },
    })
  }, model.baseUrl("openai"))
})
after(async () => {
  await session?.close()
  await model?.close()
})

/**
 * One `agent.tools.call("list_tabs", {})` from an extension page, through the page channel;
 * resolves with what every context decoded meanwhile. The run without the call is the same
 * evaluation calling nothing.
 */
const pageCall = async (page: Page, call: boolean): Promise<Counts> => {
  await reset()
  const listed = await page.evaluate(
    async (call) => (call ? ((await globalThis.agent.tools.call("list_tabs", {})) as unknown[]).length : 0),
    call,
  )
  if (call) assert.ok(listed > 0, "list_tabs listed no tab")
  return read()
}

test("the model's list_tabs call decodes 3 times: its parameters, the route's, its result", async () => {
  // The first run saves the conversation's flow record (list_tabs reads private data), so the
  // runs below read it back from storage, as any later run of a conversation does.
  await run("list my tabs", listTabs("t1"))
  const without = await run("just answer", [{ text: "answered" }])
  const withCall = await run("list them again", listTabs("t2"))
  const call = minus(withCall, without)
  assert.deepEqual(call, { "offscreen:tool.params": 1, "serviceWorker:route.params": 1, "offscreen:tool.result": 1 })
  assert.ok(total(call) <= 3, `one list_tabs call decoded ${total(call)} times: ${JSON.stringify(call)}`)
})

test("the developer API's list_tabs call from a page decodes 3 times: its request with its parameters, the route's, its result (and the page its 2 events)", async () => {
  const panel = await session.openPage("sidepanel.html")
  try {
    // Its first call opens the page's channel, and what opening it costs is no call's.
    await pageCall(panel, true)
    const without = await pageCall(panel, false)
    const withCall = await pageCall(panel, true)
    const call = minus(withCall, without)
    assert.deepEqual(call, {
      "offscreen:channel.request": 1,
      "serviceWorker:route.params": 1,
      "offscreen:tool.result": 1,
      // The call's tool_call_started and tool_call_finished, each a message of its own.
      "page:channel.events": 2,
    })
    const { "page:channel.events": _events, ...values } = call
    assert.ok(total(values) <= 3, `one list_tabs call from a page decoded ${total(values)} times: ${JSON.stringify(call)}`)
    // The same again: nothing else the page does meanwhile is counted as the call's.
    assert.deepEqual(minus(await pageCall(panel, true), without), call)
  } finally {
    await panel.close()
  }
})
