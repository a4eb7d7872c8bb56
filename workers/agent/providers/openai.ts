/**
 * OpenAI Chat Completions, streamed, and the many services that speak it (OpenRouter,
 * DeepSeek, Gemini's compatible endpoint, Ollama's /v1, LM Studio, vLLM, llama.cpp). Their
 * differences are absorbed here: reasoning in `reasoning_content`, `reasoning` or inline
 * `<think>` tags; tool calls in fragments by index or whole in one chunk; usage last or not at all.
 */
import { defineProvider, type TurnReader } from "./define.ts"
import { ReasoningStream, ThinkTagSplitter } from "./think-tags.ts"
import { sseEvents } from "./sse.ts"
import { functionTools, parseToolArguments, newCallId, reasoningText, roleMessages, sentArguments } from "./tool-calls.ts"
import { isRetryableStatus } from "../../runtime/retry-policy.ts"
import { bearerHeaders, cutOffError, joinUrl, malformedChunkError, redact } from "./transport.ts"
import {
  ProviderError,
  type ChatRequest,
  type Message,
  type ProviderConfig,
  type StopReason,
  type StreamEvent,
  type ToolCall,
  type Usage,
} from "./types.ts"

export const openAiMessages = (config: ProviderConfig, request: ChatRequest): Array<Record<string, unknown>> =>
  withToolImagesAsUser(
    request,
    roleMessages(request, {
      tool: (message) => ({ role: "tool", tool_call_id: message.toolCallId, content: message.content }),
      assistant: (message) => openAiAssistant(config, message),
    }),
  )

/**
 * Chat Completions takes images only in user content, and tool messages must follow their call
 * at once: the images of a turn's results come after its last result, in one user message that
 * names the call each image belongs to (text parts, then `image_url` parts with data URLs).
 */
const withToolImagesAsUser = (request: ChatRequest, wires: Array<Record<string, unknown>>): Array<Record<string, unknown>> => {
  if (!request.messages.some((m) => m.role === "tool" && (m.images?.length ?? 0) > 0)) return wires
  const offset = wires.length - request.messages.length
  const out = wires.slice(0, offset)
  let pending: Array<Record<string, unknown>> = []
  request.messages.forEach((message, i) => {
    out.push(wires[offset + i]!)
    if (message.role === "tool" && message.images?.length)
      for (const image of message.images)
        pending.push(
          { type: "text", text: `The image returned by ${message.name} (call ${message.toolCallId}), part of its untrusted result:` },
          { type: "image_url", image_url: { url: `data:${image.mediaType};base64,${image.data}` } },
        )
    if (pending.length > 0 && request.messages[i + 1]?.role !== "tool") {
      out.push({ role: "user", content: pending })
      pending = []
    }
  })
  return out
}

const openAiAssistant = (config: ProviderConfig, message: Extract<Message, { role: "assistant" }>): Record<string, unknown> => {
  const calls = message.toolCalls ?? []
  if (calls.length === 0) return { role: "assistant", content: message.content }
  const reasoning = reasoningText(message.reasoning)
  return {
    role: "assistant",
    // OpenAI wants null, not "", beside tool calls; some compatible servers reject "".
    content: message.content === "" ? null : message.content,
    tool_calls: calls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(sentArguments(call)) },
    })),
    ...(config.quirks?.sendReasoningBack && reasoning !== "" ? { reasoning_content: reasoning } : {}),
  }
}

export const openAiBody = (config: ProviderConfig, request: ChatRequest): Record<string, unknown> => ({
  model: request.model,
  messages: openAiMessages(config, request),
  stream: true,
  stream_options: { include_usage: true },
  ...functionTools(request),
  ...(request.maxTokens !== undefined
    ? config.quirks?.maxCompletionTokens
      ? { max_completion_tokens: request.maxTokens }
      : { max_tokens: request.maxTokens }
    : {}),
})

interface PartialCall {
  id: string
  name: string
  args: string
}

/** Tool call fragments keyed by index; a whole new call reusing an index (Ollama) gets its own slot. */
class ToolCallAssembler {
  private readonly calls: Array<PartialCall> = []
  private readonly byIndex = new Map<number, PartialCall>()

  add(fragments: ReadonlyArray<unknown>): void {
    fragments.forEach((raw, position) => {
      if (typeof raw !== "object" || raw === null) return
      const fragment = raw as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }
      const index = typeof fragment.index === "number" ? fragment.index : position
      const id = typeof fragment.id === "string" && fragment.id !== "" ? fragment.id : undefined
      const name = typeof fragment.function?.name === "string" ? fragment.function.name : undefined
      const args = fragment.function?.arguments
      const argText = typeof args === "string" ? args : args !== undefined && args !== null ? JSON.stringify(args) : ""
      let call = this.byIndex.get(index)
      if (call === undefined || (id !== undefined && call.id !== "" && call.id !== id)) {
        call = { id: id ?? "", name: name ?? "", args: "" }
        this.byIndex.set(index, call)
        this.calls.push(call)
      } else {
        if (id !== undefined && call.id === "") call.id = id
        if (name !== undefined && call.name === "") call.name = name
      }
      call.args += argText
    })
  }

  get size(): number {
    return this.calls.length
  }

  finish(): Array<ToolCall> {
    return this.calls.map((call) => ({ id: call.id || newCallId(), name: call.name, ...parseToolArguments(call.args) }))
  }
}

const stopReason = (finish: string | undefined, sawToolCalls: boolean, sawRefusal: boolean): StopReason => {
  if (sawToolCalls && (finish === undefined || finish === "stop" || finish === "tool_calls" || finish === "function_call"))
    return "tool_calls"
  switch (finish) {
    case undefined:
    case "stop":
    case "end_turn":
      return sawRefusal ? "refusal" : "end"
    case "tool_calls":
    case "function_call":
      return "tool_calls"
    case "length":
      return "length"
    case "content_filter":
      return "content_filter"
    default:
      return "other"
  }
}

const usageOf = (raw: unknown): Usage | undefined => {
  if (typeof raw !== "object" || raw === null) return undefined
  const usage = raw as {
    prompt_tokens?: number
    completion_tokens?: number
    prompt_tokens_details?: { cached_tokens?: number } | null
    prompt_cache_hit_tokens?: number
  }
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens
  return {
    inputTokens: usage.prompt_tokens ?? 0,
    outputTokens: usage.completion_tokens ?? 0,
    ...(typeof cached === "number" ? { cachedInputTokens: cached } : {}),
  }
}

/** An `{error}` object some services (OpenRouter, vLLM) send inside an otherwise healthy stream. */
const inStreamError = (error: unknown, secrets: ReadonlyArray<string | undefined>): ProviderError => {
  const record = (typeof error === "object" && error !== null ? error : { message: String(error) }) as { message?: unknown; code?: unknown }
  const status = typeof record.code === "number" ? record.code : undefined
  const message = typeof record.message === "string" ? record.message : JSON.stringify(error)
  return new ProviderError(redact(`The model service reported an error mid-stream: ${message}`, secrets), {
    kind: status !== undefined ? "http" : "stream",
    ...(status !== undefined ? { status } : {}),
    // A failure after the answer began is usually the service's own trouble, worth one more try.
    retryable: status !== undefined ? isRetryableStatus(status) : true,
  })
}

export const makeOpenAiProvider = (config: ProviderConfig) =>
  defineProvider(config, {
    request: (request) => ({
      url: joinUrl(config.baseUrl, "/chat/completions"),
      headers: { ...bearerHeaders(config), accept: "text/event-stream" },
      body: openAiBody(config, request),
    }),
    eventStream: true,
    read: readOpenAiTurn,
    models: { url: joinUrl(config.baseUrl, "/models"), headers: bearerHeaders(config), apiKey: config.apiKey, list: "data" },
  })

const readOpenAiTurn: TurnReader = async function* (open, secrets) {
  const splitter = new ThinkTagSplitter()
  const calls = new ToolCallAssembler()
  const reasoning = new ReasoningStream()
  let finish: string | undefined
  let usage: Usage | undefined
  let refused = false
  let events = 0

  const end = function* (): Generator<StreamEvent> {
    for (const piece of splitter.flush()) yield* reasoning.emit(piece.type, piece.delta)
    yield* reasoning.end()
    for (const call of calls.finish()) yield { type: "tool_call", call }
    if (usage !== undefined) yield { type: "usage", usage }
    yield { type: "stop", reason: stopReason(finish, calls.size > 0, refused), ...(finish !== undefined ? { raw: finish } : {}) }
  }

  for await (const event of sseEvents(open.text())) {
    const data = event.data.trim()
    if (data === "[DONE]") {
      yield* end()
      return
    }
    if (data === "") continue
    let chunk: { choices?: Array<{ delta?: Record<string, unknown>; finish_reason?: string | null }>; usage?: unknown; error?: unknown }
    try {
      chunk = JSON.parse(data)
    } catch {
      throw malformedChunkError(events, data)
    }
    events++
    if (chunk.error !== undefined && chunk.error !== null) throw inStreamError(chunk.error, secrets)
    const found = usageOf(chunk.usage)
    if (found !== undefined) usage = found
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta ?? {}
      for (const key of ["reasoning_content", "reasoning"] as const) {
        const value = delta[key]
        if (typeof value === "string") yield* reasoning.emit("reasoning", value)
      }
      if (typeof delta["content"] === "string") {
        for (const piece of splitter.push(delta["content"])) yield* reasoning.emit(piece.type, piece.delta)
      }
      if (typeof delta["refusal"] === "string" && delta["refusal"] !== "") {
        refused = true
        yield { type: "refusal", delta: delta["refusal"] }
      }
      if (Array.isArray(delta["tool_calls"])) {
        yield* reasoning.end()
        calls.add(delta["tool_calls"])
      }
      if (typeof choice.finish_reason === "string" && choice.finish_reason !== "") finish = choice.finish_reason
    }
  }
  // Ended after a finish reason but before [DONE] (some services never send it): a whole answer.
  if (finish !== undefined) {
    yield* end()
    return
  }
  throw cutOffError(events, "data: [DONE]")
}
