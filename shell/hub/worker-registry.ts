/**
 * The tool groups that have a worker in this build. `build.mjs` finds every
 * `workers/<group>/worker.ts`, bundles it to `dist/workers/<group>.js`, and defines
 * `__WORKER_GROUPS__` as their names; a tool group without a worker answers `not_implemented`.
 * `workers/agent/worker.ts` is not a tool group: it runs the agent loop.
 */
import { TOOL_GROUPS, type ToolGroup } from "../../schemas/tool-definition.ts"

declare const __WORKER_GROUPS__: ReadonlyArray<string>

const isToolGroup = (name: string): name is ToolGroup => (TOOL_GROUPS as ReadonlyArray<string>).includes(name)

export const workerScripts: Partial<Record<ToolGroup, string>> = Object.fromEntries(
  __WORKER_GROUPS__.filter(isToolGroup).map((group) => [group, `workers/${group}.js`]),
)

/** One agent worker runs per running conversation (and, later, per sub-agent). */
export const agentWorkerScript = "workers/agent.js"
