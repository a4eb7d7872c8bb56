/**
 * The one retry policy of everything that reads over the network: the model transport (the agent
 * loop's turns) and the web group's reads (web_fetch, web_search). It is plain code, without
 * Effect, because agent workers start too often to load Effect's core (docs/architecture.md);
 * where Effect runs, `retry-schedule.ts` turns the same policy into a `Schedule`.
 */

export interface RetryPolicy {
  /** How many times a failed attempt is tried again (0: never). */
  readonly retries: number
  /** The wait before the first retry; each next one doubles it. */
  readonly baseDelayMs: number
  /**
   * The longest wait. A server that asks for longer (Retry-After) is not tried again early: the
   * failure is final, so the caller learns at once what the server said.
   */
  readonly maxDelayMs: number
  /** Each backoff is scaled by a random factor in [1 - jitter, 1 + jitter], so callers spread out. */
  readonly jitter: number
}

/** The web group's reads: a few quick retries, well inside a call's time limit. */
export const NETWORK_READS: RetryPolicy = { retries: 2, baseDelayMs: 250, maxDelayMs: 4000, jitter: 0.2 }

/**
 * Timeouts, rate limits and server errors may pass on their own; every other 4xx says what is
 * wrong with the request, which asking again does not change.
 */
export const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500

/** Retry-After as milliseconds: delta-seconds or an HTTP date; OpenAI's `retry-after-ms` wins when present. */
export const parseRetryAfter = (headers: Headers, now: number = Date.now()): number | undefined => {
  const ms = headers.get("retry-after-ms")
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.round(Number(ms))
  const value = headers.get("retry-after")
  if (value === null) return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * The wait before retry number `retry` (1 for the first), or undefined when there is to be none:
 * the retries are used up, or the server asked for a longer wait than the policy allows. A
 * server's Retry-After is the wait; without one, exponential backoff with jitter.
 */
export const retryDelay = (
  policy: RetryPolicy,
  retry: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined => {
  if (retry > policy.retries) return undefined
  if (retryAfterMs !== undefined) return retryAfterMs <= policy.maxDelayMs ? retryAfterMs : undefined
  const backoff = policy.baseDelayMs * 2 ** (retry - 1) * (1 - policy.jitter + random() * 2 * policy.jitter)
  return Math.round(Math.min(policy.maxDelayMs, backoff))
}

/** What a failed attempt means to the retry: final, or worth another try (after the server's wait, if it named one). */
export type Verdict = { readonly retry: false } | { readonly retry: true; readonly retryAfterMs?: number }
export const FINAL: Verdict = { retry: false }

export interface RetryOptions {
  /** Aborting it ends the wait at once; the attempt's own failure is what the caller gets. */
  readonly signal?: AbortSignal
  readonly verdict: (error: unknown) => Verdict
  /** Told before each wait. */
  readonly onRetry?: (error: unknown, retry: number, delayMs: number) => void
  /** The error to throw when the last failure was retryable but no retry is left (default: the failure itself). */
  readonly exhausted?: (error: unknown, attempts: number) => unknown
}

/** Runs `attempt` until it succeeds, fails for good, its retries run out, or the signal aborts. */
export const withRetries = async <A>(policy: RetryPolicy, attempt: (n: number) => Promise<A>, options: RetryOptions): Promise<A> => {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (error) {
      if (options.signal?.aborted) throw error
      const verdict = options.verdict(error)
      if (!verdict.retry) throw error
      const delayMs = retryDelay(policy, n, verdict.retryAfterMs)
      if (delayMs === undefined) throw options.exhausted ? options.exhausted(error, n) : error
      options.onRetry?.(error, n, delayMs)
      if (!(await waited(delayMs, options.signal))) throw error
    }
  }
}

/** Waits `ms`; false if the signal aborted first (the timer is cleared either way). */
export const waited = (ms: number, signal?: AbortSignal): Promise<boolean> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve(false)
    const done = (completed: boolean) => {
      clearTimeout(timer)
      signal?.removeEventListener("abort", aborted)
      resolve(completed)
    }
    const aborted = () => done(false)
    const timer = setTimeout(() => done(true), ms)
    signal?.addEventListener("abort", aborted, { once: true })
  })

/** A response whose status is worth another try, carried as a failure until the retries run out. */
class RetryableResponse {
  constructor(readonly response: Response) {}
}

/**
 * Sends `request` under the policy: a failure to connect (fetch's TypeError) or a status worth
 * another try is tried again, after the server's Retry-After when it gives one. The last response
 * is returned whatever its status, for the caller to judge; a discarded one's body is released.
 * Aborting the signal during a wait rejects with its reason.
 */
export const fetchWithRetries = async (policy: RetryPolicy, request: () => Promise<Response>, signal?: AbortSignal): Promise<Response> => {
  try {
    return await withRetries(
      policy,
      async () => {
        const response = await request()
        if (isRetryableStatus(response.status)) throw new RetryableResponse(response)
        return response
      },
      {
        ...(signal ? { signal } : {}),
        verdict: (error) => {
          if (error instanceof RetryableResponse) {
            const retryAfterMs = parseRetryAfter(error.response.headers)
            return retryAfterMs !== undefined ? { retry: true, retryAfterMs } : { retry: true }
          }
          return error instanceof TypeError ? { retry: true } : FINAL
        },
        onRetry: (error) => {
          if (error instanceof RetryableResponse) void error.response.body?.cancel().catch(() => undefined)
        },
      },
    )
  } catch (error) {
    if (!(error instanceof RetryableResponse)) throw error
    if (!signal?.aborted) return error.response
    // Stopped while waiting: the caller is told it was stopped, not what the server said before.
    void error.response.body?.cancel().catch(() => undefined)
    throw signal.reason
  }
}
