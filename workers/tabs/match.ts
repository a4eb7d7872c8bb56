/**
 * list_tabs' pattern matching, run in the sandbox in a worker that is killed at the deadline: no
 * static check catches every pattern that backtracks for ever, and the tabs worker must stay free.
 */
import * as Effect from "effect/Effect"
import { InvalidInput, Unavailable } from "../../schemas/errors.ts"
import type { SandboxOutcome } from "../runtime/protocol.ts"
import type { ToolContext } from "../runtime/serve.ts"
import type { TabInfo } from "../../schemas/tools/tabs.ts"
import { listTabs } from "../../schemas/tools/tabs.meta.ts"
import { SUBJECT_MAX_CHARS } from "./filters.ts"

/** How long matching may take before a pattern counts as catastrophic. */
export const MATCH_DEADLINE_MS = 500
/**
 * The deadline of one more try after the first timed out. The sandbox's deadline counts from its
 * worker's start, so only the matching is timed; a thread starved on a busy machine may still
 * take a plain word past the first deadline. A pattern that backtracks for ever times out again.
 */
export const RETRY_DEADLINE_MS = 1_000
let matchRuns = 0

type Tab = typeof TabInfo.Type

const runMatch = (context: ToolContext, url: string | undefined, title: string | undefined, tabs: ReadonlyArray<Tab>, deadlineMs: number) =>
  Effect.tryPromise({
    try: (): Promise<SandboxOutcome> => {
      const runId = `list-tabs-${context.callId}-${++matchRuns}`
      context.signal.addEventListener("abort", () => void context.host.cancelSandbox(runId), { once: true })
      return context.host.runInSandbox(
        runId,
        `const u = args.url === undefined ? null : new RegExp(args.url, "i")
const t = args.title === undefined ? null : new RegExp(args.title, "i")
return args.subjects.map(([url, title]) => (!u || u.test(url)) && (!t || t.test(title)))`,
        deadlineMs,
        {
          args: {
            ...(url === undefined ? {} : { url }),
            ...(title === undefined ? {} : { title }),
            subjects: tabs.map((tab) => [tab.url.slice(0, SUBJECT_MAX_CHARS), tab.title.slice(0, SUBJECT_MAX_CHARS)]),
          },
        },
      )
    },
    catch: (error) => new Unavailable({ message: `The sandbox that matches list_tabs patterns could not be reached: ${String(error)}` }),
  })

const timedOut = (outcome: SandboxOutcome): boolean => !outcome.ok && outcome.error.code === "timeout"

/** The tabs whose URL and title match the patterns. */
export const matchInSandbox = (
  context: ToolContext,
  url: string | undefined,
  title: string | undefined,
  tabs: ReadonlyArray<Tab>,
): Effect.Effect<Array<Tab>, InvalidInput | Unavailable> =>
  runMatch(context, url, title, tabs, MATCH_DEADLINE_MS).pipe(
    Effect.flatMap((first) => (timedOut(first) ? runMatch(context, url, title, tabs, RETRY_DEADLINE_MS) : Effect.succeed(first))),
    Effect.flatMap((outcome): Effect.Effect<Array<Tab>, InvalidInput | Unavailable> => {
      if (outcome.ok && Array.isArray(outcome.value)) return Effect.succeed(tabs.filter((_, i) => (outcome.value as unknown[])[i] === true))
      if (timedOut(outcome)) {
        return Effect.fail(
          new InvalidInput({
            tool: listTabs.name,
            parameter: url !== undefined ? "url_pattern" : "title_pattern",
            message: `the pattern did not finish matching within ${MATCH_DEADLINE_MS} ms (catastrophic backtracking); use a simpler regular expression, e.g. a plain word or host name.`,
          }),
        )
      }
      return Effect.fail(
        new Unavailable({
          message: `list_tabs could not match the patterns: ${outcome.ok ? "unexpected result" : (outcome as { error: { message: string } }).error.message}`,
        }),
      )
    }),
  )
