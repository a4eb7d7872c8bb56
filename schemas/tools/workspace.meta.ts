// Written by `npm run docs` from ./workspace.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./workspace.ts"

export const MAX_READ_LINES = 200
export const opfsDelete: ToolMeta<typeof tools.opfsDelete> = {
  name: "opfs_delete",
  group: "workspace",
  timeoutMs: 10000,
  errors: {
    not_a_directory: "A segment of the path is a file where a folder is needed.",
    quota_exceeded: "The browser's storage quota is used up: free space with opfs_delete (opfs_list shows sizes), then try again.",
    busy: "The file is in use elsewhere: try again in a moment.",
    io_error: "The file system failed (the message gives the browser's error).",
  },
}
export const opfsList: ToolMeta<typeof tools.opfsList> = {
  name: "opfs_list",
  group: "workspace",
  timeoutMs: 10000,
  errors: {
    not_a_directory: "A segment of the path is a file where a folder is needed.",
    quota_exceeded: "The browser's storage quota is used up: free space with opfs_delete (opfs_list shows sizes), then try again.",
    busy: "The file is in use elsewhere: try again in a moment.",
    io_error: "The file system failed (the message gives the browser's error).",
  },
}
export const opfsRead: ToolMeta<typeof tools.opfsRead> = {
  name: "opfs_read",
  group: "workspace",
  timeoutMs: 10000,
  errors: {
    is_a_directory: "The path names a folder, not a file: list it with opfs_list.",
    blob_failed: 'The file was read but no blob URL could be made for it: read it with mode "text" if it is text.',
    not_a_directory: "A segment of the path is a file where a folder is needed.",
    quota_exceeded: "The browser's storage quota is used up: free space with opfs_delete (opfs_list shows sizes), then try again.",
    busy: "The file is in use elsewhere: try again in a moment.",
    io_error: "The file system failed (the message gives the browser's error).",
  },
}
export const opfsWrite: ToolMeta<typeof tools.opfsWrite> = {
  name: "opfs_write",
  group: "workspace",
  timeoutMs: 10000,
  errors: {
    is_a_directory:
      "The path names a folder, which opfs_write does not replace with a file: choose another name, or delete the folder first.",
    run_limit:
      "This run has written as many files or bytes as a run may (the user's setting): nothing more is written in this run; tell the user what is left to do.",
    not_a_directory: "A segment of the path is a file where a folder is needed.",
    quota_exceeded: "The browser's storage quota is used up: free space with opfs_delete (opfs_list shows sizes), then try again.",
    busy: "The file is in use elsewhere: try again in a moment.",
    io_error: "The file system failed (the message gives the browser's error).",
  },
}
