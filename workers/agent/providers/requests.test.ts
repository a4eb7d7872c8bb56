/** What each provider sends, read back from the scripted server's request log. */
import { expect } from "chai"
import { makeProvider } from "./index.ts"
import { runTurn, scripted } from "./test-support.ts"
import type { Message, ToolSpec } from "./types.ts"

const tools: Array<ToolSpec> = [
  {
    name: "web_fetch",
    description: "Fetches a URL",
    parameters: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
  },
  { name: "list_tabs", description: "Lists the open tabs", parameters: { type: "object", properties: {} } },
]

const conversation: Array<Message> = [
  { role: "user", content: "Open two pages" },
  {
    role: "assistant",
    content: "",
    reasoning: [{ text: "Two fetches are needed." }],
    toolCalls: [
      { id: "call_a", name: "web_fetch", arguments: { url: "https://a.example" } },
      { id: "call_b", name: "web_fetch", arguments: {}, invalidArguments: '{"url": "https://b.exa' },
    ],
  },
  { role: "tool", toolCallId: "call_a", name: "web_fetch", content: "Page A" },
  { role: "tool", toolCallId: "call_b", name: "web_fetch", content: "Invalid arguments", isError: true },
  { role: "user", content: "Thanks" },
]

describe("OpenAI-compatible requests", () => {
  it("sends tools, tool calls with JSON-string arguments, tool results, usage on, the key as Bearer", async () => {
    const server = await scripted([{ text: "ok" }])
    const provider = makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai"), apiKey: "sk-openai-key" })
    const turn = await runTurn(provider, { system: "Be brief.", messages: conversation, tools, maxTokens: 300 })
    expect(turn.error).to.equal(undefined)
    const [request] = await server.requests()
    expect(request?.path).to.equal("/v1/chat/completions")
    expect(request?.headers["authorization"]).to.equal("Bearer sk-openai-key")
    const body = request?.body
    expect(body.model).to.equal("test-model")
    expect(body.stream).to.equal(true)
    expect(body.stream_options).to.deep.equal({ include_usage: true })
    expect(body.max_tokens).to.equal(300)
    expect(body).not.to.have.property("max_completion_tokens")
    expect(body.tools).to.deep.equal(
      tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } })),
    )
    expect(body.messages).to.deep.equal([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Open two pages" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_a", type: "function", function: { name: "web_fetch", arguments: '{"url":"https://a.example"}' } },
          // Broken arguments go back as {} beside their error: vLLM refuses any that are not a JSON object.
          { id: "call_b", type: "function", function: { name: "web_fetch", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "call_a", content: "Page A" },
      { role: "tool", tool_call_id: "call_b", content: "Invalid arguments" },
      { role: "user", content: "Thanks" },
    ])
  })

  it("DeepSeek quirks: reasoning_content back on tool-calling turns, max_completion_tokens when asked", async () => {
    const server = await scripted([{ text: "ok" }])
    const provider = makeProvider({
      kind: "openai",
      baseUrl: server.baseUrl("openai"),
      quirks: { sendReasoningBack: true, maxCompletionTokens: true },
    })
    await runTurn(provider, {
      messages: [...conversation, { role: "assistant", content: "Done.", reasoning: [{ text: "not sent" }] }],
      maxTokens: 64,
    })
    const [request] = await server.requests()
    expect(request?.headers).not.to.have.property("authorization")
    expect(request?.body.max_completion_tokens).to.equal(64)
    expect(request?.body).not.to.have.property("max_tokens")
    expect(request?.body.messages[1].reasoning_content).to.equal("Two fetches are needed.")
    // Only turns with tool calls carry it back.
    expect(request?.body.messages.at(-1)).to.deep.equal({ role: "assistant", content: "Done." })
  })

  it("omits tools and max tokens when there are none", async () => {
    const server = await scripted([{ text: "ok" }])
    await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }))
    const [request] = await server.requests()
    expect(Object.keys(request?.body).sort()).to.deep.equal(["messages", "model", "stream", "stream_options"])
  })
})

describe("Anthropic requests", () => {
  it("joins a user turn that follows another (a nudge after an empty reply) into one", async () => {
    const server = await scripted([{ text: "ok" }])
    const provider = makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") })
    const messages: Array<Message> = [
      { role: "user", content: "Hi" },
      { role: "assistant", content: "" },
      { role: "user", content: "Your reply was empty." },
    ]
    await runTurn(provider, { messages })
    const [request] = await server.requests()
    expect(request?.body.messages).to.deep.equal([
      {
        role: "user",
        content: [
          { type: "text", text: "Hi" },
          { type: "text", text: "Your reply was empty." },
        ],
      },
    ])
  })

  it("headers, system and last tool cached, max_tokens default, tool results merged with is_error", async () => {
    const server = await scripted([{ text: "ok" }])
    const provider = makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic"), apiKey: "sk-ant-key" })
    await runTurn(provider, { system: "Be brief.", messages: conversation, tools })
    const [request] = await server.requests()
    expect(request?.path).to.equal("/v1/messages")
    expect(request?.headers).to.include({
      "x-api-key": "sk-ant-key",
      "anthropic-version": "2023-06-01",
      "anthropic-dangerous-direct-browser-access": "true",
    })
    expect(request?.headers).not.to.have.property("authorization")
    const body = request?.body
    expect(body.stream).to.equal(true)
    expect(body.max_tokens).to.equal(8192)
    expect(body.system).to.deep.equal([{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }])
    expect(body.tools).to.deep.equal([
      { name: "web_fetch", description: "Fetches a URL", input_schema: tools[0]!.parameters },
      { name: "list_tabs", description: "Lists the open tabs", input_schema: tools[1]!.parameters, cache_control: { type: "ephemeral" } },
    ])
    expect(body.messages).to.deep.equal([
      { role: "user", content: "Open two pages" },
      {
        role: "assistant",
        // Unsigned reasoning (here from another service) cannot go to Anthropic.
        content: [
          { type: "tool_use", id: "call_a", name: "web_fetch", input: { url: "https://a.example" } },
          { type: "tool_use", id: "call_b", name: "web_fetch", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_a", content: "Page A" },
          { type: "tool_result", tool_use_id: "call_b", content: "Invalid arguments", is_error: true },
          { type: "text", text: "Thanks" },
        ],
      },
    ])
  })

  it("passes thinking (with signature) and redacted thinking back unchanged, before text and tool_use", async () => {
    const signature =
      "EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWLZIk4EFKYYBj3B6Ptl3b0dcQv/VeJBNbejNWIWRBn+KPNEgz6HWtKx7p+QRgKsEoaDGjsiqfht7gTRFYHiyIwD1VSmNqHxv3wy8KEMP+LYb/TC4UH3H97tuoaADARFFcA0phdfxnzKQxFnc9lwY+dKlzUsaKSUAFeu1bDL5ikZJ1vL0Fkz6JjoFke0L/wOJRIUDUlDUOFJ1tZ3ea7g6LGE/5hwuvWgLwewdcm64d+43l7F57XrOmqNd6flI2K/oPr/4yzNgvi/EhT6Ca17BgB"
    const server = await scripted([
      {
        reasoning: ["Let me ", "look ", "it up.\n"],
        signature,
        redactedThinking: "EmwKAhgBEgy3va3pzix/LafPsn4a",
        text: "Looking.",
        toolCalls: [{ id: "toolu_1", name: "web_fetch", arguments: { url: "https://x.example" } }],
      },
      { text: "Done." },
    ])
    const provider = makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic"), apiKey: "k" })
    const first = await runTurn(provider, { messages: [{ role: "user", content: "Look it up" }], tools })
    expect(first.blocks).to.deep.equal([
      { text: "Let me look it up.\n", signature },
      { text: "", redactedData: "EmwKAhgBEgy3va3pzix/LafPsn4a" },
    ])
    expect(first.toolCalls).to.deep.equal([{ id: "toolu_1", name: "web_fetch", arguments: { url: "https://x.example" } }])

    await runTurn(provider, {
      messages: [
        { role: "user", content: "Look it up" },
        { role: "assistant", content: first.text, reasoning: first.blocks, toolCalls: first.toolCalls },
        { role: "tool", toolCallId: "toolu_1", name: "web_fetch", content: "X" },
      ],
      tools,
    })
    const second = (await server.requests())[1]
    expect(second?.body.messages[1]).to.deep.equal({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Let me look it up.\n", signature },
        { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4a" },
        { type: "text", text: "Looking." },
        { type: "tool_use", id: "toolu_1", name: "web_fetch", input: { url: "https://x.example" } },
      ],
    })
    expect(second?.body.messages[2]).to.deep.equal({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "X" }],
    })
  })

  it("a recorded thinking block goes back byte for byte", async () => {
    const server = await scripted([{ fixture: "anthropic/vercel-ai_anthropic-thinking-signature.chunks.jsonl" }, { text: "ok" }])
    const provider = makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") })
    const first = await runTurn(provider)
    await runTurn(provider, {
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: first.text, reasoning: first.blocks },
        { role: "user", content: "And?" },
      ],
    })
    const recorded = (await (await fetch("/__fixtures/llm/anthropic/vercel-ai_anthropic-thinking-signature.chunks.jsonl")).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
    const thinking = recorded.flatMap((e) => (e.delta?.type === "thinking_delta" ? [e.delta.thinking] : [])).join("")
    const signature = recorded.find((e) => e.delta?.type === "signature_delta").delta.signature
    const sent = (await server.requests())[1]?.body.messages[1]
    expect(sent.content[0]).to.deep.equal({ type: "thinking", thinking, signature })
    expect(sent.content[1]).to.deep.equal({ type: "text", text: "925 ÷ 5 = 185" })
  })
})

describe("Ollama native requests", () => {
  it("sends tools, tool calls with object arguments, tool results by name, num_predict", async () => {
    const server = await scripted([{ text: "ok" }])
    await runTurn(makeProvider({ kind: "ollama", baseUrl: server.baseUrl("ollama") }), {
      system: "Be brief.",
      messages: conversation,
      tools,
      maxTokens: 99,
    })
    const [request] = await server.requests()
    expect(request?.path).to.equal("/api/chat")
    const body = request?.body
    expect(body.stream).to.equal(true)
    expect(body.options).to.deep.equal({ num_predict: 99 })
    expect(body.tools[0]).to.deep.equal({
      type: "function",
      function: { name: "web_fetch", description: "Fetches a URL", parameters: tools[0]!.parameters },
    })
    expect(body.messages).to.deep.equal([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Open two pages" },
      {
        role: "assistant",
        content: "",
        thinking: "Two fetches are needed.",
        tool_calls: [
          { function: { name: "web_fetch", arguments: { url: "https://a.example" } } },
          { function: { name: "web_fetch", arguments: {} } },
        ],
      },
      { role: "tool", content: "Page A", tool_name: "web_fetch" },
      { role: "tool", content: "Invalid arguments", tool_name: "web_fetch" },
      { role: "user", content: "Thanks" },
    ])
  })
})
