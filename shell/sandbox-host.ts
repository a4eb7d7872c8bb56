/**
 * The offscreen document's side of the sandbox: it keeps one hidden iframe of the manifest's
 * sandbox page and hands it execute_script's `sandbox` runs. The page runs each one in a
 * worker of its own and kills it at the time limit; should the page itself stop answering, the
 * iframe is torn down (which ends its process and workers) and a fresh one serves the next run.
 */
import type { SandboxOutcome } from "../workers/mesh/protocol.ts"
import { RESULT_MAX_CHARS, scriptFailure } from "../workers/page/script-runtime.ts"
import type { SandboxInputs, SandboxReply, SandboxRequest } from "./sandbox.ts"

export interface SandboxHost {
  runInSandbox(runId: string, code: string, timeoutMs: number, inputs?: SandboxInputs): Promise<SandboxOutcome>
  cancelSandbox(runId: string): Promise<void>
  dispose(): void
}

interface Frame {
  readonly iframe: HTMLIFrameElement
  readonly ready: Promise<void>
  readonly pending: Map<string, { resolve: (outcome: SandboxOutcome) => void; timer: ReturnType<typeof setTimeout> }>
}

export interface SandboxHostOptions {
  /** How long past a run's own limit the page may take to answer before it counts as stuck. */
  readonly graceMs?: number
  /** How long the page may take to load. */
  readonly startTimeoutMs?: number
}

export const createSandboxHost = (frameUrl: string, options: SandboxHostOptions = {}): SandboxHost => {
  const graceMs = options.graceMs ?? 2_000
  const startTimeoutMs = options.startTimeoutMs ?? 10_000
  let frame: Frame | undefined
  const listeners = new Map<Frame, (event: MessageEvent) => void>()

  const teardown = (target: Frame, outcome: SandboxOutcome) => {
    if (frame === target) frame = undefined
    const onMessage = listeners.get(target)
    if (onMessage) window.removeEventListener("message", onMessage)
    listeners.delete(target)
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
    let ready!: () => void
    const pending: Frame["pending"] = new Map()
    const created: Frame = { iframe, pending, ready: new Promise<void>((resolve) => (ready = resolve)) }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow) return
      const data = event.data as SandboxReply | null
      if (data?.type === "ready") ready()
      else if (data?.type === "result") {
        const run = pending.get(data.runId)
        if (run === undefined) return
        pending.delete(data.runId)
        clearTimeout(run.timer)
        const outcome = data.outcome
        if (outcome.ok) run.resolve(outcome)
        else if (outcome.kind === "unavailable") run.resolve({ ok: false, error: { code: "unavailable", message: outcome.message } })
        else run.resolve({ ok: false, error: scriptFailure(outcome) })
      }
    }
    listeners.set(created, onMessage)
    window.addEventListener("message", onMessage)
    ;(document.body ?? document.documentElement).append(iframe)
    return created
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
      return new Promise<SandboxOutcome>((resolve) => {
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
        const request: SandboxRequest = { type: "run", runId, code, maxChars: RESULT_MAX_CHARS, timeoutMs, ...(inputs ? { inputs } : {}) }
        target.iframe.contentWindow?.postMessage(request, "*")
      })
    },
    async cancelSandbox(runId) {
      const target = frame
      const run = target?.pending.get(runId)
      if (target === undefined || run === undefined) return
      target.pending.delete(runId)
      clearTimeout(run.timer)
      const request: SandboxRequest = { type: "cancel", runId }
      target.iframe.contentWindow?.postMessage(request, "*")
      run.resolve({ ok: false, error: { code: "cancelled", message: "The sandbox run was cancelled." } })
    },
    dispose() {
      if (frame) teardown(frame, { ok: false, error: { code: "cancelled", message: "The sandbox was closed." } })
    },
  }
}

let defaultHost: SandboxHost | undefined
// Made on first use, so that importing this module does not need chrome.runtime.
const host = () => (defaultHost ??= createSandboxHost(chrome.runtime.getURL("sandbox.html")))

export const runInSandbox = (runId: string, code: string, timeoutMs: number, inputs?: SandboxInputs): Promise<SandboxOutcome> =>
  host().runInSandbox(runId, code, timeoutMs, inputs)

export const cancelSandbox = (runId: string): Promise<void> => host().cancelSandbox(runId)
