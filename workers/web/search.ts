/** web_search: the engine the user chose in the settings, each in a module of its own under search/. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Unavailable } from "../../schemas/errors.ts"
import { SearchSettings } from "../../schemas/settings.ts"
import type { webSearch } from "../../schemas/tools/web.ts"
import type { Handler, ToolContext } from "../runtime/serve.ts"
import { searchBaidu } from "./search/baidu.ts"
import { searchBing } from "./search/bing.ts"
import { searchDuckDuckGo } from "./search/duckduckgo.ts"
import { searchGoogle } from "./search/google.ts"
import type { SearchEngine } from "./search/hits.ts"
import { countCodec } from "../../schemas/codec-count.ts"

const engines: Record<(typeof SearchSettings.Type)["engine"], SearchEngine> = {
  duckduckgo: searchDuckDuckGo,
  bing: searchBing,
  baidu: searchBaidu,
  google: searchGoogle,
}

/** The search settings as stored, with defaults filled for keys an older build did not write. */
export const readSearchSettings = (context: Pick<ToolContext, "router">): Effect.Effect<typeof SearchSettings.Type, Unavailable> =>
  Effect.tryPromise({
    // Not "settings.get": pages see the keys masked, and the engines need them whole.
    try: () => context.router("search.credentials"),
    catch: (error) => new Unavailable({ message: `web_search could not read the search settings: ${String(error)}` }),
  }).pipe(
    Effect.flatMap((reply) =>
      reply.ok
        ? Effect.succeed(reply.value ?? {})
        : Effect.fail(new Unavailable({ message: `web_search could not read the search settings: ${reply.error.message}` })),
    ),
    Effect.flatMap((search) => {
      countCodec("web:search.settings")
      return Schema.decodeUnknownEffect(SearchSettings)(search).pipe(
        Effect.mapError(
          (issue) =>
            new Unavailable({
              message: `The stored search settings are invalid (${String(issue)}); fix them in Settings (⋯ → Settings in the side panel).`,
            }),
        ),
      )
    }),
  )

export const searchHandler: Handler<typeof webSearch> = (params, context) =>
  readSearchSettings(context).pipe(
    Effect.flatMap((settings) => engines[settings.engine](params.query, params.max_results, settings, context.signal)),
  )
