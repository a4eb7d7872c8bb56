/**
 * execute_script. `sandbox` code runs in the offscreen document's sandbox (see
 * shell/hub/sandbox-host.ts). `page` code runs in the tab's MAIN world through the service worker
 * (shell/sw/scripting.ts); the sandbox first finds where its last expression starts, since
 * the page itself may forbid compiling code.
 */
import * as Effect from "effect/Effect"
import { InvalidInput, ToolFailed, Unavailable } from "../../schemas/errors.ts"
import { failureOf, type ToolErrorOf } from "../../schemas/tool-definition.ts"
import type { ExecuteScriptResult } from "../../schemas/tools/page.ts"
import { executeScript } from "../../schemas/tools/page.meta.ts"
import type { SandboxOutcome } from "../runtime/protocol.ts"
import type { Handler, ToolContext } from "../runtime/serve.ts"
import { routed } from "../runtime/routed.ts"
import {
  bodyFor,
  chooseBody,
  CODE_MAX_CHARS,
  programFor,
  RESULT_MAX_CHARS,
  SCRIPT_TIME_LIMIT_MS,
  scriptFailure,
  type BodyChoice,
} from "./injected/script-runtime.ts"

type Result = typeof ExecuteScriptResult.Type
type Failure = ToolErrorOf<typeof executeScript>

/** Finding the last expression compiles the code a few dozen times at most: quick, but bounded. */
const PARSE_TIME_LIMIT_MS = 10_000

let runCounter = 0

const sandboxRun = (context: ToolContext, code: string, timeoutMs: number): Effect.Effect<SandboxOutcome, Unavailable> =>
  Effect.tryPromise({
    try: (signal) => {
      const runId = `${context.callId}-${++runCounter}`
      // Cancelled or timed out: the sandbox kills the run's worker.
      signal.addEventListener("abort", () => void context.host.cancelSandbox(runId).catch(() => undefined), { once: true })
      return context.host.runInSandbox(runId, code, timeoutMs)
    },
    catch: (error) => new Unavailable({ message: `The sandbox could not be reached: ${String(error)}` }),
  })

const resultOf = (outcome: { ok: true; value: unknown; type: string; truncated?: boolean }): Result =>
  ({ result: outcome.value, type: outcome.type, ...(outcome.truncated ? { truncated: true } : {}) }) as Result

const inSandbox = (context: ToolContext, code: string) =>
  sandboxRun(context, code, SCRIPT_TIME_LIMIT_MS).pipe(
    Effect.flatMap((outcome): Effect.Effect<Result, Failure> =>
      outcome.ok ? Effect.succeed(resultOf(outcome)) : Effect.fail(failureOf(executeScript, outcome.error)),
    ),
  )

/** Where the last expression starts; without a sandbox the code runs as a plain function body. */
const choose = (context: ToolContext, code: string): Effect.Effect<number, Failure> =>
  sandboxRun(context, `return (${chooseBody.toString()})(${JSON.stringify(code)})`, PARSE_TIME_LIMIT_MS).pipe(
    Effect.flatMap((outcome): Effect.Effect<number, Failure> => {
      if (!outcome.ok) return Effect.succeed(-1)
      const choice = outcome.value as BodyChoice
      if ("syntaxError" in choice) {
        return Effect.fail(
          new ToolFailed({ code: "script_error", message: `The code does not compile: ${choice.syntaxError}. Nothing was run.` }),
        )
      }
      return Effect.succeed(choice.split)
    }),
  )

const inPage = (context: ToolContext, code: string, tabId: number | undefined) =>
  Effect.gen(function* () {
    const tab = tabId ?? (yield* routed(context, executeScript, "tabs.active")).tab_id
    const split = yield* choose(context, code)
    const program = programFor(bodyFor(code, split), RESULT_MAX_CHARS, SCRIPT_TIME_LIMIT_MS)
    const outcome = yield* routed(context, executeScript, "scripting.runInPage", {
      tabId: tab,
      program,
    }).pipe(
      // The page enforces the limit on awaited work; a loop that never yields can't be stopped
      // from outside the page, so here the call just stops waiting.
      Effect.timeoutOrElse({
        duration: SCRIPT_TIME_LIMIT_MS + 1_000,
        orElse: () =>
          Effect.fail(
            new ToolFailed({
              code: "timeout",
              message: `The script did not finish within ${SCRIPT_TIME_LIMIT_MS / 1000} s. A script that never yields keeps running in the page; reload tab ${tab} to stop it.`,
            }),
          ),
      }),
    )
    if (!outcome.ok) return yield* Effect.fail(new ToolFailed(scriptFailure(outcome)))
    return resultOf(outcome)
  })

export const scriptHandler: Handler<typeof executeScript> = (params, context) => {
  if (params.code.length > CODE_MAX_CHARS) {
    return Effect.fail(
      new InvalidInput({
        tool: executeScript.name,
        parameter: "code",
        message: `code is ${params.code.length} characters long; at most ${CODE_MAX_CHARS} are accepted. Split the work into smaller scripts.`,
      }),
    )
  }
  return params.target === "sandbox" ? inSandbox(context, params.code) : inPage(context, params.code, params.tab_id)
}
