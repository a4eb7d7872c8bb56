/**
 * Anthropic Messages, native and streamed. Thinking blocks come back on the next turn exactly
 * as they were received (text and signature, or redacted data): the API verifies them.
 */
import { sseEvents } from "./sse.ts"
import { defineProvider, type TurnReader } from "./define.ts"
import { ReasoningStream, ThinkTagSplitter } from "./think-tags.ts"
import { parseToolArguments, sentArguments } from "./tool-calls.ts"
import { isRetryableStatus } from "../../runtime/retry-policy.ts"
import { cutOffError, joinUrl, malformedChunkError, redact } from "./transport.ts"
import { ProviderError, type ChatRequest, type Message, type ProviderConfig, type StopReason, type Usage } from "./types.ts"

/** The API requires `max_tokens`; this is what a turn gets when the agent does not say. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192

export const anthropicHeaders = (config: ProviderConfig): Record<string, string> => ({
  "content-type": "application/json",
  "anthropic-version": "2023-06-01",
  // Without it the API refuses requests that carry a browser Origin.
  "anthropic-dangerous-direct-browser-access": "true",
  ...(config.apiKey ? { "x-api-key": config.apiKey } : {}),
})

type Block = Record<string, unknown>
type AnthropicMessage = { role: "user" | "assistant"; content: string | Array<Block> }

const assistantBlocks = (message: Extract<Message, { role: "assistant" }>): Array<Block> => {
  const blocks: Array<Block> = []
  for (const reasoning of message.reasoning ?? []) {
    if (reasoning.redactedData !== undefined) blocks.push({ type: "redacted_thinking", data: reasoning.redactedData })
    // Unsigned reasoning (from another service, or cut off) would be rejected; it is left out.
    else if (reasoning.signature !== undefined) blocks.push({ type: "thinking", thinking: reasoning.text, signature: reasoning.signature })
  }
  if (message.content !== "") blocks.push({ type: "text", text: message.content })
  for (const call of message.toolCalls ?? []) {
    blocks.push({
      type: "tool_use",
      id: call.id,
      name: call.name,
      input: sentArguments(call),
    })
  }
  return blocks
}

/** Tool results and a following user message share one user turn: the API wants roles to alternate. */
export const anthropicMessages = (messages: ReadonlyArray<Message>): Array<AnthropicMessage> => {
  const out: Array<AnthropicMessage> = []
  const lastUserBlocks = (): Array<Block> | undefined => {
    const last = out[out.length - 1]
    return last?.role === "user" && Array.isArray(last.content) ? last.content : undefined
  }
  for (const message of messages) {
    if (message.role === "tool") {
      const images = message.images ?? []
      const block: Block = {
        type: "tool_result",
        tool_use_id: message.toolCallId,
        // A result's images are image blocks inside it, after its text.
        content:
          images.length === 0
            ? message.content
            : [
                { type: "text", text: message.content },
                ...images.map((image) => ({ type: "image", source: { type: "base64", media_type: image.mediaType, data: image.data } })),
              ],
        ...(message.isError ? { is_error: true } : {}),
      }
      const open = lastUserBlocks()
      if (open !== undefined && open.every((b) => b["type"] === "tool_result")) open.push(block)
      else out.push({ role: "user", content: [block] })
    } else if (message.role === "user") {
      const last = out[out.length - 1]
      // A user turn right after another (the agent's nudge after an empty reply, which has no
      // blocks to send) joins it, as tool results do.
      if (last?.role === "user" && typeof last.content === "string") last.content = [{ type: "text", text: last.content }]
      const open = lastUserBlocks()
      if (open !== undefined) open.push({ type: "text", text: message.content })
      else out.push({ role: "user", content: message.content })
    } else {
      const blocks = assistantBlocks(message)
      if (blocks.length === 0) continue
      const onlyText = blocks.length === 1 && blocks[0]!["type"] === "text"
      out.push({ role: "assistant", content: onlyText ? message.content : blocks })
    }
  }
  return out
}

export const anthropicBody = (request: ChatRequest): Record<string, unknown> => {
  const tools = (request.tools ?? []).map((tool, i, all) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters,
    // The cache breakpoint on the last tool caches the whole tool list (tools come first in the prompt).
    ...(i === all.length - 1 ? { cache_control: { type: "ephemeral" } } : {}),
  }))
  return {
    model: request.model,
    max_tokens: request.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
    stream: true,
    ...(request.system ? { system: [{ type: "text", text: request.system, cache_control: { type: "ephemeral" } }] } : {}),
    messages: anthropicMessages(request.messages),
    ...(tools.length > 0 ? { tools } : {}),
  }
}

const stopReason = (raw: string | undefined): StopReason => {
  switch (raw) {
    case "end_turn":
    case "stop_sequence":
    case undefined:
      return "end"
    case "tool_use":
      return "tool_calls"
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length"
    case "refusal":
      return "refusal"
    default:
      return "other"
  }
}

/** Statuses the API documents for each error type, so in-stream errors retry like HTTP ones. */
const errorStatus: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
}

type RawUsage = {
  input_tokens?: number
  output_tokens?: number
  cache_read_input_tokens?: number | null
  cache_creation_input_tokens?: number | null
}

type OpenBlock =
  | { kind: "text" }
  | { kind: "thinking"; text: string; signature: string }
  | { kind: "redacted"; data: string }
  | { kind: "tool"; id: string; name: string; json: string }
  | { kind: "other" }

export const makeAnthropicProvider = (config: ProviderConfig) =>
  defineProvider(config, {
    request: (request) => ({
      url: joinUrl(config.baseUrl, "/messages"),
      headers: { ...anthropicHeaders(config), accept: "text/event-stream" },
      body: anthropicBody(request),
    }),
    eventStream: true,
    read: readAnthropicTurn,
    models: {
      url: joinUrl(config.baseUrl, "/models?limit=1000"),
      headers: anthropicHeaders(config),
      apiKey: config.apiKey,
      list: "data",
    },
  })

const readAnthropicTurn: TurnReader = async function* (open, secrets) {
  const blocks = new Map<number, OpenBlock>()
  // Local models behind an Anthropic-compatible endpoint (llama.cpp, proxies) may write their
  // reasoning inline as <think>…</think> in the text, as they do on OpenAI-compatible ones.
  const splitter = new ThinkTagSplitter()
  const inline = new ReasoningStream()
  const text = function* (delta: string) {
    for (const piece of splitter.push(delta)) yield* inline.emit(piece.type, piece.delta)
  }
  const flush = function* () {
    for (const piece of splitter.flush()) yield* inline.emit(piece.type, piece.delta)
    yield* inline.end()
  }
  const usage: RawUsage = {}
  let stop: string | undefined
  let events = 0
  for await (const event of sseEvents(open.text())) {
    const data = event.data.trim()
    if (data === "") continue
    let json: Record<string, any>
    try {
      json = JSON.parse(data)
    } catch {
      throw malformedChunkError(events, data)
    }
    events++
    const type = typeof json["type"] === "string" ? json["type"] : event.event
    switch (type) {
      case "message_start":
        Object.assign(usage, json["message"]?.usage ?? {})
        break
      case "content_block_start": {
        const block = json["content_block"] ?? {}
        const index = Number(json["index"])
        if (block.type === "text") {
          blocks.set(index, { kind: "text" })
          if (typeof block.text === "string" && block.text !== "") yield* text(block.text)
        } else if (block.type === "thinking") {
          blocks.set(index, { kind: "thinking", text: block.thinking ?? "", signature: block.signature ?? "" })
          if (block.thinking) yield { type: "reasoning", delta: block.thinking }
        } else if (block.type === "redacted_thinking") {
          blocks.set(index, { kind: "redacted", data: String(block.data ?? "") })
        } else if (block.type === "tool_use") {
          const initial =
            block.input && typeof block.input === "object" && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : ""
          blocks.set(index, { kind: "tool", id: String(block.id ?? ""), name: String(block.name ?? ""), json: initial })
        } else {
          blocks.set(index, { kind: "other" })
        }
        break
      }
      case "content_block_delta": {
        const block = blocks.get(Number(json["index"]))
        const delta = json["delta"] ?? {}
        if (delta.type === "text_delta" && typeof delta.text === "string") {
          if (delta.text !== "") yield* text(delta.text)
        } else if (delta.type === "thinking_delta" && block?.kind === "thinking") {
          block.text += delta.thinking ?? ""
          if (delta.thinking) yield { type: "reasoning", delta: delta.thinking }
        } else if (delta.type === "signature_delta" && block?.kind === "thinking") {
          block.signature += delta.signature ?? ""
        } else if (delta.type === "input_json_delta" && block?.kind === "tool") {
          block.json += delta.partial_json ?? ""
        }
        break
      }
      case "content_block_stop": {
        const index = Number(json["index"])
        const block = blocks.get(index)
        blocks.delete(index)
        if (block?.kind === "thinking") {
          yield {
            type: "reasoning_block",
            block: { text: block.text, ...(block.signature !== "" ? { signature: block.signature } : {}) },
          }
        } else if (block?.kind === "redacted") {
          yield { type: "reasoning_block", block: { text: "", redactedData: block.data } }
        } else if (block?.kind === "tool") {
          yield* flush()
          yield { type: "tool_call", call: { id: block.id, name: block.name, ...parseToolArguments(block.json) } }
        }
        break
      }
      case "message_delta":
        if (typeof json["delta"]?.stop_reason === "string") stop = json["delta"].stop_reason
        for (const [key, value] of Object.entries(json["usage"] ?? {})) {
          if (typeof value === "number") (usage as Record<string, number>)[key] = value
        }
        break
      case "message_stop": {
        yield* flush()
        yield { type: "usage", usage: toUsage(usage) }
        yield { type: "stop", reason: stopReason(stop), ...(stop !== undefined ? { raw: stop } : {}) }
        return
      }
      case "error": {
        const error = json["error"] ?? {}
        const status = errorStatus[String(error.type)]
        throw new ProviderError(
          redact(`Anthropic reported ${error.type ?? "an error"} mid-stream: ${error.message ?? "no message"}`, secrets),
          {
            kind: "http",
            ...(status !== undefined ? { status } : {}),
            retryable: status !== undefined ? isRetryableStatus(status) : true,
          },
        )
      }
      default:
        // ping, and event types added after this was written.
        break
    }
  }
  // Ended after the stop reason but before message_stop: everything streamed is kept. A
  // block still open (a tool call whose input never closed) is dropped, never half-run.
  if (stop !== undefined) {
    yield* flush()
    yield { type: "usage", usage: toUsage(usage) }
    yield { type: "stop", reason: stopReason(stop), raw: stop }
    return
  }
  throw cutOffError(events, "message_stop")
}

/** Anthropic counts cached input apart from `input_tokens`; inputTokens here is the whole prompt, as with OpenAI. */
const toUsage = (usage: RawUsage): Usage => {
  const cached = usage.cache_read_input_tokens ?? 0
  const written = usage.cache_creation_input_tokens ?? 0
  return {
    inputTokens: (usage.input_tokens ?? 0) + cached + written,
    outputTokens: usage.output_tokens ?? 0,
    ...(usage.cache_read_input_tokens != null ? { cachedInputTokens: cached } : {}),
    ...(usage.cache_creation_input_tokens != null ? { cacheWriteTokens: written } : {}),
  }
}
