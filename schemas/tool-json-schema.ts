/**
 * The JSON Schema the model sees for a tool's parameters, generated from the definition's
 * parameter schema. Apart from schemas/tool-definition.ts, whose helpers tool workers load
 * without Schema.
 */
import * as Schema from "effect/Schema"
import type { ToolDefinition } from "./tool-definition.ts"

/** The JSON Schema the model sees for a tool's parameters (draft 2020-12, no `$schema`). */
export const parametersJsonSchema = (definition: ToolDefinition): Record<string, unknown> => {
  if (definition.jsonSchema !== undefined) return definition.jsonSchema
  const document = Schema.toJsonSchemaDocument(definition.parameters, { onExcessProperty: "error" })
  return document.schema as Record<string, unknown>
}
