/** A conversation as a file the user keeps: Markdown to read, JSON with every saved field. */
import type { Conversation, MessageRecord } from "../schemas/conversation.ts"

const fence = (text: string, lang = "") => {
  // A fence longer than any backtick run inside, so the content cannot close it.
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length))
  const ticks = "`".repeat(longest + 1)
  return `${ticks}${lang}\n${text}\n${ticks}`
}

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? "null"

export interface ExportLabels {
  readonly user: string
  readonly assistant: string
  readonly reasoning: string
  readonly tool: string
  readonly result: string
  readonly error: string
  /** A run's notice in the reader's words (by default its English message). */
  readonly notice?: (notice: NonNullable<MessageRecord["notice"]>) => string
}

const ENGLISH: ExportLabels = {
  user: "User",
  assistant: "Assistant",
  reasoning: "Reasoning",
  tool: "Tool",
  result: "Result",
  error: "Error",
}

export const conversationToMarkdown = (conversation: Conversation, labels: ExportLabels = ENGLISH): string => {
  const parts = [`# ${conversation.title}`, `_${new Date(conversation.createdAt).toISOString()}_`]
  for (const record of conversation.messages) {
    const { message } = record
    if (record.nudge !== undefined) continue
    if (record.notice) {
      parts.push(`> ${labels.notice?.(record.notice) ?? record.notice.message}`)
    } else if (message.role === "user") {
      parts.push(`## ${labels.user}\n\n${message.content}`)
    } else if (message.role === "assistant") {
      const section = [`## ${labels.assistant}${record.model ? ` (${record.model})` : ""}`]
      const reasoning = (message.reasoning ?? []).map((r) => r.text).join("\n\n")
      if (reasoning) section.push(`<details><summary>${labels.reasoning}</summary>\n\n${reasoning}\n\n</details>`)
      if (message.content) section.push(message.content)
      for (const call of message.toolCalls ?? [])
        section.push(`**${labels.tool}: \`${call.name}\`**\n\n${fence(json(call.arguments), "json")}`)
      parts.push(section.join("\n\n"))
    } else {
      const tool = record.tool
      const body = tool?.error
        ? `${labels.error}: ${tool.error.code}: ${tool.error.message}`
        : fence(tool && tool.result !== undefined ? json(tool.result) : message.content, tool && tool.result !== undefined ? "json" : "")
      parts.push(`**${labels.result} (\`${message.name}\`)**\n\n${body}`)
    }
  }
  return `${parts.join("\n\n")}\n`
}

export const conversationToJson = (conversation: Conversation): string => `${json(conversation)}\n`

/** A file name from the title: safe on every OS, never empty. */
export const exportFileName = (title: string, extension: "md" | "json"): string => {
  const base = title
    .normalize("NFKC")
    // oxlint-disable-next-line no-control-regex -- control characters are not allowed in file names
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80)
  return `${base || "conversation"}.${extension}`
}

/** Saves text as a download from an extension page. */
export const download = (text: string, fileName: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement("a")
  a.href = url
  a.download = fileName
  a.style.display = "none"
  document.body.append(a)
  a.click()
  a.remove()
  // The click has started the download; the URL can go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
