/**
 * The typed channel between an extension page (side panel, options) and the supervisor in the
 * offscreen document. It rides on a `chrome.runtime` Port, so both ends learn at once when the
 * other goes away. Requests and replies are matched by `id`; events flow from the supervisor.
 */
import * as Schema from "effect/Schema"
import type { WireError } from "./wire-error.ts"
import { PositiveWholeNumber } from "./primitives.ts"
import { ConsentGrant, MeshEvent } from "./events.ts"
import { ProviderKind } from "./settings.ts"
import { SUB_AGENT_TYPES } from "./tool-definition.ts"
import { RoutineIdParams, RoutineInput, RoutineUpdate } from "./routines.ts"

export const CHANNEL_PORT_NAME = "agent-mesh/channel"

export const ToolsCallParams = Schema.Struct({
  name: Schema.String,
  params: Schema.Unknown,
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
  conversationId: Schema.optionalKey(Schema.NonEmptyString),
  runId: Schema.optionalKey(Schema.NonEmptyString),
  model: Schema.optionalKey(Schema.Struct({ providerId: Schema.NonEmptyString, model: Schema.NonEmptyString })),
  system: Schema.optionalKey(Schema.String),
  /** Continue from before this message's seq (edit and resend, regenerate); the rest stays saved as an older branch. */
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
  description: Schema.optionalKey(Schema.String),
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

/** A method that takes no parameters. */
const NONE = null

/**
 * The message contract: every method a page (or the offscreen document's own `agent`) may ask of
 * the supervisor, with the schema of its parameters. The channel's request schema, the method
 * type of `agent-api.ts` and the offscreen document's handlers all come from this one map.
 */
const METHODS = {
  "tools.list": NONE,
  "tools.call": ToolsCallParams,
  "chat.start": ChatStartParams,
  "chat.stop": ConversationIdParams,
  "chat.running": NONE,
  "conversations.list": NONE,
  "conversations.get": ConversationIdParams,
  "conversations.delete": ConversationIdParams,
  "conversations.rename": RenameParams,
  "conversations.setInstructions": InstructionsParams,
  "questions.answer": AnswerParams,
  "questions.pending": NONE,
  "confirmations.answer": ConfirmParams,
  "confirmations.pending": NONE,
  "confirmations.grants": NONE,
  // Decoded by the registries themselves, whose errors name the field.
  "customTools.register": Schema.Unknown,
  "customTools.list": NONE,
  "customTools.remove": CustomToolNameParams,
  "customTools.setEnabled": CustomToolEnableParams,
  "mcp.add": Schema.Unknown,
  "mcp.test": Schema.Unknown,
  "mcp.list": NONE,
  "mcp.remove": McpNameParams,
  "mcp.accept": McpNameParams,
  "mcp.setEnabled": McpEnableParams,
  "providers.presets": NONE,
  "providers.test": ProviderTestParams,
  "agents.spawn": SpawnParams,
  "agents.spawned": NONE,
  "research.start": ResearchParams,
  "research.stop": JobIdParams,
  "research.list": NONE,
  "workspace.versions": WorkspacePathParams,
  "workspace.trash": NONE,
  "workspace.restore": WorkspaceRestoreParams,
  "workspace.usage": NONE,
  "routines.list": NONE,
  "routines.create": RoutineInput,
  "routines.update": RoutineUpdate,
  "routines.remove": RoutineIdParams,
  "routines.runNow": RoutineIdParams,
  "routines.history": RoutineIdParams,
} as const

/** Fault injection and inspection: methods that only a development build accepts. */
const DEBUG_METHODS = {
  "debug.crashWorker": DebugParams,
  "debug.stallWorker": DebugParams,
  "debug.killWorker": DebugParams,
  "debug.workers": NONE,
} as const

type Contract = typeof METHODS & typeof DEBUG_METHODS
export type ChannelMethod = keyof Contract

/** What each method's parameters are once decoded (undefined for a method that takes none). */
export type ChannelParams = { [M in ChannelMethod]: Contract[M] extends Schema.Top ? Contract[M]["Type"] : undefined }

/** The contract this build serves: the debug methods in development builds only. */
export const CHANNEL_METHODS: Partial<Record<ChannelMethod, Schema.Top | null>> = {
  ...METHODS,
  ...(__DEBUG_API__ ? DEBUG_METHODS : {}),
}

/** A request of one method, its parameters decoded: what the method's handler receives. */
type RequestMessage = {
  [M in ChannelMethod]: { readonly type: "request"; readonly id: string; readonly method: M; readonly params: ChannelParams[M] }
}[ChannelMethod]

/** Every message a page may send on the channel: a request of a method of the contract, or a cancel. */
export const ChannelRequest = Schema.Union([
  ...Object.entries(CHANNEL_METHODS).map(([method, params]) =>
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
  | { readonly type: "reply"; readonly id: string; readonly ok: true; readonly value: unknown }
  | { readonly type: "reply"; readonly id: string; readonly ok: false; readonly error: WireError }
  | { readonly type: "events"; readonly events: ReadonlyArray<MeshEvent> }
