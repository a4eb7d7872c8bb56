/**
 * The supervision primitives that the tool supervisor and the agent pool share, as Effects that
 * their fibers run: whether a worker answers, and the restart policy.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { scheduleOf } from "../../workers/runtime/retry-schedule.ts"

/** Whether `ping` is answered within `ms` (a failure counts as no answer). */
export const answersWithin = (ping: () => PromiseLike<unknown>, ms: number): Effect.Effect<boolean> =>
  Effect.tryPromise(ping).pipe(
    Effect.timeoutOption(ms),
    Effect.map(Option.isSome),
    Effect.orElseSucceed(() => false),
  )

/**
 * How a crashed worker is started again: at once, then, if the new one fails to start too, after
 * 100, 200 and 400 ms (jittered), and then no more until the next call asks for it. A worker that
 * cannot start (a script error, a browser out of memory) is not restarted in a tight loop.
 */
export const RESTART_POLICY = scheduleOf({ retries: 3, baseDelayMs: 100, maxDelayMs: 400, jitter: 0.2 })

/** Starts something again under the restart policy; a start that keeps failing is given up quietly. */
export const startAgain = <E>(start: Effect.Effect<unknown, E>): Effect.Effect<void> =>
  start.pipe(Effect.retry(RESTART_POLICY), Effect.ignore)
