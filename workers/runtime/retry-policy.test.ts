/**
 * The one retry policy: its waits, its verdicts on statuses and Retry-After, and its stop on
 * abort, through a real HTTP server (web-test-runner's scripted model server, whose error steps
 * answer with the status and headers given) where the subject is a network read.
 */
import { expect } from "chai"
import * as Effect from "effect/Effect"
import { scripted } from "../agent/providers/test-support.ts"
import { FINAL, fetchWithRetries, NETWORK_READS, retryDelay, withRetries, type RetryPolicy } from "./retry-policy.ts"
import { scheduleOf } from "./retry-schedule.ts"

const policy: RetryPolicy = { retries: 3, baseDelayMs: 100, maxDelayMs: 1000, jitter: 0.2 }

/** A server that answers each request with the next step; its endpoint and its request count. */
const server = async (steps: ReadonlyArray<unknown>) => {
  const s = await scripted(steps)
  const url = `${s.baseUrl("openai")}/chat/completions`
  return {
    send: () => fetch(url, { method: "POST", body: "{}" }),
    count: async () => (await s.requests()).filter((r) => r.path.endsWith("/chat/completions")).length,
  }
}

describe("the retry policy", () => {
  it("backs off exponentially, jittered within its bounds, capped, and stops after its retries", () => {
    expect([1, 2, 3].map((n) => retryDelay(policy, n, undefined, () => 0.5))).to.deep.equal([100, 200, 400])
    expect(retryDelay(policy, 2, undefined, () => 0)).to.equal(160)
    expect(retryDelay(policy, 2, undefined, () => 1)).to.equal(240)
    expect(
      retryDelay({ ...policy, retries: 9 }, 6, undefined, () => 0.5),
      "capped",
    ).to.equal(1000)
    expect(
      retryDelay(policy, 4, undefined, () => 0.5),
      "no fourth retry",
    ).to.equal(undefined)
  })

  it("waits what Retry-After says, and does not retry early when the server asks for longer than it allows", () => {
    expect(retryDelay(policy, 1, 700)).to.equal(700)
    expect(retryDelay(policy, 1, 0)).to.equal(0)
    expect(retryDelay(policy, 1, 1001)).to.equal(undefined)
  })
})

describe("network reads under the policy (a real HTTP server)", () => {
  it("tries a 503 again and returns the answer that follows", async () => {
    const s = await server([{ status: 503, body: "busy" }, { text: "fine" }])
    const response = await fetchWithRetries({ ...NETWORK_READS, baseDelayMs: 10 }, s.send)
    expect(response.status).to.equal(200)
    expect(await s.count()).to.equal(2)
  })

  it("returns the last answer once the retries are used up", async () => {
    const s = await server([{ status: 500 }, { status: 502 }, { status: 504 }, { text: "too late" }])
    const response = await fetchWithRetries({ ...NETWORK_READS, baseDelayMs: 10 }, s.send)
    expect(response.status).to.equal(504)
    expect(await s.count()).to.equal(1 + NETWORK_READS.retries)
  })

  for (const status of [400, 401, 403, 404, 409, 422]) {
    it(`does not retry HTTP ${status}`, async () => {
      const s = await server([{ status, body: { error: { message: "no" } } }, { text: "never asked for" }])
      const response = await fetchWithRetries({ ...NETWORK_READS, baseDelayMs: 10 }, s.send)
      expect(response.status).to.equal(status)
      expect(await s.count()).to.equal(1)
    })
  }

  it("honours Retry-After: a short one is waited for, one longer than the policy allows ends the retries", async () => {
    const short = await server([{ status: 429, headers: { "retry-after-ms": "30" } }, { text: "after the wait" }])
    expect((await fetchWithRetries(NETWORK_READS, short.send)).status).to.equal(200)
    expect(await short.count()).to.equal(2)
    const long = await server([{ status: 429, headers: { "retry-after": "5" } }, { text: "never asked for" }])
    expect((await fetchWithRetries(NETWORK_READS, long.send)).status, "5 s is over NETWORK_READS.maxDelayMs").to.equal(429)
    expect(await long.count()).to.equal(1)
  })

  it("an abort during the wait ends it at once, with the signal's reason", async () => {
    const s = await server([{ status: 503, headers: { "retry-after": "30" } }, { text: "never asked for" }])
    const controller = new AbortController()
    const patient: RetryPolicy = { ...policy, maxDelayMs: 60_000 }
    const read = fetchWithRetries(
      patient,
      async () => {
        const response = await s.send()
        // Aborted once the wait of 30 s has begun: without the abort the test times out.
        setTimeout(() => controller.abort(new DOMException("stopped", "AbortError")))
        return response
      },
      controller.signal,
    )
    const error = await read.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect((error as DOMException).message).to.equal("stopped")
    expect(await s.count()).to.equal(1)
  })

  it("a failure to connect is tried again; one the verdict calls final is not", async () => {
    let attempts = 0
    const unreachable = () => (attempts++, fetch("http://127.0.0.1:9/nothing-listens"))
    const error = await fetchWithRetries({ ...NETWORK_READS, baseDelayMs: 10 }, unreachable).catch((e: unknown) => e)
    expect(error).to.be.instanceOf(TypeError)
    expect(attempts).to.equal(1 + NETWORK_READS.retries)
    let finalAttempts = 0
    await withRetries(policy, async () => (finalAttempts++, Promise.reject(new Error("final"))), { verdict: () => FINAL }).catch(() => {})
    expect(finalAttempts).to.equal(1)
  })
})

describe("the policy as an Effect Schedule", () => {
  const attemptsUnder = async (verdict: Parameters<typeof scheduleOf<string>>[1]) => {
    let attempts = 0
    await Effect.runPromise(
      Effect.suspend(() => (attempts++, Effect.fail("busy"))).pipe(
        Effect.retry(scheduleOf({ ...policy, baseDelayMs: 1 }, verdict)),
        Effect.ignore,
      ),
    )
    return attempts
  }

  it("retries as often as the policy says, not a failure the verdict calls final, nor one whose Retry-After is too long", async () => {
    expect(await attemptsUnder(() => ({ retry: true }))).to.equal(1 + policy.retries)
    expect(await attemptsUnder(() => FINAL)).to.equal(1)
    expect(await attemptsUnder(() => ({ retry: true, retryAfterMs: policy.maxDelayMs + 1 }))).to.equal(1)
  })
})
