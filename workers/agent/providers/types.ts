/**
 * One interface for every model service: a request in the agent's own message format, and a
 * stream of events (text, reasoning, whole tool calls, usage, the stop reason). Each protocol
 * module (OpenAI Chat Completions, Anthropic Messages, Ollama's native chat) translates both ways.
 */

export type ProviderKind = "openai" | "anthropic" | "ollama"

export interface ProviderConfig {
  readonly kind: ProviderKind
  /** e.g. https://api.openai.com/v1, https://api.anthropic.com/v1, http://127.0.0.1:11434 */
  readonly baseUrl: string
  readonly apiKey?: string
  /** Extra behaviour of OpenAI-compatible services that differ from OpenAI. */
  readonly quirks?: {
    /** Send `max_completion_tokens` instead of `max_tokens` (OpenAI's reasoning models). */
    readonly maxCompletionTokens?: boolean
    /** Send the reasoning of tool-calling assistant turns back as `reasoning_content` (DeepSeek). */
    readonly sendReasoningBack?: boolean
  }
}

/** A reasoning block as the service produced it; Anthropic's must come back byte for byte. */
export interface ReasoningBlock {
  readonly text: string
  /** Anthropic `thinking` signature. */
  readonly signature?: string
  /** Anthropic `redacted_thinking` data (opaque). */
  readonly redactedData?: string
}

export interface ToolCall {
  readonly id: string
  readonly name: string
  /** The parsed arguments; `{}` for an empty input. */
  readonly arguments: unknown
  /** The arguments as the model wrote them, when they are not valid JSON (then `arguments` is `{}`). */
  readonly invalidArguments?: string
}

/** An image a tool returned (capture_tab), as base64 bytes; its size counts towards the context budget. */
export interface ImagePart {
  readonly mediaType: string
  readonly data: string
  readonly width?: number
  readonly height?: number
}

export type Message =
  | { readonly role: "user"; readonly content: string }
  | {
      readonly role: "assistant"
      readonly content: string
      readonly reasoning?: ReadonlyArray<ReasoningBlock>
      readonly toolCalls?: ReadonlyArray<ToolCall>
    }
  | {
      readonly role: "tool"
      readonly toolCallId: string
      readonly name: string
      readonly content: string
      readonly isError?: boolean
      /** Images the result carries, sent where each protocol takes them (docs/vision.md). */
      readonly images?: ReadonlyArray<ImagePart>
    }

export interface ToolSpec {
  readonly name: string
  readonly description: string
  /** JSON Schema of the parameters. */
  readonly parameters: Record<string, unknown>
  /** Its results come from pages or the web: the agent marks them as untrusted data. Not sent to the service. */
  readonly untrusted?: boolean
  /** Its results carry an image: offered only to models that see images. Not sent to the service. */
  readonly image?: boolean
}

export interface ChatRequest {
  readonly model: string
  readonly system?: string
  readonly messages: ReadonlyArray<Message>
  readonly tools?: ReadonlyArray<ToolSpec>
  readonly maxTokens?: number
  readonly signal?: AbortSignal
}

export type StopReason = "end" | "tool_calls" | "length" | "refusal" | "content_filter" | "other"

export interface Usage {
  /** The whole prompt, cached part included (Anthropic's separate cache counts are added in). */
  readonly inputTokens: number
  readonly outputTokens: number
  /** Input tokens read from the service's prompt cache. */
  readonly cachedInputTokens?: number
  /** Input tokens written to the prompt cache (Anthropic). */
  readonly cacheWriteTokens?: number
}

export type StreamEvent =
  | { readonly type: "text"; readonly delta: string }
  | { readonly type: "reasoning"; readonly delta: string }
  /** A reasoning block is complete (with its signature when the service gives one). */
  | { readonly type: "reasoning_block"; readonly block: ReasoningBlock }
  | { readonly type: "refusal"; readonly delta: string }
  /** A whole tool call, emitted once its arguments are complete. */
  | { readonly type: "tool_call"; readonly call: ToolCall }
  | { readonly type: "usage"; readonly usage: Usage }
  | { readonly type: "stop"; readonly reason: StopReason; readonly raw?: string }

/** Why a request failed; `retryable` drives the agent loop's retries. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly details: {
      readonly kind: "http" | "network" | "stream" | "stalled" | "cancelled" | "protocol" | "redirect" | "too_large"
      readonly status?: number
      readonly retryable: boolean
      /** From Retry-After (seconds or HTTP date), in milliseconds. */
      readonly retryAfterMs?: number
    },
  ) {
    super(message)
    this.name = "ProviderError"
  }
}

/** The code a failure is reported with: `model_<kind>`, or `model_http_<status>`. */
export const providerErrorCode = (error: ProviderError): string =>
  error.details.kind === "http" ? `model_http_${error.details.status ?? "error"}` : `model_${error.details.kind}`

export interface StreamOptions {
  /** A stream silent for this long fails with a `stalled` ProviderError (default 60 s). */
  readonly stallTimeoutMs?: number
  /** Injected for tests; defaults to globalThis.fetch. */
  readonly fetch?: typeof fetch
  /** The most bytes one response may have (default 8 MB); past it the turn fails with `too_large`. */
  readonly maxResponseBytes?: number
}

export interface Provider {
  /**
   * Streams one model turn. The iterator ends after the `stop` event; it throws a
   * ProviderError on HTTP errors, network errors, malformed or cut-off streams and stalls
   * (never hangs), and stops promptly when the request's signal aborts.
   */
  stream(request: ChatRequest, options?: StreamOptions): AsyncIterable<StreamEvent>
  /** The service's model list, where it offers one. */
  listModels(options?: { signal?: AbortSignal }): Promise<ReadonlyArray<string>>
}
