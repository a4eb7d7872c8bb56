/** execute_script. */
import { Effect } from "effect"
import { NotImplemented } from "../../schemas/errors.ts"
import type { executeScript } from "../../schemas/tools/page.ts"
import type { Handler } from "../mesh/serve.ts"

export const scriptHandler: Handler<typeof executeScript> = () => Effect.fail(new NotImplemented({ tool: "execute_script" }))
