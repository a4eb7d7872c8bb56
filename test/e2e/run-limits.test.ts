/**
 * Runaway runs are bounded and say so (issue #38): a run that asks for 100 tabs in one turn is
 * asked about at the limit (a setting, 20 by default) and, told no, opens no more; a run that
 * writes more files than its limit is refused the rest with `run_limit`. The built extension in
 * headless Chromium, a scripted local model and a local page server.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { callTool, chatIn, openScriptedPanel, type ScriptedPanel } from "./harness.ts"

let scripted: ScriptedPanel
let pages: FixtureServer

before(async () => {
  scripted = await openScriptedPanel()
  pages = await startFixtureServer({ "/tab": { body: "<!doctype html><title>Opened</title><p>A page that wants company.</p>" } })
  // The site is allowed: what opening its pages reads (their titles) would otherwise make each
  // later call of the same turn ask (calls are judged in order), and this test is about the limit.
  await scripted.panel.evaluate(
    (origin) => globalThis.agent.settings.update({ publicOrigins: [origin], allowedSites: [origin] }),
    pages.origin,
  )
  // The user says no to every question; every event is kept.
  await scripted.panel.evaluate(() => {
    const w = globalThis as unknown as { log: Array<{ type: string }> }
    w.log = []
    globalThis.agent.onEvent((e) => {
      w.log.push(e)
      if (e.type === "confirmation_requested") void globalThis.agent.confirm(e.id, false)
    })
  })
})

after(async () => {
  await scripted?.close()
  await pages?.close()
})

const chat = (prompt: string, conversationId: string) => chatIn(scripted.panel, prompt, conversationId)

/** The codes of the conversation's tool results, by tool: "ok" for a success. */
const outcomes = async (conversationId: string, tool: string) => {
  const conversation = await scripted.panel.evaluate((id) => globalThis.agent.conversations.get(id), conversationId)
  return (conversation?.messages ?? [])
    .filter((m) => m.message.role === "tool" && (m.message as { name: string }).name === tool)
    .map((m) => m.tool?.error?.code ?? "ok")
}

const count = (codes: ReadonlyArray<string>) => codes.reduce<Record<string, number>>((n, c) => ({ ...n, [c]: (n[c] ?? 0) + 1 }), {})

test("a run asking for 100 tabs in one turn is asked about once, at the limit, and told no opens no more", async () => {
  scripted.model.script([
    { toolCalls: Array.from({ length: 100 }, (_, i) => ({ name: "open_tab", arguments: { url: pages.url(`/tab?${i}`) } })) },
    { text: "Opened what I could." },
  ])
  const result = await chat("Open the hundred pages the site lists", "tabs")
  assert.equal(result.status, "completed", JSON.stringify(result))
  const questions = await scripted.panel.evaluate(() =>
    (globalThis as unknown as { log: Array<{ type: string; reason?: string; limit?: unknown }> }).log
      .filter((e) => e.type === "confirmation_requested")
      .map((e) => ({ reason: e.reason, limit: e.limit })),
  )
  assert.deepEqual(questions, [{ reason: "run_limit", limit: { kind: "tabs", count: 20 } }])
  assert.deepEqual(count(await outcomes("tabs", "open_tab")), { ok: 20, permission_denied: 80 })
  const open = scripted.session.context.pages().filter((p) => p.url().startsWith(pages.url("/tab")))
  assert.equal(open.length, 20)
  await Promise.all(open.map((p) => p.close()))
})

test("a run that writes more files than its limit is refused the rest, and says so", async () => {
  await scripted.panel.evaluate(() => globalThis.agent.settings.update({ limits: { filesPerRun: 20 } } as never))
  scripted.model.script([
    {
      toolCalls: Array.from({ length: 30 }, (_, i) => ({
        name: "opfs_write",
        arguments: { path: `many/f${i}.txt`, content: `file ${i}` },
      })),
    },
    { text: "Wrote what I could." },
  ])
  assert.equal((await chat("Save thirty files", "files")).status, "completed")
  assert.deepEqual(count(await outcomes("files", "opfs_write")), { ok: 20, run_limit: 10 })
  const listed = await callTool(scripted.panel, "opfs_list", { path: "many" })
  assert.ok(listed.ok)
  assert.equal((listed.value as unknown[]).length, 20)
  // The user's own writes are not counted.
  assert.ok((await callTool(scripted.panel, "opfs_write", { path: "many/mine.txt", content: "mine" })).ok)
})
