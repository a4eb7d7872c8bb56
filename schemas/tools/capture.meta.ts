// Written by `npm run docs` from ./capture.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./capture.ts"

export const captureTab: ToolMeta<typeof tools.captureTab> = { name: "capture_tab", group: "page", timeoutMs: 30000, errors: { page_not_readable: true, selector_not_found: true, tab_not_visible: true, capture_failed: true } }
