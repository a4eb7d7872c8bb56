/**
 * How a tool is defined, once: its name, the description the model reads, its annotations,
 * its parameter and result schemas, its worker group and its time limit. Everything else
 * (the JSON Schema the model sees, validation, sub-agent tool sets, confirmation rules) is
 * derived from these definitions, never from a second hand-kept list.
 */
import { Schema } from "effect"

/** The worker (or context) that runs a tool. One folder under `workers/` per group. */
export const TOOL_GROUPS = ["web", "tabs", "page", "workspace", "interaction", "agents", "tasks", "custom", "mcp"] as const
export type ToolGroup = (typeof TOOL_GROUPS)[number]

/** What a tool works on; sub-agent types pick their tools by it (schemas/tools/agents.ts). */
export type WorksOn = "search" | "url" | "tabs" | "page" | "files" | "tasks" | "user" | "agents" | "custom" | "mcp"

export interface ToolAnnotations {
  readonly worksOn: WorksOn
  /** Changes nothing outside the conversation's own scratch state (task list). */
  readonly readOnly: boolean
  /** May destroy something of the user's (a tab, a file, page state). */
  readonly destructive: boolean
  /** Reaches the network or a web page, so what it sends or reads crosses the browser's edge. */
  readonly openWorld: boolean
  /** Needs a person to answer; never given to a sub-agent. */
  readonly needsUser?: boolean
  /** Starts another agent; never given to a sub-agent (no recursion). */
  readonly spawnsAgent?: boolean
  /** What the tool brings into a run's context and where it can carry data (docs/security.md). */
  readonly flow?: FlowAnnotation
}

/**
 * The labels a run's context carries: *private* (what the user owns: their tabs, files, answers,
 * local network) and *untrusted* (what a page or the web wrote). A run holding both may be
 * steered by the untrusted part into sending the private part out, so every call that can carry
 * data out waits for the user's yes, whatever its arguments look like (workers/mesh/consent.ts).
 */
export type FlowLabel = "private" | "untrusted"

export interface FlowAnnotation {
  /** The labels its result (or its error, for untrusted) adds to the run. */
  readonly reads?: ReadonlyArray<FlowLabel>
  /** It reads, sends and destroys only when this parameter has this value (absent: `absentMeans`). */
  readonly readsWhen?: { readonly param: string; readonly equals: string; readonly absentMeans: string }
  /** A URL parameter: the result of a request to loopback or a private network is private too. */
  readonly privateWhenLocal?: string
  /**
   * Where the call can carry data: the origin of a URL parameter (the host name and path are data
   * too), a fixed origin (an MCP server, which receives every call's arguments), the configured
   * search engine (the query), the tool itself (custom tools, whose code decides where things
   * go), or anywhere (a script in a page can reach any site).
   */
  readonly sendsTo?: { readonly urlParam: string } | { readonly origin: string } | "search_engine" | "tool" | "anywhere"
}

export interface ToolDefinition<Name extends string = string, P extends Schema.Top = Schema.Top, R extends Schema.Top = Schema.Top> {
  readonly name: Name
  readonly group: ToolGroup
  /**
   * The worker that runs it, when its group has one worker per instance (an MCP server has its
   * own: `mcp:<server>`); by default the group's one worker.
   */
  readonly worker?: string
  /** Written for the model: what it does, when to use it, which tools to call next. */
  readonly description: string
  readonly annotations: ToolAnnotations
  /** A `Schema.Struct` of the parameters; each field annotated with a description. */
  readonly parameters: P
  readonly result: R
  /** The time limit of one call, in milliseconds (with a summary, of the work before it). */
  readonly timeoutMs: number
  /**
   * Tools with a `prompt` parameter: the ceiling of the summary's own time limit, which comes on
   * top of `timeoutMs` when a prompt is given. The user's setting (`summaryTimeoutMs`) is the
   * real limit, enforced by the handler; this is what the supervisor allows at most.
   */
  readonly summaryTimeoutMs?: number
  /** A JSON Schema given as is (custom tools), shown to the model instead of one derived from `parameters`. */
  readonly jsonSchema?: Record<string, unknown>
  /** How a person sees a call of it in the side panel (components/tool-card-text.ts). */
  readonly card?: ToolCardSpec
}

/**
 * A call as a person reads it: the label is the message `tool_<name>` of each locale; the
 * subject is the first of these fields the call has (`params.<name>` or `result.<name>`), e.g.
 * "Read page · <title>"; the result shows as Markdown (its `content`), as an answer (its
 * `answer`, or the whole value when it is text), or as data.
 */
export interface ToolCardSpec {
  readonly subject?: ReadonlyArray<`params.${string}` | `result.${string}`>
  readonly result?: "markdown" | "answer" | "data"
}

/** The summary of a `prompt` (web_fetch, get_tab_content): its default time limit and the most a setting may give it. */
export const SUMMARY_DEFAULT_TIMEOUT_MS = 120_000
export const SUMMARY_MAX_TIMEOUT_MS = 30 * 60_000

/**
 * The time limit the supervisor applies to one call with these (decoded) parameters: the
 * tool's own, plus the summary's ceiling when the call asks for a summary.
 */
export const callTimeLimitMs = (definition: ToolDefinition, params: unknown): number => {
  const summarised =
    definition.summaryTimeoutMs !== undefined &&
    typeof params === "object" &&
    params !== null &&
    (params as { prompt?: unknown }).prompt !== undefined
  return definition.timeoutMs + (summarised ? definition.summaryTimeoutMs! : 0)
}

export const defineTool = <const Name extends string, P extends Schema.Top, R extends Schema.Top>(
  definition: ToolDefinition<Name, P, R>,
): ToolDefinition<Name, P, R> => definition

export type ParamsOf<T> = T extends ToolDefinition<string, infer P, Schema.Top> ? P["Type"] : never
export type ResultOf<T> = T extends ToolDefinition<string, Schema.Top, infer R> ? R["Type"] : never

/** The JSON Schema the model sees for a tool's parameters (draft 2020-12, no `$schema`). */
export const parametersJsonSchema = (definition: ToolDefinition): Record<string, unknown> => {
  if (definition.jsonSchema !== undefined) return definition.jsonSchema
  const document = Schema.toJsonSchemaDocument(definition.parameters, { onExcessProperty: "error" })
  return document.schema as Record<string, unknown>
}
