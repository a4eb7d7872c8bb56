/**
 * How a tool is defined, once: its name, the description the model reads, its annotations,
 * its parameter and result schemas, its worker group, its time limit and its error codes.
 * Everything else (the JSON Schema the model sees, validation, handler types, sub-agent tool
 * sets, confirmation rules, the fuzz suite's expectations, docs/tools.md) is derived from these
 * definitions, never from a second hand-kept list. The JSON Schema the model sees is
 * `parametersJsonSchema` (schemas/tool-json-schema.ts).
 */
// Types only: tool workers load this module for the helpers below, and Schema is not in their bundles.
import type * as Schema from "effect/Schema"
import { fromWire, isMeshErrorCode, ToolFailed, type MeshErrorCode, type ToolError, type WireError } from "./errors.ts"

/** The worker (or context) that runs a tool. One folder under `workers/` per group. */
export const TOOL_GROUPS = ["web", "tabs", "page", "workspace", "interaction", "agents", "tasks", "custom", "mcp"] as const
export type ToolGroup = (typeof TOOL_GROUPS)[number]

/**
 * The kinds of sub-agent (the `agent` tool's `type`). A general one gets every tool a sub-agent
 * may have; a specialised one only the tools whose definition names it (`subAgents`).
 */
export const SUB_AGENT_TYPES = ["researcher", "page_operator", "general"] as const
export type SubAgentType = (typeof SUB_AGENT_TYPES)[number]

/** What a tool works on. */
export type WorksOn = "search" | "url" | "tabs" | "page" | "files" | "tasks" | "user" | "agents" | "custom" | "mcp"

export interface ToolAnnotations {
  readonly worksOn: WorksOn
  /** Changes nothing outside the conversation's own scratch state (task list). */
  readonly readOnly: boolean
  /** May destroy something of the user's (a tab, a file, page state): each call waits for the user's yes. */
  readonly destructive: boolean
  /**
   * A destructive tool's question to the user: "<tool> <says> <the tab>", and the parameter it
   * shows in full (shell/hub/consent.ts). Without it: "<tool> would change <the tab> with <params>".
   */
  readonly confirm?: { readonly says: string; readonly shows?: "code" }
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
 * data out waits for the user's yes, whatever its arguments look like (shell/hub/consent.ts).
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
  /**
   * A parameter naming a tab the call acts on (navigates, reloads, closes, shows): the page in
   * that tab sees the act (an unload beacon, a visibility change), so its site is a destination too.
   */
  readonly signalsTab?: string
  /** A parameter whose presence alone makes the call act on `signalsTab`'s tab (capture_tab's `selector` scrolls the page). */
  readonly signalsTabWhen?: string
}

export interface ToolDefinition<
  Name extends string = string,
  P extends Schema.Top = Schema.Top,
  R extends Schema.Top = Schema.Top,
  Codes extends string = string,
> {
  readonly name: Name
  readonly group: ToolGroup
  /**
   * The worker that runs it, when its group has one worker per instance (an MCP server has its
   * own: `mcp:<server>`); by default the group's one worker.
   */
  readonly worker?: string
  /**
   * The service-worker route that does all of the tool's work, taking the tool's own parameters
   * and answering its result: the hub relays the call there itself, since a worker in between
   * would add two crossings and nothing else (close_tab, activate_tab).
   */
  readonly relay?: string
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
  /** The specialised sub-agents that get this tool (a general one gets every tool a sub-agent may use). */
  readonly subAgents?: ReadonlyArray<Exclude<SubAgentType, "general">>
  /** Its result carries an image (`image`: media_type and base64 data): offered only to models that see images. */
  readonly returnsImage?: true
  /**
   * The tool's own failure codes (`ToolFailed`), each with what it means for the model: what
   * happened and what to do next. A key written `prefix_<what>` stands for every code that
   * starts with `prefix_` (e.g. `model_http_<status>`). The mesh's codes (`MESH_CODES`,
   * schemas/errors.ts) apply to every tool and are not repeated here.
   */
  readonly errors: { readonly [C in Codes]: string }
}

/**
 * A call as a person reads it: the label is the message `tool_<name>` of the reader's locale,
 * else `label`; the subject is the first of these fields the call has (`params.<name>` or
 * `result.<name>`), e.g. "Read page · <title>"; the result shows as Markdown (its `content`), as
 * an answer (its `answer`, or the whole value when it is text), or as data.
 */
export interface ToolCardSpec {
  /**
   * The label in English, e.g. "Read page". Every language shows it until `_locales/` has the
   * tool's translations (`tool_<name>`, whose English must then be this); every built-in tool
   * has one (schemas/tools/cards.test.ts). Without it a card reads by the tool's name (MCP and
   * custom tools).
   */
  readonly label?: string
  readonly subject?: ReadonlyArray<`params.${string}` | `result.${string}`>
  /**
   * What the call came to, shown after the subject: the first of these its result has, e.g.
   * "Write file · notes/a.md · 1.2 kB", "List files · notes · 12 entries".
   */
  readonly outcome?: ReadonlyArray<CardOutcome>
  readonly result?: "markdown" | "answer" | "data"
}

/** The things a card may count, each worded in every locale (`toolCount_<noun>_one`, `toolCount_<noun>_other`). */
export const CARD_COUNT_NOUNS = ["entries", "lines", "tabs", "tasks", "results"] as const
export type CardCountNoun = (typeof CARD_COUNT_NOUNS)[number]

/**
 * A fact of a call's result a person reads at a glance: a size in bytes (`bytes`: a number
 * field), or how many of something (`count`: the length of a list, the result itself or a
 * field, or a number field), named by its noun (`of`).
 */
export type CardOutcome =
  { readonly bytes: `result.${string}` } | { readonly count: "result" | `result.${string}`; readonly of: CardCountNoun }

/** The summary of a `prompt` (web_fetch, get_tab_content): its default time limit and the most a setting may give it. */
export const SUMMARY_DEFAULT_TIMEOUT_MS = 120_000
export const SUMMARY_MAX_TIMEOUT_MS = 30 * 60_000

/**
 * The time limits of a read that a `prompt` may summarise (web_fetch, get_tab_content): the
 * request (or the page's reading), and the summary's own limit on top.
 */
export const SUMMARISED_READ_LIMITS = { timeoutMs: 30_000, summaryTimeoutMs: SUMMARY_MAX_TIMEOUT_MS } as const

/** The failures of the summary a `prompt` asks for (shell/hub/distill.ts). */
export const SUMMARY_ERRORS = {
  no_summary_model: "A prompt needs a summary model and none is set: call again without prompt to get the content itself.",
  summary_timeout:
    "The content was read, but the summary model did not finish within the summary time limit: call again without prompt, or with a shorter max_length.",
  summary_failed: "The summary model failed (the message says how): call again without prompt to get the content itself.",
} as const

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

export const defineTool = <const Name extends string, P extends Schema.Top, R extends Schema.Top, const Codes extends string = never>(
  definition: ToolDefinition<Name, P, R, Codes>,
): ToolDefinition<Name, P, R, Codes> => definition

/** What every tool of a group has, unless its definition says otherwise. */
export interface GroupDefaults<Shared extends string> {
  /** The usual time limit of one call; a definition may name its own. */
  readonly timeoutMs: number
  /** Failures every tool of the group may have, listed after each tool's own. */
  readonly errors?: { readonly [C in Shared]: string }
  /** The annotations of a group whose tools all do the same kind of thing (the task tools); a definition may name its own. */
  readonly annotations?: ToolAnnotations
  /** The specialised sub-agents that get the group's tools; a definition may name its own. */
  readonly subAgents?: ToolDefinition["subAgents"]
  /** What every card of the group shows beside its label (the workspace's: the path); a definition's card adds to it. */
  readonly card?: Omit<ToolCardSpec, "label">
}

/** What a group may give its tools, so that their definitions need not say it. */
type GroupDefault = "timeoutMs" | "annotations" | "subAgents"

/**
 * A group's tool as its module writes it: without the group, and with what its group gives it
 * (`Given`: the defaults the group names) optional.
 */
export type GroupToolDefinition<
  Name extends string,
  P extends Schema.Top,
  R extends Schema.Top,
  Codes extends string,
  Given extends GroupDefault = "timeoutMs",
> = Omit<ToolDefinition<Name, P, R, Codes>, "group" | "errors" | Given> &
  Partial<Pick<ToolDefinition<Name, P, R, Codes>, Given>> & { readonly errors?: { readonly [C in Codes]: string } }

/**
 * The `defineTool` of one group's module (schemas/tools/<group>.ts): each of its definitions gets
 * the group, the group's defaults where it names none of its own, the group's card under its
 * own, and the group's shared failures after its own.
 */
export const groupTools =
  <const Defaults extends GroupDefaults<string>>(group: ToolGroup, defaults: Defaults) =>
  <const Name extends string, P extends Schema.Top, R extends Schema.Top, const Codes extends string = never>(
    written: GroupToolDefinition<Name, P, R, Codes, Extract<keyof Defaults, GroupDefault>>,
  ): ToolDefinition<Name, P, R, Codes | SharedCodes<Defaults>> => {
    const definition = written as GroupToolDefinition<Name, P, R, Codes, GroupDefault>
    const annotations = definition.annotations ?? defaults.annotations
    if (annotations === undefined) throw new Error(`${definition.name}: neither it nor its group (${group}) gives its annotations`)
    const subAgents = definition.subAgents ?? defaults.subAgents
    const card = defaults.card === undefined ? definition.card : { ...defaults.card, ...definition.card }
    return defineTool({
      ...definition,
      group,
      annotations,
      ...(subAgents === undefined ? {} : { subAgents }),
      ...(card === undefined ? {} : { card }),
      timeoutMs: definition.timeoutMs ?? defaults.timeoutMs,
      errors: { ...definition.errors, ...defaults.errors } as { readonly [C in Codes | SharedCodes<Defaults>]: string },
    })
  }

/** The failures a group's defaults give every tool of it. */
type SharedCodes<D> = D extends { readonly errors: infer E } ? Extract<keyof E, string> : never

/**
 * What a tool worker needs of a definition: plain data, no schemas. Tool workers do not validate
 * (the supervisor decodes a call's parameters before they get it, and what they answer after),
 * so they import these from `schemas/tools/<group>.meta.ts`, which `npm run docs` writes from the
 * definitions; the definition itself is there as a type only, for the handler's types.
 */
export type ToolMeta<D extends ToolDefinition = ToolDefinition> = Pick<D, "name" | "group" | "timeoutMs"> &
  Partial<Pick<D, "worker" | "summaryTimeoutMs">> & {
    /** The codes the definition declares; their meanings are for the model, not the worker. */
    readonly errors: { readonly [C in keyof D["errors"]]: unknown }
    readonly [definitionOf]?: D
  }
declare const definitionOf: unique symbol
/** The definition behind a `ToolMeta` (or the definition itself). */
type DefinitionOf<T> = T extends ToolDefinition ? T : T extends { readonly [definitionOf]?: infer D } ? Exclude<D, undefined> : never

export type ParamsOf<T> = DefinitionOf<T> extends ToolDefinition<string, infer P, Schema.Top, string> ? P["Type"] : never
export type ResultOf<T> = DefinitionOf<T> extends ToolDefinition<string, Schema.Top, infer R, string> ? R["Type"] : never

/** A declared key as the codes it stands for: `model_http_<status>` is every `model_http_…`. */
type CodeOfKey<K> = K extends `${infer Prefix}<${string}>` ? `${Prefix}${string}` : K
/** The codes a tool declares for its own failures. */
export type ErrorCodeOf<T> = DefinitionOf<T> extends ToolDefinition<string, Schema.Top, Schema.Top, infer C> ? CodeOfKey<C> : never
/** What a tool's handler may fail with: the mesh's errors, and `ToolFailed` with a code it declares. */
export type ToolErrorOf<T> = Exclude<ToolError, ToolFailed> | ToolFailed<ErrorCodeOf<T> | MeshErrorCode>

/** The declared codes as written (`model_http_<status>` as such), in the order of the definition. */
export const declaredCodes = (definition: ToolMeta): ReadonlyArray<string> => Object.keys(definition.errors)

/** Whether the tool declares this code (itself, or by a `prefix_<what>` key). */
export const declaresCode = (definition: ToolMeta, code: string): boolean =>
  declaredCodes(definition).some((key) => {
    const open = key.indexOf("<")
    return open === -1 ? key === code : code.startsWith(key.slice(0, open)) && code.length > open
  })

/**
 * An error from code shared with other callers (the file system, the sandbox), as one the tool
 * may fail with. A code that neither the mesh nor the tool declares is a defect of the tool and
 * is reported as one (`tool_failed`), its code and message kept in the message.
 */
export const asToolError = <T extends ToolMeta>(definition: T, error: ToolError): ToolErrorOf<T> => {
  if (error._tag !== "ToolFailed" || isMeshErrorCode(error.code) || declaresCode(definition, error.code)) return error as ToolErrorOf<T>
  return new ToolFailed({
    code: "tool_failed",
    message: `${definition.name} failed with a code it does not declare (${error.code}): ${error.message}`,
  })
}

/** An error that crossed a boundary as plain data (a service-worker route, the summary model), as one the tool may fail with. */
export const failureOf = <T extends ToolMeta>(definition: T, wire: WireError): ToolErrorOf<T> =>
  asToolError(definition, fromWire(definition.name, wire))
