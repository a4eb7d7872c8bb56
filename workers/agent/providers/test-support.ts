/**
 * For the provider tests in Chromium: a fresh session of the scripted model server that
 * web-test-runner mounts at /__model/ (test/support/model-server.mjs), and the events a
 * provider yields gathered into what a test compares.
 */
import {
  ProviderError,
  type ChatRequest,
  type Provider,
  type ProviderKind,
  type ReasoningBlock,
  type StreamEvent,
  type StreamOptions,
  type ToolCall,
  type Usage,
} from "./types.ts"

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly body: any
  readonly at: number
  readonly status?: number
  readonly clientClosed?: boolean
}

export interface ScriptedServer {
  baseUrl(kind: ProviderKind): string
  requests(): Promise<Array<LoggedRequest>>
}

export const scripted = async (
  steps: ReadonlyArray<unknown>,
  options: { models?: Array<string> | null; requireKey?: string; strict?: boolean } = {},
): Promise<ScriptedServer> => {
  const response = await fetch("/__model/__script", { method: "POST", body: JSON.stringify({ steps, ...options }) })
  if (!response.ok) throw new Error(`scripting the model server failed: HTTP ${response.status}`)
  const { prefix } = (await response.json()) as { prefix: string }
  const base = `${location.origin}${prefix}`
  return {
    baseUrl: (kind) => (kind === "ollama" ? base : `${base}/v1`),
    requests: async () => (await fetch(`${prefix}/__requests`)).json(),
  }
}

export interface Turn {
  readonly events: Array<StreamEvent>
  readonly text: string
  readonly reasoning: string
  readonly refusal: string
  readonly blocks: Array<ReasoningBlock>
  readonly toolCalls: Array<ToolCall>
  readonly usage?: Usage
  readonly stop?: Extract<StreamEvent, { type: "stop" }>
  readonly error?: ProviderError
}

export const runTurn = async (
  provider: Provider,
  request: Partial<ChatRequest> = {},
  options: StreamOptions = { stallTimeoutMs: 5000 },
): Promise<Turn> => {
  const events: Array<StreamEvent> = []
  let error: ProviderError | undefined
  try {
    for await (const event of provider.stream({ model: "test-model", messages: [{ role: "user", content: "Hi" }], ...request }, options))
      events.push(event)
  } catch (thrown) {
    if (!(thrown instanceof ProviderError)) throw thrown
    error = thrown
  }
  const joined = (type: "text" | "reasoning" | "refusal") => events.flatMap((e) => (e.type === type ? [e.delta] : [])).join("")
  const usage = events.flatMap((e) => (e.type === "usage" ? [e.usage] : [])).at(-1)
  const stop = events.find((e): e is Extract<StreamEvent, { type: "stop" }> => e.type === "stop")
  return {
    events,
    text: joined("text"),
    reasoning: joined("reasoning"),
    refusal: joined("refusal"),
    blocks: events.flatMap((e) => (e.type === "reasoning_block" ? [e.block] : [])),
    toolCalls: events.flatMap((e) => (e.type === "tool_call" ? [e.call] : [])),
    ...(usage !== undefined ? { usage } : {}),
    ...(stop !== undefined ? { stop } : {}),
    ...(error !== undefined ? { error } : {}),
  }
}

/** Polls the request log until `test` holds (the server sees a disconnect a moment after the client). */
export const eventually = async <T>(read: () => Promise<T>, test: (value: T) => boolean): Promise<T> => {
  for (;;) {
    const value = await read()
    if (test(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
