import { expect } from "chai"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { toWire, type ToolError } from "../../schemas/errors.ts"
import type { ToolContext } from "../runtime/serve.ts"
import { searchHandler } from "./search.ts"
import { einoHtml2025, weatherLite2026 } from "../../test/fixtures/search/approved-duckduckgo.ts"
import { routerFake } from "../runtime/test-support/router-fake.ts"

// The test server serves test/fixtures at /__fixtures for any method, so the recorded pages can stand in for the engines.
const shared = (path: string) => `${location.origin}/__fixtures/search/${path}`

const contextWith = (search: Record<string, unknown>, signal = new AbortController().signal): ToolContext => ({
  callId: "c1",
  conversationId: "conv",
  signal,
  router: routerFake(async (method) =>
    method === "search.credentials" ? { ok: true, value: search } : { ok: false, error: { code: "unknown", message: method } },
  ),
  host: undefined as never,
  onDelivery: () => undefined,
})

const run = async (params: { query: string; max_results: number }, search: Record<string, unknown>) => {
  const exit = await Effect.runPromiseExit(searchHandler(params, contextWith(search)))
  if (Exit.isSuccess(exit)) return { ok: true as const, value: exit.value }
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail") as { error: ToolError } | undefined
  return { ok: false as const, error: failure ? toWire(failure.error) : { code: "defect", message: String(exit.cause) } }
}

describe("web_search handler", () => {
  it("searches DuckDuckGo, the default engine, and keeps max_results results", async () => {
    const result = await run(
      { query: "eino", max_results: 3 },
      { duckduckgoHtmlEndpoint: shared("duckduckgo/eino-ext_html_eino_results.html") },
    )
    expect(result).to.deep.equal({ ok: true, value: einoHtml2025.slice(0, 3) })
  })

  it("falls back to the lite page when the html page is missing", async () => {
    const result = await run(
      { query: "weather san francisco", max_results: 10 },
      {
        duckduckgoHtmlEndpoint: shared("duckduckgo/does-not-exist.html"),
        duckduckgoLiteEndpoint: shared("duckduckgo/simpleai_lite_weather_san_francisco.html"),
      },
    )
    expect(result).to.deep.equal({ ok: true, value: weatherLite2026 })
  })

  it("uses Bing with its key", async () => {
    const result = await run(
      { query: "What is the Semantic Kernel?", max_results: 2 },
      {
        engine: "bing",
        bingApiKey: "k",
        bingEndpoint: shared("bing-api/semantic-kernel_bing_what_is_the_semantic_kernel.json"),
      },
    )
    expect(result.ok && result.value.map((h) => h.url)).to.deep.equal([
      "https://learn.microsoft.com/en-us/semantic-kernel/overview/",
      "https://learn.microsoft.com/en-us/semantic-kernel/get-started/quick-start-guide",
    ])
  })

  it("refuses Bing and Google without their keys, saying what to set", async () => {
    const bing = await run({ query: "x", max_results: 5 }, { engine: "bing", bingApiKey: "  " })
    expect(bing.ok).to.equal(false)
    expect(!bing.ok && bing.error.code).to.equal("missing_api_key")
    expect(!bing.ok && bing.error.message)
      .to.contain("Bing")
      .and.to.contain("API key")
    const google = await run({ query: "x", max_results: 5 }, { engine: "google", googleApiKey: "k" })
    expect(!google.ok && google.error).to.deep.include({ code: "missing_api_key" })
    expect(!google.ok && google.error.message).to.contain("search engine ID (cx) is not set")
  })

  it("reports an unreachable engine as a network error naming it", async () => {
    const result = await run(
      { query: "x", max_results: 5 },
      { engine: "google", googleApiKey: "k", googleCseId: "cx", googleEndpoint: "http://127.0.0.1:9/customsearch/v1" },
    )
    expect(!result.ok && result.error.code).to.equal("search_network_error")
    expect(!result.ok && result.error.message).to.contain("Google Custom Search could not be reached at http://127.0.0.1:9")
    expect(!result.ok && result.error.message).not.to.contain("key=k")
  })

  it("stops when the call is cancelled", async () => {
    const controller = new AbortController()
    controller.abort()
    const exit = await Effect.runPromiseExit(
      searchHandler(
        { query: "eino", max_results: 5 },
        contextWith({ duckduckgoHtmlEndpoint: shared("duckduckgo/eino-ext_html_eino_results.html") }, controller.signal),
      ),
    )
    expect(Exit.isFailure(exit)).to.equal(true)
    const failure = Exit.isFailure(exit)
      ? (exit.cause.reasons.find((r) => r._tag === "Fail") as { error: ToolError } | undefined)
      : undefined
    expect(failure?.error._tag).to.equal("Cancelled")
  })
})
