// Written by `npm run docs` from ./tasks.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./tasks.ts"

export const createTask: ToolMeta<typeof tools.createTask> = { name: "create_task", group: "tasks", timeoutMs: 10000, errors: {} }
export const listTasks: ToolMeta<typeof tools.listTasks> = { name: "list_tasks", group: "tasks", timeoutMs: 10000, errors: {} }
export const updateTask: ToolMeta<typeof tools.updateTask> = { name: "update_task", group: "tasks", timeoutMs: 10000, errors: {} }
