/**
 * What a tool group's worker exposes to the supervisor over Comlink, and what the supervisor
 * lends it back (the router to the `chrome.*` APIs, which workers cannot call themselves).
 */
import type { Outcome, WireError } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import type { SandboxInputs } from "../../shell/sandbox/sandbox.ts"
import type { RouteParams, RouterMethod, RouteValue } from "../../shell/sw/router.ts"

export interface CallRequest {
  readonly callId: string
  readonly tool: string
  /** Already decoded by the supervisor: defaults applied, types checked. */
  readonly params: unknown
  readonly conversationId: string
  /** The agent run the call counts for (a sub-agent's: its parent's); absent for a person's call. */
  readonly run?: string
}

export type CallOutcome = Outcome<unknown>

/** A route's answer, its value typed by the route's handler. */
export type RouterOutcome<M extends RouterMethod> = Outcome<RouteValue<M>>
export type RouterCall = <M extends RouterMethod>(method: M, params?: RouteParams<M>) => Promise<RouterOutcome<M>>

/** A list the router keeps in storage (custom tools, MCP servers), as it answered; a failed read is an empty list. */
export const storedList = async <M extends "customTools.list" | "mcp.list">(
  router: RouterCall,
  method: M,
): Promise<RouteValue<M> | readonly []> => {
  const reply = await router(method)
  return reply.ok ? reply.value : []
}

/**
 * What the supervisor lends each worker. Workers are short-lived (replaced on a crash), so
 * anything that must outlive one, such as a blob URL handed to the model, is made by the host.
 */
export interface HostServices {
  readonly router: RouterCall
  /** A blob URL owned by the offscreen document: valid for the extension's pages while the browser runs. */
  readonly createObjectURL: (blob: Blob) => Promise<string>
  /**
   * Runs code in the sandbox (an opaque origin with no page DOM, no extension API and no
   * extension storage), hosted by the offscreen document. A run past `timeoutMs`, or
   * cancelled, is killed without freezing anything else.
   */
  readonly runInSandbox: (runId: string, code: string, timeoutMs: number, inputs?: SandboxInputs) => Promise<SandboxOutcome>
  readonly cancelSandbox: (runId: string) => Promise<void>
  /** Puts an event on the mesh's stream (a question for the user, a confirmation request). */
  readonly emit: (event: MeshEvent) => void
  /**
   * Judges one more network hop of a running call (a redirect to another origin) by the same
   * consent rule as the call itself; may wait for the user's yes. Calls a person typed pass.
   */
  readonly judgeHop: (callId: string, tool: string, url: string) => Promise<CallOutcome>
  /**
   * Puts a tab that a running call is about to navigate inside its conversation's fence
   * (docs/security.md), before the navigation starts; `opened`: the call made the tab.
   */
  readonly fenceTab: (callId: string, tabId: number, opened: boolean) => Promise<CallOutcome>
  /**
   * Whether a conversation is a routine's run going now, with nobody at the screen, and what a
   * question to the user does there: waits for the user as a paused routine does, or is refused.
   */
  readonly unattended?: (conversationId: string) => Promise<"pause" | "refuse" | undefined>
  readonly memory: HostMemory
}

/**
 * What the hub keeps in its memory for a worker's group: state that must outlive a restart of the
 * worker (a conversation's task list) and is never written to storage. Scoped to the group and,
 * within it, to a conversation; forgotten with the conversation.
 */
export interface HostMemory {
  /** Keeps `value` under `key` for the conversation. */
  readonly put: (conversationId: string, key: string, value: unknown) => Promise<void>
  /** Everything kept for the conversation, in the order the keys were first put. */
  readonly entries: (conversationId: string) => Promise<ReadonlyArray<readonly [string, unknown]>>
}

export type SandboxOutcome =
  | { readonly ok: true; readonly value: unknown; readonly type: string; readonly truncated?: boolean }
  | { readonly ok: false; readonly error: WireError }

export interface ToolWorkerApi {
  init(host: HostServices): void
  call(request: CallRequest): Promise<CallOutcome>
  /** Asks the running call to stop; it then settles with a `cancelled` outcome. */
  cancel(callId: string): void
  ping(): "pong"
  /**
   * Opens what the group's calls need from the browser (its storage) ahead of the first call: a
   * standing worker is asked to once it has started. Never fails: a call meets and reports it.
   */
  warm(): Promise<void>
  /**
   * Delivers something from outside to a running call (the user's answer to its question).
   * The call's handler decides whether to accept it.
   */
  deliver(callId: string, payload: unknown): Promise<CallOutcome>
  /** Fault injection for the fault suites: the worker throws and closes itself. */
  crash(): void
  /** Fault injection: the worker's thread is kept busy for `ms` without yielding. */
  stall(ms: number): void
}
