/** Events the mesh streams to every connected page (and, later, to conversations' listeners). */
import { Schema } from "effect"
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

export const MeshEvent = Schema.Union([ToolCallStarted, ToolCallFinished, WorkerRestarted])
export type MeshEvent = typeof MeshEvent.Type
