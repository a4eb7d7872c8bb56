/**
 * The tool groups that have a worker in this build, and its script in `dist/`. A group that is
 * not listed answers `not_implemented` until its issue lands. `build.mjs` bundles every
 * `workers/<group>/worker.ts` to `dist/workers/<group>.js`.
 */
import type { ToolGroup } from "../schemas/tool-definition.ts"

export const workerScripts: Partial<Record<ToolGroup, string>> = {
  tasks: "workers/tasks.js",
}
