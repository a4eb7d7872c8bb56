// Written by `npm run docs` from ./tabs.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./tabs.ts"

export const activateTab: ToolMeta<typeof tools.activateTab> = {
  name: "activate_tab",
  group: "tabs",
  timeoutMs: 10000,
  errors: { browser_error: "The browser refused the operation (the message gives its reason)." },
}
export const closeTab: ToolMeta<typeof tools.closeTab> = {
  name: "close_tab",
  group: "tabs",
  timeoutMs: 10000,
  errors: { browser_error: "The browser refused the operation (the message gives its reason)." },
}
export const listTabs: ToolMeta<typeof tools.listTabs> = {
  name: "list_tabs",
  group: "tabs",
  timeoutMs: 10000,
  errors: { browser_error: "The browser refused the operation (the message gives its reason)." },
}
export const openTab: ToolMeta<typeof tools.openTab> = {
  name: "open_tab",
  group: "tabs",
  timeoutMs: 35000,
  errors: {
    navigation_failed:
      "The page did not load (the browser's network error is in the message), or the address did not open as a page; the tab was closed or sent back.",
    redirect_refused: "The address redirected to one open_tab refuses (not http, https or about:blank); the tab was closed or sent back.",
    blocked_by_fence:
      "The page, or a redirect or script on it, went to a site this conversation has not allowed while it holds the user's data; the browser stopped it and the tab shows why. Ask the user to allow that site.",
    browser_error: "The browser refused the operation (the message gives its reason).",
  },
}
