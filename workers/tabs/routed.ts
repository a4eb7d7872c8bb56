/** A call to a service-worker route from a tool, as an Effect failing with the tool's errors. */
import { Effect } from "effect"
import { Unavailable } from "../../schemas/errors.ts"
import type { RouterReply } from "../../schemas/router.ts"
import { failureOf, type ToolDefinition, type ToolErrorOf } from "../../schemas/tool-definition.ts"
import type { RouterMethod } from "../../shell/router/index.ts"
import type { ToolContext } from "../mesh/serve.ts"

export const routed = <A, D extends ToolDefinition = ToolDefinition>(
  context: ToolContext,
  tool: D,
  method: RouterMethod,
  params?: unknown,
): Effect.Effect<A, ToolErrorOf<D>> =>
  Effect.tryPromise({
    try: () => context.router(method, params),
    catch: (error) => new Unavailable({ message: `The service worker could not be reached for ${method}: ${String(error)}` }),
  }).pipe(
    Effect.flatMap((reply: RouterReply): Effect.Effect<A, ToolErrorOf<D>> =>
      reply.ok ? Effect.succeed(reply.value as A) : Effect.fail(failureOf(tool, reply.error)),
    ),
  )
