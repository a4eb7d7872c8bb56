/**
 * What the loop makes of a turn from a weak or local model before saving it: tool names that
 * miss by case, `-`/`_` or a `functions.` prefix mapped to the tool; calls written as text taken
 * as calls when they are unambiguous (an offered tool, arguments its schema accepts); nameless
 * junk calls dropped; ids made unique within the conversation. What cannot be settled with
 * certainty is left for the loop to tell the model about, once.
 */
import type { MessageRecord } from "../../schemas/conversation.ts"
import { compileJsonSchema, type CompiledSchema } from "../../schemas/json-schema.ts"
import { newCallId, objectArguments } from "./providers/tool-calls.ts"
import type { ToolCall, ToolSpec } from "./providers/types.ts"
import { findTextCalls, looseJson, markupStart, type TextCall } from "./text-calls.ts"

/** A name's letters and digits only, lower case: `WebFetch`, `web-fetch`, `web_fetch` are one. */
const squash = (name: string): string =>
  name
    .trim()
    .replace(/^(?:functions|function|default_api|tools|tool)[.:]/i, "")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase()

/** The offered tool a name means: itself, or the one tool it matches but for case, separators and a prefix. */
export const resolveName = (name: string, tools: ReadonlyArray<Pick<ToolSpec, "name">>): string | undefined => {
  if (tools.some((tool) => tool.name === name)) return name
  const key = squash(name)
  if (key === "") return undefined
  const matches = tools.filter((tool) => squash(tool.name) === key)
  return matches.length === 1 ? matches[0]!.name : undefined
}

const distance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]!
}

/**
 * Words models use, in the names they invent, for what a built-in tool does (from the names
 * seen in reports: browse_page, read_url, execute_python, Glob…). Only offered tools are named.
 */
const KIN: Readonly<Record<string, ReadonlyArray<string>>> = {
  web_fetch: ["browse", "fetch", "url", "page", "visit", "scrape", "download", "http", "website", "webpage"],
  web_search: ["search", "google", "bing", "duckduckgo", "lookup", "query"],
  open_tab: ["open", "navigate", "goto", "newtab"],
  get_tab_content: ["content", "text", "read", "extract", "dom"],
  execute_script: ["execute", "run", "python", "javascript", "js", "eval", "code", "script", "bash", "shell", "terminal"],
  opfs_read: ["readfile", "cat", "view"],
  opfs_write: ["write", "save", "create", "edit"],
  opfs_list: ["list", "ls", "glob", "dir", "files", "find"],
  opfs_delete: ["delete", "remove", "rm", "unlink"],
  ask_user: ["ask", "question", "human", "clarify"],
}

/** The words of a name: `browsePage`, `browse-page` and `functions.browse_page` give browse, page. */
const words = (name: string): string[] =>
  name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "" && w !== "functions" && w !== "tool" && w !== "tools")

/**
 * The offered tool closest to a name: most words in common with the tool's name or what it
 * does, then nearest in spelling.
 */
export const closestName = (name: string, tools: ReadonlyArray<Pick<ToolSpec, "name">>): string | undefined => {
  const key = squash(name)
  const mine = words(name)
  let best: { name: string; shared: number; spelling: number } | undefined
  for (const tool of tools) {
    const kin = new Set([...words(tool.name), ...(KIN[tool.name] ?? [])])
    const shared = mine.filter((w) => kin.has(w)).length + (kin.has(key) ? 1 : 0)
    const other = squash(tool.name)
    const spelling = distance(key, other) / Math.max(key.length, other.length, 1)
    if (best === undefined || shared > best.shared || (shared === best.shared && spelling < best.spelling))
      best = { name: tool.name, shared, spelling }
  }
  return best?.name
}

/** The error a call to a tool that is not offered gets: the tools there are and the closest. */
export const unknownToolMessage = (name: string, tools: ReadonlyArray<Pick<ToolSpec, "name">>): string => {
  const closest = closestName(name, tools)
  return `"${name}" is not one of your tools.${closest ? ` The closest is "${closest}".` : ""} The tools you can call are: ${tools.map((t) => t.name).join(", ")}.`
}

const schemas = new WeakMap<ToolSpec, CompiledSchema | undefined>()
const schemaOf = (tool: ToolSpec): CompiledSchema | undefined => {
  if (!schemas.has(tool)) {
    const compiled = compileJsonSchema(tool.parameters)
    schemas.set(tool, compiled.ok ? compiled.compiled : undefined)
  }
  return schemas.get(tool)
}

/**
 * Values a template writes as text (Qwen3-Coder's `<parameter>` bodies) read as the type the
 * schema declares: "3" for an integer, "true" for a boolean, JSON for an array or object.
 */
const typed = (tool: ToolSpec, args: Record<string, unknown>): Record<string, unknown> => {
  const properties = (tool.parameters["properties"] ?? {}) as Record<string, { type?: unknown }>
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(args)) {
    const type = properties[key]?.type
    const wanted = Array.isArray(type) ? type : [type]
    if (typeof value !== "string" || wanted.includes("string")) out[key] = value
    else if (wanted.some((t) => t === "number" || t === "integer") && /^-?\d+(\.\d+)?$/.test(value.trim())) out[key] = Number(value)
    else if (wanted.includes("boolean") && /^(true|false)$/i.test(value.trim())) out[key] = value.trim().toLowerCase() === "true"
    else out[key] = looseJson(value) ?? value
  }
  return out
}

/** A text call as a call of an offered tool whose schema accepts its arguments, or why not. */
const settleTextCall = (call: TextCall, tools: ReadonlyArray<ToolSpec>): ToolCall | string => {
  const name = resolveName(call.name, tools)
  if (name === undefined) return unknownToolMessage(call.name, tools)
  const tool = tools.find((t) => t.name === name)!
  const object = typeof call.arguments === "string" ? objectArguments(call.arguments) : call.arguments
  if (typeof object !== "object" || object === null || Array.isArray(object)) return `the arguments of ${name} are not a JSON object`
  const args = typed(tool, object as Record<string, unknown>)
  const problems = schemaOf(tool)?.problems(args) ?? []
  if (problems.length > 0) {
    const first = problems[0]!
    return `the arguments of ${name} do not fit its parameters (${first.path.length ? `${first.path.join(".")}: ` : ""}${first.message})`
  }
  return { id: "", name, arguments: args }
}

/** What a turn's text comes to: calls to run (and the words around them), markup that could not be settled, or plain text. */
export type TextVerdict =
  | { readonly kind: "calls"; readonly calls: ReadonlyArray<ToolCall>; readonly rest: string }
  | { readonly kind: "unclear"; readonly problem: string }
  | { readonly kind: "text" }

export const textVerdict = (text: string, tools: ReadonlyArray<ToolSpec>): TextVerdict => {
  if (tools.length === 0) return { kind: "text" }
  const found = findTextCalls(text)
  if (found === undefined) return { kind: "text" }
  if (found.calls.length === 0) return { kind: "unclear", problem: "the call markup could not be read" }
  if (found.loose && found.calls.some((call) => resolveName(call.name, tools) === undefined)) return { kind: "text" }
  const settled = found.calls.map((call) => settleTextCall(call, tools))
  const problem = settled.find((s): s is string => typeof s === "string")
  if (problem !== undefined) return { kind: "unclear", problem }
  return { kind: "calls", calls: settled as ToolCall[], rest: found.rest }
}

/**
 * A text beside native calls without the markup that only repeats them (some servers' tool
 * parsers pass the call on and leave its markup in the content too).
 */
export const withoutEchoedCalls = (text: string, calls: ReadonlyArray<ToolCall>, tools: ReadonlyArray<ToolSpec>): string => {
  const found = findTextCalls(text)
  if (found === undefined || found.calls.length === 0) return text
  const names = new Set(calls.map((call) => call.name))
  return found.calls.every((call) => names.has(resolveName(call.name, tools) ?? call.name)) ? found.rest : text
}

/** A text cut at the output limit without the unfinished call markup it ended in. */
export const withoutCutMarkup = (text: string): string => {
  const at = markupStart(text)
  return at < 0 ? text : text.slice(0, at).trimEnd()
}

/** Ids the services take back: Anthropic's pattern, which OpenAI's and the others' fit too. */
const GOOD_ID = /^[a-zA-Z0-9_-]{1,128}$/

/**
 * Call ids unique within a conversation, whatever the service sent: an empty, repeated (two
 * calls of one reply, or llama.cpp's same id every turn) or ill-formed id is replaced before the
 * call is saved, so the saved record, the panel's cards and every later request agree.
 */
export class CallIds {
  private readonly used = new Set<string>()

  constructor(records: ReadonlyArray<MessageRecord>) {
    for (const record of records) {
      if (record.message.role === "assistant") for (const call of record.message.toolCalls ?? []) this.used.add(call.id)
    }
  }

  unique(call: ToolCall): ToolCall {
    let id = call.id
    if (!GOOD_ID.test(id) || this.used.has(id)) id = freshId(id, this.used)
    this.used.add(id)
    return id === call.id ? call : { ...call, id }
  }
}

/** A new id shaped like the one it replaces where that shape matters (Mistral's nine letters and digits). */
const freshId = (old: string, used: ReadonlySet<string>): string => {
  for (;;) {
    const id = /^[a-zA-Z0-9]{9}$/.test(old) ? newCallId().slice(-9) : newCallId()
    if (!used.has(id)) return id
  }
}

/** Native calls tidied: nameless ones (junk some servers add beside an answer) dropped, near-miss names mapped. */
export const tidyCalls = (calls: ReadonlyArray<ToolCall>, tools: ReadonlyArray<ToolSpec>): ToolCall[] =>
  calls
    .filter((call) => call.name.trim() !== "")
    .map((call) => {
      const name = resolveName(call.name, tools)
      return name === undefined || name === call.name ? call : { ...call, name }
    })

/** What the model is told when its reply was empty. */
export const EMPTY_NUDGE =
  "Your reply was empty. Answer the user in plain text, or call one of the tools you were given through the tool-calling interface."

/** What the model is told, once, when it wrote a call as text that could not be run. */
export const markupNudge = (problem: string, tools: ReadonlyArray<Pick<ToolSpec, "name">>): string =>
  `Your last reply contains a tool call written as text, which was not run: ${problem}. To use a tool, call it through the tool-calling interface (not in your text), with a JSON object of arguments that fits its parameters. The tools are: ${tools.map((t) => t.name).join(", ")}. If you meant no tool call, answer the user in plain text.`
