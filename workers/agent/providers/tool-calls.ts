/** What every protocol does the same way with tool calls and reasoning. */
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
 * text that is not JSON is kept in `invalidArguments` so the agent can tell the model what
 * it got wrong instead of running the tool with guesses.
 */
export const parseToolArguments = (text: string): Pick<ToolCall, "arguments" | "invalidArguments"> => {
  if (text.trim() === "") return { arguments: {} }
  try {
    return { arguments: JSON.parse(text) as unknown }
  } catch {
    return { arguments: {}, invalidArguments: text }
  }
}

/** Ids for services that give none (Ollama); unique within a conversation is all that matters. */
export const newCallId = (): string => `call_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`

/** The plain reasoning text of a turn, for services that take it back as one string. */
export const reasoningText = (blocks: ReadonlyArray<ReasoningBlock> | undefined): string =>
  (blocks ?? []).map((block) => block.text).join("")
