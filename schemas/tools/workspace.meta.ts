// Written by `npm run docs` from ./workspace.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./workspace.ts"

export const MAX_READ_LINES = 200
export const opfsDelete: ToolMeta<typeof tools.opfsDelete> = { name: "opfs_delete", group: "workspace", timeoutMs: 10000, errors: { not_a_directory: true, quota_exceeded: true, busy: true, io_error: true } }
export const opfsList: ToolMeta<typeof tools.opfsList> = { name: "opfs_list", group: "workspace", timeoutMs: 10000, errors: { not_a_directory: true, quota_exceeded: true, busy: true, io_error: true } }
export const opfsRead: ToolMeta<typeof tools.opfsRead> = { name: "opfs_read", group: "workspace", timeoutMs: 10000, errors: { is_a_directory: true, blob_failed: true, not_a_directory: true, quota_exceeded: true, busy: true, io_error: true } }
export const opfsWrite: ToolMeta<typeof tools.opfsWrite> = { name: "opfs_write", group: "workspace", timeoutMs: 10000, errors: { is_a_directory: true, run_limit: true, not_a_directory: true, quota_exceeded: true, busy: true, io_error: true } }
