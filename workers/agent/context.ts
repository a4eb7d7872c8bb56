/**
 * The context budget: what is sent to the model must fit its context window. When the next
 * request would not fit, the older turns are summarised by the model and the summary is sent in
 * their place; the saved conversation keeps every message.
 */
import type { MessageRecord } from "../../schemas/conversation.ts"
import type { ChatRequest, Message, Provider, ToolSpec } from "./providers/types.ts"
import { imageTokens } from "./images.ts"

/** A deliberately cautious estimate (about 3.5 characters a token for English and code). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 3.5)

const messageTokens = (m: Message): number =>
  estimateTokens(m.content) +
  (m.role === "tool" ? (m.images ?? []).reduce((n, image) => n + imageTokens(image), 0) : 0) +
  (m.role === "assistant" ? estimateTokens(JSON.stringify(m.toolCalls ?? []) + (m.reasoning ?? []).map((r) => r.text).join("")) : 0) +
  4

export const requestTokens = (system: string, tools: ReadonlyArray<ToolSpec>, messages: ReadonlyArray<Message>): number =>
  estimateTokens(system) + estimateTokens(JSON.stringify(tools)) + messages.reduce((n, m) => n + messageTokens(m), 0)

export interface Summary {
  readonly uptoSeq: number
  readonly text: string
}

const summaryMessage = (summary: Summary): Message => ({
  role: "user",
  content: `[Summary of the earlier part of this conversation, written to save space]\n${summary.text}`,
})

/** The messages to send: the summary (if any), then every message after it. */
export const messagesFor = (records: ReadonlyArray<MessageRecord>, summary: Summary | undefined): Message[] => {
  const kept = records
    .filter((r) => r.notice === undefined && (summary === undefined || r.seq > summary.uptoSeq))
    .map((r) => r.message as Message)
  return summary ? [summaryMessage(summary), { role: "assistant", content: "Understood." }, ...kept] : kept
}

/**
 * Where the history may be cut: just before a user message, so that no tool call is separated
 * from its result. Returns the seq of the last message to summarise, leaving at least the last
 * user turn in full.
 */
export const cutPoint = (records: ReadonlyArray<MessageRecord>, after: number): number | undefined => {
  const userSeqs = records
    .filter((r) => r.notice === undefined && r.nudge === undefined && r.message.role === "user" && r.seq > after)
    .map((r) => r.seq)
  if (userSeqs.length < 2) return undefined
  // Summarise everything before the most recent user turn that leaves the newest half in full.
  const target = userSeqs[Math.max(1, Math.floor(userSeqs.length / 2))]!
  return target - 1
}

export const summarise = async (
  provider: Provider,
  model: string,
  previous: Summary | undefined,
  records: ReadonlyArray<MessageRecord>,
  uptoSeq: number,
  signal: AbortSignal,
  stallTimeoutMs: number,
): Promise<Summary> => {
  const part = records.filter((r) => r.notice === undefined && r.seq <= uptoSeq && (previous === undefined || r.seq > previous.uptoSeq))
  const transcript = part
    .map((r) => {
      const m = r.message
      if (m.role === "tool") return `Tool ${m.name} returned: ${m.content.slice(0, 4000)}`
      if (m.role === "assistant")
        return `Assistant: ${m.content}${m.toolCalls?.length ? `\n(called ${m.toolCalls.map((c) => `${c.name} ${JSON.stringify(c.arguments)}`).join("; ")})` : ""}`
      return `User: ${m.content}`
    })
    .join("\n\n")
  const request: ChatRequest = {
    model,
    system:
      "You summarise conversations between a user and an AI agent that uses tools. Keep every fact, decision, result, open question and file or URL the conversation relies on; drop chit-chat. Write compact notes.",
    messages: [
      {
        role: "user",
        content: `${previous ? `Earlier summary:\n${previous.text}\n\n` : ""}Conversation to add to the summary:\n${transcript}\n\nWrite the updated summary.`,
      },
    ],
    maxTokens: 2048,
    signal,
  }
  let text = ""
  for await (const event of provider.stream(request, { stallTimeoutMs })) if (event.type === "text") text += event.delta
  return { uptoSeq, text: text.trim() }
}
