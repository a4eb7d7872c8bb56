/**
 * Replays (docs/routines.md): a routine made from a successful run replays its tool calls with no
 * model call, templated where the user marks them; at the first step whose result does not match
 * what was recorded it stops, and reports or hands the rest to the model, as the routine says,
 * without running the steps after it. The built extension, a scripted model, a local site.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import type { ModelServer } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { callTool, openScriptedPanel, until, type ScriptedPanel } from "./harness.ts"
import { api, nextRoutineEnd, runAndWait } from "./routine-support.ts"

let scripted: ScriptedPanel
let page: Page
let site: FixtureServer
let model: ModelServer
let routineId: string

const PRICES =
  "<!doctype html><html><head><title>Prices</title></head><body><main><h1>Tea prices</h1><p>Green tea: 4 €. Black tea: 3 €.</p></main></body></html>"

before(async () => {
  site = await startFixtureServer({ "/prices": { headers: { "content-type": "text/html" }, body: PRICES } })
  scripted = await openScriptedPanel()
  ;({ panel: page, model } = scripted)
})
after(async () => {
  await scripted?.close()
  await site?.close()
})

const chats = () => model.requests.filter((r) => r.path.endsWith("/chat/completions")).length
const pricesFetched = () => site.requests.filter((r) => r.path === "/prices").length
/** A routine that replays a recorded conversation and reports where it stops. */
const replayRoutine = (name: string, from: string) =>
  api(
    page,
    ([name, from]) =>
      globalThis.agent.routines.create({ name, prompt: "Save today's tea prices", replayFrom: from, replayOnMismatch: "report" }),
    [name, from],
  )
const read = async (path: string) => {
  const file = await callTool(page, "opfs_read", { path })
  return file.ok && "content" in file.value ? file.value.content : undefined
}

test("a routine made from a successful run replays its calls with 0 model calls", async () => {
  model.script([
    { toolCalls: [{ id: "f", name: "web_fetch", arguments: { url: site.url("/prices") } }] },
    { toolCalls: [{ id: "w", name: "opfs_write", arguments: { path: "tea/prices.md", content: "Green 4, black 3" } }] },
    { text: "Saved the prices." },
  ])
  const recorded = await page.evaluate(() => globalThis.agent.chat("Save today's tea prices").result)
  assert.equal(recorded.status, "completed")
  const routine = await replayRoutine("Tea", recorded.conversationId)
  routineId = routine.id
  assert.deepEqual(
    routine.replay.steps.map((s: any) => [s.tool, s.params]),
    [
      ["web_fetch", { url: site.url("/prices") }],
      ["opfs_write", { path: "tea/prices.md", content: "Green 4, black 3" }],
    ],
  )
  assert.equal(routine.replay.onMismatch, "report")
  await callTool(page, "opfs_delete", { path: "tea" })
  const [asked, fetched] = [chats(), pricesFetched()]
  const { started, finished } = await runAndWait(page, "runNow", routine.id)
  assert.equal(finished.status, "completed")
  assert.equal(chats() - asked, 0, "no model call")
  assert.equal(pricesFetched() - fetched, 1)
  assert.equal(await read("tea/prices.md"), "Green 4, black 3")
  const [run] = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.deepEqual([run.mode, run.replay], ["replay", { done: 2, of: 2 }])
  const conversation = await api(page, (id) => globalThis.agent.conversations.get(id), started.conversationId)
  assert.equal(conversation.routine.mode, "replay")
  assert.deepEqual(
    conversation.messages.filter((m: any) => m.message.role === "tool").map((m: any) => m.message.name),
    ["web_fetch", "opfs_write"],
  )
  assert.match(
    conversation.messages.find((m: any) => m.message.name === "web_fetch").message.content,
    /^<untrusted_data source="web_fetch">/,
  )
})

test("a step's arguments templated where the user marks them; a mark with no value stops the replay there", async () => {
  const [routine] = await api(page, () => globalThis.agent.routines.list())
  const steps = routine.replay.steps.map((s: any, i: number) => (i === 1 ? { ...s, params: { ...s.params, path: "tea/{{day}}.md" } } : s))
  await api(
    page,
    ([id, steps]) => globalThis.agent.routines.update(id, { replay: { steps, onMismatch: "report", values: { day: "monday" } } }),
    [routineId, steps],
  )
  await runAndWait(page, "runNow", routineId)
  assert.equal(await read("tea/monday.md"), "Green 4, black 3")

  await api(page, ([id, steps]) => globalThis.agent.routines.update(id, { replay: { steps, onMismatch: "report" } }), [routineId, steps])
  const { finished } = await runAndWait(page, "runNow", routineId)
  assert.equal(finished.status, "failed")
  const [run] = await api(page, (id) => globalThis.agent.routines.history(id), routineId)
  assert.deepEqual(run.replay, { done: 1, of: 2, stoppedAt: { step: 2, reason: "unfilled:day" } })
})

test("a changed page stops the replay at that step: nothing after it runs; it reports, or hands the rest to the model", async () => {
  await api(page, (id) => globalThis.agent.routines.update(id, { replay: null }), routineId)
  const recorded = await page.evaluate(
    async () => (await globalThis.agent.conversations.list()).find((c) => c.title.startsWith("Save today"))!.id,
  )
  const routine = await replayRoutine("Tea 2", recorded)
  await callTool(page, "opfs_delete", { path: "tea" })
  site.route("/prices", { status: 404, body: "gone" })
  const asked = chats()
  const { finished } = await runAndWait(page, "runNow", routine.id)
  assert.equal(finished.status, "failed")
  assert.equal(chats() - asked, 0)
  assert.equal(await read("tea/prices.md"), undefined, "the step after the changed one did not run")
  const [run] = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.equal(run.replay.done, 0)
  assert.equal(run.replay.stoppedAt.step, 1)
  assert.match(run.replay.stoppedAt.reason, /^error:/)

  // Handed to the model: it gets what was done and where it stopped, and finishes.
  const steps = (await api(page, () => globalThis.agent.routines.list())).find((r: any) => r.id === routine.id).replay.steps
  await api(page, ([id, steps]) => globalThis.agent.routines.update(id, { replay: { steps, onMismatch: "model" } }), [routine.id, steps])
  model.script([{ text: "The price page is gone; nothing saved." }])
  const handed = await runAndWait(page, "runNow", routine.id)
  assert.equal(handed.finished.status, "completed")
  assert.equal(chats() - asked, 1)
  const last = model.requests.filter((r) => r.path.endsWith("/chat/completions")).at(-1)!
  const userMessages = last.body.messages.filter((m: any) => m.role === "user").map((m: any) => m.content)
  assert.match(String(userMessages.at(-1)), /A replay of 2 recorded steps ran no step: step 1 \(web_fetch\) did not match/)
  assert.equal(await read("tea/prices.md"), undefined)
  const [handedRun] = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.deepEqual([handedRun.mode, handedRun.replay.stoppedAt.step], ["replay", 1])
})

/** A shop page whose buttons log each click to the site (a synchronous request: logged before click() returns). */
const shop = (buy: string, id = "buy", more = "") =>
  `<!doctype html><html><head><title>Shop</title></head><body><main><h1>Shop</h1><button id="${id}">${buy}</button> <button id="keep">Keep</button>${more}</main><script>document.addEventListener("click", (e) => { const x = new XMLHttpRequest(); x.open("GET", "/clicked?b=" + encodeURIComponent(e.target.textContent), false); x.send() })</script></body></html>`
const clicked = () =>
  site.requests.filter((r) => r.path.startsWith("/clicked")).map((r) => decodeURIComponent(r.path.slice("/clicked?b=".length)))

test("a step that acts on an element checks it first: another element at its selector, or two alike, stop the replay; one alike is re-found", async () => {
  site.route("/shop", { headers: { "content-type": "text/html" }, body: shop("Buy") })
  site.route("/clicked", { body: "ok" })
  const tab = await scripted.session.context.newPage()
  await tab.goto(site.url("/shop"))
  const tabs = await callTool(page, "list_tabs", {})
  assert.ok(tabs.ok)
  const tabId = tabs.value.find((t) => t.url === site.url("/shop"))!.tab_id
  // The user is at the screen and says yes to the page script (it could carry what the run read): counted.
  await page.evaluate(() => {
    const w = globalThis as unknown as { yes?: () => void; asked: number }
    w.asked = 0
    w.yes = globalThis.agent.onEvent((e) => {
      if (e.type !== "confirmation_requested") return
      w.asked++
      void globalThis.agent.confirm(e.id, true)
    })
  })
  const questions = () => page.evaluate(() => (globalThis as unknown as { asked: number }).asked)
  model.script([
    { toolCalls: [{ id: "r", name: "get_tab_content", arguments: { tab_id: tabId } }] },
    {
      toolCalls: [
        { id: "k", name: "execute_script", arguments: { target: "page", tab_id: tabId, code: "document.querySelector('#buy').click()" } },
      ],
    },
    { text: "Bought." },
  ])
  const recorded = await page.evaluate(() => globalThis.agent.chat("Buy it").result)
  assert.equal(recorded.status, "completed")
  assert.deepEqual(clicked(), ["Buy"])
  const routine = await api(
    page,
    ([from, origin]) =>
      globalThis.agent.routines.create({
        name: "Buy",
        prompt: "Buy it",
        replayFrom: from,
        replayOnMismatch: "report",
        sites: [origin],
      }),
    [recorded.conversationId, site.origin],
  )
  assert.deepEqual(routine.replay.steps[1].targets, [{ selector: "#buy", kind: "button", name: "Buy" }])
  await api(page, () => globalThis.agent.settings.update({ confirmations: { execute_script: "never" } }))

  // The same page: the replay clicks the same button.
  const same = await runAndWait(page, "runNow", routine.id)
  assert.equal(same.finished.status, "completed")
  assert.deepEqual(clicked(), ["Buy", "Buy"])

  // The page changed: #buy is now another button. The replay stops before the click.
  site.route("/shop", { headers: { "content-type": "text/html" }, body: shop("Delete my account") })
  await tab.reload()
  const [asked, questioned] = [chats(), await questions()]
  const changed = await runAndWait(page, "runNow", routine.id)
  assert.equal(changed.finished.status, "failed")
  assert.equal(chats() - asked, 0)
  assert.equal(await questions(), questioned, "the step stopped before its call: nothing asked")
  assert.deepEqual(clicked(), ["Buy", "Buy"], "nothing clicked")
  const [run] = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.deepEqual(run.replay, { done: 1, of: 2, stoppedAt: { step: 2, reason: "target_changed:#buy" } })

  // The id renamed, the button kept: re-found by its kind and name, clicked, and said so in the history.
  site.route("/shop", { headers: { "content-type": "text/html" }, body: shop("Buy", "purchase") })
  await tab.reload()
  const refound = await runAndWait(page, "runNow", routine.id)
  assert.equal(refound.finished.status, "completed")
  assert.deepEqual(clicked(), ["Buy", "Buy", "Buy"])
  const [refoundRun] = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.deepEqual(refoundRun.replay, { done: 2, of: 2, retargeted: [{ step: 2, from: "#buy", to: "#purchase" }] })

  // Two "Buy" buttons and no #buy: which one is a guess; the replay stops there, nothing clicked.
  site.route("/shop", { headers: { "content-type": "text/html" }, body: shop("Buy", "purchase", `<button id="also">Buy</button>`) })
  await tab.reload()
  const twins = await runAndWait(page, "runNow", routine.id)
  assert.equal(twins.finished.status, "failed")
  assert.deepEqual(clicked(), ["Buy", "Buy", "Buy"], "nothing clicked")
  const [twinsRun] = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.deepEqual(twinsRun.replay, { done: 1, of: 2, stoppedAt: { step: 2, reason: "target_missing:#buy" } })
  await api(page, () => globalThis.agent.settings.update({ confirmations: { execute_script: "always" } }))
  await page.evaluate(() => (globalThis as unknown as { yes: () => void }).yes())
  await tab.close()
})

test("stopping a replaying run (chat.stop) stops it: no later step runs, the run ends stopped", async () => {
  site.route("/slow", { headers: { "content-type": "text/html" }, body: PRICES })
  model.script([
    { toolCalls: [{ id: "f", name: "web_fetch", arguments: { url: site.url("/slow") } }] },
    { toolCalls: [{ id: "w", name: "opfs_write", arguments: { path: "slow/after.md", content: "after" } }] },
    { text: "Saved." },
  ])
  const recorded = await page.evaluate(() => globalThis.agent.chat("Save the slow page").result)
  assert.equal(recorded.status, "completed")
  const routine = await replayRoutine("Slow", recorded.conversationId)
  await callTool(page, "opfs_delete", { path: "slow" })
  // The page now answers only when the test lets it: the replay is in its first step meanwhile.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  site.route("/slow", async (_req, res) => {
    await held
    res.writeHead(200, { "content-type": "text/html" }).end(PRICES)
  })
  const requested = site.requests.length
  const finished = nextRoutineEnd(page)
  const started = await api(page, (id) => globalThis.agent.routines.runNow(id), routine.id)
  await until(() => site.requests.slice(requested).some((r) => r.path === "/slow"), "the replay's first step")
  assert.equal(await api(page, (id) => globalThis.agent.stop(id), started.conversationId), true)
  release()
  assert.equal((await finished).status, "stopped")
  assert.equal(await read("slow/after.md"), undefined, "the step after the stop did not run")
  const [run] = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.equal(run.replay.done < 2, true)
})
