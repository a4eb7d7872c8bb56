/**
 * The typed channel between an extension page (side panel, options) and the supervisor in the
 * offscreen document. It rides on a `chrome.runtime` Port, so both ends learn at once when the
 * other goes away. Requests and replies are matched by `id`; events flow from the supervisor.
 */
import * as Schema from "effect/Schema"
import { PositiveWholeNumber } from "./primitives.ts"
import { ConsentGrant, MeshEvent } from "./events.ts"
import { ProviderKind } from "./settings.ts"
import { SUB_AGENT_TYPES } from "./tool-definition.ts"
import { RoutineIdParams, RoutineInput, RoutineUpdate, type RoutineListed, type RoutineRun } from "./routines.ts"
import type { Outcome } from "./errors.ts"
import type { Conversation, ConversationRecord } from "./conversation.ts"
import type { ConfirmationRequested, ConversationGrant, QuestionAsked, ResearchState } from "./events.ts"
import type * as Shapes from "./channel-types.ts"
import type { ToolInfo, WorkerState } from "../shell/hub/supervisor.ts"
import type { ConnectionResult, ProviderPreset } from "../workers/agent/providers/presets.ts"
import type { HistoryUsage } from "../workers/workspace/history.ts"

export const CHANNEL_PORT_NAME = "agent-mesh/channel"

export const ToolsCallParams = Schema.Struct({
  name: Schema.String,
  /** The tool's arguments (none: `{}`), decoded by its own parameters (toolsCallRequest). */
  params: Schema.optionalKey(Schema.Unknown),
  conversationId: Schema.optionalKey(Schema.String),
  /** A caller may ask for a shorter deadline than the tool's own. */
  timeoutMs: Schema.optionalKey(Schema.Finite.check(Schema.isGreaterThan(0))),
})
export type ToolsCallParams = typeof ToolsCallParams.Type

/**
 * A `tools.call` request of one tool, whose `params.params` is that tool's own parameter schema:
 * the request and the tool's arguments decode in one decode where the request arrives. Built by
 * the receiver once it has read the tool's name (shell/hub/channel/handlers.ts).
 */
export const toolsCallRequest = (parameters: Schema.Top) =>
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("tools.call"),
    params: Schema.Struct({ ...ToolsCallParams.fields, params: parameters }),
  })

export const DebugParams = Schema.Struct({
  group: Schema.String,
  ms: Schema.optionalKey(Schema.Finite),
})
export type DebugParams = typeof DebugParams.Type

export const ChatStartParams = Schema.Struct({
  prompt: Schema.String,
  /** Continue this conversation; default: a new one. */
  conversationId: Schema.optionalKey(Schema.NonEmptyString),
  runId: Schema.optionalKey(Schema.NonEmptyString),
  /** The model to use, else the conversation's, else the default model of the settings. */
  model: Schema.optionalKey(Schema.Struct({ providerId: Schema.NonEmptyString, model: Schema.NonEmptyString })),
  /** This conversation's own system prompt, kept with it. */
  system: Schema.optionalKey(Schema.String),
  /**
   * The seq of a message of the conversation: the prompt replaces it and what followed it (edit
   * and resend, or the last answer asked again). The replaced messages stay in the saved record.
   */
  branchFrom: Schema.optionalKey(PositiveWholeNumber),
})
export type ChatStartParams = typeof ChatStartParams.Type

export const AnswerParams = Schema.Struct({ id: Schema.NonEmptyString, answer: Schema.Unknown })
export const CustomToolNameParams = Schema.Struct({ name: Schema.String })
export const McpNameParams = Schema.Struct({ name: Schema.String })
export const McpEnableParams = Schema.Struct({
  name: Schema.String,
  enabled: Schema.Boolean,
  /** One tool of the server (its own name for it); default: the whole server. */
  tool: Schema.optionalKey(Schema.String),
  conversationId: Schema.optionalKey(Schema.String),
})
export const CustomToolEnableParams = Schema.Struct({
  name: Schema.String,
  enabled: Schema.Boolean,
  conversationId: Schema.optionalKey(Schema.NonEmptyString),
})
export const ConfirmParams = Schema.Struct({
  id: Schema.NonEmptyString,
  allow: Schema.Boolean,
  /** With a yes: allow the site for the conversation, always, or everything in the conversation. */
  grant: Schema.optionalKey(ConsentGrant),
})

export const ProviderTestParams = Schema.Struct({
  /** A saved provider (its stored key is used), or a provider being edited. */
  providerId: Schema.optionalKey(Schema.NonEmptyString),
  config: Schema.optionalKey(
    Schema.Struct({
      kind: ProviderKind,
      baseUrl: Schema.String,
      apiKey: Schema.optionalKey(Schema.String),
    }),
  ),
  model: Schema.optionalKey(Schema.String),
})

export const SpawnParams = Schema.Struct({
  agentId: Schema.optionalKey(Schema.NonEmptyString),
  type: Schema.Literals(SUB_AGENT_TYPES),
  prompt: Schema.NonEmptyString,
  /** A short label, shown in the UI. */
  description: Schema.optionalKey(Schema.String),
  /** A tab handed to the sub-agent. */
  tabId: Schema.optionalKey(Schema.Finite),
})

export const ResearchParams = Schema.Struct({
  jobId: Schema.optionalKey(Schema.NonEmptyString),
  question: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(4000)),
  /** How many researchers work in parallel (default 4). */
  researchers: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 8 }))),
  conversationId: Schema.optionalKey(Schema.NonEmptyString),
  /** The language of the person who asked (BCP 47): the report's fixed words and dates. */
  language: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(35))),
  budget: Schema.optionalKey(
    Schema.Struct({
      steps: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      tokens: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      wallMs: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1000))),
    }),
  ),
})
export const JobIdParams = Schema.Struct({ jobId: Schema.NonEmptyString })

export const ConversationIdParams = Schema.Struct({ conversationId: Schema.NonEmptyString })
export type ConversationIdParams = typeof ConversationIdParams.Type
export const RenameParams = Schema.Struct({
  conversationId: Schema.NonEmptyString,
  title: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
})

/** A conversation's own instructions, added to the system prompt after the global one ("" clears them). */
export const InstructionsParams = Schema.Struct({
  conversationId: Schema.NonEmptyString,
  system: Schema.String.check(Schema.isMaxLength(20_000)),
})

/** The workspace's undo (workers/workspace/history.ts): a file's versions, the trash, a restore. */
export const WorkspacePathParams = Schema.Struct({ path: Schema.String.check(Schema.isMaxLength(1024)) })
export const WorkspaceRestoreParams = Schema.Struct({ id: Schema.NonEmptyString.check(Schema.isMaxLength(200)) })

/** True in development builds, which carry the debug API; build.mjs defines it. */
declare const __DEBUG_API__: boolean

/** A method's reply type: a type only, which the hub's handler must produce and the caller gets. */
export interface Returns<A> {
  readonly reply?: A
}
const returns = <A = null>(): Returns<A> => ({})

/** How `globalThis.agent` offers a method (shell/client/agent-api.ts builds it from this). */
export interface Face {
  /** The parameters it takes in order; the others come in an options object after them. */
  readonly args?: ReadonlyArray<string>
  /** Its name there, when not its own; false: only through a composite (`agent.chat`, ...). */
  readonly api?: string | false
}

/** A method of the contract: its parameters' schema (null: none), its reply type, its face. */
export interface MethodSpec<P extends Schema.Top | null = Schema.Top | null, A = unknown, F extends Face = Face> {
  readonly params: P
  readonly reply: Returns<A>
  readonly face: F
}
const method = <P extends Schema.Top | null, A, const F extends Face = {}>(
  params: P,
  reply: Returns<A>,
  face?: F,
): MethodSpec<P, A, F> => ({
  params,
  reply,
  face: face ?? ({} as F),
})

/** Parameters a registry decodes itself, whose errors name the field: typed here, checked there. */
const checkedByHandler = <T>() => Schema.declare((_: unknown): _ is T => true)

/** A method that takes no parameters. */
const NONE = null

type Pair = { readonly conversationId: string; readonly runId: string }

/**
 * The message contract: every method a page (or the offscreen document's own `agent`) may ask of
 * the supervisor, with the schema of its parameters and the type of its reply. The channel's
 * request schema, `globalThis.agent` (shell/client/agent-api.ts) and the type of the offscreen
 * document's handlers all come from this one map: a method is written here and in its handler.
 */
const METHODS = {
  "tools.list": method(NONE, returns<ReadonlyArray<ToolInfo>>()),
  "tools.call": method(ToolsCallParams, returns<unknown>(), { args: ["name", "params"] }),
  "chat.start": method(ChatStartParams, returns<Pair>(), { api: false }),
  "chat.stop": method(ConversationIdParams, returns<boolean>(), { args: ["conversationId"], api: "stop" }),
  "chat.running": method(NONE, returns<ReadonlyArray<Pair>>(), { api: "conversations.running" }),
  "conversations.list": method(NONE, returns<ReadonlyArray<ConversationRecord>>()),
  "conversations.get": method(ConversationIdParams, returns<Conversation | null>(), { args: ["conversationId"] }),
  "conversations.delete": method(ConversationIdParams, returns<boolean>(), { args: ["conversationId"] }),
  "conversations.rename": method(RenameParams, returns<ConversationRecord>(), { args: ["conversationId", "title"] }),
  "conversations.setInstructions": method(InstructionsParams, returns<ConversationRecord>(), { args: ["conversationId", "system"] }),
  "questions.answer": method(AnswerParams, returns<unknown>(), { args: ["id", "answer"], api: "answer" }),
  "questions.pending": method(NONE, returns<ReadonlyArray<QuestionAsked>>()),
  "confirmations.answer": method(ConfirmParams, returns(), { args: ["id", "allow", "grant"], api: "confirm" }),
  "confirmations.pending": method(NONE, returns<ReadonlyArray<ConfirmationRequested>>()),
  "confirmations.grants": method(NONE, returns<ReadonlyArray<ConversationGrant>>()),
  "customTools.register": method(checkedByHandler<Shapes.CustomToolInput>(), returns<Shapes.CustomToolInfo>()),
  "customTools.list": method(NONE, returns<ReadonlyArray<Shapes.CustomToolInfo & { readonly code: string }>>()),
  "customTools.remove": method(CustomToolNameParams, returns<boolean>(), { args: ["name"] }),
  "customTools.setEnabled": method(CustomToolEnableParams, returns<Shapes.CustomToolInfo>(), { args: ["name", "enabled"] }),
  "mcp.add": method(checkedByHandler<Shapes.McpServerSettings & Shapes.McpAddOptions>(), returns<Shapes.McpServerInfo>()),
  "mcp.test": method(checkedByHandler<Partial<Shapes.McpServerSettings> & { name: string }>(), returns<Shapes.McpTestResult>()),
  "mcp.list": method(NONE, returns<ReadonlyArray<Shapes.McpServerInfo>>()),
  "mcp.remove": method(McpNameParams, returns<boolean>(), { args: ["name"] }),
  "mcp.accept": method(McpNameParams, returns<Shapes.McpServerInfo>(), { args: ["name"] }),
  "mcp.setEnabled": method(McpEnableParams, returns<Shapes.McpServerInfo>(), { args: ["name", "enabled"] }),
  "providers.presets": method(NONE, returns<ReadonlyArray<ProviderPreset>>()),
  "providers.test": method(ProviderTestParams, returns<ConnectionResult>()),
  "agents.spawn": method(SpawnParams, returns<Shapes.SpawnResult>(), { api: false }),
  "agents.spawned": method(NONE, returns<ReadonlyArray<Shapes.SpawnJob>>(), { api: "spawnJobs.list" }),
  "research.start": method(ResearchParams, returns<{ readonly jobId: string }>(), { api: false }),
  "research.stop": method(JobIdParams, returns<boolean>(), { args: ["jobId"], api: "researchJobs.stop" }),
  "research.list": method(NONE, returns<ReadonlyArray<ResearchState>>(), { api: "researchJobs.list" }),
  "workspace.versions": method(WorkspacePathParams, returns<ReadonlyArray<Shapes.WorkspaceKept>>(), { args: ["path"] }),
  "workspace.trash": method(NONE, returns<ReadonlyArray<Shapes.WorkspaceKept>>()),
  "workspace.restore": method(WorkspaceRestoreParams, returns<Shapes.WorkspaceKept>(), { args: ["id"] }),
  "workspace.usage": method(NONE, returns<HistoryUsage>()),
  "routines.list": method(NONE, returns<ReadonlyArray<RoutineListed>>()),
  "routines.create": method(RoutineInput, returns<RoutineListed>()),
  "routines.update": method(RoutineUpdate, returns<RoutineListed>(), { args: ["id", "patch"] }),
  "routines.remove": method(RoutineIdParams, returns<boolean>(), { args: ["id"] }),
  "routines.runNow": method(RoutineIdParams, returns<Pair>(), { args: ["id"] }),
  "routines.history": method(RoutineIdParams, returns<ReadonlyArray<RoutineRun>>(), { args: ["id"] }),
} as const

/** Fault injection and inspection: methods that only a development build accepts. */
const DEBUG_METHODS = {
  "debug.crashWorker": method(DebugParams, returns(), { args: ["group"] }),
  "debug.stallWorker": method(DebugParams, returns(), { args: ["group", "ms"] }),
  "debug.killWorker": method(DebugParams, returns(), { args: ["group"] }),
  // each worker: alive, how often replaced, and the calls posted to it that have not settled
  "debug.workers": method(NONE, returns<Record<string, WorkerState>>()),
} as const

export type Contract = typeof METHODS & typeof DEBUG_METHODS
export type ChannelMethod = keyof Contract

/** What each method's parameters are once decoded (undefined for a method that takes none). */
export type ChannelParams = {
  [M in ChannelMethod]: Contract[M]["params"] extends Schema.Top ? Contract[M]["params"]["Type"] : undefined
}

/** What each method answers. */
export type ReplyOf<M extends ChannelMethod> = Contract[M]["reply"] extends Returns<infer A> ? A : never

/** The contract this build serves: the debug methods in development builds only. */
export const CHANNEL_METHODS: Partial<Record<ChannelMethod, MethodSpec>> = {
  ...METHODS,
  ...(__DEBUG_API__ ? DEBUG_METHODS : {}),
}

/** A request of one method, its parameters decoded: what the method's handler receives. */
type RequestMessage = {
  [M in ChannelMethod]: { readonly type: "request"; readonly id: string; readonly method: M; readonly params: ChannelParams[M] }
}[ChannelMethod]

/** Every message a page may send on the channel: a request of a method of the contract, or a cancel. */
export const ChannelRequest = Schema.Union([
  ...Object.entries(CHANNEL_METHODS).map(([method, { params }]) =>
    Schema.Struct({
      type: Schema.Literal("request"),
      id: Schema.String,
      method: Schema.Literal(method),
      ...(params ? { params } : {}),
    }),
  ),
  Schema.Struct({ type: Schema.Literal("cancel"), id: Schema.String }),
]) as unknown as Schema.Codec<RequestMessage | { readonly type: "cancel"; readonly id: string }, unknown>
export type ChannelRequest = typeof ChannelRequest.Type

/** The events of one moment, in the order they happened: the part of the channel's messages a page decodes. */
export const ChannelEvents = Schema.Array(MeshEvent)

/**
 * What the supervisor sends a page. A page decodes the events, which come from agent workers
 * that are built without schemas and checked nowhere before. It does not decode a reply: the
 * channel server builds it from values decoded where they entered the extension (a tool's
 * result where it came from its worker, an error the supervisor made), and the Port joins two of
 * the extension's own documents (the server refuses any other sender), so a decode would check
 * again what was checked.
 */
export type ChannelReply =
  | ({ readonly type: "reply"; readonly id: string } & Outcome<unknown>)
  | { readonly type: "events"; readonly events: ReadonlyArray<MeshEvent> }
