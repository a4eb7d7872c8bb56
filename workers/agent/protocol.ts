/** What an agent worker exposes to the mesh, and what the mesh lends it. */
import type { RouterCall } from "../runtime/protocol.ts"
import type { RunOutcome, ToolOutcome } from "./loop.ts"
import type { ToolSpec } from "./providers/types.ts"

export interface RunRequest {
  readonly conversationId: string
  readonly runId: string
  /** The user's new message; absent to continue a conversation as it is. */
  readonly prompt?: string
  /** Begin a new branch at this message (an edited message, or the last answer asked again). */
  readonly branchFrom?: number
  readonly model?: { readonly providerId: string; readonly model: string }
  /** This conversation's own system prompt (kept with the conversation). */
  readonly system?: string
  /** Set when the run is a sub-agent's: its type, limits, tab and parent. */
  readonly sub?: {
    readonly agentType: string
    readonly description?: string
    readonly stepLimit: number
    readonly tabId?: number
    readonly parent?: { readonly conversationId?: string; readonly callId?: string }
  }
}

export interface AgentHost {
  readonly router: RouterCall
  /** The tools the model may call, with the JSON Schema it sees. */
  readonly tools: () => Promise<ReadonlyArray<ToolSpec>>
  /** `eventsSent`: the events sent before the call (event-stream.ts), which the mesh delivers first. */
  readonly callTool: (callId: string, name: string, params: unknown, conversationId: string, eventsSent: number) => Promise<ToolOutcome>
  readonly cancelTool: (callId: string) => Promise<void>
}

/** A run's result, and the events sent before it (the mesh delivers them all before `run_finished`). */
export type RunResult = RunOutcome & { readonly eventsSent: number }

export interface AgentWorkerApi {
  /** Opens the conversation store ahead of a run: a spare worker does its start-up while it waits. */
  warm(): Promise<void>
  /** `events`: the port the run's events travel on, in order (event-stream.ts). */
  init(host: AgentHost, events: MessagePort): void
  run(request: RunRequest): Promise<RunResult>
  stop(runId: string): void
  ping(): "pong"
  /** Fault injection (`agent.debug.crashWorker("agent:<conversation>")`): the worker throws and closes itself. */
  crash(): void
}
