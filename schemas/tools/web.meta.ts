// Written by `npm run docs` from ./web.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./web.ts"

export const webFetch: ToolMeta<typeof tools.webFetch> = { name: "web_fetch", group: "web", timeoutMs: 30000, summaryTimeoutMs: 1800000, errors: { http_error: true, network_error: true, unsupported_content_type: true, unreadable_content: true, too_large: true, too_many_redirects: true, redirect_refused: true, redirect_unreadable: true, no_summary_model: true, summary_timeout: true, summary_failed: true } }
export const webSearch: ToolMeta<typeof tools.webSearch> = { name: "web_search", group: "web", timeoutMs: 15000, errors: { search_http_error: true, search_network_error: true, search_blocked: true, search_bad_response: true, search_links_unresolved: true, search_api_error: true, missing_api_key: true, search_response_too_large: true } }
