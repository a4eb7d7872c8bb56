/**
 * Custom tools: a user's or developer's own tool, defined by a JSON Schema for its parameters
 * and JavaScript that runs in the sandbox. Checked here when registered; their arguments are
 * checked against their JSON Schema, in full (json-schema.ts), before every call.
 */
import * as Schema from "effect/Schema"
import { compileJsonSchema } from "./json-schema.ts"

export { CUSTOM_TOOLS_KEY } from "./storage-keys.ts"
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

/** A custom tool as the service worker keeps it: with its per-conversation overrides of `enabled`. */
export const StoredCustomTool = Schema.Struct({
  ...CustomTool.fields,
  overrides: Schema.optionalKey(Schema.Record(Schema.String, Schema.Boolean)),
})
export type StoredCustomTool = typeof StoredCustomTool.Type

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"])

/**
 * One thing wrong with a tool's parameters schema, as a code and where (`at`, a path from
 * `parameters`), with the value concerned: the API's refusal words it in English
 * (`parametersSchemaProblems`), the settings page in the user's language, from the same rules.
 */
export type SchemaIssue =
  | {
      readonly code: "not_object" | "type_not_object" | "properties_not_object" | "required_not_array" | "enum_not_array"
      readonly at: string
    }
  | { readonly code: "unknown_type" | "required_unknown"; readonly at: string; readonly value: string }
  /** Refused by the validator itself (a pattern that is no regular expression, a $ref to nowhere): its English text. */
  | { readonly code: "unusable"; readonly at: string; readonly value: string }

/** What is wrong with a tool's parameters schema, as issues naming where; empty when it is usable. */
export const parametersSchemaIssues = (schema: unknown): SchemaIssue[] => {
  const shape = schemaIssues(schema)
  if (shape.length) return shape
  const compiled = compileJsonSchema(schema)
  if (compiled.ok) return []
  return compiled.problems.map((p) => {
    const where = /^#(\S*): /.exec(p)
    return { code: "unusable", at: `parameters${(where?.[1] ?? "").replace(/\//g, ".")}`, value: where ? p.slice(where[0].length) : p }
  })
}

const english = (issue: SchemaIssue): string => {
  switch (issue.code) {
    case "not_object":
      return `${issue.at} must be a JSON Schema object`
    case "type_not_object":
      return `parameters.type must be "object" (a tool takes named arguments)`
    case "unknown_type":
      return `${issue.at}.type: ${issue.value} is not a JSON Schema type`
    case "properties_not_object":
      return `${issue.at}.properties must be an object`
    case "required_not_array":
      return `${issue.at}.required must be an array of property names`
    case "required_unknown":
      return `${issue.at}.required names "${issue.value}", which is not in ${issue.at}.properties`
    case "enum_not_array":
      return `${issue.at}.enum must be an array`
    case "unusable":
      return `${issue.at}: ${issue.value}`
  }
}

/** What is wrong with a tool's parameters schema, as messages naming where; empty when it is usable. */
export const parametersSchemaProblems = (schema: unknown): string[] => parametersSchemaIssues(schema).map(english)

/** The shape a tool's parameters schema must have (an object schema of named arguments). */
const schemaIssues = (schema: unknown, at = "parameters"): SchemaIssue[] => {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [{ code: "not_object", at }]
  const s = schema as Record<string, unknown>
  const issues: SchemaIssue[] = []
  if (at === "parameters" && s.type !== "object") issues.push({ code: "type_not_object", at })
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type]
    for (const t of types)
      if (typeof t !== "string" || !JSON_TYPES.has(t)) issues.push({ code: "unknown_type", at, value: JSON.stringify(t) })
  }
  if (s.properties !== undefined) {
    if (typeof s.properties !== "object" || s.properties === null || Array.isArray(s.properties))
      issues.push({ code: "properties_not_object", at })
    else for (const [key, value] of Object.entries(s.properties)) issues.push(...schemaIssues(value, `${at}.properties.${key}`))
  }
  if (s.required !== undefined) {
    if (!Array.isArray(s.required) || !s.required.every((r) => typeof r === "string")) issues.push({ code: "required_not_array", at })
    else {
      const props = typeof s.properties === "object" && s.properties !== null ? Object.keys(s.properties) : []
      for (const r of s.required as string[]) if (!props.includes(r)) issues.push({ code: "required_unknown", at, value: r })
    }
  }
  if (s.items !== undefined) issues.push(...schemaIssues(s.items, `${at}.items`))
  if (s.enum !== undefined && !Array.isArray(s.enum)) issues.push({ code: "enum_not_array", at })
  return issues
}
