/** A call to a service-worker route from a tool, as an Effect failing with the tool's errors. */
import { Effect } from "effect"
import { fromWire, Unavailable, type ToolError } from "../../schemas/errors.ts"
import type { RouterReply } from "../../schemas/router.ts"
import type { RouterMethod } from "../../shell/router/index.ts"
import type { ToolContext } from "../mesh/serve.ts"

export const routed = <A>(context: ToolContext, tool: string, method: RouterMethod, params?: unknown): Effect.Effect<A, ToolError> =>
  Effect.tryPromise({
    try: () => context.router(method, params),
    catch: (error) => new Unavailable({ message: `The service worker could not be reached for ${method}: ${String(error)}` }),
  }).pipe(
    Effect.flatMap((reply: RouterReply): Effect.Effect<A, ToolError> =>
      reply.ok ? Effect.succeed(reply.value as A) : Effect.fail(fromWire(tool, reply.error)),
    ),
  )
