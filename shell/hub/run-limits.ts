/**
 * Tabs opened per run (issue #38: 40 tabs opened in one turn with no question took the browser
 * from 1.1 to 5.9 GB). A run, its sub-agents included, may open `limits.tabsPerRun` tabs; the
 * call that would open one more waits for the user's yes (consent.ts, reason `run_limit`), and
 * the calls past the limit at the same moment wait for that one question. A yes allows as many
 * again; a no refuses every further tab of the run.
 */
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import type { WireError } from "../../schemas/errors.ts"

/** Whether a call opens a new tab: a tab tool that loads an address, given no tab to load it in (by annotations). */
export const opensTab = (definition: ToolDefinition, params: unknown): boolean =>
  definition.annotations.worksOn === "tabs" &&
  definition.annotations.flow?.sendsTo !== undefined &&
  (params as { tab_id?: unknown } | null)?.tab_id === undefined

interface RunTabs {
  opened: number
  allowed: number
  refused: boolean
  asking?: Promise<void>
}

export interface TabLimitOptions {
  /** The limit per run (the settings' `limits.tabsPerRun`). */
  readonly limit: () => Promise<number>
  /** The user's answer to "this run has opened `count` tabs; open more?". */
  readonly ask: (count: number, signal: AbortSignal) => Promise<boolean>
}

/** Runs whose count is kept: a research job's researchers count for a run the pool never sees end. */
const RUNS_KEPT = 256

export class TabLimit {
  private readonly runs = new Map<string, RunTabs>()

  /** Counts a tab the run is about to open; resolves when it may, or with the refusal. */
  async admit(
    run: string,
    options: TabLimitOptions,
    signal: AbortSignal,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly error: WireError }> {
    const limit = await options.limit()
    let state = this.runs.get(run)
    if (state === undefined) {
      this.runs.set(run, (state = { opened: 0, allowed: limit, refused: false }))
      while (this.runs.size > RUNS_KEPT) this.runs.delete(this.runs.keys().next().value!)
    }
    const n = ++state.opened
    while (!state.refused && n > state.allowed) {
      const at = state.allowed
      state.asking ??= options.ask(at, signal).then(
        (yes) => {
          if (yes) state.allowed = at + limit
          else state.refused = true
          state.asking = undefined
        },
        () => {
          state.refused = true
          state.asking = undefined
        },
      )
      await state.asking
    }
    if (!state.refused || n <= state.allowed) return { ok: true }
    state.opened -= 1
    return {
      ok: false,
      error: {
        code: "permission_denied",
        message: `Not done: this run has opened ${state.allowed} tabs, and the user did not allow more. Work with the tabs already open, or close some with close_tab.`,
      },
    }
  }

  /** Forgets a run that ended. */
  end(run: string): void {
    this.runs.delete(run)
  }
}
