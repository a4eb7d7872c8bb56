// Written by `npm run docs` from ./tabs.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./tabs.ts"

export const activateTab: ToolMeta<typeof tools.activateTab> = { name: "activate_tab", group: "tabs", timeoutMs: 10000, errors: { browser_error: true } }
export const closeTab: ToolMeta<typeof tools.closeTab> = { name: "close_tab", group: "tabs", timeoutMs: 10000, errors: { browser_error: true } }
export const listTabs: ToolMeta<typeof tools.listTabs> = { name: "list_tabs", group: "tabs", timeoutMs: 10000, errors: { browser_error: true } }
export const openTab: ToolMeta<typeof tools.openTab> = { name: "open_tab", group: "tabs", timeoutMs: 35000, errors: { navigation_failed: true, redirect_refused: true, blocked_by_fence: true, browser_error: true } }
