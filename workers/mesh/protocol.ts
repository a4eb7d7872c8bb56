/**
 * What a tool group's worker exposes to the supervisor over Comlink, and what the supervisor
 * lends it back (the router to the `chrome.*` APIs, which workers cannot call themselves).
 */
import type { WireError } from "../../schemas/errors.ts"
import type { RouterReply } from "../../schemas/router.ts"
import type { RouterMethod } from "../../shell/router/index.ts"

export interface CallRequest {
  readonly callId: string
  readonly tool: string
  /** Already decoded by the supervisor: defaults applied, types checked. */
  readonly params: unknown
  readonly conversationId: string
}

export type CallOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: WireError }

export type RouterCall = (method: RouterMethod, params?: unknown) => Promise<RouterReply>

export interface ToolWorkerApi {
  init(router: RouterCall): void
  call(request: CallRequest): Promise<CallOutcome>
  /** Asks the running call to stop; it then settles with a `cancelled` outcome. */
  cancel(callId: string): void
  ping(): "pong"
  /** Fault injection for the fault suites: the worker throws and closes itself. */
  crash(): void
  /** Fault injection: the worker's thread is kept busy for `ms` without yielding. */
  stall(ms: number): void
}
