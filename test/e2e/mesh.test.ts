/**
 * The foundation end to end: the built extension in headless Chromium, the side panel's
 * `agent` API, the supervisor in the offscreen document and the tasks worker behind it.
 */
import assert from "node:assert/strict"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { after, before, describe, test } from "node:test"
import type { Page } from "playwright-core"
import { parametersJsonSchema } from "../../schemas/tool-json-schema.ts"
import { builtinTools } from "../../schemas/tools/index.ts"
import { callTool, launchExtension, repoRoot, type ExtensionSession, until } from "./harness.ts"

let session: ExtensionSession
let panel: Page
const pageErrors: string[] = []

before(async () => {
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  panel.on("pageerror", (e) => pageErrors.push(`sidepanel: ${e.message}`))
  panel.on("console", (m) => m.type() === "error" && pageErrors.push(`sidepanel console: ${m.text()}`))
})
after(async () => session?.close())

const workers = (page: Page) => page.evaluate(() => globalThis.agent.debug.workers())

describe("the tool path: page → supervisor → worker → result", () => {
  test("create_task then list_tasks in one conversation returns the task from the tasks worker", async () => {
    const created = await callTool(
      panel,
      "create_task",
      { subject: "Compare prices", description: "three shops" },
      { conversationId: "conv-a" },
    )
    assert.deepEqual(created, {
      ok: true,
      value: { task_id: "t1", subject: "Compare prices", description: "three shops", status: "pending" },
    })
    await callTool(panel, "create_task", { subject: "Other conversation" }, { conversationId: "conv-b" })
    const updated = await callTool(panel, "update_task", { task_id: "t1", status: "in_progress" }, { conversationId: "conv-a" })
    assert.equal(updated.ok && updated.value.status, "in_progress")
    const listed = await callTool(panel, "list_tasks", {}, { conversationId: "conv-a" })
    assert.deepEqual(listed, {
      ok: true,
      value: [{ task_id: "t1", subject: "Compare prices", description: "three shops", status: "in_progress" }],
    })
    assert.equal((await workers(panel)).tasks?.alive, true)
  })

  test("a wrongly typed argument is refused with a code naming the parameter, and nothing runs", async () => {
    const bad = await callTool(panel, "create_task", { subject: 42 }, { conversationId: "conv-c" })
    assert.equal(bad.ok, false)
    assert.equal(!bad.ok && bad.error.code, "invalid_input")
    assert.equal(!bad.ok && bad.error.parameter, "subject")
    assert.match(!bad.ok ? (bad.error.message ?? "") : "", /subject/)
    const extra = await callTool(panel, "list_tasks", { verbose: true }, { conversationId: "conv-c" })
    assert.equal(!extra.ok && extra.error.parameter, "verbose")
    const listed = await callTool(panel, "list_tasks", {}, { conversationId: "conv-c" })
    assert.deepEqual(listed, { ok: true, value: [] })
  })

  test("update_task on a missing task is a not_found error that says what to do", async () => {
    const missing = await callTool(panel, "update_task", { task_id: "t99", status: "completed" }, { conversationId: "conv-d" })
    assert.equal(!missing.ok && missing.error.code, "not_found")
    assert.match(!missing.ok ? (missing.error.message ?? "") : "", /create_task|list_tasks/)
  })

  test("an unknown tool is refused by name", async () => {
    const unknown = await callTool(panel, "rm_rf", {})
    assert.equal(!unknown.ok && unknown.error.code, "unknown_tool")
  })
})

describe("the contract as the API lists it", () => {
  test("agent.tools.list() lists every built-in tool, the 17 of the spec among them, with their exact parameter schemas", async () => {
    const listed = (await panel.evaluate(() => globalThis.agent.tools.list())) as Array<{
      name: string
      description: string
      parameters: unknown
    }>
    const spec = await readFile(path.join(repoRoot, "docs", "builtin-tools.md"), "utf8")
    const specNames = [...spec.matchAll(/^### (\w+)$/gm)].map((m) => m[1] ?? "")
    assert.equal(specNames.length, 17)
    const names = listed.map((t) => t.name)
    assert.deepEqual(
      [...names].sort((a, b) => a.localeCompare(b)),
      builtinTools.map((t) => t.name).sort((a, b) => a.localeCompare(b)),
    )
    // A tool added beyond the spec is ours; every tool of the spec must be there.
    assert.deepEqual(
      specNames.filter((name) => !names.includes(name)),
      [],
      "tools of the spec not listed",
    )
    for (const tool of listed) {
      const definition = builtinTools.find((d) => d.name === tool.name)!
      assert.deepEqual(tool.parameters, parametersJsonSchema(definition), tool.name)
      assert.ok(tool.description.length > 40, `${tool.name} has a description for the model`)
      assert.deepEqual(Object.keys(tool).sort(), ["card", "description", "name", "parameters"])
      assert.deepEqual((tool as { card?: unknown }).card, definition.card, `${tool.name}'s card comes from its definition`)
    }
  })

  test("every tool of the contract is served in this build, and validation comes before anything runs", async () => {
    const workers = await panel.evaluate(() => globalThis.agent.debug.workers())
    const inProcess = new Set(["agents"]) // the agent tool's sub-agents get workers of their own
    for (const definition of builtinTools) {
      assert.ok(
        workers[definition.group] !== undefined || inProcess.has(definition.group),
        `${definition.name}'s group ${definition.group} has a worker`,
      )
    }
    const invalid = await callTool(panel, "agent", { prompt: 1 })
    assert.equal(!invalid.ok && invalid.error.code, "invalid_input")
    assert.equal(!invalid.ok && invalid.error.parameter, "prompt")
  })
})

describe("supervision", () => {
  test("a tool worker that crashes is restarted and the next call succeeds", async () => {
    const before = (await workers(panel)).tasks!.restarts
    await panel.evaluate(() => globalThis.agent.debug.crashWorker("tasks"))
    await until(async () => (await workers(panel)).tasks!.restarts > before, "the tasks worker to be replaced")
    const next = await callTool(panel, "create_task", { subject: "after the crash" }, { conversationId: "conv-crash" })
    assert.deepEqual(next, { ok: true, value: { task_id: "t1", subject: "after the crash", status: "pending" } })
    assert.equal((await workers(panel)).tasks?.alive, true)
  })

  test("a call past its timeout fails with the timeout error, and the group is usable again", async () => {
    const before = (await workers(panel)).tasks!.restarts
    // The worker's thread is kept busy, so the call cannot even start: only the supervisor can end it.
    await panel.evaluate(() => globalThis.agent.debug.stallWorker("tasks", 120_000))
    const late = await callTool(panel, "list_tasks", {}, { timeoutMs: 800 })
    assert.equal(!late.ok && late.error.code, "timeout")
    assert.match(!late.ok ? (late.error.message ?? "") : "", /list_tasks/)
    const next = await callTool(panel, "create_task", { subject: "after the timeout" }, { conversationId: "conv-timeout" })
    assert.deepEqual(next, { ok: true, value: { task_id: "t1", subject: "after the timeout", status: "pending" } })
    assert.ok((await workers(panel)).tasks!.restarts > before, "the stuck worker was replaced")
  })

  test("a cancelled call ends with the cancelled error and its stuck worker is replaced", async () => {
    const before = (await workers(panel)).tasks!.restarts
    await panel.evaluate(() => globalThis.agent.debug.stallWorker("tasks", 120_000))
    const outcome = panel.evaluate(async () => {
      const controller = new AbortController()
      ;(globalThis as unknown as { stopList: () => void }).stopList = () => controller.abort()
      try {
        return await globalThis.agent.tools.call("list_tasks", {}, { signal: controller.signal })
      } catch (error) {
        return { code: (error as { code?: string }).code }
      }
    })
    // Cancelled once the stalled worker holds the call.
    await until(async () => ((await workers(panel)).tasks?.calls ?? 0) > 0, "the call to reach the tasks worker")
    await panel.evaluate(() => (globalThis as unknown as { stopList: () => void }).stopList())
    assert.deepEqual(await outcome, { code: "cancelled" })
    await until(async () => (await workers(panel)).tasks!.restarts > before, "the tasks worker to be replaced")
    assert.equal((await callTool(panel, "list_tasks", {})).ok, true)
  })
})

describe("the service worker", () => {
  test("stopped through the DevTools protocol, it comes back for the next call that needs it; the mesh keeps its state", async () => {
    await callTool(panel, "create_task", { subject: "survives" }, { conversationId: "conv-sw" })
    const firstStart = await panel.evaluate(() => chrome.runtime.sendMessage({ kind: "agent-mesh/router", method: "mesh.ping" }))
    // Closing the worker's target ends the whole Playwright-driven browser here; a page-level
    // CDP session's ServiceWorker.stopWorker stops just the worker.
    const cdp = await session.context.newCDPSession(panel)
    const versions = new Map<string, { runningStatus: string; scriptURL: string }>()
    cdp.on(
      "ServiceWorker.workerVersionUpdated",
      (e: { versions: Array<{ versionId: string; runningStatus: string; scriptURL: string }> }) => {
        for (const v of e.versions) versions.set(v.versionId, v)
      },
    )
    await cdp.send("ServiceWorker.enable")
    const ours = async () => {
      await until(() => [...versions.values()].some((v) => v.scriptURL.includes(session.extensionId)), "the service worker's version")
      return [...versions.entries()].find(([, v]) => v.scriptURL.includes(session.extensionId))!
    }
    const [versionId] = await ours()
    await cdp.send("ServiceWorker.stopWorker", { versionId })
    await until(() => versions.get(versionId)?.runningStatus === "stopped", "the service worker to stop")
    assert.equal(versions.get(versionId)?.runningStatus, "stopped")

    // settings live behind the service worker's router: this call needs it, and wakes it.
    const settings = (await panel.evaluate(() => globalThis.agent.settings.get())) as { stepLimit: number }
    assert.equal(settings.stepLimit, 50)
    const secondStart = await panel.evaluate(() => chrome.runtime.sendMessage({ kind: "agent-mesh/router", method: "mesh.ping" }))
    assert.ok(secondStart.value.startedAt > firstStart.value.startedAt, "a new service worker instance answered")
    // The offscreen document and its workers did not depend on it.
    const listed = await callTool(panel, "list_tasks", {}, { conversationId: "conv-sw" })
    assert.deepEqual(listed.ok && listed.value.map((t) => t.subject), ["survives"])
    await cdp.detach()
  })
})

describe("settings", () => {
  test("are validated by their schema, kept in chrome.storage.local, and shared by every page", async () => {
    const updated = (await panel.evaluate(() => globalThis.agent.settings.update({ stepLimit: 25, search: { engine: "baidu" } }))) as {
      stepLimit: number
      search: { engine: string; duckduckgoHtmlEndpoint: string }
    }
    assert.equal(updated.stepLimit, 25)
    assert.equal(updated.search.engine, "baidu")
    assert.match(updated.search.duckduckgoHtmlEndpoint, /^https:/, "other nested keys keep their values")
    const refused = await panel.evaluate(async () => {
      try {
        await globalThis.agent.settings.update({ stepLimit: -3 } as never)
        return null
      } catch (error) {
        return { code: (error as { code: string }).code, message: (error as Error).message }
      }
    })
    assert.equal(refused?.code, "invalid_input")
    assert.match(refused?.message ?? "", /stepLimit/)
    const options = await session.openPage("options.html")
    const seen = (await options.evaluate(() => globalThis.agent.settings.get())) as { stepLimit: number }
    assert.equal(seen.stepLimit, 25, "the refused update changed nothing")
    const stored = await (await session.serviceWorker()).evaluate(() => chrome.storage.local.get("settings"))
    assert.equal((stored.settings as { stepLimit: number }).stepLimit, 25)
    await options.close()
  })
})

describe("the extension's pages", () => {
  test("the side panel and the options page load and render without errors", async () => {
    await panel.reload()
    await panel.waitForFunction(
      (count) =>
        document.querySelector("am-sidepanel")?.shadowRoot?.querySelector("[data-testid=tool-count]")?.textContent?.includes(count),
      String(builtinTools.length),
    )
    const options = await session.openPage("options.html")
    await options.waitForFunction(() => document.querySelector("am-options")?.shadowRoot?.querySelector("#steps") !== null)
    await options.close()
    assert.deepEqual(pageErrors, [])
  })
})
