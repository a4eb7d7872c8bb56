/**
 * The tool groups that have a worker in this build. `build.mjs` finds every
 * `workers/<group>/worker.ts`, bundles it to `dist/workers/<group>.js`, and defines
 * `__WORKER_GROUPS__` as their names; a group without a worker answers `not_implemented`.
 */
import type { ToolGroup } from "../schemas/tool-definition.ts"

declare const __WORKER_GROUPS__: ReadonlyArray<string>

const MESH_INTERNAL = new Set(["mesh"])

export const workerScripts: Partial<Record<ToolGroup, string>> = Object.fromEntries(
  __WORKER_GROUPS__.filter((g) => !MESH_INTERNAL.has(g)).map((group) => [group, `workers/${group}.js`]),
)
