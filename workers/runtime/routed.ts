/** A call to a service-worker route from a tool, as an Effect failing with the tool's errors. */
import * as Effect from "effect/Effect"
import { Unavailable } from "../../schemas/errors.ts"
import { failureOf, type ToolErrorOf, type ToolMeta } from "../../schemas/tool-definition.ts"
import type { RouteParams, RouterMethod, RouteValue } from "../../shell/sw/router.ts"
import type { ToolContext } from "./serve.ts"

export const routed = <D extends ToolMeta, M extends RouterMethod>(
  context: ToolContext,
  tool: D,
  method: M,
  params?: RouteParams<M>,
): Effect.Effect<RouteValue<M>, ToolErrorOf<D>> =>
  Effect.tryPromise({
    try: () => context.router(method, params),
    catch: (error) => new Unavailable({ message: `The service worker could not be reached for ${method}: ${String(error)}` }),
  }).pipe(
    Effect.flatMap((reply): Effect.Effect<RouteValue<M>, ToolErrorOf<D>> =>
      // The route's value was checked by its own handler's type; it is data here.
      reply.ok ? Effect.succeed(reply.value) : Effect.fail(failureOf(tool, reply.error)),
    ),
  )
