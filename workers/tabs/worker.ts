/** The tabs group's worker: list_tabs and open_tab (close_tab and activate_tab are relayed by the hub to their routes). */
import * as Effect from "effect/Effect"
import { InvalidInput, Unavailable } from "../../schemas/errors.ts"
import type { ToolContext } from "../runtime/serve.ts"
import { listTabs, openTab } from "../../schemas/tools/tabs.meta.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { compilePattern } from "./filters.ts"
import { matchInSandbox } from "./match.ts"
import { routed } from "../runtime/routed.ts"
import { checkOpenableUrl } from "../../schemas/openable-url.ts"

const pattern = (parameter: "url_pattern" | "title_pattern", source: string | undefined) => {
  if (source === undefined) return Effect.succeed(undefined)
  const compiled = compilePattern(source)
  return compiled.ok
    ? Effect.succeed(compiled.regex)
    : Effect.fail(new InvalidInput({ tool: listTabs.name, parameter, message: `${parameter}: ${compiled.message}` }))
}

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
