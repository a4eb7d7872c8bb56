/**
 * What each of the mesh's own error codes (MESH_CODES, ./errors.ts) means for the model: the tool
 * reference (docs/tools.md) and the contract tests read it; workers and pages never load it.
 */
import type { MeshErrorCode } from "./errors.ts"

export const MESH_ERROR_CODES = {
  invalid_input: "An argument is missing, of the wrong type, out of range or refused; `parameter` names it. Nothing was done.",
  timeout: "The call did not finish within its time limit and was stopped.",
  cancelled: "The call was cancelled (the user stopped the run, or the caller gave up).",
  worker_crashed: "The worker running the tool stopped; it has been restarted, so the call can be tried again.",
  permission_denied: "The user (or a rule they set) did not allow the call, or the target may not be touched. Do not retry unless asked.",
  not_found: "The tab, window, file, task or call named by an argument does not exist.",
  not_implemented: "The tool is part of the contract but not available in this build.",
  unknown_tool: "There is no tool by that name.",
  unavailable: "A part of the extension the tool needs (the service worker, the sandbox, the settings) could not be reached.",
  tool_failed: "The tool failed in a way it does not expect (a defect): the message says what happened.",
  invalid_result: "The tool produced a result that breaks its own contract (a defect).",
  send_failed:
    "A page's request, or its answer, could not cross to the other context (the channel's Port refused it); the call's outcome is unknown.",
} as const satisfies Record<MeshErrorCode, string>
