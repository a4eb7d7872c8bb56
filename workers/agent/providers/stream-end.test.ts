/**
 * A stream's last event is never lost: a final event without its blank line is still
 * dispatched, and a stream that ended after its stop reason (without the protocol's terminator)
 * keeps everything it streamed. Only a stream that ended before any stop reason is cut off.
 */
import { expect } from "chai"
import { makeProvider } from "./index.ts"
import { ndjsonLines } from "./ndjson.ts"
import { sseEvents } from "./sse.ts"
import { runTurn, scripted } from "./test-support.ts"

const pieces = async function* (...texts: string[]) {
  yield* texts
}
const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = []
  for await (const item of iterable) out.push(item)
  return out
}
const anthropicEvent = (data: Record<string, unknown>, end = "\n\n") =>
  `event: ${String(data["type"])}\ndata: ${JSON.stringify(data)}${end}`
const TEXT = "The harbour ferry leaves at 6:15 every weekday; tickets cost three euros at the kiosk, and the last boat back is at 22:40."
const anthropicAnswer = (last: string) => [
  anthropicEvent({
    type: "message_start",
    message: { id: "m", type: "message", role: "assistant", content: [], usage: { input_tokens: 12, output_tokens: 1 } },
  }),
  anthropicEvent({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
  anthropicEvent({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: TEXT.slice(0, 60) } }),
  anthropicEvent({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: TEXT.slice(60) } }),
  anthropicEvent({ type: "content_block_stop", index: 0 }),
  last,
]
const maxTokensDelta = { type: "message_delta", delta: { stop_reason: "max_tokens", stop_sequence: null }, usage: { output_tokens: 40 } }

describe("sseEvents: the final event", () => {
  it("is dispatched when its blank line never came", async () => {
    const events = await collect(sseEvents(pieces("event: a\ndata: 1\n\n", "event: b\ndata: 2\n")))
    expect(events.map((e) => [e.event, e.data])).to.deep.equal([
      ["a", "1"],
      ["b", "2"],
    ])
  })

  it("is dispatched after a CR line end too, and split across reads", async () => {
    const events = await collect(sseEvents(pieces("data: one\r\n\r\ndata: t", "wo\r")))
    expect(events.map((e) => e.data)).to.deep.equal(["one", "two"])
  })

  it("is not dispatched when its last line was broken off", async () => {
    const events = await collect(sseEvents(pieces('data: {"a":1}\n\ndata: {"b":')))
    expect(events.map((e) => e.data)).to.deep.equal(['{"a":1}'])
  })
})

describe("ndjsonLines: the final line", () => {
  it("is kept without its newline, marked as possibly incomplete", async () => {
    const lines = await collect(ndjsonLines(pieces('{"a":1}\n{"done":', "true}")))
    expect(lines).to.deep.equal([
      { text: '{"a":1}', complete: true },
      { text: '{"done":true}', complete: false },
    ])
  })
})

describe("a stream that ended after its stop reason", () => {
  it("Anthropic cut at max_tokens, message_delta without its blank line and no message_stop: text kept, stop honoured", async () => {
    const server = await scripted([{ raw: anthropicAnswer(anthropicEvent(maxTokensDelta, "\n")) }])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal(TEXT)
    expect(turn.stop).to.deep.equal({ type: "stop", reason: "length", raw: "max_tokens" })
    expect(turn.usage?.outputTokens).to.equal(40)
  })

  it("Anthropic: the same with the blank line, and a tool call left open is dropped", async () => {
    const raw = anthropicAnswer(
      anthropicEvent({
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "t", name: "opfs_write", input: {} },
      }),
    )
    raw.push(anthropicEvent({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"path":"a' } }))
    raw.push(anthropicEvent(maxTokensDelta))
    const server = await scripted([{ raw }])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal(TEXT)
    expect(turn.toolCalls).to.deep.equal([])
    expect(turn.stop?.reason).to.equal("length")
  })

  it("Anthropic without any stop reason is still cut off", async () => {
    const server = await scripted([{ raw: anthropicAnswer("") }])
    const turn = await runTurn(makeProvider({ kind: "anthropic", baseUrl: server.baseUrl("anthropic") }))
    expect(turn.error?.message).to.match(/cut off after 5 events, before message_stop/)
  })

  it("OpenAI: a finish_reason without data: [DONE] (and without the final blank line) keeps everything", async () => {
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
    const last = `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "length" }], usage: { prompt_tokens: 9, completion_tokens: 40 } })}\n`
    const server = await scripted([
      { raw: [chunk({ role: "assistant", content: TEXT.slice(0, 50) }), chunk({ content: TEXT.slice(50) }), last] },
    ])
    const turn = await runTurn(makeProvider({ kind: "openai", baseUrl: server.baseUrl("openai") }))
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal(TEXT)
    expect(turn.stop).to.deep.equal({ type: "stop", reason: "length", raw: "length" })
    expect(turn.usage).to.deep.equal({ inputTokens: 9, outputTokens: 40 })
  })

  it("Ollama: a final done line without its newline ends the turn whole", async () => {
    const line = (value: object, end = "\n") => `${JSON.stringify(value)}${end}`
    const server = await scripted([
      {
        raw: [
          line({ model: "m", message: { role: "assistant", content: TEXT }, done: false }),
          line(
            {
              model: "m",
              message: { role: "assistant", content: "" },
              done: true,
              done_reason: "length",
              prompt_eval_count: 9,
              eval_count: 40,
            },
            "",
          ),
        ],
      },
    ])
    const turn = await runTurn(makeProvider({ kind: "ollama", baseUrl: server.baseUrl("ollama") }))
    expect(turn.error).to.equal(undefined)
    expect(turn.text).to.equal(TEXT)
    expect(turn.stop?.reason).to.equal("length")
  })
})
