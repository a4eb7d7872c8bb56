// `npm run bench:replay`: do routines' replays (docs/routines.md) finish correctly without the
// model when pages change in ways that do not matter, stop at the first step that did change,
// and how much faster are they than the model's run of the same steps?
//
// For each of R routines of 5 to 15 steps (web_fetch of pages of a local site, and an
// opfs_write after every third page), the scripted model server first makes the run a model
// would (one tool call a turn, each turn answered after --model-ms, a hosted model's pace), and
// the routine is made from it (replayFrom). Then:
// - cosmetic: every page's words and numbers change (same structure): the replay must finish
//   with every step matched and 0 model calls;
// - structural: one step's page, chosen at random (seeded), answers 404 or becomes a JSON
//   document: the replay must stop at exactly that step, with the steps after it not run;
// - speed: the wall time of the 10-step routines' replays beside their model runs, in this run.
// - acting on pages (bench/replay-tabs.mjs): routines that read a tab and click elements by their
//   selectors, on the repository's pages, replayed under renamed classes, inserted wrappers,
//   reordered siblings and moved blocks (each must finish, re-finding an element whose selector
//   broke by its kind and name), and with one of its elements removed (each must stop at the
//   first step that acts on it); each click's element is checked against the recorded one.
// Targets (issue 36): >= 95% cosmetic replays correct with 0 model calls, 100% of structural
// ones stopped at the first changed step, a 10-step replay >= 10x faster than the model run.
// It exits non-zero only when the benchmark itself fails, not when a target is missed.
//
//   node bench/replay.mjs [--routines R] [--tab-routines T] [--model-ms MS] [--seed N] [--no-build]
import path from "node:path"
import { fileURLToPath } from "node:url"
import { register } from "tsx/esm/api"
import { machineLoad } from "./support/machine.mjs"
import { buildExtension } from "../scripts/console.mjs"

register()
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const { launchExtension, useScriptedModel } = await import(path.join(root, "test/e2e/harness.ts"))
const { startFixtureServer } = await import(path.join(root, "test/e2e/fixture-server.ts"))
const { startModelServer } = await import(path.join(root, "test/support/model-server.mjs"))
const { annotatedTargets } = await import(path.join(root, "shell/hub/replay.ts"))
const { tabRoutines } = await import(path.join(root, "bench/replay-tabs.mjs"))

const option = (name, fallback) => {
  const at = process.argv.indexOf(name)
  return Number(at === -1 ? fallback : process.argv[at + 1])
}
const ROUTINES = option("--routines", 22)
const TAB_ROUTINES = option("--tab-routines", 14)
const MODEL_MS = option("--model-ms", 1500)
let seed = option("--seed", 36)
/** A small seeded generator (mulberry32): the same perturbations every run. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

const page = (title, words) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${words}</p><ul><li>First item</li><li>Second item</li></ul></main></body></html>`

if (!process.argv.includes("--no-build")) buildExtension([])
const site = await startFixtureServer({})
const model = await startModelServer()
const session = await launchExtension()
const panel = await session.openPage("sidepanel.html")
await useScriptedModel(panel, model.baseUrl("openai"))
// The recorded run has a person at the screen: the site is local (private), so from the second
// fetch on the flow rule asks, and the person says yes. The routines get the site as theirs.
await panel.evaluate(() =>
  globalThis.agent.onEvent((e) => {
    if (e.type === "confirmation_requested" && e.rule === "send_read_data") void globalThis.agent.confirm(e.id, true)
  }),
)
const chats = () => model.requests.filter((r) => r.path.endsWith("/chat/completions")).length

/** The steps of routine r: a fetch per page, an opfs_write after every third. */
const stepsOf = (r, length) => {
  const steps = []
  for (let i = 0; steps.length < length; i++) {
    steps.push({ name: "web_fetch", arguments: { url: site.url(`/r${r}/p${i}`) }, page: `/r${r}/p${i}` })
    if (steps.length < length && i % 3 === 2)
      steps.push({ name: "opfs_write", arguments: { path: `bench/r${r}/note${i}.md`, content: `Read page ${i}` } })
  }
  return steps
}

const runNow = (id) =>
  panel.evaluate(async (id) => {
    const finished = new Promise((resolve) => {
      const off = globalThis.agent.onEvent((e) => {
        if (e.type === "routine_run_finished") {
          off()
          resolve(e)
        }
      })
    })
    const started = performance.now()
    await globalThis.agent.routines.runNow(id)
    const event = await finished
    return { event, ms: performance.now() - started }
  }, id)
const lastRun = (id) => panel.evaluate(async (id) => (await globalThis.agent.routines.history(id))[0], id)

const results = { cosmetic: 0, cosmeticZeroModel: 0, structural: 0, structuralStoppedRight: 0, replayMs: [], modelMs: [] }
const failures = []
for (let r = 0; r < ROUTINES; r++) {
  const length = 5 + (r % 11)
  const steps = stepsOf(r, length)
  for (const s of steps)
    if (s.page) site.route(s.page, { headers: { "content-type": "text/html" }, body: page(`Page ${s.page}`, `Price ${r * 7} €, stock 3.`) })
  model.script([
    ...steps.map((s, i) => ({ toolCalls: [{ id: `c${i}`, name: s.name, arguments: s.arguments }], delayMs: MODEL_MS })),
    { text: "Done.", delayMs: MODEL_MS },
  ])
  const modelRun = await panel.evaluate(async (prompt) => {
    const started = performance.now()
    const result = await globalThis.agent.chat(prompt).result
    return { ...result, ms: performance.now() - started }
  }, `Routine ${r}`)
  if (process.argv.includes("--verbose")) console.error(`routine ${r}: model run ${Math.round(modelRun.ms)} ms, ${modelRun.status}`)
  if (modelRun.status !== "completed") throw new Error(`the model run of routine ${r} ended ${modelRun.status}`)
  const routine = await panel.evaluate(
    ([name, from, origin]) =>
      globalThis.agent.routines.create({ name, prompt: name, replayFrom: from, replayOnMismatch: "report", sites: [origin] }),
    [`Routine ${r}`, modelRun.conversationId, site.origin],
  )

  // Cosmetic: the words and numbers change, the structure does not.
  for (const s of steps)
    if (s.page)
      site.route(s.page, {
        headers: { "content-type": "text/html" },
        body: page(`Page ${s.page} (today)`, `Price ${r * 7 + 2} €, stock ${r % 5}, updated.`),
      })
  let asked = chats()
  const cosmetic = await runNow(routine.id)
  const cosmeticRun = await lastRun(routine.id)
  results.cosmetic++
  if (cosmetic.event.status === "completed" && cosmeticRun.replay.done === length && chats() === asked) results.cosmeticZeroModel++
  else failures.push(`routine ${r} (${length} steps), cosmetic: ${JSON.stringify(cosmeticRun.replay)}`)
  if (length === 10) {
    results.replayMs.push(cosmetic.ms)
    results.modelMs.push(modelRun.ms)
  }

  // Structural: one fetched page breaks, chosen at random.
  const fetches = steps.map((s, i) => (s.page ? i : -1)).filter((i) => i >= 0)
  const broken = fetches[Math.floor(random() * fetches.length)]
  site.route(
    steps[broken].page,
    random() < 0.5 ? { status: 404, body: "gone" } : { headers: { "content-type": "application/json" }, body: '{"moved":true}' },
  )
  asked = chats()
  const requestsBefore = site.requests.length
  await runNow(routine.id)
  const structuralRun = await lastRun(routine.id)
  const later = new Set(steps.slice(broken + 1).map((s) => s.page))
  const ranAfter = site.requests.slice(requestsBefore).filter((q) => later.has(q.path)).length
  results.structural++
  if (structuralRun.replay.stoppedAt?.step === broken + 1 && structuralRun.replay.done === broken && chats() === asked && ranAfter === 0)
    results.structuralStoppedRight++
  else failures.push(`routine ${r} (${length} steps), structural at step ${broken + 1}: ${JSON.stringify(structuralRun.replay)}`)
}

const tabs = await tabRoutines({
  panel,
  session,
  site,
  model,
  modelMs: MODEL_MS,
  random,
  count: TAB_ROUTINES,
  root,
  annotatedTargets,
  runNow,
  lastRun,
  chats,
})

const pct = (a, b) => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`
console.log(`bench:replay — ${ROUTINES} routines of 5–15 steps, model turns answered after ${MODEL_MS} ms; ${machineLoad()}`)
if (results.cosmetic) {
  console.log(
    `cosmetic changes: finished correctly with 0 model calls: ${pct(results.cosmeticZeroModel, results.cosmetic)} (target >= 95%)`,
  )
  console.log(
    `structural change at one step: stopped at that step, nothing after it run: ${pct(results.structuralStoppedRight, results.structural)} (target 100%)`,
  )
}
if (results.replayMs.length) {
  const replay = median(results.replayMs)
  const modelRun = median(results.modelMs)
  console.log(
    `10-step routines (${results.replayMs.length}): replay median ${Math.round(replay)} ms, model run median ${Math.round(modelRun)} ms (baseline, same run): ${(modelRun / replay).toFixed(1)}x faster (target >= 10x)`,
  )
}
if (tabs.routines) {
  console.log(
    `acting on pages: ${tabs.routines} routines of 5–15 steps on ${Math.min(tabs.routines, 7)} pages, ${tabs.replays} replays under renamed classes, inserted wrappers, reordered siblings, moved blocks:`,
  )
  console.log(
    `  finished correctly with 0 model calls: ${pct(tabs.finished, tabs.replays)} (target >= 95%); ${pct(tabs.retargetedFinished, tabs.finished)} of them re-found an element whose recorded selector broke`,
  )
  console.log(
    `  with one of the routine's elements removed (${tabs.byKind["removed element"].of} more replays): stopped at the first changed step: ${pct(tabs.stoppedRight, tabs.shouldStop)} (target 100%)`,
  )
  console.log(
    `  wrong actions (a click on another element than recorded): ${tabs.wrongActions} (target 0); without the element check the replays would have clicked ${tabs.uncheckedWrong} wrong elements`,
  )
  for (const [kind, k] of Object.entries(tabs.byKind))
    console.log(`  ${kind}: ${k.of} replays, ${k.finished} finished, ${k.stoppedRight} stopped at the first changed step`)
  if (tabs.replayMs.length) {
    const replay = median(tabs.replayMs)
    const modelRun = median(tabs.modelMs)
    console.log(
      `  10-step routines (${tabs.replayMs.length}): replay median ${Math.round(replay)} ms, model run median ${Math.round(modelRun)} ms (baseline, same run): ${(modelRun / replay).toFixed(1)}x faster`,
    )
  }
}
for (const line of [...failures, ...tabs.failures]) console.log(`  missed: ${line}`)
await session.close()
await Promise.all([site.close(), model.close()])
