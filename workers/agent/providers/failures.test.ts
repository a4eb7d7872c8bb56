/**
 * Every way a model request fails ends in a ProviderError the agent loop can act on: never a
 * hang, never a leaked key. Short stall timeouts keep the stalled cases quick.
 */
import { expect } from "chai"
import { makeProvider } from "./index.ts"
import { eventually, runTurn, scripted } from "./test-support.ts"
import { isRetryableStatus, parseRetryAfter } from "../../runtime/retry-policy.ts"
import { ProviderError, type ProviderKind, type StreamEvent } from "./types.ts"

const kinds: Array<ProviderKind> = ["openai", "anthropic", "ollama"]
const KEY = "sk-test-9f8e7d6c5b4a39281706"

describe("HTTP errors", () => {
  for (const kind of kinds) {
    it(`${kind}: 429 with Retry-After in seconds is retryable, with the API's message`, async () => {
      const server = await scripted([
        {
          status: 429,
          headers: { "retry-after": "7" },
          body: { type: "error", error: { type: "rate_limit_error", message: "Number of requests has exceeded your rate limit" } },
        },
      ])
      const turn = await runTurn(makeProvider({ kind, baseUrl: server.baseUrl(kind) }))
      expect(turn.error?.details).to.deep.equal({ kind: "http", status: 429, retryable: true, retryAfterMs: 7000 })
      expect(turn.error?.message).to.include("HTTP 429").and.include("Number of requests has exceeded your rate limit")
      expect(turn.events).to.deep.equal([])
    })
  }

  for (const kind of kinds) {
    it(`${kind}: a 200 whose body is an error instead of a stream fails at once with its message (LM Studio)`, async () => {
      const server = await scripted([
        { status: 200, body: { error: { message: "[Server Error] model unloaded" } } },
        { text: "never read" },
      ])
      const turn = await runTurn(makeProvider({ kind, baseUrl: server.baseUrl(kind) }))
      expect(turn.error?.details).to.deep.equal({ kind: "http", status: 200, retryable: false })
      expect(turn.error?.message).to.include("HTTP 200").and.include("[Server Error] model unloaded")
    })

    if (kind !== "ollama")
      it(`${kind}: a 200 with a whole JSON completion instead of a stream says so`, async () => {
        const server = await scripted([{ status: 200, body: { choices: [{ message: { content: "hi" } }] } }])
        const turn = await runTurn(makeProvider({ kind, baseUrl: server.baseUrl(kind) }))
        expect(turn.error?.details.retryable).to.equal(false)
        expect(turn.error?.message).to.include("a JSON body").and.include("instead of an event stream")
      })
  }

  it("Retry-After as an HTTP date, and OpenAI's retry-after-ms", () => {
    const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT")
    expect(parseRetryAfter(new Headers({ "retry-after": "Wed, 21 Oct 2026 07:28:30 GMT" }), now)).to.equal(30_000)
    expect(parseRetryAfter(new Headers({ "retry-after": "Wed, 21 Oct 2026 07:27:00 GMT" }), now)).to.equal(0)
    expect(parseRetryAfter(new Headers({ "retry-after": "2", "retry-after-ms": "1500" }), now)).to.equal(1500)
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }), now)).to.equal(undefined)
    expect(parseRetryAfter(new Headers(), now)).to.equal(undefined)
  })

  it("which statuses are retryable", async () => {
    // Not 408: Chromium itself resends a request answered 408 on a reused connection.
    const statuses = [400, 401, 404, 409, 422, 500, 503, 529]
    const server = await scripted(statuses.map((status) => ({ status, body: { error: { message: `status ${status}` } } })))
    const provider = makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") })
    const retryable: Record<number, boolean> = {}
    for (const status of statuses) {
      const turn = await runTurn(provider)
      expect(turn.error?.details.status).to.equal(status)
      expect(turn.error?.message).to.include(`status ${status}`)
      retryable[status] = turn.error!.details.retryable
    }
    expect(retryable).to.deep.equal({ 400: false, 401: false, 404: false, 409: false, 422: false, 500: true, 503: true, 529: true })
    expect(isRetryableStatus(408)).to.equal(true)
  })

  it("an Ollama-style 403 with an empty body explains the origin problem", async () => {
    const server = await scripted([{ status: 403 }])
    const turn = await runTurn(makeProvider({ kind: "ollama", baseUrl: server.baseUrl("ollama") }))
    expect(turn.error?.details).to.deep.equal({ kind: "http", status: 403, retryable: false })
    expect(turn.error?.message).to.include("OLLAMA_ORIGINS")
  })

  it("an HTML error page is reduced to its text", async () => {
    const server = await scripted([
      { status: 502, headers: { "content-type": "text/html" }, body: "<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>" },
    ])
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }))
    expect(turn.error?.message).to.include("502 Bad Gateway nginx").and.not.include("<h1>")
    expect(turn.error?.details.retryable).to.equal(true)
  })
})

describe("the API key never appears in an error", () => {
  for (const kind of kinds) {
    it(`${kind}: a server echoing the rejected key`, async () => {
      const server = await scripted([], { requireKey: "the-right-key" })
      const provider = makeProvider({ kind, baseUrl: server.baseUrl(kind), apiKey: KEY })
      const turn = await runTurn(provider)
      expect(turn.error?.details.status).to.equal(401)
      // The server did echo it: the message is the API's, with the key cut out.
      expect(turn.error?.message).to.include("[redacted]").and.include("Check the API key")
      expect(turn.error?.message).not.to.include(KEY)
      const listing = await provider.listModels().then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(listing).to.be.instanceOf(ProviderError)
      expect((listing as ProviderError).message).not.to.include(KEY)
      expect(JSON.stringify(listing)).not.to.include(KEY)
    })
  }

  it("a mid-stream error quoting the Authorization header", async () => {
    const server = await scripted([{ text: "partial", streamError: { message: `upstream rejected Authorization: Bearer ${KEY}` } }])
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai"), apiKey: KEY }))
    expect(turn.text).to.equal("partial")
    expect(turn.error?.message).to.include("upstream rejected").and.not.include(KEY)
  })
})

describe("errors inside a stream", () => {
  it("Anthropic error event (overloaded) is a retryable ProviderError", async () => {
    const server = await scripted([{ text: "Hel", streamError: { type: "overloaded_error", message: "Overloaded" } }])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.text).to.equal("Hel")
    expect(turn.error?.details).to.deep.equal({ kind: "http", status: 529, retryable: true })
    expect(turn.error?.message).to.include("overloaded_error").and.include("Overloaded")
  })

  it("Anthropic invalid_request_error mid-stream is not retryable", async () => {
    const server = await scripted([{ streamError: { type: "invalid_request_error", message: "prompt is too long" } }])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.error?.details).to.deep.equal({ kind: "http", status: 400, retryable: false })
  })

  it("Ollama error line", async () => {
    const server = await scripted([{ text: "a", streamError: { message: "model runner has unexpectedly stopped" } }])
    const turn = await runTurn(makeProvider({ kind: "ollama", baseUrl: server.baseUrl("ollama") }))
    expect(turn.error?.message).to.include("model runner has unexpectedly stopped")
  })
})

describe("cut-off, stalled and unreachable", () => {
  for (const kind of kinds) {
    it(`${kind}: a stream ended without its terminator says how far it got`, async () => {
      const server = await scripted([{ text: "one two three four five", cutAfter: 3 }])
      const turn = await runTurn(makeProvider({ kind, baseUrl: server.baseUrl(kind) }))
      expect(turn.error?.details).to.deep.equal({ kind: "stream", retryable: true })
      expect(turn.error?.message).to.match(/cut off after 3 events/)
      expect(turn.stop).to.equal(undefined)
    })

    it(`${kind}: a stream that goes silent fails as stalled and the connection is dropped`, async () => {
      const server = await scripted([{ text: "one two three four five", stallAfter: 2 }])
      const turn = await runTurn(makeProvider({ kind, baseUrl: server.baseUrl(kind) }), {}, { stallTimeoutMs: 300 })
      expect(turn.error?.details).to.deep.equal({ kind: "stalled", retryable: true })
      expect(turn.error?.message).to.include("300 ms")
      const [request] = await eventually(
        () => server.requests(),
        (log) => log[0]?.clientClosed === true,
      )
      expect(request?.clientClosed).to.equal(true)
    })
  }

  it("a recorded stream cut short", async () => {
    const server = await scripted([{ fixture: "anthropic/anthropic-sdk-python_tool_use_response.sse", cutAfter: 9 }])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.text).to.equal("I'll check the current weather in Paris for you.")
    expect(turn.toolCalls).to.deep.equal([])
    expect(turn.error?.message).to.match(/cut off after 9 events, before message_stop/)
  })

  it("a service that never answers stalls before the headers", async () => {
    const server = await scripted([{ text: "late", delayMs: 60_000 }])
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }), {}, { stallTimeoutMs: 300 })
    expect(turn.error?.details.kind).to.equal("stalled")
    expect(turn.error?.message).to.include("before answering")
  })

  it("nothing listening is a retryable network error", async () => {
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: "http://127.0.0.1:1/v1" }))
    expect(turn.error?.details).to.deep.equal({ kind: "network", retryable: true })
    expect(turn.error?.message).to.include("Could not reach http://127.0.0.1:1")
  })

  it("a base URL that is not http(s) is refused up front", () => {
    expect(() => makeProvider({ kind: "openai", baseUrl: "ftp://x" })).to.throw(ProviderError, /not an http or https URL/)
    expect(() => makeProvider({ kind: "openai", baseUrl: "localhost:11434" })).to.throw(ProviderError)
  })
})

describe("abort", () => {
  for (const kind of kinds) {
    it(`${kind}: aborting mid-stream ends the iteration as cancelled and drops the connection`, async () => {
      // Four events reach a text delta in every protocol, and stop short of the end.
      const server = await scripted([{ text: "one two three four five six seven", stallAfter: 4 }])
      const controller = new AbortController()
      const seen: Array<StreamEvent> = []
      let caught: unknown
      try {
        // A stall timeout longer than the test's own: only the abort can end this.
        for await (const event of makeProvider({ kind, baseUrl: server.baseUrl(kind) }).stream(
          { model: "m", messages: [{ role: "user", content: "Hi" }], signal: controller.signal },
          { stallTimeoutMs: 600_000 },
        )) {
          seen.push(event)
          if (seen.length === 1) setTimeout(() => controller.abort(), 0)
        }
      } catch (error) {
        caught = error
      }
      expect(caught).to.be.instanceOf(ProviderError)
      expect((caught as ProviderError).details).to.deep.equal({ kind: "cancelled", retryable: false })
      const [request] = await eventually(
        () => server.requests(),
        (log) => log[0]?.clientClosed === true,
      )
      expect(request?.clientClosed).to.equal(true)
    })
  }

  it("aborting while waiting for the headers", async () => {
    const server = await scripted([{ text: "late", delayMs: 600_000 }])
    const controller = new AbortController()
    const pending = runTurn(
      makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }),
      { signal: controller.signal },
      { stallTimeoutMs: 600_000 },
    )
    await eventually(
      () => server.requests(),
      (log) => log.length === 1,
    )
    controller.abort()
    const turn = await pending
    expect(turn.error?.details.kind).to.equal("cancelled")
    await eventually(
      () => server.requests(),
      (log) => log[0]?.clientClosed === true,
    )
  })

  it("an already aborted signal sends nothing", async () => {
    const server = await scripted([{ text: "x" }])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }), { signal: AbortSignal.abort() })
    expect(turn.error?.details.kind).to.equal("cancelled")
    expect(await server.requests()).to.deep.equal([])
  })
})
