/** The tabs group's worker: list_tabs, open_tab, close_tab and activate_tab. */
import { Effect } from "effect"
import { InvalidInput, Unavailable } from "../../schemas/errors.ts"
import type { ToolContext } from "../mesh/serve.ts"
import { activateTab, closeTab, listTabs, openTab, type OpenTabResult, type TabInfo } from "../../schemas/tools/tabs.ts"
import { serveToolGroup } from "../mesh/serve.ts"
import { compilePattern, SUBJECT_MAX_CHARS } from "./filters.ts"
import { routed } from "./routed.ts"
import { checkOpenableUrl } from "./url-policy.ts"

const pattern = (parameter: "url_pattern" | "title_pattern", source: string | undefined) => {
  if (source === undefined) return Effect.succeed(undefined)
  const compiled = compilePattern(source)
  return compiled.ok
    ? Effect.succeed(compiled.regex)
    : Effect.fail(new InvalidInput({ tool: "list_tabs", parameter, message: `${parameter}: ${compiled.message}` }))
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
            tool: "list_tabs",
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

serveToolGroup([listTabs, openTab, closeTab, activateTab], {
  list_tabs: (params, context) =>
    Effect.gen(function* () {
      yield* pattern("url_pattern", params.url_pattern)
      yield* pattern("title_pattern", params.title_pattern)
      const tabs = yield* routed<Array<typeof TabInfo.Type>, typeof listTabs>(context, listTabs, "tabs.query", {
        ...(params.active === undefined ? {} : { active: params.active }),
        ...(params.window_id === undefined ? {} : { windowId: params.window_id }),
        ...(params.audible === undefined ? {} : { audible: params.audible }),
      })
      if (params.url_pattern === undefined && params.title_pattern === undefined) return tabs
      return yield* matchInSandbox(context, params.url_pattern, params.title_pattern, tabs)
    }),
  open_tab: (params, context) => {
    const verdict = checkOpenableUrl(params.url)
    if (!verdict.ok) return Effect.fail(new InvalidInput({ tool: "open_tab", parameter: "url", message: verdict.reason }))
    return routed<typeof OpenTabResult.Type, typeof openTab>(context, openTab, "tabs.open", {
      url: verdict.url,
      active: params.active,
      waitUntilLoaded: params.wait_until_loaded,
      ...(params.tab_id === undefined ? {} : { tabId: params.tab_id }),
      ...(params.window_id === undefined ? {} : { windowId: params.window_id }),
    })
  },
  close_tab: ({ tab_id }, context) => routed(context, closeTab, "tabs.close", { tabId: tab_id }),
  activate_tab: ({ tab_id }, context) => routed(context, activateTab, "tabs.activate", { tabId: tab_id }),
})
