/** Routes that keep the custom tools in chrome.storage.local. */
import * as Schema from "effect/Schema"
import { CUSTOM_TOOLS_KEY, CustomTool } from "../../schemas/custom-tools.ts"
import { Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"
import { listRoute, storedList, written } from "./stored-list.ts"

const Stored = Schema.Struct({ ...CustomTool.fields, overrides: Schema.optionalKey(Schema.Record(Schema.String, Schema.Boolean)) })
type Stored = typeof Stored.Type

const storageError = (error: unknown) => new Unavailable({ message: `The custom tools could not be read or written: ${String(error)}` })

const readAll = storedList(CUSTOM_TOOLS_KEY, Stored)

export const customToolRoutes = {
  "customTools.list": listRoute(readAll, storageError),
  "customTools.put": defineRoute({
    params: Stored,
    handle: (tool) =>
      written(async () => {
        const all = (await readAll()).filter((t) => t.name !== tool.name)
        await chrome.storage.local.set({ [CUSTOM_TOOLS_KEY]: [...all, tool] })
      }, storageError),
  }),
  "customTools.delete": defineRoute({
    params: Schema.Struct({ name: Schema.String }),
    handle: ({ name }) =>
      written(async () => {
        await chrome.storage.local.set({ [CUSTOM_TOOLS_KEY]: (await readAll()).filter((t) => t.name !== name) })
      }, storageError),
  }),
}
