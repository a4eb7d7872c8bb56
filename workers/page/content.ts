/** get_tab_content. */
import { Effect } from "effect"
import { NotImplemented } from "../../schemas/errors.ts"
import type { getTabContent } from "../../schemas/tools/page.ts"
import type { Handler } from "../mesh/serve.ts"

export const contentHandler: Handler<typeof getTabContent> = () => Effect.fail(new NotImplemented({ tool: "get_tab_content" }))
