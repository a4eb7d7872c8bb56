/**
 * Custom tools: a user's or developer's own tool, defined by a JSON Schema for its parameters
 * and JavaScript that runs in the sandbox. Checked here when registered; their arguments are
 * checked against their JSON Schema, in full (json-schema.ts), before every call.
 */
import { Schema } from "effect"
import { compileJsonSchema } from "./json-schema.ts"

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

/** What is wrong with a tool's parameters schema, as messages naming where; empty when it is usable. */
export const parametersSchemaProblems = (schema: unknown): string[] => {
  const shape = schemaProblems(schema)
  if (shape.length) return shape
  const compiled = compileJsonSchema(schema)
  return compiled.ok ? [] : compiled.problems.map((p) => `parameters${p.replace(/^#/, "")}`)
}

/** The shape a tool's parameters schema must have (an object schema of named arguments). */
const schemaProblems = (schema: unknown, at = "parameters"): string[] => {
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
