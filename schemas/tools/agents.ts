/** Sub-agents: agent (worker group "agents"). */
import { Schema } from "effect"
import { defineTool, type ToolAnnotations } from "../tool-definition.ts"
import { WholeNumber, withDefault } from "../primitives.ts"

/** The kinds of sub-agent, and what each is for (the tools each gets are derived elsewhere). */
export const AgentType = Schema.Literals(["researcher", "page_operator", "general"])
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
  card: { subject: ["params.description", "params.type"], result: "answer" },
  group: "agents",
  description:
    "Start an independent sub-agent for a complex, self-contained sub-task (e.g. researching one question across many pages, or operating one tab) and get its final answer. It has its own conversation context, so its intermediate work does not fill yours; several can run in parallel. It cannot use ask_user or agent. Choose `type` to give it only the tools it needs.",
  annotations: { worksOn: "agents", readOnly: false, destructive: false, openWorld: true, spawnsAgent: true },
  parameters: AgentParameters,
  result: AgentResult,
  timeoutMs: AGENT_MAX_TIME_LIMIT_MS + AGENT_GRACE_MS,
})

/**
 * The tools of the specialised sub-agents, as the contract's table names them (docs/builtin-tools.md,
 * `agent`): a researcher reads the web and open pages (list_tabs, read-only, to find a tab); a
 * page operator works on tabs and their pages. A general sub-agent has every tool but those below.
 */
export const SUB_AGENT_TOOLS: Readonly<Record<Exclude<AgentType, "general">, ReadonlyArray<string>>> = {
  researcher: ["web_search", "web_fetch", "get_tab_content", "list_tabs"],
  page_operator: ["list_tabs", "open_tab", "close_tab", "activate_tab", "execute_script", "get_tab_content"],
}

/**
 * Whether a sub-agent of this type may use a tool. None may ask the user or start another agent
 * (by the tools' annotations); a general one has everything else, custom and MCP tools included;
 * a researcher also has the MCP tools that say they are read-only (`readOnlyHint`).
 */
export const subAgentMayUse = (type: AgentType, tool: { readonly name: string; readonly annotations: ToolAnnotations }): boolean => {
  if (tool.annotations.needsUser === true || tool.annotations.spawnsAgent === true) return false
  // MCP tools (docs/mcp.md): a researcher gets those its server calls read-only; a page operator none.
  if (tool.annotations.worksOn === "mcp") return type === "general" || (type === "researcher" && tool.annotations.readOnly)
  return type === "general" || SUB_AGENT_TOOLS[type].includes(tool.name)
}

/** The most steps (model turns) a sub-agent of each type may take. */
export const SUB_AGENT_STEP_LIMITS: Readonly<Record<AgentType, number>> = { researcher: 25, page_operator: 30, general: 40 }
