/** A route of the service worker's router: its parameters' decoder (schemas/sw-contracts.ts) and its handler. */
import type * as Effect from "effect/Effect"
import type { Decoder, TypeOf } from "../../schemas/decode-plan.ts"
import type { ToolError } from "../../schemas/errors.ts"

export interface Route<P extends Decoder<unknown, unknown> = Decoder<unknown, unknown>, A = unknown> {
  readonly params: P
  readonly handle: (params: TypeOf<P>, sender: chrome.runtime.MessageSender) => Effect.Effect<A, ToolError>
}

export const defineRoute = <P extends Decoder<unknown, unknown>, A>(route: Route<P, A>): Route<P, A> => route
