/**
 * The typed channel between an extension page (side panel, options) and the supervisor in the
 * offscreen document. It rides on a `chrome.runtime` Port, so both ends learn at once when the
 * other goes away. Requests and replies are matched by `id`; events flow from the supervisor.
 */
import * as Schema from "effect/Schema"
import { WireError } from "./wire-error.ts"
import { PositiveWholeNumber } from "./primitives.ts"
import { ConsentGrant, MeshEvent } from "./events.ts"
import { ProviderKind } from "./settings.ts"
import { SUB_AGENT_TYPES } from "./tool-definition.ts"

export const CHANNEL_PORT_NAME = "agent-mesh/channel"

export const ToolsCallParams = Schema.Struct({
  name: Schema.String,
  params: Schema.Unknown,
  conversationId: Schema.optionalKey(Schema.String),
  /** A caller may ask for a shorter deadline than the tool's own. */
  timeoutMs: Schema.optionalKey(Schema.Finite.check(Schema.isGreaterThan(0))),
})
export type ToolsCallParams = typeof ToolsCallParams.Type

export const DebugParams = Schema.Struct({
  group: Schema.String,
  ms: Schema.optionalKey(Schema.Finite),
})

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

/** Fault injection and inspection: requests that only a development build accepts. */
const debugRequests = () =>
  [
    Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("debug.crashWorker"), params: DebugParams }),
    Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("debug.stallWorker"), params: DebugParams }),
    Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("debug.workers") }),
    Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("debug.killWorker"), params: DebugParams }),
  ] as const

/** Every request a page may make of the supervisor, by method. */
export const ChannelRequest = Schema.Union([
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("tools.list") }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("tools.call"), params: ToolsCallParams }),
  ...(__DEBUG_API__ ? debugRequests() : []),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("chat.start"), params: ChatStartParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("chat.stop"), params: ConversationIdParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("chat.running") }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("conversations.list") }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("questions.answer"), params: AnswerParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("questions.pending") }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("confirmations.answer"),
    params: ConfirmParams,
  }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("confirmations.pending") }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("customTools.register"),
    params: Schema.Unknown,
  }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("customTools.list") }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("customTools.remove"),
    params: CustomToolNameParams,
  }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("customTools.setEnabled"),
    params: CustomToolEnableParams,
  }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("providers.presets") }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("mcp.add"), params: Schema.Unknown }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("mcp.test"), params: Schema.Unknown }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("mcp.list") }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("mcp.remove"), params: McpNameParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("mcp.accept"), params: McpNameParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("mcp.setEnabled"), params: McpEnableParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("agents.spawn"), params: SpawnParams }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("providers.test"),
    params: ProviderTestParams,
  }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("conversations.get"),
    params: ConversationIdParams,
  }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("conversations.delete"),
    params: ConversationIdParams,
  }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("conversations.rename"),
    params: RenameParams,
  }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("conversations.setInstructions"),
    params: InstructionsParams,
  }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("research.start"), params: ResearchParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("research.stop"), params: JobIdParams }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("research.list") }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("agents.spawned") }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("workspace.versions"),
    params: WorkspacePathParams,
  }),
  Schema.Struct({ type: Schema.Literal("request"), id: Schema.String, method: Schema.Literal("workspace.trash") }),
  Schema.Struct({
    type: Schema.Literal("request"),
    id: Schema.String,
    method: Schema.Literal("workspace.restore"),
    params: WorkspaceRestoreParams,
  }),
  Schema.Struct({ type: Schema.Literal("cancel"), id: Schema.String }),
])
export type ChannelRequest = typeof ChannelRequest.Type

export const ChannelReply = Schema.Union([
  Schema.Struct({ type: Schema.Literal("reply"), id: Schema.String, ok: Schema.Literal(true), value: Schema.Unknown }),
  Schema.Struct({ type: Schema.Literal("reply"), id: Schema.String, ok: Schema.Literal(false), error: WireError }),
  // Events in the order they happened, those of one moment in one message.
  Schema.Struct({ type: Schema.Literal("events"), events: Schema.Array(MeshEvent) }),
])
export type ChannelReply = typeof ChannelReply.Type
