/** The tabs group's worker: list_tabs and open_tab (close_tab and activate_tab are relayed by the hub to their routes). */
import * as Effect from "effect/Effect"
import { InvalidInput, Unavailable } from "../../schemas/errors.ts"
import type { ToolContext } from "../runtime/serve.ts"
import type { TabInfo } from "../../schemas/tools/tabs.ts"
import { listTabs, openTab } from "../../schemas/tools/tabs.meta.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { compilePattern, SUBJECT_MAX_CHARS } from "./filters.ts"
import { routed } from "../runtime/routed.ts"
import { checkOpenableUrl } from "../../schemas/openable-url.ts"

const pattern = (parameter: "url_pattern" | "title_pattern", source: string | undefined) => {
  if (source === undefined) return Effect.succeed(undefined)
  const compiled = compilePattern(source)
  return compiled.ok
    ? Effect.succeed(compiled.regex)
    : Effect.fail(new InvalidInput({ tool: listTabs.name, parameter, message: `${parameter}: ${compiled.message}` }))
}

/** How long matching may take before a pattern counts as catastrophic. */
const MATCH_DEADLINE_MS = 500
let matchRuns = 0

/**
 * Matches the patterns in the sandbox, in a worker that is killed at the deadline: no static
 * check catches every pattern that backtracks for ever, and this worker must stay free.
 */
const matchInSandbox = (
  context: ToolContext,
  url: string | undefined,
  title: string | undefined,
  tabs: ReadonlyArray<typeof TabInfo.Type>,
) =>
  Effect.tryPromise({
    try: () => {
      const runId = `list-tabs-${context.callId}-${++matchRuns}`
      context.signal.addEventListener("abort", () => void context.host.cancelSandbox(runId), { once: true })
      return context.host.runInSandbox(
        runId,
        `const u = args.url === undefined ? null : new RegExp(args.url, "i")
const t = args.title === undefined ? null : new RegExp(args.title, "i")
return args.subjects.map(([url, title]) => (!u || u.test(url)) && (!t || t.test(title)))`,
        MATCH_DEADLINE_MS,
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
  }).pipe(
    Effect.flatMap((outcome): Effect.Effect<Array<typeof TabInfo.Type>, InvalidInput | Unavailable> => {
      if (outcome.ok && Array.isArray(outcome.value)) return Effect.succeed(tabs.filter((_, i) => (outcome.value as unknown[])[i] === true))
      if (!outcome.ok && outcome.error.code === "timeout") {
        return Effect.fail(
          new InvalidInput({
            tool: listTabs.name,
            parameter: url !== undefined ? "url_pattern" : "title_pattern",
            message: `the pattern did not finish matching within ${MATCH_DEADLINE_MS} ms (catastrophic backtracking); use a simpler regular expression, e.g. a plain word or host name.`,
          }),
        )
      }
      return Effect.fail(
        new Unavailable({ message: `list_tabs could not match the patterns: ${outcome.ok ? "unexpected result" : outcome.error.message}` }),
      )
    }),
  )

/** Puts a tab inside its conversation's fence before the call navigates it. */
const fence = (context: ToolContext, tabId: number, opened: boolean) =>
  Effect.tryPromise({
    try: () => context.host.fenceTab(context.callId, tabId, opened),
    catch: (error) => new Unavailable({ message: `The tab could not be fenced: ${String(error)}` }),
  }).pipe(
    Effect.flatMap((outcome) =>
      outcome.ok ? Effect.void : Effect.fail(new Unavailable({ message: `The tab could not be fenced: ${outcome.error.message}` })),
    ),
  )

serveToolGroup([listTabs, openTab], {
  list_tabs: (params, context) =>
    Effect.gen(function* () {
      yield* pattern("url_pattern", params.url_pattern)
      yield* pattern("title_pattern", params.title_pattern)
      const tabs = yield* routed(context, listTabs, "tabs.query", params)
      if (params.url_pattern === undefined && params.title_pattern === undefined) return tabs
      return yield* matchInSandbox(context, params.url_pattern, params.title_pattern, tabs)
    }),
  open_tab: (params, context) =>
    Effect.gen(function* () {
      const verdict = checkOpenableUrl(params.url)
      if (!verdict.ok) return yield* Effect.fail(new InvalidInput({ tool: openTab.name, parameter: "url", message: verdict.reason }))
      const url = verdict.url
      if (params.tab_id !== undefined) {
        yield* fence(context, params.tab_id, false)
        return yield* routed(context, openTab, "tabs.open", { ...params, url })
      }
      // A new tab opens blank and joins the conversation's fence before it loads anything, so
      // that no hop of its first navigation can pass before the fence knows the tab.
      const { active, window_id: windowId } = params
      const blank = yield* routed(context, openTab, "tabs.open", {
        url: "about:blank",
        active,
        wait_until_loaded: false,
        ...(windowId === undefined ? {} : { window_id: windowId }),
      })
      yield* fence(context, blank.tab_id, true)
      return yield* routed(context, openTab, "tabs.open", { ...params, url, tab_id: blank.tab_id, fresh: true })
    }),
})
