/**
 * The fuzz domain of a tool without a hand-written one (domain.ts), derived from its contract:
 * a valid call built from the JSON Schema the model sees (types, enums, ranges, lengths,
 * required keys, examples and defaults), and tricky values per field from the catalogue by the
 * field's type. A new tool is thus fuzzed as soon as it is defined; a hand domain is a
 * refinement for tools whose useful calls need real state.
 *
 * The schemas carry no annotation that says "this number is a tab": a few field names the
 * built-in tools share mean the same state everywhere, so those draw from the FuzzEnv, choosing
 * what a case may break by the tool's annotations (a tool that changes things gets only scratch
 * tabs and fresh paths, never the driving page or the fixtures).
 */
import { parametersJsonSchema } from "../../../schemas/tool-json-schema.ts"
import type { ToolDefinition } from "../../../schemas/tool-definition.ts"
import { builtinTools } from "../../../schemas/tools/index.ts"
import { BAD_NUMBERS, HUGE_STRINGS, ODD_STRINGS, PATH_TRICKS, urlTricks, type Value } from "./catalogue.ts"
import { DOMAINS, PAGE_ROUTES, TOOL_WEIGHTS, type FuzzEnv, type ToolDomain } from "./domain.ts"
import { createRng, type Rng } from "./prng.ts"

export interface JsonSchemaNode {
  readonly type?: string | ReadonlyArray<string>
  readonly enum?: ReadonlyArray<unknown>
  readonly const?: unknown
  readonly default?: unknown
  readonly examples?: ReadonlyArray<unknown>
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly pattern?: string
  readonly items?: JsonSchemaNode
  readonly minItems?: number
  readonly maxItems?: number
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>
  readonly required?: ReadonlyArray<string>
  readonly anyOf?: ReadonlyArray<JsonSchemaNode>
}

/** A schema the derivation cannot build a valid value of: the tool needs a hand domain. */
export class Underivable extends Error {}

/** How the derived domain treats its tool: whether a call may change what it names. */
interface Use {
  readonly changes: boolean
}

const TEXTS = ["hello", "Compare prices", "notes for later", "résumé ✓", "日本", "a", "x y z"]
const QUICK_MS = 4_000
/** As in domain.ts: an open-world tool's calls wait for each other in its worker. */
const SLOW_MS = 30_000
/** How often a derived tool is drawn in the random part of a run (hand-weighted tools: domain.ts). */
export const DERIVED_WEIGHT = 3

/** The state a field of this name means, when its type fits; `undefined`: the field is plain data. */
const fromEnv = (name: string, node: JsonSchemaNode, use: Use): ((rng: Rng, env: FuzzEnv) => Value) | undefined => {
  const isNumber = node.type === "number" || node.type === "integer"
  const isString = node.type === "string" && node.enum === undefined
  if (name === "tab_id" && isNumber)
    return (rng, env) => (use.changes ? rng.pick(env.scratchTabIds.length ? env.scratchTabIds : [999_999]) : rng.pick(env.fixedTabIds))
  if (name === "window_id" && isNumber) return (rng, env) => rng.pick(env.windowIds)
  if (name === "url" && isString) return (rng, env) => env.origin + rng.pick(PAGE_ROUTES)
  if (name === "path" && isString)
    return (rng, env) => (!use.changes && env.seededPaths.length ? rng.pick(env.seededPaths) : `fuzz/derived-${rng.int(0, 99)}.txt`)
  return undefined
}

/** Tricky values of a field: by the state its name means, else by its type. */
const trickyOf = (name: string, node: JsonSchemaNode): ((env: FuzzEnv) => ReadonlyArray<Value>) | undefined => {
  const types = typeof node.type === "string" ? [node.type] : (node.type ?? [])
  if (name === "tab_id" || name === "window_id") {
    // Never an ID the env holds: a tool that changes tabs must not reach the driving page or the fixtures.
    return (env) => {
      const known = [env.panelTabId, ...env.fixedTabIds, ...env.scratchTabIds, ...env.windowIds]
      return [...BAD_NUMBERS.filter((n) => !known.includes(n)), 999_999, -1]
    }
  }
  if (name === "url" && types.includes("string")) return (env) => urlTricks(env.origin, env.extensionId)
  if (name === "path" && types.includes("string")) return () => PATH_TRICKS
  if (node.enum !== undefined) return undefined
  if (types.includes("string")) return () => [...ODD_STRINGS, HUGE_STRINGS[0]!]
  if (types.includes("number") || types.includes("integer"))
    return () => [...BAD_NUMBERS, ...[node.minimum, node.maximum].filter((n): n is number => n !== undefined)]
  if (types.includes("array")) return () => [[], [""], ODD_STRINGS.slice(0, 20), Array.from({ length: 10_000 }, (_, i) => `item ${i}`)]
  return undefined
}

const numberIn = (node: JsonSchemaNode, rng: Rng): number => {
  const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1)
  const high = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : Math.max(low, 100))
  if (high < low) throw new Underivable(`an empty range [${low}, ${high}]`)
  return rng.int(Math.ceil(low), Math.floor(high))
}

const stringIn = (node: JsonSchemaNode, rng: Rng): string => {
  if (node.pattern !== undefined) throw new Underivable(`a string with a pattern (${node.pattern})`)
  const min = node.minLength ?? 0
  const max = node.maxLength ?? Infinity
  const fitting = TEXTS.filter((t) => t.length <= max)
  const text = fitting.length ? rng.pick(fitting) : ""
  const padded = text.length >= min ? text : text + "x".repeat(min - text.length)
  if (padded.length > max) throw new Underivable(`a string of ${min} to ${max} characters`)
  return padded
}

/** A value the schema takes, built from what the schema says. */
export const validValue = (node: JsonSchemaNode, rng: Rng, path: string): Value => {
  if (node.const !== undefined) return node.const
  if (node.enum !== undefined && node.enum.length > 0) return rng.pick(node.enum)
  // The contract's own examples and default are valid by the definition's word.
  const given = [...(node.examples ?? []), ...(node.default !== undefined ? [node.default] : [])]
  if (given.length > 0 && (node.pattern !== undefined || rng.chance(0.5))) return rng.pick(given)
  if (node.anyOf !== undefined) {
    for (const branch of node.anyOf) {
      try {
        return validValue(branch, rng, path)
      } catch (error) {
        if (!(error instanceof Underivable)) throw error
      }
    }
    throw new Underivable(`${path}: no branch of its anyOf can be built`)
  }
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type
  try {
    switch (type) {
      case "string":
        return stringIn(node, rng)
      case "number":
      case "integer":
        return numberIn(node, rng)
      case "boolean":
        return rng.chance(0.5)
      case "null":
        return null
      case "array": {
        if (node.items === undefined) throw new Underivable("an array without items")
        const count = rng.int(node.minItems ?? 0, Math.min(node.maxItems ?? 3, (node.minItems ?? 0) + 3))
        return Array.from({ length: count }, (_, i) => validValue(node.items!, rng, `${path}[${i}]`))
      }
      case "object":
        return validObject(node, rng, path, () => undefined)
      default:
        throw new Underivable(`no type (${JSON.stringify(type)})`)
    }
  } catch (error) {
    if (error instanceof Underivable && !error.message.startsWith(path)) throw new Underivable(`${path}: ${error.message}`)
    throw error
  }
}

/** Every required key, and about a third of the optional ones. */
const validObject = (
  node: JsonSchemaNode,
  rng: Rng,
  path: string,
  /** A field's value from the FuzzEnv; `undefined` for a field that is plain data. */
  special: (name: string) => Value,
): Record<string, Value> => {
  const required = new Set(node.required ?? [])
  const out: Record<string, Value> = {}
  for (const [name, field] of Object.entries(node.properties ?? {})) {
    if (!required.has(name) && !rng.chance(0.35)) continue
    out[name] = special(name) ?? validValue(field, rng, path ? `${path}.${name}` : name)
  }
  return out
}

/** The derived domain of a tool; throws `Underivable` naming the field it cannot build. */
export const deriveDomain = (definition: ToolDefinition): ToolDomain => {
  const schema = parametersJsonSchema(definition) as JsonSchemaNode
  const use: Use = { changes: !definition.annotations.readOnly || definition.annotations.destructive }
  const props = Object.entries(schema.properties ?? {})
  const env = new Map(props.flatMap(([name, node]) => (fromEnv(name, node, use) ? [[name, fromEnv(name, node, use)!] as const] : [])))
  // Each plain field built once now, so a field the derivation cannot build is named at once, not in a case.
  const probe = createRng(0)
  for (const [name, node] of props) if (!env.has(name)) validValue(node, probe, name)
  const tricky: Record<string, (env: FuzzEnv) => ReadonlyArray<Value>> = {}
  for (const [name, node] of props) {
    const values = trickyOf(name, node)
    if (values) tricky[name] = values
  }
  return {
    timeoutMs: Math.min(definition.timeoutMs, definition.annotations.openWorld ? SLOW_MS : QUICK_MS),
    valid: (rng, fuzzEnv) => validObject(schema, rng, "", (name) => env.get(name)?.(rng, fuzzEnv)),
    tricky,
  }
}

const derived = new Map<string, ToolDomain>()

/** The domain a built-in tool is fuzzed by: its hand-written one (domain.ts), else the one derived from its contract. */
export const domainOf = (tool: string): ToolDomain => {
  const hand = DOMAINS[tool]
  if (hand !== undefined) return hand
  const known = derived.get(tool)
  if (known !== undefined) return known
  const definition = builtinTools.find((t) => t.name === tool)
  if (definition === undefined) throw new Error(`no tool ${tool}`)
  try {
    const domain = deriveDomain(definition)
    derived.set(tool, domain)
    return domain
  } catch (error) {
    if (!(error instanceof Underivable)) throw error
    throw new Error(`${tool} cannot be fuzzed from its contract alone (${error.message}): give it a domain in test/support/fuzz/domain.ts`)
  }
}

/** Whether a tool's domain is hand-written (domain.ts) rather than derived. */
export const hasHandDomain = (tool: string): boolean => DOMAINS[tool] !== undefined

/** How often a tool is drawn in the random part of a run. */
export const weightOf = (tool: string): number => TOOL_WEIGHTS[tool] ?? DERIVED_WEIGHT
