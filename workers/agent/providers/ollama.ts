/**
 * Ollama's native `/api/chat`: one JSON object per line, tool calls whole (arguments as
 * objects, ids often absent), reasoning in `thinking` or, for older builds, inline `<think>`.
 */
import { ndjsonLines } from "./ndjson.ts"
import { defineProvider, type TurnReader } from "./define.ts"
import { ReasoningStream, ThinkTagSplitter } from "./think-tags.ts"
import { functionTools, givenArguments, newCallId, reasoningText, roleMessages, sentArguments } from "./tool-calls.ts"
import { bearerHeaders, cutOffError, errorBodyMessage, joinUrl, malformedChunkError, redact } from "./transport.ts"
import { ProviderError, type ChatRequest, type Message, type ProviderConfig, type StopReason, type ToolCall } from "./types.ts"

const ollamaAssistant = (message: Extract<Message, { role: "assistant" }>): Record<string, unknown> => {
  const thinking = reasoningText(message.reasoning)
  const calls = message.toolCalls ?? []
  return {
    role: "assistant",
    content: message.content,
    ...(thinking !== "" ? { thinking } : {}),
    ...(calls.length > 0
      ? {
          tool_calls: calls.map((call) => ({
            function: { name: call.name, arguments: sentArguments(call) },
          })),
        }
      : {}),
  }
}

export const ollamaBody = (request: ChatRequest): Record<string, unknown> => ({
  model: request.model,
  messages: roleMessages(request, {
    // Ollama takes a message's images as base64 in its `images`, a tool result's too.
    tool: (message) => ({
      role: "tool",
      content: message.content,
      tool_name: message.name,
      ...(message.images?.length ? { images: message.images.map((image) => image.data) } : {}),
    }),
    assistant: ollamaAssistant,
  }),
  stream: true,
  ...functionTools(request),
  ...(request.maxTokens !== undefined ? { options: { num_predict: request.maxTokens } } : {}),
})

const toolCallOf = (raw: unknown): ToolCall => {
  const entry = (typeof raw === "object" && raw !== null ? raw : {}) as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }
  const parsed = givenArguments(entry.function?.arguments)
  return {
    id: typeof entry.id === "string" && entry.id !== "" ? entry.id : newCallId(),
    name: typeof entry.function?.name === "string" ? entry.function.name : "",
    ...parsed,
  }
}

const stopReason = (raw: string | undefined, sawToolCalls: boolean): StopReason => {
  if (sawToolCalls && (raw === undefined || raw === "stop")) return "tool_calls"
  if (raw === undefined || raw === "stop") return "end"
  if (raw === "length") return "length"
  return "other"
}

export const makeOllamaProvider = (config: ProviderConfig) =>
  defineProvider(config, {
    request: (request) => ({
      url: joinUrl(config.baseUrl, "/api/chat"),
      // Ollama itself takes no key; one set here is for a proxy or ollama.com in front of it.
      headers: bearerHeaders(config),
      body: ollamaBody(request),
    }),
    read: readOllamaTurn,
    models: {
      url: joinUrl(config.baseUrl, "/api/tags"),
      headers: bearerHeaders(config),
      apiKey: config.apiKey,
      list: "models",
      field: "name",
    },
  })

const readOllamaTurn: TurnReader = async function* (open, secrets) {
  const splitter = new ThinkTagSplitter()
  const reasoning = new ReasoningStream()
  let sawToolCalls = false
  let events = 0

  for await (const line of ndjsonLines(open.text())) {
    let chunk: Record<string, any>
    try {
      chunk = JSON.parse(line.text)
    } catch {
      if (!line.complete) break
      throw malformedChunkError(events, line.text)
    }
    events++
    if (chunk["error"] !== undefined) {
      const error = typeof chunk["error"] === "string" ? chunk["error"] : errorBodyMessage(JSON.stringify(chunk))
      // Alone in place of the stream, it is the answer to the request (a 2xx with an error body).
      if (events === 1)
        throw new ProviderError(redact(`Ollama answered HTTP ${open.response.status} with an error: ${error}`, secrets), {
          kind: "http",
          status: open.response.status,
          retryable: false,
        })
      throw new ProviderError(redact(`Ollama reported an error mid-stream: ${error}`, secrets), { kind: "stream", retryable: false })
    }
    const message = chunk["message"] ?? {}
    if (typeof message.thinking === "string") yield* reasoning.emit("reasoning", message.thinking)
    if (typeof message.content === "string") {
      for (const piece of splitter.push(message.content)) yield* reasoning.emit(piece.type, piece.delta)
    }
    if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      for (const piece of splitter.flush()) yield* reasoning.emit(piece.type, piece.delta)
      yield* reasoning.end()
      sawToolCalls = true
      for (const raw of message.tool_calls) yield { type: "tool_call", call: toolCallOf(raw) }
    }
    if (chunk["done"] === true) {
      for (const piece of splitter.flush()) yield* reasoning.emit(piece.type, piece.delta)
      yield* reasoning.end()
      const raw = typeof chunk["done_reason"] === "string" ? chunk["done_reason"] : undefined
      yield {
        type: "usage",
        usage: { inputTokens: Number(chunk["prompt_eval_count"] ?? 0), outputTokens: Number(chunk["eval_count"] ?? 0) },
      }
      yield { type: "stop", reason: stopReason(raw, sawToolCalls), ...(raw !== undefined ? { raw } : {}) }
      return
    }
  }
  throw cutOffError(events, `the final "done": true line`)
}
