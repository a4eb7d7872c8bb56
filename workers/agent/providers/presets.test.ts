/** Presets, model listings and the connection test, against the scripted server. */
import { expect } from "chai"
import { configFromPreset, PRESETS, listModels, testConnection } from "./presets.ts"
import { scripted } from "./test-support.ts"

describe("presets", () => {
  it("cover the services the settings page offers, each with a usable base URL", () => {
    expect(PRESETS.map((p) => p.id)).to.deep.equal([
      "openai",
      "openrouter",
      "deepseek",
      "gemini",
      "ollama",
      "lmstudio",
      "vllm",
      "anthropic",
      "custom",
    ])
    for (const preset of PRESETS) expect(new URL(preset.baseUrl).protocol, preset.id).to.match(/^https?:$/)
    expect(PRESETS.filter((p) => p.needsKey).map((p) => p.id)).to.deep.equal(["openai", "openrouter", "deepseek", "gemini", "anthropic"])
    expect(configFromPreset("deepseek", { apiKey: "k" })).to.deep.equal({
      kind: "openai",
      baseUrl: "https://api.deepseek.com/v1",
      apiKey: "k",
      quirks: { sendReasoningBack: true },
    })
    expect(configFromPreset("ollama", { baseUrl: "http://10.0.0.2:11434" })).to.deep.equal({
      kind: "ollama",
      baseUrl: "http://10.0.0.2:11434",
    })
  })
})

describe("listModels", () => {
  it("OpenAI style: GET {baseUrl}/models with the Bearer key, data[].id", async () => {
    const server = await scripted([], { models: ["gpt-a", "gpt-b"] })
    expect(await listModels({ kind: "openai", baseUrl: server.baseUrl("openai"), apiKey: "k1" })).to.deep.equal(["gpt-a", "gpt-b"])
    const [request] = await server.requests()
    expect(request).to.include({ method: "GET", path: "/v1/models" })
    expect(request?.headers["authorization"]).to.equal("Bearer k1")
  })

  it("Anthropic: GET {baseUrl}/models with its headers", async () => {
    const server = await scripted([], { models: ["claude-x"] })
    expect(await listModels({ kind: "anthropic", baseUrl: server.baseUrl("anthropic"), apiKey: "k2" })).to.deep.equal(["claude-x"])
    const [request] = await server.requests()
    expect(request?.path).to.equal("/v1/models")
    expect(request?.headers).to.include({
      "x-api-key": "k2",
      "anthropic-version": "2023-06-01",
      "anthropic-dangerous-direct-browser-access": "true",
    })
  })

  it("Ollama: GET /api/tags, models[].name", async () => {
    const server = await scripted([], { models: ["llama3.2:latest", "qwen3:8b"] })
    expect(await listModels({ kind: "ollama", baseUrl: server.baseUrl("ollama") })).to.deep.equal(["llama3.2:latest", "qwen3:8b"])
    expect((await server.requests())[0]?.path).to.equal("/api/tags")
  })
})

describe("testConnection", () => {
  it("ok with the model list", async () => {
    const server = await scripted([], { models: ["m1"] })
    expect(await testConnection({ kind: "openai", baseUrl: server.baseUrl("openai") })).to.deep.equal({ ok: true, models: ["m1"] })
  })

  it("a wrong key: not ok, with the reason and without the key", async () => {
    const server = await scripted([], { requireKey: "right" })
    const result = await testConnection({ kind: "anthropic", baseUrl: server.baseUrl("anthropic"), apiKey: "wrong-key-123456" })
    expect(result.ok).to.equal(false)
    expect(result.error).to.include("HTTP 401").and.include("Check the API key").and.not.include("wrong-key-123456")
  })

  it("no listing: a one-token request to the named model decides", async () => {
    const server = await scripted([{ text: "OK" }], { models: null })
    expect(await testConnection({ kind: "openai", baseUrl: server.baseUrl("openai") }, "local-model")).to.deep.equal({ ok: true })
    const log = await server.requests()
    expect(log.map((r) => r.path)).to.deep.equal(["/v1/models", "/v1/chat/completions"])
    expect(log[1]?.body).to.include({ model: "local-model", max_tokens: 1 })
  })

  it("no listing and the request fails: both reasons", async () => {
    const server = await scripted([{ status: 404, body: { error: { message: "model 'nope' not found" } } }], { models: null })
    const result = await testConnection({ kind: "ollama", baseUrl: server.baseUrl("ollama") }, "nope")
    expect(result.ok).to.equal(false)
    expect(result.error).to.include("model 'nope' not found").and.include("listing the models failed too")
  })

  it("a bad base URL", async () => {
    const result = await testConnection({ kind: "openai", baseUrl: "api.openai.com" })
    expect(result).to.deep.include({ ok: false })
    expect(result.error).to.include("not an http or https URL")
  })
})
