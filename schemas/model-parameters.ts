/**
 * The JSON Schema the model sees for a tool's parameters, at run time: a definition's own
 * (custom and MCP tools bring theirs), else the built-in tool's as `npm run docs` generated it
 * from its parameter schema (schemas/tools/parameters.generated.ts), so that the offscreen
 * document does not carry Effect's JSON Schema generator (about 16 KB).
 */
import type { ToolDefinition } from "./tool-definition.ts"
import { builtinParameters } from "./tools/parameters.generated.ts"

const generated: Readonly<Record<string, Record<string, unknown>>> = builtinParameters

export const modelParameters = (definition: ToolDefinition): Record<string, unknown> => {
  const schema = definition.jsonSchema ?? (Object.hasOwn(generated, definition.name) ? generated[definition.name] : undefined)
  // A definition added without `npm run docs`: docs:check fails on it in CI before this can.
  if (schema === undefined) throw new Error(`No JSON Schema for the tool "${definition.name}": run \`npm run docs\`.`)
  return schema
}
