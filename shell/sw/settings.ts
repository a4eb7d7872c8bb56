/** Routes to the settings, which live in chrome.storage.local behind this one door. */
import * as Effect from "effect/Effect"
import { NotFound, Unavailable } from "../../schemas/errors.ts"
import { maskSettings } from "./secrets.ts"
import { defineRoute } from "./route.ts"
import { readSettings, updateSettings } from "./settings-store.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

const storageError = (error: unknown) => new Unavailable({ message: `The settings could not be read or written: ${String(error)}` })

export const settingsRoutes = {
  /** What pages see: API keys masked. */
  "settings.get": defineRoute({
    params: routeParams["settings.get"],
    handle: () => Effect.tryPromise({ try: readSettings, catch: storageError }).pipe(Effect.map(maskSettings)),
  }),
  /** A provider with its key, for the agent worker that calls it. */
  "providers.resolve": defineRoute({
    params: routeParams["providers.resolve"],
    handle: ({ providerId }) =>
      Effect.tryPromise({ try: readSettings, catch: storageError }).pipe(
        Effect.flatMap((settings) => {
          const provider = settings.providers.find((p) => p.id === providerId)
          return provider
            ? Effect.succeed(provider)
            : Effect.fail(new NotFound({ message: `There is no model provider "${providerId}" in the settings.` }))
        }),
      ),
  }),
  /** The search engines' keys, for the web worker's web_search. */
  "search.credentials": defineRoute({
    params: routeParams["search.credentials"],
    handle: () => Effect.tryPromise({ try: readSettings, catch: storageError }).pipe(Effect.map((s) => s.search)),
  }),
  /**
   * The settings after the change, keys masked; `droppedApiKeys` lists the stored keys this
   * change let go because their address moved to another origin (see secrets.ts).
   */
  "settings.update": defineRoute({
    params: routeParams["settings.update"],
    handle: (patch) =>
      // updateSettings tells the offscreen document before it resolves (see settings-store.ts).
      Effect.tryPromise({
        try: () => updateSettings(patch),
        catch: storageError,
      }).pipe(
        Effect.flatMap((result) =>
          result.ok
            ? Effect.succeed({
                ...maskSettings(result.value),
                ...(result.droppedKeys.length ? { droppedApiKeys: result.droppedKeys } : {}),
              })
            : Effect.fail(result.error),
        ),
      ),
  }),
}
