/** Sub-agents: agent (worker group "agents"). */
import * as Schema from "effect/Schema"
import { defineTool, SUB_AGENT_TYPES, type ToolDefinition } from "../tool-definition.ts"
import { WholeNumber, withDefault } from "../primitives.ts"

/** The kinds of sub-agent; the tools each gets are named on the tools' definitions (`subAgents`). */
export const AgentType = Schema.Literals(SUB_AGENT_TYPES)
export type AgentType = typeof AgentType.Type

/** How long a sub-agent may run, and the grace for its final answer to arrive. */
export const AGENT_TIME_LIMIT_MS = 10 * 60_000
/** The longest the time-limit setting allows; the setting (subAgentTimeLimitMs) decides. */
export const AGENT_MAX_TIME_LIMIT_MS = 60 * 60_000
export const AGENT_GRACE_MS = 5_000

export const AgentParameters = Schema.Struct({
  prompt: Schema.NonEmptyString.annotate({
    description:
      "The sub-task, complete and self-contained: the sub-agent does not see this conversation, so include every detail it needs and say what its answer should contain.",
  }),
  description: Schema.optionalKey(
    Schema.String.annotate({ description: "A short label of a few words, shown to the user while the sub-agent works." }),
  ),
  type: AgentType.annotate({
    description:
      'The kind of sub-agent (default "general"): "researcher" finds information, read-only (web_search, web_fetch, get_tab_content, list_tabs); "page_operator" automates the browser (list_tabs, open_tab, close_tab, activate_tab, execute_script, get_tab_content); "general" has all tools but ask_user and agent.',
  }).pipe(withDefault("general" as const)),
  tab_id: Schema.optionalKey(
    WholeNumber.annotate({
      description: "A tab handed to the sub-agent, which then works on that tab (tab_id from list_tabs or open_tab).",
    }),
  ),
})

export const AgentResult = Schema.Struct({
  agent_id: Schema.String.annotate({ description: "The sub-agent's ID." }),
  type: AgentType.annotate({ description: "The sub-agent's type." }),
  answer: Schema.String.annotate({ description: "The sub-agent's final answer." }),
  steps: WholeNumber.annotate({ description: "How many steps (model turns) it took." }),
})

export const agent = defineTool({
  name: "agent",
  card: { label: "Sub-agent", subject: ["params.description", "params.type"], result: "answer" },
  group: "agents",
  description:
    "Start an independent sub-agent for a complex, self-contained sub-task (e.g. researching one question across many pages, or operating one tab) and get its final answer. It has its own conversation context, so its intermediate work does not fill yours; several can run in parallel. It cannot use ask_user or agent. Choose `type` to give it only the tools it needs.",
  annotations: { worksOn: "agents", readOnly: false, destructive: false, openWorld: true, spawnsAgent: true },
  parameters: AgentParameters,
  result: AgentResult,
  timeoutMs: AGENT_MAX_TIME_LIMIT_MS + AGENT_GRACE_MS,
  // Its time limit is `timeout`, a stop is `cancelled`; the rest is the sub-agent's run failing.
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
})

/**
 * Whether a sub-agent of this type may use a tool. None may ask the user or start another agent
 * (by the tools' annotations); a general one has everything else, custom and MCP tools included; a
 * researcher or a page operator the tools whose definition names it (`subAgents`), as the
 * contract's table under `agent` says (docs/builtin-tools.md).
 */
export const subAgentMayUse = (type: AgentType, tool: Pick<ToolDefinition, "annotations" | "subAgents">): boolean => {
  if (tool.annotations.needsUser === true || tool.annotations.spawnsAgent === true) return false
  return type === "general" || (tool.subAgents?.includes(type) ?? false)
}

/** The most steps (model turns) a sub-agent of each type may take. */
export const SUB_AGENT_STEP_LIMITS: Readonly<Record<AgentType, number>> = { researcher: 25, page_operator: 30, general: 40 }
