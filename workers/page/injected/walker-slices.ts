/**
 * The page walker's slices: the walk is a generator run in slices of at most SLICE_MS, and between
 * slices the page runs its own tasks, so that a big page stays responsive while it is read
 * (docs/page-content.md, "How it runs").
 */
import type { Clock } from "./walker-selectors.ts"
import { LimitReached } from "./walker-writer.ts"

/**
 * The longest the walk keeps the page's main thread before it lets the page run: well under the
 * 50 ms of a long task, leaving room for a garbage-collection step that lands in the slice (up to
 * 35 ms of CPU on a 100,000-element page) and for a machine whose other processes stretch it.
 */
export const SLICE_MS = 5

export type Work = Generator<void, void, void>

/** Slices of work: each ends after SLICE_MS, and the whole walk after its budget. */
export class Slices implements Clock {
  private sliceEnd = 0
  private readonly deadline: number
  constructor(
    budgetMs: number,
    private readonly sliceMs: number,
  ) {
    this.deadline = performance.now() + budgetMs
  }
  start(): void {
    this.sliceEnd = Math.min(performance.now() + this.sliceMs, this.deadline)
  }
  due(): boolean {
    return performance.now() >= this.sliceEnd
  }
  get spent(): boolean {
    return performance.now() >= this.deadline
  }
}

/** The Prioritized Task Scheduling API, which the DOM types do not name yet (Chromium has it since 94). */
type PageScheduler = { postTask(task: () => void, options: { priority: "user-visible" }): Promise<void> }
const pageScheduler = (globalThis as { scheduler?: Partial<PageScheduler> }).scheduler

/**
 * Lets the page run its own tasks (input, rendering, scripts) before the walk goes on: the walk
 * goes on in a task of the page's own priority, queued behind the tasks the page has already
 * queued, so the two take turns. Not `scheduler.yield()`: its continuation goes before every task
 * of that priority, so a page's timers and messages did not run at all during a read (the
 * "slices" tests), and inheriting background priority instead let a busy page starve the walk.
 * Not a message of the walker's own (issue 30: postMessage only in the adapters). An immediate
 * task, unlike a timer, is not throttled in a background tab; the timer is for a browser without
 * the API.
 */
const yieldToPage = (): Promise<void> =>
  typeof pageScheduler?.postTask === "function"
    ? pageScheduler.postTask(() => {}, { priority: "user-visible" })
    : new Promise((resolve) => setTimeout(resolve, 0))

export type Ending = "done" | "limit" | "budget"

/** Runs the work in slices, yielding to the page between them, until it ends, passes the limit or spends the budget. */
export const runInSlices = async (work: Work, clock: Slices): Promise<Ending> => {
  for (;;) {
    clock.start()
    try {
      if (work.next().done) return "done"
    } catch (error) {
      if (error instanceof LimitReached) return "limit"
      throw error
    }
    if (clock.spent) {
      work.return()
      return "budget"
    }
    await yieldToPage()
  }
}
