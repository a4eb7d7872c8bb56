/**
 * Custom tools: a user's or developer's own tool, defined by a JSON Schema for its parameters
 * and JavaScript that runs in the sandbox. Checked here when registered; their arguments are
 * checked against their JSON Schema before every call.
 */
import { Schema } from "effect"

export const CUSTOM_TOOLS_KEY = "customTools"
export const CUSTOM_TOOL_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/

export const CustomTool = Schema.Struct({
  name: Schema.String,
  description: Schema.String,
  /** A JSON Schema of `type: "object"`. */
  parameters: Schema.Record(Schema.String, Schema.Unknown),
  /** The body of an async function of `args` (and `readBlob(url)`): its `return` is the result. */
  code: Schema.String,
  /** Whether conversations have it unless they say otherwise. */
  enabled: Schema.Boolean,
  createdAt: Schema.Number,
})
export type CustomTool = typeof CustomTool.Type

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"])

/** What is wrong with a parameters schema, as messages naming where; empty when it is usable. */
export const schemaProblems = (schema: unknown, at = "parameters"): string[] => {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [`${at} must be a JSON Schema object`]
  const s = schema as Record<string, unknown>
  const problems: string[] = []
  if (at === "parameters" && s.type !== "object") problems.push(`parameters.type must be "object" (a tool takes named arguments)`)
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type]
    for (const t of types)
      if (typeof t !== "string" || !JSON_TYPES.has(t)) problems.push(`${at}.type: ${JSON.stringify(t)} is not a JSON Schema type`)
  }
  if (s.properties !== undefined) {
    if (typeof s.properties !== "object" || s.properties === null || Array.isArray(s.properties))
      problems.push(`${at}.properties must be an object`)
    else for (const [key, value] of Object.entries(s.properties)) problems.push(...schemaProblems(value, `${at}.properties.${key}`))
  }
  if (s.required !== undefined) {
    if (!Array.isArray(s.required) || !s.required.every((r) => typeof r === "string"))
      problems.push(`${at}.required must be an array of property names`)
    else {
      const props = typeof s.properties === "object" && s.properties !== null ? Object.keys(s.properties) : []
      for (const r of s.required as string[])
        if (!props.includes(r)) problems.push(`${at}.required names "${r}", which is not in ${at}.properties`)
    }
  }
  if (s.items !== undefined) problems.push(...schemaProblems(s.items, `${at}.items`))
  if (s.enum !== undefined && !Array.isArray(s.enum)) problems.push(`${at}.enum must be an array`)
  return problems
}

const typeOf = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v)

/** The arguments' problems against the schema (the subset `schemaProblems` allows), naming each. */
export const argumentProblems = (schema: Record<string, unknown>, value: unknown, at = ""): Array<{ path: string; message: string }> => {
  const out: Array<{ path: string; message: string }> = []
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[]
    const actual = typeOf(value)
    const ok = types.some((t) => t === actual || (t === "number" && actual === "integer"))
    if (!ok) return [{ path: at, message: `Expected ${types.join(" or ")}, got ${actual}` }]
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    out.push({ path: at, message: `Expected one of ${JSON.stringify(schema.enum)}` })
  }
  if (typeOf(value) === "object") {
    const obj = value as Record<string, unknown>
    const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
    for (const r of (schema.required ?? []) as string[])
      if (!(r in obj)) out.push({ path: at ? `${at}.${r}` : r, message: "Missing required argument" })
    for (const [key, v] of Object.entries(obj)) {
      const sub = props[key]
      if (sub) out.push(...argumentProblems(sub, v, at ? `${at}.${key}` : key))
      else if (schema.additionalProperties === false) out.push({ path: at ? `${at}.${key}` : key, message: "Unexpected argument" })
    }
  }
  if (typeOf(value) === "array" && schema.items) {
    ;(value as unknown[]).forEach((v, i) => out.push(...argumentProblems(schema.items as Record<string, unknown>, v, `${at}.${i}`)))
  }
  return out
}
