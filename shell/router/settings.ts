/** Routes to the settings, which live in chrome.storage.local behind this one door. */
import { Effect, Schema } from "effect"
import { Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"
import { readSettings, updateSettings } from "./settings-store.ts"

const storageError = (error: unknown) => new Unavailable({ message: `The settings could not be read or written: ${String(error)}` })

export const settingsRoutes = {
  "settings.get": defineRoute({
    params: Schema.optional(Schema.Unknown),
    handle: () => Effect.tryPromise({ try: readSettings, catch: storageError }),
  }),
  "settings.update": defineRoute({
    params: Schema.Unknown,
    handle: (patch) =>
      Effect.tryPromise({ try: () => updateSettings(patch), catch: storageError }).pipe(
        Effect.flatMap((result) => (result.ok ? Effect.succeed(result.value) : Effect.fail(result.error))),
      ),
  }),
}
