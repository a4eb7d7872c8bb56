/** web_search. */
import { Effect } from "effect"
import { NotImplemented } from "../../schemas/errors.ts"
import type { webSearch } from "../../schemas/tools/web.ts"
import type { Handler } from "../mesh/serve.ts"

export const searchHandler: Handler<typeof webSearch> = () => Effect.fail(new NotImplemented({ tool: "web_search" }))
