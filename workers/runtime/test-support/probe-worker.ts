/** The probe group's worker (unit tests only). */
import * as Effect from "effect/Effect"
import { ToolFailed } from "../../../schemas/errors.ts"
import { serveToolGroup } from "../serve.ts"
import { probeTools } from "./probe-tools.ts"

let started = 0
let finished = 0
let stopped = 0
let warmed = 0

const waitFor = (ms: number, signal: AbortSignal) =>
  Effect.callback<{ waited: number }>((resume) => {
    const timer = setTimeout(() => {
      finished++
      resume(Effect.succeed({ waited: ms }))
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      stopped++
    }
    signal.addEventListener("abort", onAbort, { once: true })
  })

serveToolGroup(
  probeTools,
  {
    probe_summarise: ({ ms }, { signal }) =>
      waitFor(ms, signal).pipe(Effect.map(({ waited }) => ({ waited, content: `Waited ${waited} ms.`, truncated: false }))),
    probe_wait: ({ ms }, { signal }) =>
      Effect.suspend(() => {
        started++
        return waitFor(ms, signal)
      }),
    probe_spin: ({ ms }) =>
      Effect.sync(() => {
        const end = performance.now() + ms
        while (performance.now() < end) {
          // never yields
        }
        return { spun: ms }
      }),
    probe_counts: () => Effect.sync(() => ({ started, finished, stopped, warmed })),
    probe_bad_result: () => Effect.succeed({ n: "not a number" } as never),
    // A code of unknown value, as a handler that escaped its type would produce.
    probe_fails: ({ code }) => Effect.fail(new ToolFailed({ code: code as "probe_refused", message: "as asked" })),
  },
  { warm: async () => void warmed++ },
)
