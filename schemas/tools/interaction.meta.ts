// Written by `npm run docs` from ./interaction.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./interaction.ts"

export const ASK_USER_DEFAULT_WAIT_MS = 300000
export const ASK_USER_GRACE_MS = 5000
export const ASK_USER_MAX_WAIT_MS = 3600000
export const askUser: ToolMeta<typeof tools.askUser> = { name: "ask_user", group: "interaction", timeoutMs: 3605000, errors: {} }
