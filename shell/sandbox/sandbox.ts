/**
 * The sandbox page: an opaque origin (the manifest's sandbox) with no extension API and no
 * access to the extension's storage. Each run of execute_script's `sandbox` target gets a
 * fresh dedicated Worker of this page, so the code sees no DOM either, keeps no state between
 * runs, and an endless loop is ended by terminating its worker while this page stays free.
 * The offscreen document drives it over Comlink (shell/hub/sandbox-host.ts).
 */
import * as Comlink from "comlink"
import comlinkSource from "comlink/dist/umd/comlink.min.js" with { type: "text" }
import {
  bodyFor,
  chooseBody,
  runAndDescribe,
  SANDBOX_WORKER_START_MS,
  type ScriptOutcome,
} from "../../workers/page/injected/script-runtime.ts"

export interface SandboxRun {
  readonly runId: string
  readonly code: string
  readonly maxChars: number
  readonly timeoutMs: number
  /** Values given to the code (a custom tool's arguments, and the blobs they point at). */
  readonly inputs?: SandboxInputs
}

export interface SandboxInputs {
  /** Seen by the code as `args`. */
  readonly args?: unknown
  /** Workspace blob URLs among the arguments, read by the code with `await readBlob(url)`. */
  readonly blobs?: Readonly<Record<string, Blob>>
}

/** How a run ended; `undefined` when it was cancelled (nobody waits for it any more). */
export type SandboxRunOutcome = ScriptOutcome | { readonly ok: false; readonly kind: "unavailable"; readonly message: string } | undefined

/** What the page serves its parent, over Comlink on the window's messages. */
export interface SandboxApi {
  ping(): "pong"
  run(request: SandboxRun): Promise<SandboxRunOutcome>
  cancel(runId: string): void
}

/** What a run's worker serves the page, over Comlink: one run, then the worker is terminated. */
interface ScriptWorker {
  /** Answers once the worker runs: the run's time limit starts then. */
  ready(): true
  run(request: Omit<SandboxRun, "runId">): Promise<ScriptOutcome>
}

/**
 * The worker's whole program: Comlink (an opaque origin's blob worker can load no extension
 * file, so it comes as text), the runtime's functions as source, and the `ScriptWorker` it serves.
 */
const workerSource = `${comlinkSource};
(() => {
"use strict";
const Comlink = self.Comlink;
delete self.Comlink;
const chooseBody = ${chooseBody.toString()};
const bodyFor = ${bodyFor.toString()};
const runAndDescribe = ${runAndDescribe.toString()};
Comlink.expose({
  ready() {
    return true;
  },
  run({ code, maxChars, timeoutMs, inputs }) {
    // A custom tool's arguments, and the workspace blobs they name (the sandbox cannot fetch them).
    self.args = inputs ? inputs.args : undefined;
    const blobs = (inputs && inputs.blobs) || {};
    self.readBlob = async (url) => {
      const blob = blobs[url];
      if (!blob) throw new Error("readBlob: " + url + " is not among the blob URLs given to this tool");
      return blob;
    };
    const choice = chooseBody(code);
    if ("syntaxError" in choice) {
      const [name, ...rest] = choice.syntaxError.split(": ");
      return { ok: false, kind: "exception", name, message: rest.join(": ") };
    }
    const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
    // The Function constructor puts two lines of its own before the body.
    return runAndDescribe(new AsyncFunction(bodyFor(code, choice.split)), maxChars, timeoutMs, 2);
  },
});
})();`

const workerUrl = URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" }))
const runs = new Map<string, { worker: Worker; timer: ReturnType<typeof setTimeout>; settle: (outcome: SandboxRunOutcome) => void }>()

const finish = (runId: string, outcome: SandboxRunOutcome) => {
  const run = runs.get(runId)
  if (run === undefined) return
  runs.delete(runId)
  clearTimeout(run.timer)
  run.worker.terminate()
  run.settle(outcome)
}

const failed = (runId: string) => (error: unknown) =>
  finish(runId, { ok: false, kind: "unavailable", message: `The sandbox worker failed: ${String(error)}` })

const start = ({ runId, code, maxChars, timeoutMs, inputs }: SandboxRun): Promise<SandboxRunOutcome> => {
  let worker: Worker
  try {
    worker = new Worker(workerUrl, { name: `agent-mesh:sandbox:${runId}` })
  } catch (error) {
    return Promise.resolve({ ok: false, kind: "unavailable", message: `The sandbox could not start a worker: ${String(error)}` })
  }
  return new Promise((settle) => {
    const starting = setTimeout(
      () =>
        finish(runId, {
          ok: false,
          kind: "unavailable",
          message: `The sandbox worker did not start within ${SANDBOX_WORKER_START_MS / 1000} s.`,
        }),
      SANDBOX_WORKER_START_MS,
    )
    runs.set(runId, { worker, timer: starting, settle })
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault()
      // An error the code threw where nothing caught it (a timer, a microtask) is the code's own
      // failure; no message at all means the worker itself could not start.
      if (event.message)
        finish(runId, { ok: false, kind: "exception", name: "Error", message: event.message.replace(/^Uncaught (\w*Error: )?/, "") })
      else
        finish(runId, {
          ok: false,
          kind: "unavailable",
          message: "The sandbox worker could not start (is worker-src blob: allowed in the sandbox CSP?)",
        })
    }
    const remote = Comlink.wrap<ScriptWorker>(worker)
    // The limit is the code's: it starts once the worker runs, not while a busy machine starts it
    // (list_tabs gives a pattern 500 ms, less than a worker's start there).
    remote.ready().then(() => {
      const run = runs.get(runId)
      if (run === undefined) return
      clearTimeout(run.timer)
      // The worker's own time limit covers awaited promises; this one covers a loop that never yields.
      run.timer = setTimeout(
        () =>
          finish(runId, {
            ok: false,
            kind: "timeout",
            name: "TimeoutError",
            message: `The script did not finish within ${timeoutMs / 1000} s.`,
          }),
        timeoutMs + 50,
      )
      remote.run({ code, maxChars, timeoutMs, ...(inputs ? { inputs } : {}) }).then((outcome) => finish(runId, outcome), failed(runId))
    }, failed(runId))
  })
}

const api: SandboxApi = {
  ping: () => "pong",
  run: start,
  cancel: (runId) => finish(runId, undefined),
}

// The opaque origin is "null"; the extension's own origin is still in this page's URL, and only
// its document (the offscreen one) is listened to.
const parentOrigin = new URL(location.href).origin
Comlink.expose(api, Comlink.windowEndpoint(parent, self, parentOrigin), [parentOrigin])
