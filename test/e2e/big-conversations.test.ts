/**
 * Big results stay readable (issue #38). Ten 10 MB pages fetched in one turn: the model reads a
 * cut of each, and what is saved is bounded too, so the conversation opens, continues and
 * exports. A reply larger than a Port message (64 MiB) arrives in parts instead of never.
 * The built extension in headless Chromium, a scripted local model and a local page server.
 */
import assert from "node:assert/strict"
import { readFile } from "node:fs/promises"
import { after, before, test } from "node:test"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { chatIn, openScriptedPanel, type ScriptedPanel } from "./harness.ts"

let scripted: ScriptedPanel
let pages: FixtureServer

const PAGE_BYTES = 10 * 1024 * 1024
const PAGES = 10

before(async () => {
  scripted = await openScriptedPanel()
  const body = Buffer.alloc(PAGE_BYTES, "lorem ipsum dolor sit amet ")
  pages = await startFixtureServer(
    Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [`/page-${i}`, { headers: { "content-type": "text/plain" }, body }])),
  )
  // The local page server stands in for public sites: nothing here is about consent.
  await scripted.panel.evaluate((origin) => globalThis.agent.settings.update({ publicOrigins: [origin] }), pages.origin)
})

after(async () => {
  await scripted?.close()
  await pages?.close()
})

/** Fails, naming `what`, when `promise` has not settled in `ms`: a request answered by nothing would otherwise hang the suite. */
const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer after ${ms / 1000} s: ${what}`)), ms).unref()),
  ])

const chat = (prompt: string, conversationId: string) => chatIn(scripted.panel, prompt, conversationId)

test("a conversation that fetched ten 10 MB pages opens, continues and exports", async (t) => {
  const { panel, model } = scripted
  model.script([
    { toolCalls: Array.from({ length: PAGES }, (_, i) => ({ name: "web_fetch", arguments: { url: pages.url(`/page-${i}`) } })) },
    { text: "Read them all." },
    { text: "Still here." },
  ])
  const first = await chat("Read the ten big pages", "big")
  assert.equal(first.status, "completed", JSON.stringify(first))

  const opened = await within(
    panel.evaluate(async () => {
      const conversation = await globalThis.agent.conversations.get("big")
      return { messages: conversation?.messages.length, chars: JSON.stringify(conversation).length }
    }),
    60_000,
    "conversations.get of the big conversation",
  )
  t.diagnostic(`the saved conversation: ${opened.chars} characters of JSON`)
  // The user's prompt, the assistant's calls, ten results and the answer.
  assert.equal(opened.messages, 13)
  // Each result is saved as the model saw it (30,000 characters) plus a bounded card: not 100 MB.
  assert.ok(opened.chars < 2_000_000, `the saved conversation holds ${opened.chars} characters`)

  const second = await chat("And now?", "big")
  assert.equal(second.status, "completed", JSON.stringify(second))
  assert.equal(second.answer, "Still here.")

  // Export, as a person does it: the list, the conversation, the menu.
  await panel.getByTestId("toggle-list").click()
  const list = panel.locator("am-conversations")
  await list.locator("[data-testid=conversation]", { hasText: "Read the ten big pages" }).locator(".open").click()
  await list.waitFor({ state: "detached" })
  await panel.getByTestId("menu").click()
  const [download] = await Promise.all([panel.waitForEvent("download"), panel.getByTestId("export-md").click()])
  const markdown = await readFile((await download.path())!, "utf8")
  assert.match(markdown, /^# Read the ten big pages/)
  assert.match(markdown, /Still here\./)
  assert.equal(markdown.match(/Tool: `web_fetch`/g)?.length, PAGES)
})

test("a request and a reply larger than a Port message travel in parts", async () => {
  // 15 M control characters, within the arguments' 16 M limit: JSON writes each as \u0001, so
  // the request and the reply are 90 MB each where a Port's message may have 64 MiB.
  const outcome = await within(
    scripted.panel.evaluate(async () => {
      const content = "\u0001".repeat(15 * 1024 * 1024)
      const written = (await globalThis.agent.tools.call("opfs_write", { path: "big.txt", content })) as { size: number }
      const read = (await globalThis.agent.tools.call("opfs_read", { path: "big.txt", mode: "text" })) as { content: string }
      return { written: written.size, read: read.content.length, same: read.content === content }
    }),
    120_000,
    "the 90 MB request and reply",
  )
  assert.deepEqual(outcome, { written: 15 * 1024 * 1024, read: 15 * 1024 * 1024, same: true })
})

test("with keepWholeResults on, a result longer than the model reads is kept whole in the workspace", async () => {
  const { panel, model } = scripted
  await panel.evaluate(() => globalThis.agent.settings.update({ model: { keepWholeResults: true } } as never))
  model.script([{ toolCalls: [0, 1].map((i) => ({ name: "web_fetch", arguments: { url: pages.url(`/page-${i}`) } })) }, { text: "Kept." }])
  assert.equal((await chat("Keep the two pages", "whole")).status, "completed")
  const listed = await panel.evaluate(() => globalThis.agent.tools.call("opfs_list", { path: "tool-results/whole" }))
  assert.equal(listed.length, 2)
  // Each file is the whole result: the page's 10 MB with the result's other fields around it.
  for (const file of listed) assert.ok((file.size ?? 0) > PAGE_BYTES, JSON.stringify(listed))
})
