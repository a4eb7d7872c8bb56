// Written by `npm run docs` from ./agents.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./agents.ts"

export const AGENT_GRACE_MS = 5000
export const AGENT_MAX_TIME_LIMIT_MS = 3600000
export const AGENT_TIME_LIMIT_MS = 600000
export const agent: ToolMeta<typeof tools.agent> = {
  name: "agent",
  group: "agents",
  timeoutMs: 3605000,
  errors: {
    busy: "That sub-agent is already running.",
    no_model: "No model is configured for the sub-agent: the user chooses one in Settings.",
    step_limit: "The sub-agent used all its steps without finishing; the message has its last answer.",
    loop_detected: "The sub-agent kept repeating the same call and was stopped.",
    agent_failed: "The sub-agent's run failed (the message says why).",
    agent_crashed: "The sub-agent's worker stopped unexpectedly.",
    model_error: "The model request failed (the message says why).",
    "model_http_<status>":
      "The model service answered with this HTTP status (e.g. model_http_401: the API key is refused; 429: rate limited).",
    "model_<failure>":
      "The model service failed: model_network (not reached), model_stalled (went silent), model_stream or model_protocol (a broken answer), model_redirect, model_too_large, model_cancelled.",
  },
}
