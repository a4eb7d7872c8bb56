/** Routes that keep the mesh up: the offscreen document that hosts the supervisor. */
import * as Effect from "effect/Effect"
import { Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** True in development builds, which carry the debug API; build.mjs defines it. */
declare const __DEBUG_API__: boolean

const OFFSCREEN_URL = "offscreen.html"
const startedAt = Date.now()
let creating: Promise<void> | undefined

/** Creates the offscreen document unless it is there; concurrent callers share one creation. */
export const ensureOffscreen = async (): Promise<void> => {
  const url = chrome.runtime.getURL(OFFSCREEN_URL)
  const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [url] })
  if (contexts.length > 0) return
  creating ??= chrome.offscreen
    .createDocument({
      url: OFFSCREEN_URL,
      reasons: [chrome.offscreen.Reason.WORKERS, chrome.offscreen.Reason.DOM_PARSER],
      justification: "Hosts the agent's supervisor and the workers that run its tools.",
    })
    .catch((error: unknown) => {
      // Another caller won the race: the document exists, which is all we wanted.
      if (!String(error).includes("Only a single offscreen")) throw error
    })
    .finally(() => (creating = undefined))
  await creating
}

export const meshRoutes = {
  "mesh.ensure": defineRoute({
    params: routeParams["mesh.ensure"],
    handle: () =>
      Effect.tryPromise({
        try: () => ensureOffscreen().then(() => null),
        catch: (error) => new Unavailable({ message: `The offscreen document could not be created: ${String(error)}` }),
      }),
  }),
  /** When this service worker instance started: tests use it to see that it was restarted (development builds only). */
  ...(__DEBUG_API__ ? { "mesh.ping": defineRoute({ params: routeParams["mesh.ping"], handle: () => Effect.succeed({ startedAt }) }) } : {}),
}
