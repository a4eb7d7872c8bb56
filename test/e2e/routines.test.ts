/**
 * Routines (docs/routines.md) through the developer API: a run is an agent run in a conversation
 * marked as the routine's, its answer saved to the routine's workspace folder, a notification
 * with its first lines, a line in its history. Scheduled runs start from chrome.alarms: the tests
 * drive the alarms' time with the development build's `debug.alarms.fire` (Chrome's firing of
 * every routine alarm due by a moment), and the restart case relaunches the browser on the same
 * profile after the alarm's time passed while it was closed. The built extension in headless
 * Chromium, with a scripted local model server.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import type { ModelServer } from "../support/model-server.mjs"
import {
  callTool,
  launchExtension,
  makeProfile,
  openScriptedPanel,
  until,
  useScriptedModel,
  type ExtensionSession,
  type ScriptedPanel,
} from "./harness.ts"
import { api, nextRoutineEnd, runAndWait } from "./routine-support.ts"
import { startFixtureServer } from "./fixture-server.ts"

let scripted: ScriptedPanel
let session: ExtensionSession
let page: Page
let model: ModelServer

before(async () => {
  scripted = await openScriptedPanel()
  ;({ session, panel: page, model } = scripted)
})

after(() => scripted?.close())

const chatRequests = () => model.requests.filter((r) => r.path.endsWith("/chat/completions")).length

/** Calls `agent.routines[method](...args)` in the page, expecting a failure: its `{ code, message }`. */
const failure = (p: Page, method: string, ...args: unknown[]): Promise<{ code?: string; message: string } | undefined> =>
  p.evaluate(
    async ([method, args]) => {
      try {
        await (globalThis.agent.routines as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method as string]!(...args)
        return undefined
      } catch (error) {
        return { code: (error as { code?: string }).code, message: (error as Error).message }
      }
    },
    [method, args] as const,
  )

/** Fires the routine alarms due by `until`, as Chrome would: the names fired. */
const fire = (p: Page, params: { until: number; startup?: boolean }): Promise<string[]> =>
  p.evaluate(async (params) => {
    const reply = await chrome.runtime.sendMessage({ kind: "agent-mesh/router", method: "debug.alarms.fire", params })
    if (!reply.ok) throw new Error(JSON.stringify(reply.error))
    return reply.value
  }, params)

test("a routine run now: a conversation marked as the routine's, its report in the workspace, a notification and its history", async () => {
  model.script([{ text: "Three prices found.\n\nShop A: 10 €\nShop B: 12 €\nShop C: 9 €" }])
  const routine = await api(page, () =>
    globalThis.agent.routines.create({ name: "Price watch", prompt: "Compare the prices", instructions: "Be brief." }),
  )
  assert.equal(routine.folder, "routines/Price watch")
  assert.equal(routine.onConfirm, "pause")
  assert.deepEqual(routine.schedule, { kind: "manual" })
  assert.equal(routine.nextRunAt, undefined)

  const { started, finished } = await runAndWait(page, "runNow", routine.id)
  assert.equal(finished.conversationId, started.conversationId)
  assert.equal(finished.status, "completed")
  assert.match(finished.report, /^routines\/Price watch\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.md$/)

  const conversation = await api(page, (id) => globalThis.agent.conversations.get(id), started.conversationId)
  assert.equal(conversation.title, "Price watch")
  assert.equal(conversation.system, "Be brief.")
  assert.deepEqual(
    { ...conversation.routine, at: typeof conversation.routine.at },
    { routineId: routine.id, name: "Price watch", trigger: "manual", mode: "model", at: "number" },
  )
  assert.equal(conversation.messages.find((m: any) => m.message.role === "user").message.content, "Compare the prices")

  const report = await callTool(page, "opfs_read", { path: finished.report, mode: "text" })
  assert.ok(report.ok, JSON.stringify(report))
  assert.match("content" in report.value ? report.value.content : "", /^# Price watch\n\nThree prices found\.\n\nShop A: 10 €/)

  const history = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.equal(history.length, 1)
  assert.deepEqual(
    {
      trigger: history[0].trigger,
      mode: history[0].mode,
      status: history[0].status,
      report: history[0].report,
      summary: history[0].summary,
    },
    {
      trigger: "manual",
      mode: "model",
      status: "completed",
      report: finished.report,
      summary: "Three prices found.\nShop A: 10 €\nShop B: 12 €",
    },
  )
  const listed = await api(page, () => globalThis.agent.routines.list())
  assert.equal(listed.find((r: any) => r.id === routine.id).lastRun.conversationId, started.conversationId)

  const notifications = await (await session.serviceWorker()).evaluate(() => chrome.notifications.getAll())
  assert.ok(`routine:${started.conversationId}` in notifications, `no notification among ${JSON.stringify(notifications)}`)
})

test("routines: bad input is refused naming the field, update and remove work, an unknown id is not_found", async () => {
  const bad = await failure(page, "create", { name: "x", prompt: "y", schedule: { kind: "daily", time: "25:00" } })
  assert.equal(bad?.code, "invalid_input")
  assert.match(bad!.message, /time/)
  const r = await api(page, () =>
    globalThis.agent.routines.create({ name: "Edit me", prompt: "p", model: { providerId: "m", model: "x" } }),
  )
  const changed = await api(
    page,
    (id) => globalThis.agent.routines.update(id, { prompt: "q", paused: true, model: null, onConfirm: "refuse" }),
    r.id,
  )
  assert.deepEqual(
    [changed.prompt, changed.paused, changed.model, changed.onConfirm, changed.name],
    ["q", true, undefined, "refuse", "Edit me"],
  )
  assert.equal(await api(page, (id) => globalThis.agent.routines.remove(id), r.id), true)
  assert.equal((await failure(page, "history", r.id))?.code, "not_found")
  assert.equal((await failure(page, "runNow", r.id))?.code, "not_found")
  assert.equal(await api(page, (id) => globalThis.agent.routines.remove(id), r.id), false)
})

test("a routine scheduled a minute ahead runs once, at its time, not before and not again", async () => {
  const at = Date.now() + 60_000
  const routine = await api(
    page,
    (at) => globalThis.agent.routines.create({ name: "Once", prompt: "Once", schedule: { kind: "once", at } }),
    at,
  )
  assert.equal(routine.nextRunAt, at)
  const asked = chatRequests()
  assert.deepEqual(await fire(page, { until: at - 30_000 }), [])
  const { started, finished } = await runAndWait(page, "fire", { until: at + 1000 })
  assert.deepEqual(started.value, [`routine:${routine.id}`])
  assert.equal(finished.routineId, routine.id)
  assert.deepEqual(await fire(page, { until: at + 3_600_000 }), [])
  const history = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.deepEqual(
    history.map((h: any) => h.trigger),
    ["schedule"],
  )
  assert.equal(chatRequests() - asked, 1)
  const listed = await api(page, () => globalThis.agent.routines.list())
  assert.equal(listed.find((r: any) => r.id === routine.id).nextRunAt, undefined)
})

test("a daily routine is set for its next time and, after it runs, for the day after; a paused one has no alarm", async () => {
  const routine = await api(page, () =>
    globalThis.agent.routines.create({ name: "Daily", prompt: "Daily", schedule: { kind: "daily", time: "07:30" } }),
  )
  const expected = await page.evaluate(() => {
    const d = new Date()
    d.setHours(7, 30, 0, 0)
    if (d.getTime() <= Date.now()) d.setDate(d.getDate() + 1)
    return d.getTime()
  })
  assert.equal(routine.nextRunAt, expected)
  const { finished } = await runAndWait(page, "fire", { until: expected })
  assert.equal(finished.routineId, routine.id)
  const next = (await api(page, () => globalThis.agent.routines.list())).find((r: any) => r.id === routine.id).nextRunAt
  assert.equal(new Date(next).getHours(), 7)
  assert.ok(next > expected && next - expected <= 25 * 3_600_000, `next run ${new Date(next).toISOString()}`)
  const paused = await api(page, (id) => globalThis.agent.routines.update(id, { paused: true }), routine.id)
  assert.equal(paused.nextRunAt, undefined)
  assert.deepEqual(await fire(page, { until: next + 1000 }), [])
})

test("an hourly routine missed for hours runs once at the next start, never a burst", async () => {
  const routine = await api(page, () =>
    globalThis.agent.routines.create({ name: "Hourly", prompt: "Hourly", schedule: { kind: "every", hours: 1 } }),
  )
  const asked = chatRequests()
  // Five hours on, the browser starting: one run.
  const { started } = await runAndWait(page, "fire", { until: routine.nextRunAt + 5 * 3_600_000, startup: true })
  assert.deepEqual(started.value, [`routine:${routine.id}`])
  const history = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
  assert.deepEqual(
    history.map((h: any) => h.trigger),
    ["missed"],
  )
  assert.equal(chatRequests() - asked, 1)
  await api(page, (id) => globalThis.agent.routines.remove(id), routine.id)
})

test("a routine whose time passed while the browser was closed runs once at the next start", async () => {
  const userDataDir = await makeProfile()
  let first: ExtensionSession | undefined = await launchExtension({ userDataDir })
  let second: ExtensionSession | undefined
  try {
    const p = await first.openPage("sidepanel.html")
    await useScriptedModel(p, model.baseUrl("openai"))
    const at = Date.now() + 1500
    const routine = await api(
      p,
      (at) => globalThis.agent.routines.create({ name: "Missed", prompt: "Missed", schedule: { kind: "once", at } }),
      at,
    )
    await first.close({ keepProfile: true })
    first = undefined
    // The state this test is about: the routine's time has passed with the browser closed.
    await until(() => Date.now() > at + 100, "the routine's time to pass")
    const asked = chatRequests()
    second = await launchExtension({ userDataDir })
    const q = await second.openPage("sidepanel.html")
    await until(async () => (await api(q, (id) => globalThis.agent.routines.history(id), routine.id)).length > 0, "the missed run")
    const history = await api(q, (id) => globalThis.agent.routines.history(id), routine.id)
    assert.equal(history.length, 1)
    assert.equal(chatRequests() - asked, 1)
    assert.ok(["schedule", "missed"].includes(history[0].trigger))
    assert.deepEqual(await fire(q, { until: Date.now() + 86_400_000, startup: true }), [])
    assert.equal((await api(q, (id) => globalThis.agent.routines.history(id), routine.id)).length, 1)
  } finally {
    await first?.close()
    await second?.close()
  }
})

test("a routine triggered by a URL pattern runs on a matching tab load, with that tab, and not on others", async () => {
  const site = await startFixtureServer({
    "/orders/17": { body: "<!doctype html><title>Order 17</title><p>Order 17: shipped</p>" },
    "/other": { body: "<!doctype html><title>Other</title><p>Nothing here</p>" },
  })
  try {
    const routine = await api(
      page,
      (pattern) =>
        globalThis.agent.routines.create({ name: "Orders", prompt: "Note the order", schedule: { kind: "tab", urlPattern: pattern } }),
      `${site.origin}/orders/*`,
    )
    assert.equal(routine.nextRunAt, undefined)
    const finished = nextRoutineEnd(page)
    const tab = await session.context.newPage()
    // A page that does not match loads first: had it triggered the routine, its run would be the one that finishes first.
    await tab.goto(site.url("/other"))
    await tab.goto(site.url("/orders/17"))
    const { conversationId } = await finished
    const conversation = await api(page, (id) => globalThis.agent.conversations.get(id), conversationId)
    assert.equal(conversation.routine.trigger, "tab")
    assert.equal(conversation.routine.tab.url, site.url("/orders/17"))
    const tabs = await callTool(page, "list_tabs", { url_pattern: "/orders/17$" })
    assert.ok(tabs.ok)
    const tabId = tabs.value[0]!.tab_id
    assert.equal(conversation.routine.tab.id, tabId)
    const prompt = conversation.messages.find((m: any) => m.message.role === "user").message.content
    assert.equal(prompt, `Note the order\n\n(This run was started by tab ${tabId}, which loaded a page matching ${site.origin}/orders/*.)`)
    const history = await api(page, (id) => globalThis.agent.routines.history(id), routine.id)
    assert.equal(history.length, 1)
    await tab.close()
  } finally {
    await site.close()
  }
})
