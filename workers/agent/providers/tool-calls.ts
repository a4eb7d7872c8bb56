/** What every protocol does the same way with tool calls and reasoning. */
import { jsonrepair } from "jsonrepair"
import type { ChatRequest, Message, ReasoningBlock, ToolCall } from "./types.ts"

/** The request's tools as OpenAI's function tools (Ollama takes the same), or nothing when it has none. */
export const functionTools = (request: ChatRequest): { tools?: Array<Record<string, unknown>> } =>
  request.tools && request.tools.length > 0
    ? {
        tools: request.tools.map((tool) => ({
          type: "function",
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        })),
      }
    : {}

type Wire = Record<string, unknown>

/**
 * The request's messages in the one-role-a-message form of OpenAI's chat API, which Ollama's
 * takes too: the system prompt first and the user's text as they are; a tool result and an
 * assistant turn as each protocol wants them.
 */
export const roleMessages = (
  request: ChatRequest,
  as: {
    readonly tool: (message: Extract<Message, { role: "tool" }>) => Wire
    readonly assistant: (message: Extract<Message, { role: "assistant" }>) => Wire
  },
): Array<Wire> => [
  ...(request.system ? [{ role: "system", content: request.system }] : []),
  ...request.messages.map((message) =>
    message.role === "user"
      ? { role: "user", content: message.content }
      : message.role === "tool"
        ? as.tool(message)
        : as.assistant(message),
  ),
]

/**
 * Arguments as the model wrote them: empty means `{}` (Anthropic's no-argument calls), and
 * text that is not a JSON object is kept in `invalidArguments` so the agent can tell the model
 * what it got wrong instead of running the tool with guesses. Slips whose intent is certain are
 * repaired (see `objectArguments`).
 */
export const parseToolArguments = (text: string): Pick<ToolCall, "arguments" | "invalidArguments"> => {
  if (text.trim() === "") return { arguments: {} }
  const object = objectArguments(text)
  return object === undefined ? { arguments: {}, invalidArguments: text } : { arguments: object }
}

/** Arguments a service gave already parsed (Ollama): an object as it is, a string read as JSON text. */
export const givenArguments = (value: unknown): Pick<ToolCall, "arguments" | "invalidArguments"> =>
  typeof value === "string"
    ? parseToolArguments(value)
    : value === undefined || value === null
      ? { arguments: {} }
      : isPlainObject(value)
        ? { arguments: value }
        : { arguments: {}, invalidArguments: JSON.stringify(value) }

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The object a model meant by its arguments' text, or undefined. Small models write JSON that
 * strict servers refuse when it is sent back: trailing commas, single quotes, unquoted keys,
 * Python's True/False/None, an object encoded twice as a JSON string. These are repaired by
 * jsonrepair, but only when the text ends where an object ends: a call cut off mid-argument
 * (at the output limit) stays invalid, never completed by guesswork.
 */
export const objectArguments = (text: string): Record<string, unknown> | undefined => {
  let value: unknown = text
  // A string that holds an object holds it once or twice over (double-encoded arguments).
  for (let depth = 0; depth < 3 && typeof value === "string"; depth++) {
    const inner: string = value.trim()
    if (inner === "") return depth === 0 ? {} : undefined
    value = parseLenient(inner)
    if (value === undefined) return undefined
  }
  return isPlainObject(value) ? value : undefined
}

const parseLenient = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    // Repaired only when the text closes as an object (or a string holding one) closes.
    if (!/^\{[\s\S]*\}$|^"[\s\S]*"$|^'[\s\S]*'$/.test(text)) return undefined
    try {
      return JSON.parse(jsonrepair(text)) as unknown
    } catch {
      return undefined
    }
  }
}

/** The arguments as the services take them back: always a JSON object (`{}` beside a saved error). */
export const sentArguments = (call: ToolCall): Record<string, unknown> =>
  call.invalidArguments === undefined && isPlainObject(call.arguments) ? call.arguments : {}

/** Ids for services that give none (Ollama); unique within a conversation is all that matters. */
export const newCallId = (): string => `call_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`

/** The plain reasoning text of a turn, for services that take it back as one string. */
export const reasoningText = (blocks: ReadonlyArray<ReasoningBlock> | undefined): string =>
  (blocks ?? []).map((block) => block.text).join("")
