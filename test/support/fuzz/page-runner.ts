/**
 * The part of the fuzzer that runs inside the extension page. Playwright sends these functions
 * as source text, so they refer to nothing outside themselves; tsx wraps named inner functions
 * in `__name(...)`, which `installRunner` gets as a no-op shim first.
 */
import type { Page } from "playwright-core"

/** One call as it crosses to the page: JSON text, so "__proto__" keys and lone surrogates survive. */
export interface WireCase {
  readonly tool: string
  /** JSON of the params, or absent for a call without params. */
  readonly params?: string
  readonly options: string
  readonly timeoutMs: number
}

export interface RunBatch {
  readonly batch: number
  readonly cases: ReadonlyArray<WireCase>
  readonly concurrency: number
}

export const installRunner = async (page: Page): Promise<void> => {
  await page.evaluate("globalThis.__name = globalThis.__name || ((f) => f)")
  await page.evaluate(() => {
    const g = globalThis as unknown as Record<string, unknown>
    const build = (v: unknown): unknown => {
      if (typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as { $fuzzRepeat?: unknown }).$fuzzRepeat === "string") {
        const r = v as { $fuzzRepeat: string; times: number; prefix?: string; suffix?: string }
        return (r.prefix ?? "") + r.$fuzzRepeat.repeat(r.times) + (r.suffix ?? "")
      }
      if (Array.isArray(v)) return v.map(build)
      if (typeof v === "object" && v !== null) {
        const out: Record<string, unknown> = {}
        for (const [k, x] of Object.entries(v))
          Object.defineProperty(out, k, { value: build(x), enumerable: true, writable: true, configurable: true })
        return out
      }
      return v
    }
    const settled: Record<number, boolean[]> = {}
    g.__fuzzSettled = settled
    g.__fuzzRun = async ({ batch, cases, concurrency }: RunBatch) => {
      const done = (settled[batch] = cases.map(() => false))
      const out: unknown[] = Array.from({ length: cases.length })
      let next = 0
      const lane = async () => {
        for (;;) {
          const i = next++
          if (i >= cases.length) return
          const c = cases[i]!
          const params = c.params === undefined ? undefined : build(JSON.parse(c.params))
          const options = { timeoutMs: c.timeoutMs, ...(build(JSON.parse(c.options)) as object) }
          const started = performance.now()
          try {
            const value = await globalThis.agent.tools.call(c.tool, params, options)
            let text: string | undefined
            try {
              text = JSON.stringify(value)
            } catch (error) {
              text = `(not JSON: ${String(error)})`
            }
            out[i] = { ok: true, value: (text ?? "undefined").slice(0, 200), ms: Math.round(performance.now() - started) }
          } catch (error) {
            const e = (error ?? {}) as { code?: unknown; message?: unknown; parameter?: unknown }
            const message = e.message
            out[i] = {
              ok: false,
              code: e.code,
              message: typeof message === "string" ? message.slice(0, 2_100) : message,
              ...(typeof message === "string" ? { messageLength: message.length } : {}),
              parameter: e.parameter,
              ms: Math.round(performance.now() - started),
            }
          }
          done[i] = true
        }
      }
      await Promise.all(Array.from({ length: concurrency }, lane))
      delete settled[batch]
      return out
    }
  })
}

export const runBatch = (page: Page, request: RunBatch): Promise<unknown[]> =>
  page.evaluate((r) => (globalThis as unknown as { __fuzzRun(r: unknown): Promise<unknown[]> }).__fuzzRun(r), request)

/** Which calls of a batch have not settled (read after the batch missed its deadline). */
export const unsettled = (page: Page, batch: number): Promise<number[]> =>
  page.evaluate((b) => {
    const done = (globalThis as unknown as { __fuzzSettled: Record<number, boolean[]> }).__fuzzSettled[b] ?? []
    return done.flatMap((d, i) => (d ? [] : [i]))
  }, batch)
