/** Events the mesh streams to every connected page (and, later, to conversations' listeners). */
import * as Schema from "effect/Schema"
import { MessageRecord, RunStatus, Usage } from "./conversation.ts"
import { WireError } from "./wire-error.ts"

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

/**
 * An MCP server said its tools changed (notifications/tools/list_changed). Its worker says so to
 * the offscreen document, which lists them again (holding back what changed) and then tells the
 * pages, with `listed: true`.
 */
export const McpToolsChanged = Schema.Struct({
  type: Schema.Literal("mcp_tools_changed"),
  server: Schema.String,
  listed: Schema.optionalKey(Schema.Boolean),
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
  /** The failure's code, worded by the UI (`message` is English). */
  code: Schema.optionalKey(Schema.String),
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
/** The grants a user may give with a yes, beyond this one call. */
export const ConsentGrant = Schema.Literals(["site_conversation", "site_always", "conversation_all"])
export type ConsentGrant = typeof ConsentGrant.Type

/**
 * A grant kept in a conversation's record (the options page lists them): the sites allowed under
 * a rule ("Allow <site> in this conversation"), or everything (`all`).
 */
export const ConversationGrant = Schema.Struct({
  conversationId: Schema.String,
  rule: Schema.String,
  sites: Schema.Array(Schema.String),
  all: Schema.Boolean,
})
export type ConversationGrant = typeof ConversationGrant.Type

/** Why a confirmation asks, as a code the UI translates. */
export const ConsentReason = Schema.Literals(["destructive", "navigate_user_tab", "send_read_data", "user_site", "run_limit"])

/** Something of the user's that entered the run: the UI words it ("your tab 'My bank'"). */
export const FlowSource = Schema.Struct({
  kind: Schema.Literals(["tab", "tab_list", "file", "answer", "local_page", "custom_tool", "mcp_tool"]),
  /** The tab's title, the file's path, the page's URL, the tool's name; empty when there is none. */
  label: Schema.String,
})
export type FlowSource = typeof FlowSource.Type

export const ConfirmationRequested = Schema.Struct({
  type: Schema.Literal("confirmation_requested"),
  id: Schema.String,
  conversationId: Schema.String,
  tool: Schema.String,
  /** The rule that asks: a destructive tool's name, or send_read_data. */
  rule: Schema.String,
  /** Where it would act or send: an origin, or "workspace". */
  site: Schema.String,
  /** Exactly what will run and where, in English for the API and logs; the UI words the fields below. */
  summary: Schema.String,
  params: Schema.Unknown,
  expiresAt: Schema.Number,
  reason: Schema.optionalKey(ConsentReason),
  /** What the run has read of the user's (send_read_data), most recent first. */
  sources: Schema.optionalKey(Schema.Array(FlowSource)),
  /** Where the data would go: an origin, or `tool:NAME` for a tool that decides for itself. */
  destination: Schema.optionalKey(Schema.String),
  /** The full address or query that would leave, uncut. */
  outgoing: Schema.optionalKey(Schema.String),
  /** Text the run read that appears as is in what would leave (a hint for the wording only). */
  matched: Schema.optionalKey(Schema.String),
  /** The tab it acts on, by title and address. */
  tab: Schema.optionalKey(Schema.Struct({ id: Schema.Number, title: Schema.String, url: Schema.String })),
  /** The whole script, never cut. */
  code: Schema.optionalKey(Schema.String),
  /** The grants the user may choose with a yes. */
  grants: Schema.optionalKey(Schema.Array(ConsentGrant)),
  /** A run at one of its limits (reason `run_limit`): what it has done so far. */
  limit: Schema.optionalKey(Schema.Struct({ kind: Schema.Literal("tabs"), count: Schema.Number })),
})
export type ConfirmationRequested = typeof ConfirmationRequested.Type

export const ConfirmationClosed = Schema.Struct({
  type: Schema.Literal("confirmation_closed"),
  id: Schema.String,
  conversationId: Schema.String,
  outcome: Schema.Literals(["allowed", "denied", "timeout", "withdrawn"]),
  grant: Schema.optionalKey(ConsentGrant),
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

/** The whole state of a research job, sent again on every change (so a page that opens late needs only the last one). */
export const ResearchState = Schema.Struct({
  type: Schema.Literal("research_update"),
  jobId: Schema.String,
  question: Schema.String,
  /** The conversation whose panel shows the job's lanes; absent for a job of the API alone. */
  conversationId: Schema.optionalKey(Schema.String),
  phase: Schema.Literals(["planning", "researching", "writing", "saving", "finished"]),
  angles: Schema.Array(Schema.String),
  researchers: Schema.Array(
    Schema.Struct({
      agentId: Schema.String,
      angle: Schema.String,
      status: Schema.Literals(["running", "done", "failed", "stopped"]),
      findings: Schema.Number,
      error: Schema.optionalKey(Schema.String),
    }),
  ),
  spent: Schema.Struct({ steps: Schema.Number, tokens: Schema.Number, ms: Schema.Number }),
  budget: Schema.Struct({ steps: Schema.Number, tokens: Schema.Number, wallMs: Schema.Number }),
  status: Schema.optionalKey(Schema.Literals(["completed", "stopped", "failed"])),
  report: Schema.optionalKey(
    Schema.Struct({
      path: Schema.String,
      markdown: Schema.String,
      citations: Schema.Number,
      verified: Schema.Number,
      unbacked: Schema.Number,
      findings: Schema.Number,
      quotesVerified: Schema.Number,
    }),
  ),
  error: Schema.optionalKey(WireError),
})
export type ResearchState = typeof ResearchState.Type

/** A routine's run ended, its report saved and its notification shown (docs/routines.md). */
export const RoutineRunFinished = Schema.Struct({
  type: Schema.Literal("routine_run_finished"),
  routineId: Schema.String,
  conversationId: Schema.String,
  status: Schema.Literals(["completed", "stopped", "failed", "step_limit"]),
  report: Schema.optionalKey(Schema.String),
})

export const MeshEvent = Schema.Union([
  ToolCallStarted,
  ToolCallFinished,
  WorkerRestarted,
  McpToolsChanged,
  QuestionAsked,
  QuestionClosed,
  ConfirmationRequested,
  ConfirmationClosed,
  SubAgentEvent,
  ResearchState,
  RoutineRunFinished,
  ...ConversationEvent.members,
])
export type MeshEvent = typeof MeshEvent.Type
