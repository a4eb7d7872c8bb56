/**
 * docs/tools.md, written from the definitions (`npm run docs`; CI checks that the file is
 * current): each tool's name, description, parameters with their types, limits and defaults,
 * result, annotations, time limit, error codes and the sub-agent types that get it. The output
 * depends on the definitions only, so it is the same on every machine.
 */
import * as Schema from "effect/Schema"
import { MESH_ERROR_CODES } from "../mesh-error-codes.ts"
import type { ToolDefinition } from "../tool-definition.ts"
import { parametersJsonSchema } from "../tool-json-schema.ts"
import { AgentType, subAgentMayUse } from "./agents.ts"
import { builtinTools } from "./index.ts"

/** The part of a JSON Schema the reference reads. */
interface Json {
  readonly type?: string
  readonly enum?: ReadonlyArray<unknown>
  readonly anyOf?: ReadonlyArray<Json>
  readonly items?: Json
  readonly properties?: Readonly<Record<string, Json>>
  readonly required?: ReadonlyArray<string>
  readonly minLength?: number
  readonly maxLength?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly default?: unknown
  readonly description?: string
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ")

const table = (head: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)].join("\n")

/** A JSON Schema's type as a reader writes it: `string`, `"a" \| "b"`, `string[]`, `object`, `any JSON`. */
const typeOf = (schema: Json): string => {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ")
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeOf).join(" | ")
  if (schema.type === "array") return `${typeOf(schema.items ?? {})}[]`
  if (typeof schema.type === "string") return schema.type
  return "any JSON"
}

const limitsOf = (schema: Json): string => {
  const limits: string[] = []
  if (schema.minLength !== undefined) limits.push(`at least ${schema.minLength} character${schema.minLength === 1 ? "" : "s"}`)
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength} characters`)
  if (schema.minimum !== undefined) limits.push(`≥ ${schema.minimum}`)
  if (schema.maximum !== undefined) limits.push(`≤ ${schema.maximum}`)
  return limits.join(", ")
}

const fieldsOf = (schema: Json): Array<[string, Json, boolean]> => {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, field]) => [name, field, required.has(name)])
}

const parameters = (definition: ToolDefinition): string => {
  const fields = fieldsOf(parametersJsonSchema(definition) as Json)
  if (fields.length === 0) return "None."
  return table(
    ["parameter", "type", "required", "default", "limits", "meaning"],
    fields.map(([name, field, required]) => [
      `\`${name}\``,
      typeOf(field),
      required ? "yes" : "no",
      field.default === undefined ? "" : `\`${JSON.stringify(field.default)}\``,
      limitsOf(field),
      field.description ?? "",
    ]),
  )
}

const objectFields = (schema: Json): string =>
  table(
    ["field", "type", "always", "meaning"],
    fieldsOf(schema).map(([name, field, required]) => [`\`${name}\``, typeOf(field), required ? "yes" : "no", field.description ?? ""]),
  )

const result = (definition: ToolDefinition): string => {
  const schema = Schema.toJsonSchemaDocument(definition.result).schema as Json
  if (schema.type === "object") return objectFields(schema)
  if (schema.type === "array" && schema.items?.type === "object") return `An array of:\n\n${objectFields(schema.items)}`
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((s) => s.type === "object"))
    return schema.anyOf.map((s, i) => `${i === 0 ? "One of:" : "Or:"}\n\n${objectFields(s)}`).join("\n\n")
  return `\`${typeOf(schema)}\``
}

const DESTINATIONS = {
  search_engine: "the configured search engine",
  tool: "wherever the tool's own code sends it",
  anywhere: "anywhere (a script in a page can reach any site)",
} as const

const seconds = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`)

const annotations = (definition: ToolDefinition): string => {
  const a = definition.annotations
  const flags = [
    `works on ${a.worksOn}`,
    a.readOnly ? "read-only" : "changes things",
    ...(a.destructive ? ["destructive (asks first)"] : []),
    ...(a.openWorld ? ["open world"] : []),
    ...(a.needsUser ? ["needs the user"] : []),
    ...(a.spawnsAgent ? ["starts an agent"] : []),
  ]
  const flow = a.flow
  const flowFacts = flow
    ? [
        ...(flow.reads?.length ? [`its result is ${flow.reads.join(" and ")}`] : []),
        ...(flow.readsWhen
          ? [`only when \`${flow.readsWhen.param}\` is \`${flow.readsWhen.equals}\` (absent: \`${flow.readsWhen.absentMeans}\`)`]
          : []),
        ...(flow.privateWhenLocal ? [`private too when \`${flow.privateWhenLocal}\` is on loopback or a private network`] : []),
        ...(flow.sendsTo === undefined
          ? []
          : [
              `sends data to ${
                typeof flow.sendsTo !== "object"
                  ? DESTINATIONS[flow.sendsTo]
                  : "urlParam" in flow.sendsTo
                    ? `the origin of \`${flow.sendsTo.urlParam}\``
                    : flow.sendsTo.origin
              }`,
            ]),
      ]
    : []
  return [flags.join(", "), ...(flowFacts.length ? [`flow: ${flowFacts.join("; ")}`] : [])].join("; ")
}

const errors = (definition: ToolDefinition): string => {
  const own = Object.entries(definition.errors)
  if (own.length === 0) return "None of its own; the codes every tool may return apply."
  return `Beside the codes every tool may return:\n\n${table(
    ["code", "meaning"],
    own.map(([code, meaning]) => [`\`${code}\``, meaning]),
  )}`
}

const section = (definition: ToolDefinition): string => {
  const types = AgentType.literals.filter((type) => subAgentMayUse(type, definition))
  const limit =
    definition.summaryTimeoutMs === undefined
      ? seconds(definition.timeoutMs)
      : `${seconds(definition.timeoutMs)}, and with \`prompt\` up to ${seconds(definition.summaryTimeoutMs)} more for the summary`
  return [
    `## ${definition.name}`,
    definition.description,
    [
      `- **Group**: \`${definition.group}\``,
      `- **Time limit**: ${limit}`,
      `- **Annotations**: ${annotations(definition)}`,
      `- **Sub-agents**: ${types.length ? types.map((t) => `\`${t}\``).join(", ") : "none"}`,
    ].join("\n"),
    "### Parameters",
    parameters(definition),
    "### Result",
    result(definition),
    "### Errors",
    errors(definition),
  ].join("\n\n")
}

/** The whole of docs/tools.md. */
export const toolReference = (): string =>
  [
    "# Tool reference",
    "<!-- Generated by `npm run docs` from schemas/tools/*.ts: do not edit by hand. -->",
    "Every built-in tool as its definition in `schemas/tools/` states it. The contract these keep, with the " +
      "reasons behind it, is [builtin-tools.md](builtin-tools.md). A failure reaches the model as `{ code, message }`: " +
      "the code is one of the tool's own below, or one that every tool may return.",
    "## Codes every tool may return",
    table(
      ["code", "meaning"],
      Object.entries(MESH_ERROR_CODES).map(([code, meaning]) => [`\`${code}\``, meaning]),
    ),
    ...(builtinTools as ReadonlyArray<ToolDefinition>).map(section),
  ].join("\n\n") + "\n"
