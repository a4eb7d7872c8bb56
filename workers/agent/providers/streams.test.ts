/** Stream shapes no recording covers: synthesized answers and the odd services' chunking. */
import { expect } from "chai"
import { makeProvider } from "./index.ts"
import { runTurn, scripted } from "./test-support.ts"
import { ThinkTagSplitter } from "./think-tags.ts"
import type { ProviderKind } from "./types.ts"

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`

describe("the same synthesized answer through all three protocols", () => {
  for (const kind of ["openai", "anthropic", "ollama"] as Array<ProviderKind>) {
    it(`${kind}: reasoning, text, two tool calls, usage, stop`, async () => {
      const server = await scripted([
        {
          reasoning: "First I think.",
          text: "Calling two tools now.",
          toolCalls: [
            { id: "c1", name: "web_fetch", arguments: { url: "https://example.com/a?q=1", max_length: 500 } },
            { id: "c2", name: "list_tabs", arguments: {} },
          ],
          usage: { inputTokens: 100, outputTokens: 20, cachedInputTokens: 60 },
        },
      ])
      const turn = await runTurn(makeProvider({ kind, baseUrl: server.baseUrl(kind) }))
      expect(turn.error).to.equal(undefined)
      expect(turn.reasoning).to.equal("First I think.")
      expect(turn.blocks.map((b) => b.text)).to.deep.equal(["First I think."])
      expect(turn.text).to.equal("Calling two tools now.")
      expect(turn.events.filter((e) => e.type === "text").length).to.be.greaterThan(1)
      expect(turn.toolCalls).to.deep.equal([
        { id: "c1", name: "web_fetch", arguments: { url: "https://example.com/a?q=1", max_length: 500 } },
        { id: "c2", name: "list_tabs", arguments: {} },
      ])
      expect(turn.stop?.reason).to.equal("tool_calls")
      expect(turn.usage?.outputTokens).to.equal(20)
      if (kind === "openai") expect(turn.usage).to.deep.equal({ inputTokens: 100, outputTokens: 20, cachedInputTokens: 60 })
      // Anthropic counts cached input apart; the provider reports the whole prompt as OpenAI does.
      if (kind === "anthropic")
        expect(turn.usage).to.deep.equal({ inputTokens: 160, outputTokens: 20, cachedInputTokens: 60, cacheWriteTokens: 0 })
    })
  }
})

describe("OpenAI-compatible quirks", () => {
  it("splits inline <think> reasoning even when the tags arrive in pieces", async () => {
    const server = await scripted([{ text: ["<thi", "nk>I should", " greet.</th", "ink>\n\nHel", "lo <think> is a tag."] }])
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }))
    expect(turn.reasoning).to.equal("I should greet.")
    expect(turn.blocks).to.deep.equal([{ text: "I should greet." }])
    expect(turn.text).to.equal("Hello <think> is a tag.")
  })

  it("splits inline <think> reasoning in an Anthropic text block too (local models behind /v1/messages)", async () => {
    const server = await scripted([
      { text: ["<thi", "nk>I should", " greet.</th", "ink>\n\nHel", "lo."], toolCalls: [{ name: "list_tabs", arguments: {} }] },
    ])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.reasoning).to.equal("I should greet.")
    expect(turn.blocks).to.deep.equal([{ text: "I should greet." }])
    expect(turn.text).to.equal("Hello.")
    expect(turn.events.map((e) => e.type).indexOf("reasoning_block")).to.be.lessThan(turn.events.map((e) => e.type).indexOf("tool_call"))
  })

  it("Ollama /v1 style: reasoning field, whole tool calls in one chunk each, reusing index 0", async () => {
    const server = await scripted([
      {
        raw: [
          chunk({ role: "assistant", content: "", reasoning: "Need weather." }),
          chunk({
            role: "assistant",
            content: "",
            tool_calls: [{ id: "call_1", index: 0, type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } }],
          }),
          chunk({
            role: "assistant",
            content: "",
            tool_calls: [{ id: "call_2", index: 0, type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } }],
          }),
          chunk({ role: "assistant", content: "" }, "stop"),
          "data: [DONE]\n\n",
        ],
      },
    ])
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }))
    expect(turn.reasoning).to.equal("Need weather.")
    expect(turn.toolCalls).to.deep.equal([
      { id: "call_1", name: "weather", arguments: { city: "Paris" } },
      { id: "call_2", name: "weather", arguments: { city: "Rome" } },
    ])
    expect(turn.stop).to.deep.equal({ type: "stop", reason: "tool_calls", raw: "stop" })
    expect(turn.usage).to.equal(undefined)
  })

  it("tool calls without ids or indexes (two in one chunk) get ids of their own", async () => {
    const server = await scripted([
      {
        raw: [
          chunk({
            tool_calls: [
              { type: "function", function: { name: "a", arguments: "{}" } },
              { type: "function", function: { name: "b", arguments: '{"x":1}' } },
            ],
          }),
          chunk({}, "tool_calls"),
          "data: [DONE]\n\n",
        ],
      },
    ])
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }))
    expect(turn.toolCalls.map((c) => [c.name, c.arguments])).to.deep.equal([
      ["a", {}],
      ["b", { x: 1 }],
    ])
    expect(turn.toolCalls[0]?.id).to.match(/^call_/)
    expect(turn.toolCalls[0]?.id).not.to.equal(turn.toolCalls[1]?.id)
  })

  it("content_filter and unknown finish reasons map, keeping the raw reason", async () => {
    const server = await scripted([
      { text: "x", finish: "content_filter" },
      { text: "y", finish: "eos_token" },
    ])
    const provider = makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") })
    expect((await runTurn(provider)).stop).to.deep.equal({ type: "stop", reason: "content_filter", raw: "content_filter" })
    expect((await runTurn(provider)).stop).to.deep.equal({ type: "stop", reason: "other", raw: "eos_token" })
  })
})

describe("Anthropic stream details", () => {
  it("max_tokens and refusal stop reasons", async () => {
    const server = await scripted([
      { text: "cut", finish: "max_tokens" },
      { text: "", finish: "refusal" },
    ])
    const provider = makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") })
    expect((await runTurn(provider)).stop).to.deep.equal({ type: "stop", reason: "length", raw: "max_tokens" })
    expect((await runTurn(provider)).stop).to.deep.equal({ type: "stop", reason: "refusal", raw: "refusal" })
  })

  it("cache read and write tokens", async () => {
    const server = await scripted([
      { text: "hi", usage: { inputTokens: 5, outputTokens: 2, cachedInputTokens: 1000, cacheWriteTokens: 200 } },
    ])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.usage).to.deep.equal({ inputTokens: 1205, outputTokens: 2, cachedInputTokens: 1000, cacheWriteTokens: 200 })
  })

  it("tolerates trailing spaces after the JSON of an event and in tool input", async () => {
    const ev = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify(data)}   \n\n`
    const server = await scripted([
      {
        raw: [
          ev("message_start", { type: "message_start", message: { usage: { input_tokens: 3, output_tokens: 1 } } }),
          ev("content_block_start", {
            type: "content_block_start",
            index: 0,
            content_block: { type: "tool_use", id: "t1", name: "f", input: {} },
          }),
          ev("content_block_delta", {
            type: "content_block_delta",
            index: 0,
            delta: { type: "input_json_delta", partial_json: '{"a": 1} ' },
          }),
          ev("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: "  " } }),
          ev("content_block_stop", { type: "content_block_stop", index: 0 }),
          ev("message_delta", { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 4 } }),
          ev("message_stop", { type: "message_stop" }),
        ],
      },
    ])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.error).to.equal(undefined)
    expect(turn.toolCalls).to.deep.equal([{ id: "t1", name: "f", arguments: { a: 1 } }])
  })
})

describe("Ollama native details", () => {
  it("done_reason length, and a tool call without arguments", async () => {
    const server = await scripted([{ text: "cut", finish: "length" }, { toolCalls: [{ name: "list_tabs" }] }])
    const provider = makeProvider({ kind: "ollama", baseUrl: server.baseUrl("ollama") })
    expect((await runTurn(provider)).stop).to.deep.equal({ type: "stop", reason: "length", raw: "length" })
    const turn = await runTurn(provider)
    expect(turn.toolCalls).to.have.length(1)
    expect(turn.toolCalls[0]).to.include({ name: "list_tabs" }).and.have.deep.property("arguments", {})
  })
})

describe("ThinkTagSplitter", () => {
  const run = (pieces: Array<string>) => {
    const splitter = new ThinkTagSplitter()
    const out = [...pieces.flatMap((p) => splitter.push(p)), ...splitter.flush()]
    return {
      reasoning: out
        .filter((p) => p.type === "reasoning")
        .map((p) => p.delta)
        .join(""),
      text: out
        .filter((p) => p.type === "text")
        .map((p) => p.delta)
        .join(""),
    }
  }

  it("gives the same result wherever the stream is cut in two", () => {
    const whole = "  <think>plan: a < b </thin k></think>\n\nAnswer </think> stays"
    for (let i = 0; i <= whole.length; i++) {
      expect(run([whole.slice(0, i), whole.slice(i)]), `cut at ${i}`).to.deep.equal({
        reasoning: "plan: a < b </thin k>",
        text: "Answer </think> stays",
      })
    }
  })

  it("leaves text alone when it does not open with <think>", () => {
    expect(run(["Use <think>", " tags"])).to.deep.equal({ reasoning: "", text: "Use <think> tags" })
    expect(run(["<thin", "g>"])).to.deep.equal({ reasoning: "", text: "<thing>" })
    expect(run(["<thi"])).to.deep.equal({ reasoning: "", text: "<thi" })
  })

  it("an unclosed block is all reasoning", () => {
    expect(run(["<think>still going</thi"])).to.deep.equal({ reasoning: "still going</thi", text: "" })
  })
})
