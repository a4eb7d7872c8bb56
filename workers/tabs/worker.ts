/** The tabs group's worker: list_tabs, open_tab, close_tab and activate_tab. */
import { Effect } from "effect"
import { InvalidInput } from "../../schemas/errors.ts"
import { activateTab, closeTab, listTabs, openTab, type OpenTabResult, type TabInfo } from "../../schemas/tools/tabs.ts"
import { serveToolGroup } from "../mesh/serve.ts"
import { compilePattern, filterTabs } from "./filters.ts"
import { routed } from "./routed.ts"
import { checkOpenableUrl } from "./url-policy.ts"

const pattern = (parameter: "url_pattern" | "title_pattern", source: string | undefined) => {
  if (source === undefined) return Effect.succeed(undefined)
  const compiled = compilePattern(source)
  return compiled.ok
    ? Effect.succeed(compiled.regex)
    : Effect.fail(new InvalidInput({ tool: "list_tabs", parameter, message: `${parameter}: ${compiled.message}` }))
}

serveToolGroup([listTabs, openTab, closeTab, activateTab], {
  list_tabs: (params, context) =>
    Effect.gen(function* () {
      const url = yield* pattern("url_pattern", params.url_pattern)
      const title = yield* pattern("title_pattern", params.title_pattern)
      const tabs = yield* routed<Array<typeof TabInfo.Type>>(context, "list_tabs", "tabs.query", {
        ...(params.active === undefined ? {} : { active: params.active }),
        ...(params.window_id === undefined ? {} : { windowId: params.window_id }),
        ...(params.audible === undefined ? {} : { audible: params.audible }),
      })
      return filterTabs(tabs, { ...(url ? { url } : {}), ...(title ? { title } : {}) })
    }),
  open_tab: (params, context) => {
    const verdict = checkOpenableUrl(params.url)
    if (!verdict.ok) return Effect.fail(new InvalidInput({ tool: "open_tab", parameter: "url", message: verdict.reason }))
    return routed<typeof OpenTabResult.Type>(context, "open_tab", "tabs.open", {
      url: verdict.url,
      active: params.active,
      waitUntilLoaded: params.wait_until_loaded,
      ...(params.tab_id === undefined ? {} : { tabId: params.tab_id }),
      ...(params.window_id === undefined ? {} : { windowId: params.window_id }),
    })
  },
  close_tab: ({ tab_id }, context) => routed(context, "close_tab", "tabs.close", { tabId: tab_id }),
  activate_tab: ({ tab_id }, context) => routed(context, "activate_tab", "tabs.activate", { tabId: tab_id }),
})
