/**
 * Every recorded stream in test/fixtures/llm replayed by the scripted model server to
 * the provider that speaks it, checking what the agent would see.
 */
import { expect } from "chai"
import { makeProvider } from "./index.ts"
import { runTurn, scripted, type Turn } from "./test-support.ts"
import type { ProviderKind } from "./types.ts"

const replay = async (kind: ProviderKind, fixture: string): Promise<Turn> => {
  const server = await scripted([{ fixture }])
  return runTurn(makeProvider({ kind, baseUrl: server.baseUrl(kind) }))
}

describe("OpenAI-compatible fixtures", () => {
  it("plain text: deltas joined, usage, stop", async () => {
    const turn = await replay("openai", "openai/openai-python_plain_text.sse")
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal(
      "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.",
    )
    expect(turn.toolCalls).to.deep.equal([])
    expect(turn.usage).to.deep.equal({ inputTokens: 14, outputTokens: 30 })
    expect(turn.stop).to.deep.equal({ type: "stop", reason: "end", raw: "stop" })
    expect(turn.events.at(-1)?.type).to.equal("stop")
  })

  it("finish_reason length becomes stop reason length", async () => {
    const turn = await replay("openai", "openai/openai-python_max_tokens_length.sse")
    expect(turn.text).to.equal('{"')
    expect(turn.stop?.reason).to.equal("length")
    expect(turn.usage).to.deep.equal({ inputTokens: 79, outputTokens: 1 })
  })

  it("parallel tool calls assembled from fragments by index", async () => {
    const turn = await replay("openai", "openai/openai-python_parallel_tool_calls_with_usage.sse")
    expect(turn.toolCalls).to.deep.equal([
      { id: "call_JMW1whyEaYG438VE1OIflxA2", name: "GetWeatherArgs", arguments: { city: "Edinburgh", country: "GB", units: "c" } },
      { id: "call_DNYTawLBoN8fj3KN6qU9N1Ou", name: "get_stock_price", arguments: { ticker: "AAPL", exchange: "NASDAQ" } },
    ])
    expect(turn.text).to.equal("")
    expect(turn.usage).to.deep.equal({ inputTokens: 149, outputTokens: 60 })
    expect(turn.stop?.reason).to.equal("tool_calls")
  })

  it("a single strict tool call", async () => {
    const turn = await replay("openai", "openai/openai-python_single_tool_call_strict.sse")
    expect(turn.toolCalls).to.deep.equal([
      { id: "call_c91SqDXlYFuETYv8mUHzz6pp", name: "GetWeatherArgs", arguments: { city: "Edinburgh", country: "UK", units: "c" } },
    ])
    expect(turn.usage).to.deep.equal({ inputTokens: 76, outputTokens: 24 })
    expect(turn.stop?.reason).to.equal("tool_calls")
  })

  it("a refusal is its own stream and stop reason, though the service says stop", async () => {
    const turn = await replay("openai", "openai/openai-python_refusal.sse")
    expect(turn.refusal).to.equal("I'm sorry, I can't assist with that request.")
    expect(turn.text).to.equal("")
    expect(turn.stop).to.deep.equal({ type: "stop", reason: "refusal", raw: "stop" })
    expect(turn.usage).to.deep.equal({ inputTokens: 79, outputTokens: 11 })
  })

  it("whole tool calls in single chunks, one with arguments that are not JSON", async () => {
    const turn = await replay(
      "openai",
      "openai/semantic-kernel_SYNTHETIC_chat_completion_streaming_multiple_function_calls_test_response.txt",
    )
    expect(turn.error).to.equal(undefined)
    expect(turn.toolCalls).to.deep.equal([
      { id: "1", name: "MyPlugin-GetCurrentWeather", arguments: { location: "Boston, MA" } },
      { id: "2", name: "MyPlugin-FunctionWithException", arguments: { argument: "value" } },
      { id: "3", name: "MyPlugin-NonExistentFunction", arguments: { argument: "value" } },
      { id: "4", name: "MyPlugin-InvalidArguments", arguments: {}, invalidArguments: "invalid_arguments_format" },
    ])
    // The synthetic capture repeats its content in every chunk; it is passed on as sent.
    expect(turn.text).to.equal("Test chat streaming response".repeat(4))
    expect(turn.usage).to.equal(undefined)
    expect(turn.stop?.reason).to.equal("tool_calls")
  })

  it("a malformed chunk is a protocol error naming the chunk, after the text before it", async () => {
    const turn = await replay("openai", "openai/semantic-kernel_SYNTHETIC_chat_completion_invalid_streaming_test_response.txt")
    expect(turn.text).to.equal("Test chat streaming response")
    expect(turn.error?.details).to.deep.equal({ kind: "protocol", retryable: false })
    expect(turn.error?.message)
      .to.match(/malformed chunk/)
      .and.match(/event 2/)
      .and.include('{"id":}]}')
    expect(turn.stop).to.equal(undefined)
  })

  it("DeepSeek: reasoning_content as reasoning and a block, the tool call, cached tokens", async () => {
    const turn = await replay("openai", "openai/vercel-ai_deepseek-reasoning-tool-call.chunks.jsonl")
    expect(turn.reasoning)
      .to.match(/^The user is asking for the weather in San Francisco\./)
      .and.match(/parameter set to "San Francisco"\.$/)
    expect(turn.blocks).to.deep.equal([{ text: turn.reasoning }])
    expect(turn.text).to.equal("")
    expect(turn.toolCalls).to.deep.equal([
      { id: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF", name: "weather", arguments: { location: "San Francisco" } },
    ])
    expect(turn.usage).to.deep.equal({ inputTokens: 339, outputTokens: 83, cachedInputTokens: 320 })
    expect(turn.stop?.reason).to.equal("tool_calls")
    // The block closes before the tool call is announced.
    const kinds = turn.events.map((e) => e.type).filter((t) => t !== "reasoning")
    expect(kinds).to.deep.equal(["reasoning_block", "tool_call", "usage", "stop"])
  })

  it("a long text answer (300 chunks) with usage after the finish chunk", async () => {
    const turn = await replay("openai", "openai/vercel-ai_openai-text.chunks.jsonl")
    expect(turn.text.length).to.equal(1724)
    expect(turn.text)
      .to.match(/^\*\*Holiday Name:\*\* Harmony Day\n\n/)
      .and.match(/shared human experiences and mutual respect\.$/)
    expect(turn.usage).to.deep.equal({ inputTokens: 16, outputTokens: 300, cachedInputTokens: 0 })
    expect(turn.stop?.reason).to.equal("end")
  })
})

describe("Anthropic fixtures", () => {
  it("basic text, ping ignored", async () => {
    const turn = await replay("anthropic", "anthropic/anthropic-sdk-python_basic_response.sse")
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal("Hello there!")
    expect(turn.usage).to.deep.equal({ inputTokens: 11, outputTokens: 6 })
    expect(turn.stop).to.deep.equal({ type: "stop", reason: "end", raw: "end_turn" })
  })

  it("text then a tool_use streamed as input_json_delta", async () => {
    const turn = await replay("anthropic", "anthropic/anthropic-sdk-python_tool_use_response.sse")
    expect(turn.text).to.equal("I'll check the current weather in Paris for you.")
    expect(turn.toolCalls).to.deep.equal([{ id: "toolu_01NRLabsLyVHZPKxbKvkfSMn", name: "get_weather", arguments: { location: "Paris" } }])
    expect(turn.usage).to.deep.equal({ inputTokens: 377, outputTokens: 65, cachedInputTokens: 0, cacheWriteTokens: 0 })
    expect(turn.stop?.reason).to.equal("tool_calls")
  })

  it("a thinking block with its signature", async () => {
    const turn = await replay("anthropic", "anthropic/vercel-ai_anthropic-thinking-signature.chunks.jsonl")
    const thinking = "The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185"
    expect(turn.reasoning).to.equal(thinking)
    expect(turn.blocks).to.have.length(1)
    expect(turn.blocks[0]?.text).to.equal(thinking)
    expect(turn.blocks[0]?.signature)
      .to.match(/^EvQBCkYICxgCKkAxhD4N/)
      .and.match(/Ca17BgB$/)
    expect(turn.text).to.equal("925 ÷ 5 = 185")
    expect(turn.usage).to.deep.equal({ inputTokens: 69, outputTokens: 53, cachedInputTokens: 0, cacheWriteTokens: 0 })
    expect(turn.stop?.reason).to.equal("end")
  })

  it("a tool call with no arguments has input {}", async () => {
    const turn = await replay("anthropic", "anthropic/vercel-ai_anthropic-tool-no-args.chunks.jsonl")
    expect(turn.text).to.equal("I'll update the issue list for you.")
    expect(turn.toolCalls).to.deep.equal([{ id: "toolu_01QE1WLsSVp5hy5Q3GmGTmjP", name: "updateIssueList", arguments: {} }])
    expect(turn.stop?.reason).to.equal("tool_calls")
  })
})

describe("Ollama native fixtures", () => {
  it("text in NDJSON lines, usage from eval counts, done_reason", async () => {
    const turn = await replay("ollama", "ollama/semantic-kernel_ollama-native_chat_completion_test_response_stream.ndjson")
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal("This is test completion response")
    expect(turn.usage).to.deep.equal({ inputTokens: 10, outputTokens: 239 })
    expect(turn.stop).to.deep.equal({ type: "stop", reason: "end", raw: "stop" })
  })

  it("a whole tool call gets an id, and stop reason tool_calls though done_reason says stop", async () => {
    const turn = await replay("ollama", "ollama/semantic-kernel_ollama-native_chat_completion_function_call_response.ndjson")
    expect(turn.toolCalls).to.have.length(1)
    expect(turn.toolCalls[0]).to.include({ name: "TestPlugin_TestFunction" })
    expect(turn.toolCalls[0]?.arguments).to.deep.equal({ testInput: "fake-text" })
    expect(turn.toolCalls[0]?.id).to.match(/^call_\w+$/)
    expect(turn.usage).to.deep.equal({ inputTokens: 152, outputTokens: 22 })
    expect(turn.stop?.reason).to.equal("tool_calls")
  })

  it("several tool calls in one line, one without arguments", async () => {
    const turn = await replay("ollama", "ollama/semantic-kernel_ollama-native_chat_completion_multiple_function_calls_test_response.ndjson")
    expect(turn.toolCalls.map((c) => [c.name, c.arguments])).to.deep.equal([
      ["MyPlugin_GetCurrentWeather", { location: "Boston, MA" }],
      ["MyPlugin_FunctionWithException", { argument: "value" }],
      ["MyPlugin_NonExistentFunction", { argument: "value" }],
      ["MyPlugin_InvalidArguments", {}],
      ["MyPlugin_IntArguments", { age: "36" }],
    ])
    expect(new Set(turn.toolCalls.map((c) => c.id)).size).to.equal(5)
  })
})
