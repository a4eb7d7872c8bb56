/** Routes that keep the custom tools in chrome.storage.local. */
import { CUSTOM_TOOLS_KEY } from "../../schemas/storage-keys.ts"
import { Unavailable } from "../../schemas/errors.ts"
import { routeParams, stored } from "../../schemas/sw-contracts.decoders.ts"
import { defineRoute } from "./route.ts"
import { listRoute, storedList, written } from "./stored-list.ts"

const storageError = (error: unknown) => new Unavailable({ message: `The custom tools could not be read or written: ${String(error)}` })

const readAll = storedList(CUSTOM_TOOLS_KEY, stored.customTool)

export const customToolRoutes = {
  "customTools.list": listRoute(routeParams["customTools.list"], readAll, storageError),
  "customTools.put": defineRoute({
    params: routeParams["customTools.put"],
    handle: (tool) =>
      written(async () => {
        const all = (await readAll()).filter((t) => t.name !== tool.name)
        await chrome.storage.local.set({ [CUSTOM_TOOLS_KEY]: [...all, tool] })
      }, storageError),
  }),
  "customTools.delete": defineRoute({
    params: routeParams["customTools.delete"],
    handle: ({ name }) =>
      written(async () => {
        await chrome.storage.local.set({ [CUSTOM_TOOLS_KEY]: (await readAll()).filter((t) => t.name !== name) })
      }, storageError),
  }),
}
