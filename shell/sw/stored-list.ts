/** A list of records kept under one key of chrome.storage.local (custom tools, MCP servers), and the route that lists it. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { ToolError } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"

/** Reads the list; an entry that no longer matches its schema (an older or damaged one) is left out. */
export const storedList = <S extends Schema.Top>(key: string, schema: S): (() => Promise<Array<S["Type"]>>) => {
  const matches = Schema.is(schema)
  return async () => {
    const raw = (await chrome.storage.local.get(key))[key]
    return Array.isArray(raw) ? raw.filter((entry): entry is S["Type"] => matches(entry)) : []
  }
}

/** The route that answers with the whole list. */
export const listRoute = <A>(read: () => Promise<A>, storageError: (error: unknown) => ToolError) =>
  defineRoute({
    params: Schema.optional(Schema.Unknown),
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
