/** web_fetch. */
import { Effect } from "effect"
import { NotImplemented } from "../../schemas/errors.ts"
import type { webFetch } from "../../schemas/tools/web.ts"
import type { Handler } from "../mesh/serve.ts"

export const fetchHandler: Handler<typeof webFetch> = () => Effect.fail(new NotImplemented({ tool: "web_fetch" }))
