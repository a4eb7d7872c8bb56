/**
 * The offscreen document's side of the sandbox: it keeps one hidden iframe of the manifest's
 * sandbox page and hands it execute_script's `sandbox` runs. The page runs each one in a
 * worker of its own and kills it at the time limit; should the page itself stop answering, the
 * iframe is torn down (which ends its process and workers) and a fresh one serves the next run.
 * The page is driven over Comlink on the frame's window messages (`SandboxApi`).
 */
import * as Comlink from "comlink"
import type { SandboxOutcome } from "../../workers/runtime/protocol.ts"
import { RESULT_MAX_CHARS, SANDBOX_WORKER_START_MS, scriptFailure } from "../../workers/page/injected/script-runtime.ts"
import type { SandboxApi, SandboxInputs, SandboxRunOutcome } from "../sandbox/sandbox.ts"
import { SANDBOX_DEFAULT_MEMORY } from "../../schemas/settings.ts"
import type { RouterCall } from "../../workers/runtime/protocol.ts"

export interface SandboxHost {
  runInSandbox(runId: string, code: string, timeoutMs: number, inputs?: SandboxInputs): Promise<SandboxOutcome>
  cancelSandbox(runId: string): Promise<void>
  dispose(): void
}

interface Frame {
  readonly iframe: HTMLIFrameElement
  readonly remote: Comlink.Remote<SandboxApi>
  readonly ready: Promise<void>
  readonly pending: Map<string, { resolve: (outcome: SandboxOutcome) => void; timer: ReturnType<typeof setTimeout> }>
  /** When the page last said anything (ready, a result, a heartbeat's answer). */
  lastHeard: number
  heartbeat?: ReturnType<typeof setInterval>
  /** Set while the memory watch runs over this frame's runs. */
  watching?: boolean
}

/**
 * Where the memory cap is read from: the cap (the settings) and the bytes the machine has
 * available now (the service worker's `system.memory`). Either may fail; the watch then stops,
 * and only the crash detection below is left.
 */
export interface MemoryGauge {
  readonly cap: () => Promise<number>
  readonly available: () => Promise<number>
}

export interface SandboxHostOptions {
  /** How long past a run's own limit the page may take to answer before it counts as stuck (its worker's start included). */
  readonly graceMs?: number
  /** How long the page may take to load. */
  readonly startTimeoutMs?: number
  /** While runs are pending, how often the page is asked whether it is still there. */
  readonly heartbeatMs?: number
  /** How many heartbeats may go unanswered before the page counts as gone. */
  readonly missedHeartbeats?: number
  /** The memory cap's gauge; without one, no cap below V8's own heap limit. */
  readonly memory?: MemoryGauge
  /** While runs are pending, how often the machine's available memory is read (25 ms). */
  readonly memoryPollMs?: number
}

const MIB = 1024 * 1024

/** The sandbox's runs together took more memory than the cap: the sandbox was reset. */
export const sandboxMemoryError = (capBytes: number) => {
  const mib = String(Math.round(capBytes / MIB))
  return {
    code: "sandbox_memory",
    message: `The sandbox used more than its memory cap of ${mib} MiB (the settings' sandbox.maxMemoryBytes), so it was stopped and reset. Use less memory: process the data in smaller pieces.`,
    params: [mib],
  } as const
}

/**
 * The page's process ended under a run: in practice a script that allocated until V8's heap
 * limit (about 4 GB), which ends the sandbox's process (it is out of process, so the offscreen
 * document survives). No web API lets the host measure a worker's heap sooner.
 */
export const SANDBOX_CRASHED = {
  code: "sandbox_crashed",
  message:
    "The sandbox stopped answering while the script ran: its process ended, most often because the script used too much memory. The sandbox was reset.",
} as const

export const createSandboxHost = (frameUrl: string, options: SandboxHostOptions = {}): SandboxHost => {
  // a run's limit counts from its worker's start, which may itself take up to SANDBOX_WORKER_START_MS
  const graceMs = options.graceMs ?? SANDBOX_WORKER_START_MS + 2_000
  const startTimeoutMs = options.startTimeoutMs ?? 10_000
  const heartbeatMs = options.heartbeatMs ?? 1_000
  const missedHeartbeats = options.missedHeartbeats ?? 5
  const memoryPollMs = options.memoryPollMs ?? 25
  let frame: Frame | undefined

  const teardown = (target: Frame, outcome: SandboxOutcome) => {
    if (frame === target) frame = undefined
    clearInterval(target.heartbeat)
    // A page that still answers ends its workers at once; removing the frame ends its process,
    // which the browser may keep a moment for reuse.
    for (const runId of target.pending.keys()) void target.remote.cancel(runId)
    target.iframe.remove()
    for (const { resolve, timer } of target.pending.values()) {
      clearTimeout(timer)
      resolve(outcome)
    }
    target.pending.clear()
  }

  const open = (): Frame => {
    const iframe = document.createElement("iframe")
    iframe.hidden = true
    iframe.src = frameUrl
    // The frame's load comes after its script ran, so the page listens by then.
    const loaded = new Promise<void>((resolve) => iframe.addEventListener("load", () => resolve(), { once: true }))
    ;(document.body ?? document.documentElement).append(iframe)
    const remote = Comlink.wrap<SandboxApi>(Comlink.windowEndpoint(iframe.contentWindow!))
    const pending: Frame["pending"] = new Map()
    const created: Frame = {
      iframe,
      remote,
      pending,
      ready: loaded.then(async () => void (await heard(created, remote.ping()))),
      lastHeard: performance.now(),
    }
    return created
  }

  /** What the page answers, noted as a sign that it is alive. */
  const heard = async <A>(target: Frame, answer: Promise<A>): Promise<A> => {
    const value = await answer
    target.lastHeard = performance.now()
    return value
  }

  const settle = (target: Frame, runId: string, outcome: SandboxRunOutcome) => {
    const run = target.pending.get(runId)
    if (run === undefined || outcome === undefined) return
    target.pending.delete(runId)
    clearTimeout(run.timer)
    if (target.pending.size === 0) stopHeartbeat(target)
    if (outcome.ok) run.resolve(outcome)
    else if (outcome.kind === "unavailable") run.resolve({ ok: false, error: { code: "unavailable", message: outcome.message } })
    else run.resolve({ ok: false, error: scriptFailure(outcome) })
  }

  // A crashed page answers nothing: without a heartbeat its runs would wait for their time limit.
  const startHeartbeat = (target: Frame) => {
    if (target.heartbeat !== undefined) return
    target.lastHeard = performance.now()
    target.heartbeat = setInterval(() => {
      if (performance.now() - target.lastHeard > heartbeatMs * missedHeartbeats) {
        teardown(target, { ok: false, error: { ...SANDBOX_CRASHED } })
        return
      }
      void heard(target, target.remote.ping())
    }, heartbeatMs)
  }
  const stopHeartbeat = (target: Frame) => {
    clearInterval(target.heartbeat)
    target.heartbeat = undefined
  }

  /**
   * The memory cap. No web API measures a worker's heap in time (docs/security.md, "Memory"),
   * so the watch reads what the whole machine has available, every `memoryPollMs` while runs
   * are pending, and resets the frame (its process ends, and every byte with it) once that has
   * fallen more than the cap below the highest reading since the watch began (the highest, so
   * that memory freed elsewhere meanwhile cannot hide the sandbox's growth), or would by the
   * next reading if it keeps falling at the pace of the last two steps (the smaller: one large
   * allocation is not a loop): a loop allocates a gigabyte a second, and stopping only once past
   * the cap would overshoot by what it took between two readings. Resolves once the first reading is in, so a run starts after its baseline.
   */
  const watchMemory = async (target: Frame): Promise<void> => {
    const gauge = options.memory
    if (gauge === undefined || target.watching) return
    target.watching = true
    let cap: number
    let highest: number
    try {
      ;[cap, highest] = await Promise.all([gauge.cap(), gauge.available()])
    } catch {
      target.watching = false
      return
    }
    void (async () => {
      try {
        let fallen = 0
        let lastStep = 0
        while (frame === target && target.pending.size > 0) {
          await new Promise((resolve) => setTimeout(resolve, memoryPollMs))
          const now = await gauge.available()
          highest = Math.max(highest, now)
          const fall = highest - now
          // The pace of the last two steps: one large allocation is not a loop.
          const step = Math.max(0, fall - fallen)
          const next = fall + Math.min(step, lastStep)
          ;[fallen, lastStep] = [fall, step]
          if (next > cap && frame === target) teardown(target, { ok: false, error: sandboxMemoryError(cap) })
        }
      } catch {
        // The gauge failed: the crash detection still holds.
      } finally {
        target.watching = false
      }
    })()
  }

  const current = async (): Promise<Frame> => {
    frame ??= open()
    const target = frame
    let timer: ReturnType<typeof setTimeout> | undefined
    const started = await Promise.race([
      target.ready.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), startTimeoutMs))),
    ])
    clearTimeout(timer)
    if (!started) {
      const outcome: SandboxOutcome = {
        ok: false,
        error: { code: "unavailable", message: `The sandbox page did not start within ${startTimeoutMs / 1000} s.` },
      }
      teardown(target, outcome)
      throw outcome
    }
    return target
  }

  return {
    async runInSandbox(runId, code, timeoutMs, inputs) {
      let target: Frame
      try {
        target = await current()
      } catch (outcome) {
        return outcome as SandboxOutcome
      }
      const settled = new Promise<SandboxOutcome>((resolve) => {
        // The page ends a run at its limit itself; no answer well past it means the page is stuck.
        const timer = setTimeout(
          () =>
            teardown(target, {
              ok: false,
              error: { code: "timeout", message: `The script did not finish within ${timeoutMs / 1000} s; the sandbox was reset.` },
            }),
          timeoutMs + graceMs,
        )
        target.pending.set(runId, { resolve, timer })
        startHeartbeat(target)
      })
      // The baseline is read before the code can allocate anything.
      await watchMemory(target)
      if (target.pending.has(runId)) {
        const run = { runId, code, maxChars: RESULT_MAX_CHARS, timeoutMs, ...(inputs ? { inputs } : {}) }
        heard<SandboxRunOutcome>(target, target.remote.run(run)).then(
          (outcome) => settle(target, runId, outcome),
          (error: unknown) => settle(target, runId, { ok: false, kind: "unavailable", message: `The sandbox failed: ${String(error)}` }),
        )
      }
      return settled
    },
    async cancelSandbox(runId) {
      const target = frame
      const run = target?.pending.get(runId)
      if (target === undefined || run === undefined) return
      target.pending.delete(runId)
      clearTimeout(run.timer)
      if (target.pending.size === 0) stopHeartbeat(target)
      void target.remote.cancel(runId)
      run.resolve({ ok: false, error: { code: "cancelled", message: "The sandbox run was cancelled." } })
    },
    dispose() {
      if (frame) teardown(frame, { ok: false, error: { code: "cancelled", message: "The sandbox was closed." } })
    },
  }
}

/** The memory gauge through the service worker's router: the cap from the settings, the machine's memory. */
export const routerMemoryGauge = (router: RouterCall): MemoryGauge => ({
  cap: async () => {
    const reply = await router("settings.get")
    const cap = reply.ok ? reply.value.sandbox?.maxMemoryBytes : undefined
    return cap ?? SANDBOX_DEFAULT_MEMORY
  },
  available: async () => {
    const reply = await router("system.memory")
    if (!reply.ok) throw new Error(reply.error.message)
    return reply.value.availableBytes
  },
})
