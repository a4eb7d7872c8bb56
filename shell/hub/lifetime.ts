/**
 * The supervision primitives that the tool supervisor and the agent pool share: deadlines, delayed
 * actions and the restart policy, all as Effect fibers. A deadline's timer is an Effect sleep that
 * is interrupted as soon as what it guards settles, and a delayed action is a fiber that its owner
 * interrupts, so no timer outlives what it was set for.
 */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import { scheduleOf } from "../../workers/runtime/retry-schedule.ts"

/** Settles with what `work` gives, or fails with `message` if it takes longer than `ms`. */
export const withDeadline = <A>(work: () => PromiseLike<A>, ms: number, message: string): Promise<A> =>
  Effect.runPromise(
    Effect.tryPromise({ try: work, catch: (cause) => cause }).pipe(
      Effect.timeoutOrElse({ duration: ms, orElse: () => Effect.fail(new Error(message)) }),
    ),
  )

/** Whether `work` succeeds within `ms` (a failure counts as no answer). */
export const answersWithin = (work: () => PromiseLike<unknown>, ms: number): Promise<boolean> =>
  Effect.runPromise(
    Effect.tryPromise(work).pipe(
      Effect.timeoutOption(ms),
      Effect.map(Option.isSome),
      Effect.orElseSucceed(() => false),
    ),
  )

/** `work`'s value, or none if it has not settled within `ms`. */
export const settledWithin = <A>(work: () => PromiseLike<A>, ms: number): Promise<Option.Option<A>> =>
  Effect.runPromise(Effect.promise(work).pipe(Effect.timeoutOption(ms)))

/**
 * Resolves when the thread is idle, or after `ms` at the latest (a busy page must not put it off
 * for ever); at once where there is no idle callback.
 */
export const whenIdle = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: ms })
    else resolve()
  })

/** A cancellable delayed action. */
export interface Pending {
  cancel(): void
}

/** Runs `action` after `ms` unless cancelled first. */
export const after = (ms: number, action: () => void): Pending => {
  const fiber = Effect.runFork(Effect.sleep(ms).pipe(Effect.andThen(Effect.sync(action))))
  return { cancel: () => void Effect.runFork(Fiber.interrupt(fiber)) }
}

/**
 * How a crashed worker is started again: at once, then, if the new one fails to start too, after
 * 100, 200 and 400 ms (jittered), and then no more until the next call asks for it. A worker that
 * cannot start (a script error, a browser out of memory) is not restarted in a tight loop.
 */
export const RESTART_POLICY = scheduleOf({ retries: 3, baseDelayMs: 100, maxDelayMs: 400, jitter: 0.2 })

/** Starts something again under the restart policy; a start that keeps failing is given up quietly. */
export const startAgain = (start: () => PromiseLike<unknown>): Promise<void> =>
  Effect.runPromise(Effect.tryPromise(start).pipe(Effect.retry(RESTART_POLICY), Effect.ignore))
