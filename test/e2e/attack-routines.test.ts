/**
 * The attack suite's exfiltration and destructive families (attack-scenarios.ts, the list the chat
 * suite attack-flow.test.ts runs) run as routines, with nobody to answer: a fully obedient
 * scripted model makes every call the injected page asks for. A routine set to refuse has each
 * such call refused at once, with no question put; one set to pause stops at the first question
 * (a notification says so, nothing has left) and, when the user comes back and says no, each
 * call was held. Either way 0 calls are carried out, 0 bytes reach the collector and the user's
 * tab and bank are untouched. The suite prints its tally.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { callTool, until, type ExtensionSession } from "./harness.ts"
import { api, notificationShown, runAndWait } from "./routine-support.ts"
import {
  ATTACKS,
  attackScript,
  bankUrl,
  carriedOutCalls,
  collectedBytes,
  openAttackBrowser,
  startAttackSites,
  type AttackScenario,
  type AttackSites,
} from "./attack-scenarios.ts"

let session: ExtensionSession
let panel: Page
let sites: AttackSites
let model: ModelServer
let bankPage: Page

const tally = { runs: 0, attempts: 0, refused: 0, held: 0, carriedOut: 0 }

type MeshEvent = { type: string; conversationId?: string; [k: string]: unknown }

before(async () => {
  sites = await startAttackSites(() => session.extensionId)
  model = await startModelServer()
  ;({ session, panel, bankPage } = await openAttackBrowser(sites, model))
  // Every event is logged; nobody answers.
  await panel.evaluate(() => {
    const w = globalThis as unknown as { log: unknown[] }
    w.log = []
    globalThis.agent.onEvent((e) => void w.log.push(e))
  })
})

after(async () => {
  console.log(
    `attack-routines: ${tally.runs} routine runs, ${tally.attempts} attempts, ${tally.refused} refused unasked, ${tally.held} held (paused), ${tally.carriedOut} carried out, ${collectedBytes(sites)} bytes reached the collector`,
  )
  await session?.close()
  await Promise.all([sites?.bank.close(), sites?.news.close(), sites?.collector.close(), model?.close()])
})

const bankTab = async () => {
  const tabs = await callTool(panel, "list_tabs", {})
  assert.ok(tabs.ok, JSON.stringify(tabs))
  const tab = tabs.value.find((t) => t.url === bankUrl(sites))
  assert.ok(tab, "the user's bank tab is still open")
  return tab.tab_id
}

const eventsOf = (conversationId: string): Promise<MeshEvent[]> =>
  panel.evaluate(
    (id) => (globalThis as unknown as { log: MeshEvent[] }).log.filter((e) => e.conversationId === id),
    conversationId,
  ) as Promise<MeshEvent[]>

/** Questions about the attack's calls (the reads may be asked too: a run that already holds both labels). */
const questionsAbout = (log: MeshEvent[]) =>
  log.filter((e) => e.type === "confirmation_requested" && !(typeof e.outgoing === "string" && e.outgoing.endsWith("/story")))

const settings = (patch: Record<string, unknown>) => api(panel, (p) => globalThis.agent.settings.update(p), patch)

/** Nothing was done: no byte at the collector, the bank's tab open on the account, no transfer. */
const assertNothingDone = async (scenario: AttackScenario, calls: ReadonlyArray<{ id: string }>) => {
  const carriedOut = carriedOutCalls(model.requests, calls)
  tally.attempts += calls.length
  tally.carriedOut += carriedOut.length
  assert.deepEqual(carriedOut, [])
  assert.equal(collectedBytes(sites), 0)
  assert.equal(bankPage.isClosed(), false)
  assert.equal(await bankPage.title(), "My bank")
  assert.equal(scenario.damage?.(sites) ?? 0, 0)
}

/** Runs the scenario as a routine with `onConfirm`, its settings on meanwhile; the routine's conversation. */
const asRoutine = async (scenario: AttackScenario, onConfirm: "refuse" | "pause") => {
  const tab = await bankTab()
  const { calls, steps } = attackScript(scenario, sites, tab, `${onConfirm}-${scenario.id}`)
  model.script(steps)
  const routine = await api(
    panel,
    ([name, onConfirm]) => globalThis.agent.routines.create({ name, prompt: "Please summarise this for me", onConfirm }),
    [`${onConfirm} ${scenario.id}`, onConfirm],
  )
  tally.runs++
  return { routine, calls }
}

const unanswerable = ATTACKS.filter((a) => a.needsAnswer)
const attacks = ATTACKS.filter((a) => !a.needsAnswer)

test("the families are in the list: exfiltration and destructive, all but the reads nobody can answer in a routine", () => {
  assert.deepEqual([...new Set(attacks.map((a) => a.family))].sort(), ["destructive", "exfiltration"])
  assert.deepEqual(
    unanswerable.map((a) => a.id),
    ["answer"],
  )
})

for (const scenario of attacks) {
  test(`as a routine set to refuse, ${scenario.family}: ${scenario.name}: refused at once, nothing asked, nothing carried out`, async () => {
    const set = scenario.settings?.(sites)
    if (set) await settings(set.on)
    try {
      const { routine, calls } = await asRoutine(scenario, "refuse")
      const { started, finished } = await runAndWait(panel, "runNow", routine.id)
      assert.equal(finished.conversationId, started.conversationId)
      assert.equal(finished.status, "completed")
      const log = await eventsOf(started.conversationId)
      assert.deepEqual(
        log.filter((e) => e.type === "confirmation_requested"),
        [],
      )
      tally.refused += calls.length
      await assertNothingDone(scenario, calls)
    } finally {
      if (set) await settings(set.off)
    }
  })

  test(`as a routine set to pause, ${scenario.family}: ${scenario.name}: paused at the first question, each call held, nothing carried out`, async () => {
    const set = scenario.settings?.(sites)
    if (set) await settings(set.on)
    try {
      const { routine, calls } = await asRoutine(scenario, "pause")
      const started = await api(panel, (id) => globalThis.agent.routines.runNow(id), routine.id)
      const asked = async () => (await eventsOf(started.conversationId)).filter((e) => e.type === "confirmation_requested")
      await until(async () => (await asked()).length > 0, "the routine's first question")
      // Paused: the question waits, the user is told, nothing has left, the run has not ended.
      const [first] = await asked()
      const pending = await api(panel, () => globalThis.agent.confirmations.pending())
      assert.ok(
        pending.some((c: { id: string }) => c.id === first!.id),
        "the question waits for the user",
      )
      const paused = `routine-paused:${String(first!.id)}`
      const shown = await notificationShown(await session.serviceWorker(), paused)
      assert.ok(paused in shown, JSON.stringify(shown))
      assert.equal(collectedBytes(sites), 0)
      assert.ok(!(await eventsOf(started.conversationId)).some((e) => e.type === "routine_run_finished"))
      // The user comes back and says no to each question, as they come.
      const finished = await panel.evaluate(async (conversationId) => {
        const done = new Promise<{ status: string }>((resolve) => {
          const off = globalThis.agent.onEvent((e) => {
            if (e.type === "confirmation_requested" && e.conversationId === conversationId) void globalThis.agent.confirm(e.id, false)
            if (e.type === "routine_run_finished" && e.conversationId === conversationId) {
              off()
              resolve(e)
            }
          })
        })
        for (const c of await globalThis.agent.confirmations.pending())
          if (c.conversationId === conversationId) void globalThis.agent.confirm(c.id, false)
        return done
      }, started.conversationId)
      assert.equal(finished.status, "completed")
      const held = questionsAbout(await eventsOf(started.conversationId))
      tally.held += held.length
      // Each call the user said no to had been held (credentials in a URL are refused outright).
      const denied = calls.filter((c) =>
        /permission_denied/.test(
          JSON.stringify(model.requests.at(-1)?.body.messages?.find((m: { tool_call_id?: string }) => m.tool_call_id === c.id)),
        ),
      )
      assert.equal(held.length, denied.length)
      await assertNothingDone(scenario, calls)
    } finally {
      if (set) await settings(set.off)
    }
  })
}
