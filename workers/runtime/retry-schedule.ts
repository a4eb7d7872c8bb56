/**
 * The retry policy (retry-policy.ts) as an Effect `Schedule`, for code that runs under Effect: the
 * same waits, the same Retry-After rule and the same verdict on which failures are worth another
 * try. Interrupting the retrying fiber ends its wait.
 */
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import { retryDelay, type RetryPolicy, type Verdict } from "./retry-policy.ts"

/** Recurs while `verdict` says the failure (the schedule's input) may pass and `policy` has a retry left. */
export const scheduleOf = <E>(
  policy: RetryPolicy,
  verdict: (error: E) => Verdict = () => ({ retry: true }),
): Schedule.Schedule<unknown, E> => {
  const delayOf = (error: E, retry: number): number | undefined => {
    const told = verdict(error)
    return told.retry ? retryDelay(policy, retry, told.retryAfterMs) : undefined
  }
  return Schedule.forever.pipe(
    Schedule.setInputType<E>(),
    Schedule.while(({ input, attempt }) => delayOf(input, attempt) !== undefined),
    Schedule.modifyDelay(({ input, attempt }) => Effect.succeed(delayOf(input, attempt) ?? 0)),
  )
}
