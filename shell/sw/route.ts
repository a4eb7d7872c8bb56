/** A route of the service worker's router: its parameter schema and its handler. */
import type * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type { ToolError } from "../../schemas/errors.ts"

export interface Route<P extends Schema.Top = Schema.Top, A = unknown> {
  readonly params: P
  readonly handle: (params: P["Type"], sender: chrome.runtime.MessageSender) => Effect.Effect<A, ToolError>
}

export const defineRoute = <P extends Schema.Top, A>(route: Route<P, A>): Route<P, A> => route
