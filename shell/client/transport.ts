/**
 * What the developer API runs on: the page channel in pages (channel-client.ts), the supervisor
 * itself in the offscreen document (shell/hub/channel/handlers.ts `serveInProcess`).
 */
import type { ChannelMethod, ReplyOf } from "../../schemas/channel.ts"
import type { Outcome } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"

export interface MeshTransport {
  /** A method of the contract; its reply typed by the contract (the hub's handler produces that type). */
  request<M extends ChannelMethod>(method: M, params?: unknown, signal?: AbortSignal): Promise<Outcome<ReplyOf<M>>>
  onEvent(listener: (event: MeshEvent) => void): () => void
  /** Called when the supervisor went away (its document closed); runs in flight are lost. */
  onDisconnect?(listener: () => void): () => void
}

/** The entries whose value is not undefined: a request's decode refuses an explicit undefined. */
export const definedOnly = (entries: Iterable<readonly [string, unknown]>): Record<string, unknown> =>
  Object.fromEntries(Array.from(entries).filter(([, value]) => value !== undefined))
