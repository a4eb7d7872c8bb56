/**
 * The offscreen document's side of the sandbox: runs code for execute_script's `sandbox`
 * target in the manifest's sandbox page. (Placeholder until the tabs issue lands it.)
 */
import type { SandboxOutcome } from "../workers/mesh/protocol.ts"

export const runInSandbox = async (_runId: string, _code: string, _timeoutMs: number): Promise<SandboxOutcome> => ({
  ok: false,
  error: { code: "not_implemented", message: "The sandbox is not implemented in this build yet." },
})

export const cancelSandbox = async (_runId: string): Promise<void> => undefined
