/** Events the mesh streams to every connected page (and, later, to conversations' listeners). */
import { Schema } from "effect"
import { MessageRecord, RunStatus, Usage } from "./conversation.ts"
import { WireError } from "./errors.ts"

export const ToolCallStarted = Schema.Struct({
  type: Schema.Literal("tool_call_started"),
  callId: Schema.String,
  tool: Schema.String,
  conversationId: Schema.optionalKey(Schema.String),
  params: Schema.Unknown,
})

export const ToolCallFinished = Schema.Struct({
  type: Schema.Literal("tool_call_finished"),
  callId: Schema.String,
  tool: Schema.String,
  conversationId: Schema.optionalKey(Schema.String),
  durationMs: Schema.Finite,
  error: Schema.optionalKey(WireError),
})

export const WorkerRestarted = Schema.Struct({
  type: Schema.Literal("worker_restarted"),
  group: Schema.String,
  reason: Schema.String,
})

const RunScoped = { conversationId: Schema.String, runId: Schema.String }

export const RunStarted = Schema.Struct({ type: Schema.Literal("run_started"), ...RunScoped, prompt: Schema.String })
export const TextDelta = Schema.Struct({ type: Schema.Literal("text_delta"), ...RunScoped, delta: Schema.String })
export const ReasoningDelta = Schema.Struct({ type: Schema.Literal("reasoning_delta"), ...RunScoped, delta: Schema.String })
/** The model request failed and is tried again: text streamed since the last saved message is void. */
export const RetryScheduled = Schema.Struct({
  type: Schema.Literal("retry"),
  ...RunScoped,
  attempt: Schema.Number,
  delayMs: Schema.Number,
  message: Schema.String,
})
export const MessageSaved = Schema.Struct({ type: Schema.Literal("message_saved"), ...RunScoped, record: MessageRecord })
/** The run began a new branch: the messages from `fromSeq` on were set aside (an edit, or the answer asked again). */
export const Branched = Schema.Struct({ type: Schema.Literal("branched"), ...RunScoped, fromSeq: Schema.Number })
export const UsageReported = Schema.Struct({ type: Schema.Literal("usage"), ...RunScoped, usage: Usage })
export const RunFinished = Schema.Struct({
  type: Schema.Literal("run_finished"),
  ...RunScoped,
  status: RunStatus,
  answer: Schema.String,
  error: Schema.optionalKey(WireError),
})

export const ConversationEvent = Schema.Union([
  RunStarted,
  TextDelta,
  ReasoningDelta,
  RetryScheduled,
  MessageSaved,
  UsageReported,
  RunFinished,
  Branched,
])
export type ConversationEvent = typeof ConversationEvent.Type

/** ask_user's question, waiting for `agent.answer(id, answer)`. */
export const QuestionAsked = Schema.Struct({
  type: Schema.Literal("question_asked"),
  id: Schema.String,
  conversationId: Schema.optionalKey(Schema.String),
  question: Schema.String,
  options: Schema.optionalKey(Schema.Array(Schema.String)),
  multiple: Schema.Boolean,
  /** When the question times out (ms since the epoch). */
  expiresAt: Schema.Number,
})
export type QuestionAsked = typeof QuestionAsked.Type

export const QuestionClosed = Schema.Struct({
  type: Schema.Literal("question_closed"),
  id: Schema.String,
  conversationId: Schema.optionalKey(Schema.String),
  reason: Schema.Literals(["answered", "timeout", "withdrawn"]),
})

/** A model's call that waits for the user's yes (agent.confirm). */
export const ConfirmationRequested = Schema.Struct({
  type: Schema.Literal("confirmation_requested"),
  id: Schema.String,
  conversationId: Schema.String,
  tool: Schema.String,
  /** The rule that asks: a destructive tool's name, or send_read_data. */
  rule: Schema.String,
  /** Where it would act or send: an origin, or "workspace". */
  site: Schema.String,
  /** Exactly what will run and where, in words for the user. */
  summary: Schema.String,
  params: Schema.Unknown,
  expiresAt: Schema.Number,
})
export type ConfirmationRequested = typeof ConfirmationRequested.Type

export const ConfirmationClosed = Schema.Struct({
  type: Schema.Literal("confirmation_closed"),
  id: Schema.String,
  conversationId: Schema.String,
  outcome: Schema.Literals(["allowed", "denied", "timeout", "withdrawn"]),
})

/** An event of a sub-agent, on its parent's stream (or on its own, for `agent.spawn`). */
export const SubAgentEvent = Schema.Struct({
  type: Schema.Literal("sub_agent_event"),
  /** The parent run's conversation and run; absent for a job started by agent.spawn. */
  conversationId: Schema.optionalKey(Schema.String),
  runId: Schema.optionalKey(Schema.String),
  /** The parent's tool call that started it. */
  callId: Schema.optionalKey(Schema.String),
  agentId: Schema.String,
  agentType: Schema.String,
  description: Schema.optionalKey(Schema.String),
  event: Schema.Union([...ConversationEvent.members, ToolCallStarted, ToolCallFinished]),
})
export type SubAgentEvent = typeof SubAgentEvent.Type

export const MeshEvent = Schema.Union([
  ToolCallStarted,
  ToolCallFinished,
  WorkerRestarted,
  QuestionAsked,
  QuestionClosed,
  ConfirmationRequested,
  ConfirmationClosed,
  SubAgentEvent,
  ...ConversationEvent.members,
])
export type MeshEvent = typeof MeshEvent.Type
