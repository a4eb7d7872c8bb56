/**
 * Files and bytes written per run (issue #38: 300 files written in one turn made the user's own
 * opfs_list wait 3.7 s). An agent run, its sub-agents included, may write `limits.filesPerRun`
 * different files and `limits.bytesPerRun` bytes in all; a write past either is refused with
 * `run_limit`, which the run reports. A person's own calls are not counted.
 */
import { ToolFailed } from "../../schemas/errors.ts"

export interface WriteLimits {
  readonly filesPerRun: number
  readonly bytesPerRun: number
}

export const DEFAULT_WRITE_LIMITS: WriteLimits = { filesPerRun: 200, bytesPerRun: 256 * 1024 * 1024 }

/** How many runs' counts are kept: runs end without telling the workspace, so the oldest are forgotten. */
const RUNS_KEPT = 64

const MB = 1024 * 1024

export class RunWrites {
  private readonly runs = new Map<string, { paths: Set<string>; bytes: number }>()

  /** Refuses a write that would take the run past a limit; counts it otherwise (call `undo` if it then fails). */
  admit(run: string, path: string, bytes: number, limits: WriteLimits): ToolFailed | undefined {
    const counted = this.runs.get(run) ?? { paths: new Set<string>(), bytes: 0 }
    this.runs.delete(run)
    this.runs.set(run, counted)
    while (this.runs.size > RUNS_KEPT) this.runs.delete(this.runs.keys().next().value!)
    const newFile = !counted.paths.has(path)
    if (newFile && counted.paths.size >= limits.filesPerRun) {
      return new ToolFailed({
        code: "run_limit",
        message: `This run has written ${counted.paths.size} files, as many as a run may write (the user's setting); "${path}" was not written. Tell the user what is left to do.`,
      })
    }
    if (counted.bytes + bytes > limits.bytesPerRun) {
      return new ToolFailed({
        code: "run_limit",
        message: `This run has written ${(counted.bytes / MB).toFixed(1)} MB, and ${(bytes / MB).toFixed(1)} MB more would pass the ${(limits.bytesPerRun / MB).toFixed(0)} MB a run may write (the user's setting); "${path}" was not written. Tell the user what is left to do.`,
      })
    }
    if (newFile) counted.paths.add(path)
    counted.bytes += bytes
    return undefined
  }

  /** Takes back a write that `admit` counted and that did not happen. */
  undo(run: string, path: string, bytes: number, wasNew: boolean): void {
    const counted = this.runs.get(run)
    if (counted === undefined) return
    counted.bytes = Math.max(0, counted.bytes - bytes)
    if (wasNew) counted.paths.delete(path)
  }

  /** Whether the run has written `path` already (so a failed write of it keeps it counted). */
  has(run: string, path: string): boolean {
    return this.runs.get(run)?.paths.has(path) ?? false
  }
}
