/** A list of records kept under one key of chrome.storage.local (custom tools, MCP servers), and the route that lists it. */
import * as Effect from "effect/Effect"
import type { Decoder } from "../../schemas/decode-plan.ts"
import type { ToolError } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"

/**
 * Reads the list; an entry that no longer matches its schema (an older or damaged one) is left
 * out. `decoder` is one of the generated `stored` ones (schemas/sw-contracts.ts), whose schemas
 * transform nothing: what decodes is kept as it is.
 */
export const storedList = <A>(key: string, decoder: Decoder<A>): (() => Promise<Array<A>>) => {
  return async () => {
    const raw = (await chrome.storage.local.get(key))[key]
    return Array.isArray(raw) ? raw.filter((entry): entry is A => decoder(entry).ok) : []
  }
}

/** The route that answers with the whole list; `params` is its method's decoder (of no parameters). */
export const listRoute = <A>(params: Decoder<unknown>, read: () => Promise<A>, storageError: (error: unknown) => ToolError) =>
  defineRoute({
    params,
    handle: () => Effect.tryPromise({ try: read, catch: storageError }),
  })

/** A route's write of storage, answered with null once it is done. */
export const written = (write: () => Promise<unknown>, storageError: (error: unknown) => ToolError): Effect.Effect<null, ToolError> =>
  Effect.tryPromise({
    try: async () => {
      await write()
      return null
    },
    catch: storageError,
  })
