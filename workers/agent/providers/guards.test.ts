/**
 * The provider's edges: a redirect never carries the API key to another address, and a
 * response that never ends is cut at its byte cap. The "other origin" is the same test server
 * reached by another host name (localhost ↔ 127.0.0.1), whose request log shows whether
 * anything arrived there.
 */
import { expect } from "chai"
import { makeProvider } from "./index.ts"
import { testConnection } from "./presets.ts"
import { runTurn, scripted } from "./test-support.ts"
import type { ProviderKind } from "./types.ts"

const KEY = "sk-guard-0123456789abcdef0123"
const kinds: Array<ProviderKind> = ["openai", "anthropic", "ollama"]

/** The test server's own address under the other host name: another origin for the browser. */
const otherOrigin = () => `${location.protocol}//${location.hostname === "127.0.0.1" ? "localhost" : "127.0.0.1"}:${location.port}`

const collector = async () => {
  const server = await scripted([])
  const prefix = new URL(server.baseUrl("ollama")).pathname
  return { server, url: (path: string) => `${otherOrigin()}${prefix}${path}` }
}

describe("provider requests never follow a redirect", () => {
  for (const kind of kinds) {
    for (const status of [301, 302, 307, 308]) {
      it(`${kind}: HTTP ${status} to another origin fails as redirect, and the key never reaches it`, async () => {
        const target = await collector()
        const path = kind === "ollama" ? "/api/chat" : kind === "anthropic" ? "/v1/messages" : "/v1/chat/completions"
        const provider = await scripted([{ status, headers: { location: target.url(path) } }])
        const turn = await runTurn(makeProvider({ kind, baseUrl: provider.baseUrl(kind), apiKey: KEY }))
        expect(turn.error?.details).to.deep.equal({ kind: "redirect", retryable: false })
        expect(turn.error?.message).to.contain(location.origin).and.not.contain(KEY)
        expect(await target.server.requests()).to.deep.equal([])
      })
    }
  }

  it("the connection test and the model list refuse the redirect too", async () => {
    const target = await collector()
    // Every request of this server (the listing and the one-token request) is redirected.
    const provider = await scripted([{ status: 307, headers: { location: target.url("/v1/messages") }, fallback: true }], {
      models: null,
    })
    const result = await testConnection({ kind: "anthropic", baseUrl: provider.baseUrl("anthropic"), apiKey: KEY }, "test-model")
    expect(result.ok).to.equal(false)
    expect(result.code).to.equal("model_redirect")
    expect(await target.server.requests()).to.deep.equal([])
  })
})

describe("a model response has a byte cap", () => {
  const line = (i: number) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `${i} ${"x".repeat(1000)}` } }] })}\n\n`

  it("a stream past maxResponseBytes fails as too_large, not retryable", async () => {
    const server = await scripted([{ raw: Array.from({ length: 400 }, (_, i) => line(i)) }])
    const turn = await runTurn(
      makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }),
      {},
      {
        stallTimeoutMs: 5000,
        maxResponseBytes: 64 * 1024,
      },
    )
    expect(turn.error?.details).to.deep.equal({ kind: "too_large", retryable: false })
    expect(turn.error?.message).to.contain("65536 bytes")
    expect(turn.text.length).to.be.lessThan(64 * 1024)
  })

  it("a response under the cap is read whole", async () => {
    const server = await scripted([{ text: "short answer" }])
    const turn = await runTurn(
      makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }),
      {},
      {
        stallTimeoutMs: 5000,
        maxResponseBytes: 64 * 1024,
      },
    )
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal("short answer")
  })
})
