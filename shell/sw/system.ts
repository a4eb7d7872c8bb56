/**
 * The machine's memory, for the sandbox's memory cap (shell/hub/sandbox-host.ts): Chrome gives
 * an extension no way to read one process's memory (chrome.processes is for the dev channel
 * only), so the cap is held against what the whole machine has available
 * (`chrome.system.memory`, the `system.memory` permission, which shows the user no warning).
 */
import * as Effect from "effect/Effect"
import { Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

export const systemRoutes = {
  /** Bytes of physical memory available now, and in all. */
  "system.memory": defineRoute({
    params: routeParams["system.memory"],
    handle: () =>
      Effect.tryPromise({
        try: async () => {
          const { availableCapacity, capacity } = await chrome.system.memory.getInfo()
          return { availableBytes: availableCapacity, capacityBytes: capacity }
        },
        catch: (error) => new Unavailable({ message: `The machine's memory could not be read: ${String(error)}` }),
      }),
  }),
}
