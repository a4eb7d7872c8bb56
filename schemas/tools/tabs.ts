/** Tab management tools: list_tabs, open_tab, close_tab, activate_tab (worker group "tabs"). */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { groupTools } from "../tool-definition.ts"
import { destructiveAction, localRead, safeChange } from "../tool-annotations.ts"
import { AlwaysTrue } from "../primitives.ts"
import { ActivateTabParameters, CloseTabParameters, ListTabsParameters, OpenTabParameters, TabId, WindowId } from "./tab-parameters.ts"

/**
 * A tool that works on one tab (close_tab, activate_tab): its parameter is the tab's ID, from
 * list_tabs or open_tab; its card shows that ID; its result gives the ID back, with what it did.
 */
const OneTabResult = <const Fields extends Schema.Struct.Fields>(done: string, fields: Fields) =>
  Schema.Struct({ tab_id: TabId.annotate({ description: `The ID of the ${done} tab.` }), ...fields })
const oneTabCard = { subject: ["params.tab_id"], result: "data" } as const

/**
 * The tab tools: the page operator's (list_tabs the researcher's too); each may fail as the
 * browser refuses it (a missing tab or window is `not_found`).
 */
const tabTool = groupTools("tabs", {
  timeoutMs: 10_000,
  subAgents: ["page_operator"],
  errors: { browser_error: "The browser refused the operation (the message gives its reason)." },
})

/** One tab as the tab tools report it. */
export const TabInfo = Schema.Struct({
  tab_id: TabId.annotate({ description: "The tab's ID, to pass as `tab_id` to other tools." }),
  window_id: WindowId.annotate({ description: "The ID of the window holding the tab." }),
  url: Schema.String.annotate({ description: "The tab's current URL." }),
  title: Schema.String.annotate({ description: "The tab's title." }),
  active: Schema.Boolean.annotate({ description: "Whether the tab is the active tab of its window." }),
  audible: Schema.Boolean.annotate({ description: "Whether the tab is playing audio." }),
  status: Schema.String.annotate({ description: 'The tab\'s loading status, e.g. "loading" or "complete".' }),
})

// ---------------------------------------------------------------------------------------------
// list_tabs

export const listTabs = tabTool({
  name: "list_tabs",
  card: { label: "List tabs", result: "data", outcome: [{ count: "result", of: "tabs" }] },
  subAgents: ["researcher", "page_operator"],
  description:
    "List the browser's open tabs (tab_id, window_id, url, title, active, audible, status), optionally filtered; all given filters must match. Use it to find the tab the user is talking about, then pass its tab_id to get_tab_content to read it, activate_tab to show it, close_tab to close it, or execute_script to act on it.",
  annotations: localRead("tabs", { flow: { reads: ["private", "untrusted"] } }),
  parameters: ListTabsParameters,
  result: Schema.Array(TabInfo),
})

// ---------------------------------------------------------------------------------------------
// open_tab

/** The opened tab as list_tabs reports it, without `active` (the call chose it) and `audible`. */
export const OpenTabResult = TabInfo.mapFields(Struct.omit(["active", "audible"]))

export const openTab = tabTool({
  name: "open_tab",
  card: { label: "Open tab", subject: ["params.url"], result: "data" },
  description:
    "Open a URL (http, https or about:blank) in a new browser tab, or navigate an existing tab (`tab_id`) to it. Use it when the user should see a page, or when a page needs the browser (login, scripts) to render; by default it waits until the page has loaded. Then read the page with get_tab_content using the returned tab_id, or act on it with execute_script.",
  annotations: {
    worksOn: "tabs",
    readOnly: false,
    destructive: false,
    openWorld: true,
    // The tab carries the user's logins: what it shows is theirs, and the page wrote it.
    flow: { reads: ["private", "untrusted"], sendsTo: { urlParam: "url" }, signalsTab: "tab_id" },
  },
  parameters: OpenTabParameters,
  result: OpenTabResult,
  timeoutMs: 35_000,
  errors: {
    navigation_failed:
      "The page did not load (the browser's network error is in the message), or the address did not open as a page; the tab was closed or sent back.",
    redirect_refused: "The address redirected to one open_tab refuses (not http, https or about:blank); the tab was closed or sent back.",
    blocked_by_fence:
      "The page, or a redirect or script on it, went to a site this conversation has not allowed while it holds the user's data; the browser stopped it and the tab shows why. Ask the user to allow that site.",
  },
})

// ---------------------------------------------------------------------------------------------
// close_tab

export const CloseTabResult = OneTabResult("closed", { closed: AlwaysTrue })

export const closeTab = tabTool({
  name: "close_tab",
  card: { label: "Close tab", ...oneTabCard },
  description:
    "Close a browser tab. Anything unsaved in that page is lost, so close only tabs you opened or that the user asked to close; find the tab_id with list_tabs.",
  annotations: destructiveAction("tabs", { says: "would close" }, { flow: { signalsTab: "tab_id" } }),
  parameters: CloseTabParameters,
  result: CloseTabResult,
  relay: "tabs.close",
})

// ---------------------------------------------------------------------------------------------
// activate_tab

export const ActivateTabResult = OneTabResult("activated", {
  window_id: WindowId.annotate({ description: "The ID of its window." }),
  active: AlwaysTrue,
})

export const activateTab = tabTool({
  name: "activate_tab",
  card: { label: "Switch to tab", ...oneTabCard },
  description:
    "Switch to a tab and bring its window to the front, so the user sees it. Find the tab_id with list_tabs. Reading a tab does not need this: get_tab_content works on background tabs.",
  annotations: { ...safeChange("tabs"), flow: { signalsTab: "tab_id" } },
  parameters: ActivateTabParameters,
  result: ActivateTabResult,
  relay: "tabs.activate",
})
