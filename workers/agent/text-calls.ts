/**
 * Tool calls written as text. Models served without a tool parser (or whose parser missed)
 * put the call in their content in their own template's markup: Hermes/Qwen `<tool_call>`,
 * Qwen3-Coder `<function=…><parameter=…>`, Mistral `[TOOL_CALLS]`, Llama's `<|python_tag|>`
 * and pythonic lists, Phi-4-mini `functools[…]`, Gemma's ```tool_code, DeepSeek's and Kimi's
 * special tokens, Granite's `<|tool_call|>`, LFM2's `<|tool_call_start|>`, GLM's `<arg_key>`, Nemotron's
 * `<TOOLCALL>`, Seed-OSS's `<seed:tool_call>`, InternLM's `<|action_start|><|plugin|>`, gpt-oss's
 * Harmony tokens, or bare JSON. This finds such
 * calls and what text is left around them; whether a call names an offered tool with arguments
 * its schema accepts is for `weak-turns.ts` to judge. Nothing here runs anything.
 */
import { jsonrepair } from "jsonrepair"

export interface TextCall {
  readonly name: string
  /** An object, or text still to be read as one. */
  readonly arguments: unknown
}

export interface FoundCalls {
  readonly calls: ReadonlyArray<TextCall>
  /** The text with the markup taken out. */
  readonly rest: string
  /**
   * Found by shape alone (`name(k=v)` in a code fence or as the whole text), with no template's
   * markup: a call only if it names an offered tool, else code the model is showing.
   */
  readonly loose?: true
}

/**
 * The calls a text holds, or undefined when it holds none. `calls` is empty when the text has
 * call markup that could not be read (a tag around broken JSON): the model meant a call.
 */
export const findTextCalls = (text: string): FoundCalls | undefined => {
  for (const reader of READERS) {
    const found = reader(text)
    if (found !== undefined) return { ...found, rest: tidy(found.rest) }
  }
  return undefined
}

/** Where a text that holds an unfinished call (cut at the output limit) starts its markup, or -1. */
export const markupStart = (text: string): number => text.search(STARTS)

const STARTS =
  /<tool_call>|<TOOLCALL>|<seed:tool_call>|<\|action_start\|>|<\|channel\|>commentary to=|<\|tool_call_start\|>|<\|tool_call\|>|<function=|<tool_calls>|<function_call>|\[TOOL_CALLS\]|<\|python_tag\|>|<｜tool▁calls?▁begin｜>|<\|tool_calls_section_begin\|>|<\|tool_call_begin\|>|functools\[/

/** The rest without the section tokens that wrapped the calls, and without their blank lines. */
const tidy = (text: string): string =>
  text
    .replace(
      /<｜tool▁calls▁(?:begin|end)｜>|<\|tool_calls_section_(?:begin|end)\|>|<\|eot_id\|>|<\|eom_id\|>|<\/s>|<\|im_end\|>|<\|end\|>|<end_of_turn>/g,
      "",
    )
    .replace(/\n{3,}/g, "\n\n")
    .trim()

type Reader = (text: string) => { calls: TextCall[]; rest: string; loose?: true } | undefined

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const NAME_KEYS = ["name", "tool_name", "function_name", "tool", "function", "recipient_name", "action"] as const
const ARG_KEYS = ["arguments", "parameters", "args", "input", "tool_input", "params", "action_input"] as const
const SPARE_KEYS = new Set(["type", "id", "index"])

/**
 * The calls a parsed JSON value stands for, or undefined when it is not call-shaped: a call
 * object (`name` with `arguments` or `parameters`, and their synonyms), OpenAI's
 * `{function: {name, arguments}}`, a `{tool_calls: [...]}` object, or a list of these.
 */
export const callsOfJson = (value: unknown): TextCall[] | undefined => {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined
    const all = value.map(callsOfJson)
    return all.every((c) => c !== undefined) ? all.flat() : undefined
  }
  if (!isObject(value)) return undefined
  if (Array.isArray(value["tool_calls"])) return callsOfJson(value["tool_calls"])
  if (isObject(value["function"]) && typeof value["function"]["name"] === "string") {
    const inner = value["function"]
    return [{ name: inner["name"] as string, arguments: inner["arguments"] ?? inner["parameters"] ?? {} }]
  }
  const nameKey = NAME_KEYS.find((key) => typeof value[key] === "string")
  if (nameKey === undefined) return undefined
  const argKey = ARG_KEYS.find((key) => key in value)
  const others = Object.keys(value).filter((key) => key !== nameKey && key !== argKey && !SPARE_KEYS.has(key))
  // `{"name": …}` alone is a call only when nothing else is there: otherwise it is data with a name.
  if (others.length > 0) return undefined
  return [{ name: value[nameKey] as string, arguments: argKey === undefined ? {} : (value[argKey] ?? {}) }]
}

/** JSON as written, else as repaired (single quotes, Python literals, trailing commas); undefined when neither. */
export const looseJson = (text: string): unknown => {
  const trimmed = text.trim()
  if (trimmed === "") return undefined
  try {
    return JSON.parse(trimmed) as unknown
  } catch {
    if (!/^[[{]/.test(trimmed) || !/[\]}]$/.test(trimmed)) return undefined
    try {
      return JSON.parse(jsonrepair(trimmed)) as unknown
    } catch {
      return undefined
    }
  }
}

/** The calls of a JSON text, or undefined. */
const jsonCalls = (text: string): TextCall[] | undefined => callsOfJson(looseJson(text))

/** JSON values that follow one another (one a line, or apart by spaces, commas or semicolons), as Llama writes several calls. */
const jsonSequence = (text: string): TextCall[] | undefined => {
  const whole = jsonCalls(text)
  if (whole !== undefined) return whole
  const parts = splitTopLevel(text.trim(), /[\s,;]/)
  if (parts.length < 2) return undefined
  const calls = parts.map((part) => jsonCalls(part))
  return calls.every((c) => c !== undefined) ? calls.flat() : undefined
}

// ——— Pythonic calls: `name(key="value", n=3)`, alone or in a list (Llama 3.2, Gemma, Phi).

const IDENT = /^[A-Za-z_][\w.-]*$/

/** Splits at separators that are outside quotes and brackets. */
const splitTopLevel = (text: string, separator: RegExp): string[] => {
  const out: string[] = []
  let depth = 0
  let quote: string | undefined
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quote !== undefined) {
      if (ch === "\\") i++
      else if (ch === quote) quote = undefined
    } else if (ch === '"' || ch === "'") quote = ch
    else if ("([{".includes(ch)) depth++
    else if (")]}".includes(ch)) depth--
    else if (depth === 0 && separator.test(ch)) {
      out.push(text.slice(start, i))
      start = i + 1
    }
  }
  out.push(text.slice(start))
  return out.map((p) => p.trim()).filter((p) => p !== "")
}

/** One `name(k=v, …)`, its values read as Python literals; undefined when it is not one. */
const pythonCall = (text: string): TextCall | undefined => {
  const open = text.indexOf("(")
  if (open <= 0 || !text.endsWith(")")) return undefined
  const name = text
    .slice(0, open)
    .trim()
    .replace(/\.call$/, "")
  if (!IDENT.test(name)) return undefined
  const args: Record<string, unknown> = {}
  for (const part of splitTopLevel(text.slice(open + 1, -1), /,/)) {
    const eq = /^([A-Za-z_]\w*)\s*=\s*([\s\S]+)$/.exec(part)
    if (eq === null) return undefined
    const value = pythonValue(eq[2]!)
    if (value === undefined) return undefined
    args[eq[1]!] = value
  }
  return { name, arguments: args }
}

const pythonValue = (text: string): unknown => {
  try {
    return JSON.parse(jsonrepair(text.trim())) as unknown
  } catch {
    return undefined
  }
}

/** `[a(x=1), b()]` or `a(x=1)`: every item a call, or undefined. */
const pythonCalls = (text: string): TextCall[] | undefined => {
  // Gemma's prompted form may wrap the call in print(…), as its code-execution format does.
  const trimmed = text.trim().replace(/^print\(([\s\S]*)\)$/, "$1")
  const body = trimmed.startsWith("[") && trimmed.endsWith("]") ? trimmed.slice(1, -1) : trimmed
  const parts = splitTopLevel(body, /[,\n]/)
  if (parts.length === 0) return undefined
  const calls = parts.map(pythonCall)
  return calls.every((c) => c !== undefined) ? (calls as TextCall[]) : undefined
}

// ——— Tagged templates.

/**
 * Qwen3-Coder `<function=name><parameter=k>v</parameter></function>` (values are text, their
 * closing tags sometimes missing), and Llama 3.1's `<function=name>{…}</function>`.
 */
const xmlFunctions = (text: string): TextCall[] | undefined => {
  const calls: TextCall[] = []
  for (const m of text.matchAll(/<function=([^>\s]+)>([\s\S]*?)(?:<\/function>|$)/g)) {
    const body = m[2]!
    if (!body.includes("<parameter=")) {
      calls.push({ name: m[1]!, arguments: body.trim() === "" ? {} : body.trim() })
      continue
    }
    const args: Record<string, unknown> = {}
    for (const p of body.matchAll(/<parameter=([^>\s]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|$)/g)) args[p[1]!] = p[2]!.trim()
    calls.push({ name: m[1]!, arguments: args })
  }
  return calls.length > 0 ? calls : undefined
}

/** GLM-4.5 `name\n<arg_key>k</arg_key>\n<arg_value>v</arg_value>` inside `<tool_call>`. */
const argKeyCall = (body: string): TextCall | undefined => {
  const name = /^\s*([\w.-]+)\s*<arg_key>/.exec(body)?.[1]
  if (name === undefined) return undefined
  const args: Record<string, unknown> = {}
  for (const m of body.matchAll(/<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>/g)) {
    const raw = m[2]!
    const parsed = looseJson(raw)
    args[m[1]!.trim()] = parsed !== undefined && typeof parsed === "object" ? parsed : raw
  }
  return { name, arguments: args }
}

/** What one tagged body holds: JSON, a Qwen3-Coder function, a GLM call, or a pythonic call. */
const bodyCalls = (body: string): TextCall[] | undefined => {
  const glm = argKeyCall(body)
  return xmlFunctions(body) ?? (glm ? [glm] : undefined) ?? jsonSequence(body) ?? pythonCalls(body)
}

/** Every `<tag>…</tag>` (the last may be left open at the end), each body read by `read`. */
const tagged =
  (open: string, close: string, read: (body: string) => TextCall[] | undefined): Reader =>
  (text) => {
    if (!text.includes(open)) return undefined
    const calls: TextCall[] = []
    let rest = ""
    let at = 0
    let broken = false
    while (at < text.length) {
      const start = text.indexOf(open, at)
      if (start < 0) break
      rest += text.slice(at, start)
      const end = text.indexOf(close, start + open.length)
      const body = text.slice(start + open.length, end < 0 ? text.length : end)
      const found = read(body)
      if (found === undefined) broken = true
      else calls.push(...found)
      at = end < 0 ? text.length : end + close.length
    }
    rest += text.slice(at)
    return { calls: broken ? [] : calls, rest }
  }

/** Markup that runs to the end of the text (or to an end token): `[TOOL_CALLS]…`, `<|python_tag|>…`. */
const prefixed =
  (marker: RegExp, read: (body: string) => TextCall[] | undefined, endToken?: RegExp): Reader =>
  (text) => {
    const m = marker.exec(text)
    if (m === null) return undefined
    const after = text.slice(m.index + m[0].length)
    const end = endToken ? after.search(endToken) : -1
    const body = end < 0 ? after : after.slice(0, end)
    return { calls: read(body) ?? [], rest: text.slice(0, m.index) }
  }

/** Mistral: `[TOOL_CALLS] [{…}]`, Devstral/Magistral `[TOOL_CALLS]name[ARGS]{…}` (one per marker), `[TOOL_CALLS]name{…}`. */
const mistralBody = (body: string): TextCall[] | undefined => {
  const json = jsonSequence(body)
  if (json !== undefined) return json
  const calls: TextCall[] = []
  for (const part of body.split("[TOOL_CALLS]")) {
    const m = /^\s*([\w.-]+)\s*(?:\[CALL_ID\]\s*\w+\s*)?(?:\[ARGS\])?\s*([\s\S]*)$/.exec(part)
    if (m === null) return undefined
    calls.push({ name: m[1]!, arguments: m[2]!.trim() === "" ? {} : m[2]!.trim() })
  }
  return calls.length > 0 ? calls : undefined
}

/** DeepSeek V3/R1 `function<｜tool▁sep｜>name\n```json\n{…}\n```` and V3.1 `name<｜tool▁sep｜>{…}`. */
const deepSeekCall = (body: string): TextCall[] | undefined => {
  const m =
    /^\s*(?:function)?\s*<｜tool▁sep｜>\s*([\w.-]+)\s*([\s\S]*)$/.exec(body) ?? /^\s*([\w.-]+)\s*<｜tool▁sep｜>([\s\S]*)$/.exec(body)
  if (m === null) return undefined
  const args = m[2]!.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, "")
  return [{ name: m[1]!, arguments: args.trim() === "" ? {} : args }]
}

/** Kimi K2 `functions.name:0<|tool_call_argument_begin|>{…}`. */
const kimiCall = (body: string): TextCall[] | undefined => {
  const m = /^\s*([\w.-]+?)(?::\d+)?\s*<\|tool_call_argument_begin\|>([\s\S]*)$/.exec(body)
  return m === null ? undefined : [{ name: m[1]!, arguments: m[2]!.trim() }]
}

/** Fenced blocks (```json, ```tool_code, ```tool_call, ```python or none) that hold calls; other fences stay text. */
const fenced: Reader = (text) => {
  const calls: TextCall[] = []
  let rest = text
  let loose = false
  for (const m of text.matchAll(/```[ \t]*(json|tool_code|tool_call|tool_calls|python|py|)[ \t]*\n([\s\S]*?)\n?```/g)) {
    const json = jsonSequence(m[2]!)
    const found = json ?? (m[1] === "json" || m[1] === "" ? undefined : pythonCalls(m[2]!))
    if (found === undefined) continue
    if (json === undefined) loose = true
    calls.push(...found)
    rest = rest.replace(m[0], "")
  }
  return calls.length > 0 ? { calls, rest, ...(loose ? { loose: true as const } : {}) } : undefined
}

/** The whole text is the call: JSON, a pythonic list, or `name(…)` (named tools are checked later). */
const whole: Reader = (text) => {
  const trimmed = text.trim()
  const json = /^[[{]/.test(trimmed) ? jsonSequence(trimmed) : undefined
  if (json !== undefined) return { calls: json, rest: "" }
  const python = /^\[?[A-Za-z_][\w.-]*\(/.test(trimmed) ? pythonCalls(trimmed) : undefined
  return python === undefined ? undefined : { calls: python, rest: "", loose: true }
}

/** A JSON call object on its own line after some words ("I'll fetch it:\n{"name": …}"). */
const trailingJson: Reader = (text) => {
  const body = text.trimEnd()
  if (!body.endsWith("}")) return undefined
  // From the last line that opens an object back, a few lines at most: bounded work on any text.
  let at = body.length
  for (let tries = 0; tries < 20; tries++) {
    at = body.lastIndexOf("\n{", at - 1)
    if (at < 0) return undefined
    const calls = jsonCalls(body.slice(at + 1))
    if (calls !== undefined) return { calls, rest: body.slice(0, at) }
  }
  return undefined
}

/**
 * gpt-oss's Harmony format served raw: `<|start|>assistant<|channel|>commentary
 * to=functions.name <|constrain|>json<|message|>{…}<|call|>`; the words before it stay.
 */
const harmony: Reader = (text) => {
  if (!/<\|channel\|>|<\|call\|>/.test(text) || !text.includes("to=")) return undefined
  const calls: TextCall[] = []
  for (const m of text.matchAll(/to=([\w.:-]+)[^<{]*(?:<\|constrain\|>\s*\w*\s*)?(?:<\|message\|>)?\s*(\{[\s\S]*?\})\s*(?=<\|call\|>|$)/g))
    // "to=functions.read_filejson": the constraint glued to the name (llama.cpp#15158).
    calls.push({ name: m[1]!.replace(/json$/, ""), arguments: m[2]! })
  const start = text.search(/<\|start\|>|<\|channel\|>/)
  return { calls, rest: start < 0 ? "" : text.slice(0, start) }
}

const READERS: ReadonlyArray<Reader> = [
  tagged("<tool_call>", "</tool_call>", bodyCalls),
  tagged("<function_call>", "</function_call>", bodyCalls),
  tagged("<tool_calls>", "</tool_calls>", bodyCalls),
  tagged("<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", deepSeekCall),
  tagged("<|tool_call_begin|>", "<|tool_call_end|>", kimiCall),
  tagged("<|tool_call_start|>", "<|tool_call_end|>", bodyCalls),
  tagged("<TOOLCALL>", "</TOOLCALL>", bodyCalls),
  tagged("<seed:tool_call>", "</seed:tool_call>", bodyCalls),
  tagged("<|action_start|><|plugin|>", "<|action_end|>", bodyCalls),
  harmony,
  (text) =>
    text.includes("<function=") ? { calls: xmlFunctions(text) ?? [], rest: text.slice(0, text.indexOf("<function=")) } : undefined,
  prefixed(/\[TOOL_CALLS\]/, mistralBody, /<\/s>/),
  prefixed(/<\|python_tag\|>/, (body) => jsonSequence(body) ?? pythonCalls(body), /<\|eom_id\|>|<\|eot_id\|>/),
  prefixed(/<\|tool_call\|>/, jsonSequence),
  prefixed(/\bfunctools\s*(?=\[)/, jsonSequence),
  fenced,
  whole,
  trailingJson,
]
