/**
 * Saved conversations, as stored in IndexedDB and returned by `agent.conversations`. Each
 * message is its own record, committed as its step completes; the stored format carries a
 * version so later builds can migrate it.
 */
import * as Schema from "effect/Schema"
import { WireError } from "./wire-error.ts"

import { CONVERSATION_FORMAT_VERSION } from "./format-versions.ts"

export { CONVERSATION_FORMAT_VERSION }

export const ReasoningBlock = Schema.Struct({
  text: Schema.String,
  signature: Schema.optionalKey(Schema.String),
  redactedData: Schema.optionalKey(Schema.String),
})

export const ToolCall = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  arguments: Schema.Unknown,
  invalidArguments: Schema.optionalKey(Schema.String),
})

export const Usage = Schema.Struct({
  inputTokens: Schema.Number,
  outputTokens: Schema.Number,
  cachedInputTokens: Schema.optionalKey(Schema.Number),
  cacheWriteTokens: Schema.optionalKey(Schema.Number),
})
export type Usage = typeof Usage.Type

/** An image a tool returned (capture_tab): base64 bytes, kept with the result that brought it. */
export const ImagePart = Schema.Struct({
  mediaType: Schema.String,
  data: Schema.String,
  width: Schema.optionalKey(Schema.Number),
  height: Schema.optionalKey(Schema.Number),
})

export const ChatMessage = Schema.Union([
  Schema.Struct({ role: Schema.Literal("user"), content: Schema.String }),
  Schema.Struct({
    role: Schema.Literal("assistant"),
    content: Schema.String,
    reasoning: Schema.optionalKey(Schema.Array(ReasoningBlock)),
    toolCalls: Schema.optionalKey(Schema.Array(ToolCall)),
  }),
  Schema.Struct({
    role: Schema.Literal("tool"),
    toolCallId: Schema.String,
    name: Schema.String,
    content: Schema.String,
    isError: Schema.optionalKey(Schema.Boolean),
    images: Schema.optionalKey(Schema.Array(ImagePart)),
  }),
])
export type ChatMessage = typeof ChatMessage.Type

export const RunStatus = Schema.Literals(["running", "completed", "stopped", "failed", "step_limit"])
export type RunStatus = typeof RunStatus.Type

/** One saved message: what the model saw or said, with what the UI shows beside it. */
export const MessageRecord = Schema.Struct({
  conversationId: Schema.String,
  seq: Schema.Number,
  runId: Schema.String,
  at: Schema.Number,
  message: ChatMessage,
  /** The model that wrote an assistant message. */
  model: Schema.optionalKey(Schema.String),
  usage: Schema.optionalKey(Usage),
  /** For a tool result: how long the call took, its raw result and its error. */
  tool: Schema.optionalKey(
    Schema.Struct({
      durationMs: Schema.Number,
      params: Schema.Unknown,
      result: Schema.optionalKey(Schema.Unknown),
      error: Schema.optionalKey(WireError),
    }),
  ),
  /**
   * A note of the run itself (stopped, failed, step limit), shown to the user, not sent to the
   * model. `message` is English, for exports and the API; the UI words `code` with `params`
   * (the message `notice_<code>`, or for a failure the error's `error_<code>`).
   */
  notice: Schema.optionalKey(
    Schema.Struct({
      status: RunStatus,
      message: Schema.String,
      code: Schema.optionalKey(Schema.String),
      params: Schema.optionalKey(Schema.Array(Schema.String)),
    }),
  ),
  /**
   * A user-role message the agent wrote to the model in the user's place, saying what was wrong
   * with its last reply (`empty_reply`, `tool_markup`): sent to the model, not shown as the user's.
   */
  nudge: Schema.optionalKey(Schema.String),
  /** An assistant message the user stopped while it streamed: what it had written by then. */
  stopped: Schema.optionalKey(Schema.Literal(true)),
  /**
   * The message belongs to an older branch: the user edited a message before it, or asked for
   * the answer again, in run `byRunId`. It stays in the record and is no longer sent or shown.
   */
  superseded: Schema.optionalKey(Schema.Struct({ at: Schema.Number, byRunId: Schema.String })),
})
export type MessageRecord = typeof MessageRecord.Type

export const ModelChoice = Schema.Struct({ providerId: Schema.String, model: Schema.String })

/** Who started a routine's run (docs/routines.md). */
export const RoutineTrigger = Schema.Literals(["manual", "schedule", "startup", "missed", "tab"])
export type RoutineTrigger = typeof RoutineTrigger.Type

/** The mark on a conversation that a routine's run wrote: which routine, who started it, when, by the model or a replay. */
export const RoutineMark = Schema.Struct({
  routineId: Schema.String,
  name: Schema.String,
  trigger: RoutineTrigger,
  at: Schema.Number,
  mode: Schema.Literals(["model", "replay"]),
  /** The tab whose page load started the run (a routine triggered by a URL pattern). */
  tab: Schema.optionalKey(Schema.Struct({ id: Schema.Number, url: Schema.String })),
})
export type RoutineMark = typeof RoutineMark.Type

export const ConversationRecord = Schema.Struct({
  formatVersion: Schema.Literal(CONVERSATION_FORMAT_VERSION),
  id: Schema.String,
  title: Schema.String,
  createdAt: Schema.Number,
  updatedAt: Schema.Number,
  /** This conversation's own system prompt, added to the global one. */
  system: Schema.optionalKey(Schema.String),
  model: Schema.optionalKey(ModelChoice),
  status: Schema.Literals(["idle", "running", "completed", "stopped", "failed", "step_limit"]),
  usage: Schema.Struct({ inputTokens: Schema.Number, outputTokens: Schema.Number, cachedInputTokens: Schema.Number }),
  /** A sub-agent's transcript belongs to the conversation (and the call) that started it. */
  parent: Schema.optionalKey(
    Schema.Struct({
      conversationId: Schema.optionalKey(Schema.String),
      callId: Schema.optionalKey(Schema.String),
      agentType: Schema.String,
      description: Schema.optionalKey(Schema.String),
    }),
  ),
  /** The routine whose run this conversation is. */
  routine: Schema.optionalKey(RoutineMark),
  /** A summary of the messages up to `uptoSeq`, sent to the model instead of them when the context is full. */
  summary: Schema.optionalKey(Schema.Struct({ uptoSeq: Schema.Number, text: Schema.String })),
})
export type ConversationRecord = typeof ConversationRecord.Type

export const Transcript = Schema.Struct({
  ...ConversationRecord.fields,
  messages: Schema.Array(MessageRecord),
})

export const Conversation = Schema.Struct({
  ...ConversationRecord.fields,
  messages: Schema.Array(MessageRecord),
  /** The transcripts of the sub-agents this conversation started. */
  subAgents: Schema.optionalKey(Schema.Array(Transcript)),
})
export type Conversation = typeof Conversation.Type
