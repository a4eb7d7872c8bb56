// Written by `npm run docs` from ./page.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./page.ts"

export const executeScript: ToolMeta<typeof tools.executeScript> = { name: "execute_script", group: "page", timeoutMs: 35000, errors: { script_error: true, scripts_blocked: true, sandbox_crashed: true, sandbox_memory: true, browser_error: true } }
export const getTabContent: ToolMeta<typeof tools.getTabContent> = { name: "get_tab_content", group: "page", timeoutMs: 30000, summaryTimeoutMs: 1800000, errors: { page_not_readable: true, selector_not_found: true, no_summary_model: true, summary_timeout: true, summary_failed: true } }
