// What Effect's core (no Schema) would cost an agent worker's start: a module worker whose
// production bundle runs a retry under an Effect Schedule and a timeout, beside an empty module
// worker, both started in turns in the same page (median of the runs; the difference is the cost).
// Issue 16: use Effect in agent workers only if this stays under 10 ms.
import { bundle } from "./support/bundle.mjs"
import { openWorkerPage } from "./support/worker-page.mjs"

const RUNS = Number(process.env.RUNS ?? 30)

const withEffect = await bundle(`
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
let n = 0
const attempt = Effect.suspend(() => (++n < 2 ? Effect.fail("again") : Effect.succeed(n)))
Effect.runPromise(attempt.pipe(Effect.retry(Schedule.exponential("1 millis").pipe(Schedule.upTo({ times: 3 }))), Effect.timeout(1000)))
  .then((value) => postMessage(value))
`)
const empty = await bundle(`postMessage(1)`)

const files = { "/effect.js": withEffect, "/empty.js": empty, "/": "<!doctype html><title>bench</title>" }
const { page, close } = await openWorkerPage(files)
try {
  const times = await page.evaluate(async (runs) => {
    const start = (url) =>
      new Promise((resolve, reject) => {
        const began = performance.now()
        // A query string per start, so that no start reuses another's compiled module.
        const worker = new Worker(`${url}?${Math.random()}`, { type: "module" })
        worker.onmessage = () => (resolve(performance.now() - began), worker.terminate())
        worker.onerror = (event) => (reject(new Error(`${url}: ${event.message || "the worker failed"}`)), worker.terminate())
      })
    const out = { empty: [], effect: [] }
    for (let i = 0; i < runs; i++) {
      out.empty.push(await start("/empty.js"))
      out.effect.push(await start("/effect.js"))
    }
    return out
  }, RUNS)
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const base = median(times.empty)
  const effect = median(times.effect)
  console.log(`effect-core — ${RUNS} starts of each, in turns; bundle ${(withEffect.length / 1024).toFixed(1)} KB minified`)
  console.log(`  empty module worker start (baseline): ${base.toFixed(1)} ms`)
  console.log(`  worker with Effect core + Schedule:   ${effect.toFixed(1)} ms`)
  console.log(`  Effect's cost: ${(effect - base).toFixed(1)} ms (target < 10 ms: ${effect - base < 10 ? "meets" : "MISSES"} target)`)
} finally {
  await close()
}
