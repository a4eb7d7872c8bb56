/**
 * The kinds of tool the built-in tools are, as annotations: each names a combination of
 * `readOnly`, `destructive` and `openWorld` that belong together, so a definition says which
 * kind its tool is, and what it works on and carries (`flow`), rather than three flags that must
 * agree with each other (schemas/tool-definition.ts says what each means).
 */
import type { FlowAnnotation, ToolAnnotations, WorksOn } from "./tool-definition.ts"

/**
 * Reads what is here (the user's tabs, files and answers; the conversation's task list) and
 * changes nothing; reaches no network.
 */
export const localRead = (worksOn: WorksOn, more: Pick<ToolAnnotations, "needsUser" | "flow"> = {}): ToolAnnotations => ({
  worksOn,
  readOnly: true,
  destructive: false,
  openWorld: false,
  ...more,
})

/** Reads the web or a page and changes nothing: what it brings in was written outside, and `flow` says where it goes. */
export const webRead = (worksOn: WorksOn, flow: FlowAnnotation): ToolAnnotations => ({
  worksOn,
  readOnly: true,
  destructive: false,
  openWorld: true,
  flow,
})

/**
 * Changes something, and nothing is lost: a tab brought to the front, a file whose replaced
 * content or deletion the workspace keeps for the user to restore (workers/workspace/history.ts).
 */
export const safeChange = (worksOn: WorksOn): ToolAnnotations => ({ worksOn, readOnly: false, destructive: false, openWorld: false })

/**
 * May destroy something of the user's: each call waits for their yes, asked as
 * "<tool> <confirm.says> <the tab>" (shell/hub/consent.ts). Local unless `more` says otherwise.
 */
export const destructiveAction = (
  worksOn: WorksOn,
  confirm: NonNullable<ToolAnnotations["confirm"]>,
  more: Partial<Pick<ToolAnnotations, "openWorld" | "flow">> = {},
): ToolAnnotations => ({ worksOn, readOnly: false, destructive: true, confirm, openWorld: false, ...more })
