/**
 * A tool call in words a person reads: its label in their language (the message `tool_<name>`,
 * else the English label on its definition's card), what it worked on (the card's `subject`),
 * what it came to (the card's `outcome`), and how its result reads.
 * The specs arrive with `agent.tools.list()`, so the panel carries no schema code.
 */
import type { ToolCardSpec } from "../schemas/tool-definition.ts"
import { t } from "./i18n.ts"
import { tabTitle } from "./tab-titles.ts"
import { countText, errorText, sizeText } from "./words.ts"

let specs: ReadonlyMap<string, ToolCardSpec> = new Map()
let loading: Promise<void> | undefined

/** Loads the tools' card specs once per page (custom tools have none and read by their name); a card re-renders when they arrive. */
export const ensureToolCards = (): Promise<void> =>
  (loading ??= globalThis.agent.tools.list().then(
    (tools) => {
      specs = new Map(tools.flatMap((tool) => (tool.card ? [[tool.name, tool.card] as const] : [])))
    },
    () => {
      // Without specs a card still shows its label and its data; the next card asks again.
      loading = undefined
    },
  ))

/** For tests and for pages that already hold the list. */
export const setToolCards = (next: ReadonlyMap<string, ToolCardSpec>): void => {
  specs = next
}

/**
 * The translated label, else the definition's English one (a tool whose translations are not
 * written yet), else the MCP wording or the bare name.
 */
export const toolLabel = (tool: string): string => {
  const key = `tool_${tool}`
  const label = t(key)
  if (label !== key && label !== "") return label
  const english = specs.get(tool)?.label
  if (english !== undefined && english !== "") return english
  // An MCP server's tool (`<server>__<tool>`): its own name, then its server's.
  const at = tool.indexOf("__")
  if (at > 0) {
    const mcp = t("toolMcp", tool.slice(at + 2), tool.slice(0, at))
    if (mcp !== "toolMcp" && mcp !== "") return mcp
  }
  return tool
}

const field = (path: string, params: unknown, result: unknown): unknown => {
  const [where, name] = path.split(".", 2) as ["params" | "result", string]
  const source = where === "params" ? params : result
  return typeof source === "object" && source !== null ? (source as Record<string, unknown>)[name] : undefined
}

const shown = (value: unknown): string | undefined => {
  if (typeof value === "string") return value.trim() === "" ? undefined : value.replace(/\s+/g, " ").trim()
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  return undefined
}

/** What the call worked on, e.g. the page's title or the file's path; empty when the tool says nothing. */
export const toolSubject = (tool: string, params: unknown, result?: unknown, max = 80): string => {
  const spec = specs.get(tool)
  if (spec === undefined) return ""
  for (const path of spec.subject ?? []) {
    const value = field(path, params, result)
    // A tab by its title: its id is no name for a person (unnamed while the title is not known).
    const text = path.endsWith(".tab_id") ? (typeof value === "number" ? shown(tabTitle(value)) : undefined) : shown(value)
    if (text !== undefined) return text.length > max ? `${text.slice(0, max - 1)}…` : text
  }
  return ""
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0

/** What the call came to, e.g. "1.2 kB" or "12 entries"; empty when the tool says nothing or its result lacks it. */
export const toolOutcome = (tool: string, result: unknown): string => {
  for (const outcome of specs.get(tool)?.outcome ?? []) {
    if ("bytes" in outcome) {
      const bytes = field(outcome.bytes, undefined, result)
      if (isCount(bytes)) return sizeText(bytes)
    } else {
      const counted = outcome.count === "result" ? result : field(outcome.count, undefined, result)
      const count = Array.isArray(counted) ? counted.length : counted
      if (isCount(count)) return countText(outcome.of, count)
    }
  }
  return ""
}

export type ResultView = { kind: "markdown"; text: string } | { kind: "text"; text: string } | { kind: "data"; value: unknown }

/** How a result reads: Markdown (a page's content), a text answer, or data shown as a tree. */
export const resultView = (tool: string, result: unknown): ResultView => {
  const how = specs.get(tool)?.result ?? "data"
  const record = typeof result === "object" && result !== null ? (result as Record<string, unknown>) : undefined
  if (how === "markdown" && typeof record?.content === "string") return { kind: "markdown", text: record.content }
  if (how === "answer") {
    if (typeof result === "string") return { kind: "markdown", text: result }
    if (typeof record?.answer === "string") return { kind: "markdown", text: record.answer }
    if (typeof record?.content === "string") return { kind: "text", text: record.content }
  }
  return { kind: "data", value: result }
}

/**
 * A tool error as one line in the reader's language (`errorText`: the code worded, never the
 * tool's English message); the code and the message, with no blob: URLs, go behind a disclosure.
 */
export const errorLine = (error: { code: string; message: string; params?: ReadonlyArray<string> }): { line: string; details: string } => ({
  line: errorText(error),
  details: `${error.code}: ${error.message.replace(/\s*\(?blob:[^\s)]*\)?/g, "")}`,
})
