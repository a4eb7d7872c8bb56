// Written by `npm run docs` from ./agents.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./agents.ts"

export const AGENT_GRACE_MS = 5000
export const AGENT_MAX_TIME_LIMIT_MS = 3600000
export const AGENT_TIME_LIMIT_MS = 600000
export const agent: ToolMeta<typeof tools.agent> = { name: "agent", group: "agents", timeoutMs: 3605000, errors: { busy: true, no_model: true, step_limit: true, loop_detected: true, agent_failed: true, agent_crashed: true, model_error: true, "model_http_<status>": true, "model_<failure>": true } }
