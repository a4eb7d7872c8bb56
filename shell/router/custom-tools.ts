/** Routes that keep the custom tools in chrome.storage.local. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CUSTOM_TOOLS_KEY, CustomTool } from "../../schemas/custom-tools.ts"
import { Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"

const Stored = Schema.Struct({ ...CustomTool.fields, overrides: Schema.optionalKey(Schema.Record(Schema.String, Schema.Boolean)) })
type Stored = typeof Stored.Type

const storageError = (error: unknown) => new Unavailable({ message: `The custom tools could not be read or written: ${String(error)}` })

const readAll = async (): Promise<Stored[]> => {
  const raw = (await chrome.storage.local.get(CUSTOM_TOOLS_KEY))[CUSTOM_TOOLS_KEY]
  return Array.isArray(raw) ? raw.filter((t): t is Stored => Schema.is(Stored)(t)) : []
}

export const customToolRoutes = {
  "customTools.list": defineRoute({
    params: Schema.optional(Schema.Unknown),
    handle: () => Effect.tryPromise({ try: readAll, catch: storageError }),
  }),
  "customTools.put": defineRoute({
    params: Stored,
    handle: (tool) =>
      Effect.tryPromise({
        try: async () => {
          const all = (await readAll()).filter((t) => t.name !== tool.name)
          await chrome.storage.local.set({ [CUSTOM_TOOLS_KEY]: [...all, tool] })
          return null
        },
        catch: storageError,
      }),
  }),
  "customTools.delete": defineRoute({
    params: Schema.Struct({ name: Schema.String }),
    handle: ({ name }) =>
      Effect.tryPromise({
        try: async () => {
          await chrome.storage.local.set({ [CUSTOM_TOOLS_KEY]: (await readAll()).filter((t) => t.name !== name) })
          return null
        },
        catch: storageError,
      }),
  }),
}
