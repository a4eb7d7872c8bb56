/**
 * Writes decoders for a context that must not carry Effect Schema (the service worker): walks
 * each schema's SchemaAST once, at `npm run docs`, into a plan that schemas/decode-plan.ts runs.
 * It knows only the node kinds, checks and transformations those schemas use, and refuses any
 * other, naming the schema, where in it, and the node, so no decoder silently differs from
 * Effect's: a schema that needs more teaches this file (and decode-plan.ts) first.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import { expected, type Candidates, type Check, type Plan, type Property, type RuntimeType } from "../schemas/decode-plan.ts"
import { predicates } from "../schemas/predicates.ts"

export class UnsupportedSchema extends Error {
  constructor(schema: string, at: string, what: string) {
    super(`${schema}${at}: ${what} is not supported by the generated decoders (scripts/decoder-plans.ts)`)
  }
}

/** The one transformation known: an absent key decoded as a default (Schema.withDecodingDefaultKey, `withDefault`). */
const DEFAULT_TRANSFORM = (() => {
  const link = Schema.withDecodingDefaultKey(Effect.succeed(0))(Schema.Number).ast.encoding?.[0]
  return String((link?.transformation.decode as { transform?: unknown } | undefined)?.transform)
})()

/** What Effect says a value of the wrong type should have been ("string", `"a" | "b"`, "object"). */
const expectedOf = (ast: AST.AST): string =>
  AST.resolveIdentifier(ast) ?? (ast as unknown as { getExpected: (f: typeof expectedOf) => string }).getExpected(expectedOf)

const isOptional = (ast: AST.AST): boolean => ast.context?.isOptional === true

const ANY_TYPE: ReadonlyArray<RuntimeType> = [
  "null",
  "undefined",
  "string",
  "number",
  "boolean",
  "symbol",
  "bigint",
  "object",
  "array",
  "function",
]

/** The runtime types a union member is tried for (SchemaAST's getCandidateTypes, for the kinds planned here). */
const candidateTypes = (plan: Plan): ReadonlyArray<RuntimeType> => {
  switch (plan.k) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
    case "null":
    case "array":
    case "object":
      return [plan.k]
    case "literal":
      return [typeof plan.value as RuntimeType]
    case "union":
      return [...new Set(plan.members.flatMap(candidateTypes))]
    case "unknown":
      return ANY_TYPE
  }
}

const NUMBER_PAYLOAD = ["minimum", "maximum"] as const

/** `defaults: false`: refuse decoding defaults too (a schema tested with Schema.is, which sees the decoded side only). */
export const planOf = (schemaName: string, schema: Schema.Top, { defaults = true } = {}): Plan => {
  const refuse = (at: string, what: string): never => {
    throw new UnsupportedSchema(schemaName, at, what)
  }

  const checkOf = (check: AST.Check<unknown>, at: string): Check => {
    if (check._tag !== "Filter") return refuse(at, `the check group ${String(check.annotations?.expected)}`)
    const annotations = (check.annotations ?? {}) as Record<string, unknown>
    const x = annotations.expected
    if (typeof x !== "string") return refuse(at, "a check without an `expected` annotation")
    const stop = check.aborted ? { stop: true as const } : {}
    const named = annotations.predicate
    if (typeof named === "string") {
      if (!Object.hasOwn(predicates, named)) return refuse(at, `the predicate "${named}" (not in schemas/predicates.ts)`)
      return { f: "predicate", name: named as keyof typeof predicates, x, ...stop }
    }
    const representation = annotations.representation as { id?: string; payload?: Record<string, unknown> } | undefined
    const id = representation?.id ?? "a filter with no representation or predicate name"
    const payload = representation?.payload ?? {}
    const number = (key: string): number => {
      const value = payload[key]
      return typeof value === "number" ? value : refuse(at, `the check ${id} without a numeric ${key}`)
    }
    switch (id) {
      case "effect/schema/isMinLength":
        return { f: "minLength", n: number("minLength"), x, ...stop }
      case "effect/schema/isMaxLength":
        return { f: "maxLength", n: number("maxLength"), x, ...stop }
      case "effect/schema/isGreaterThanOrEqualTo":
        return { f: "gte", n: number("minimum"), x, ...stop }
      case "effect/schema/isLessThanOrEqualTo":
        return { f: "lte", n: number("maximum"), x, ...stop }
      case "effect/schema/isBetween":
        if (Object.keys(payload).some((key) => !(NUMBER_PAYLOAD as ReadonlyArray<string>).includes(key)))
          return refuse(at, "isBetween with exclusive bounds")
        return { f: "between", min: number("minimum"), max: number("maximum"), x, ...stop }
      case "effect/schema/isInt":
        return { f: "int", x, ...stop }
      case "effect/schema/isFinite":
        return { f: "finite", x, ...stop }
      case "effect/schema/isPattern":
        return { f: "pattern", source: String(payload.source), flags: String(payload.flags), x, ...stop }
      default:
        return refuse(at, `the check "${x}" (${id})`)
    }
  }

  /** A property whose absent key decodes as a default: its value, and the plan of what may be given instead. */
  const defaulted = (type: AST.AST, at: string): Pick<Property, "plan" | "default"> => {
    const links = type.encoding ?? []
    const link = links[0]
    const decode = link?.transformation.decode as { _tag?: string; transform?: (o: Option.Option<unknown>) => unknown } | undefined
    const transformation = link?.transformation as { _tag?: string; encode?: { _tag?: string } } | undefined
    if (
      links.length !== 1 ||
      transformation?._tag !== "Transformation" ||
      decode?._tag !== "TransformOptionalEffect" ||
      transformation.encode?._tag !== "Passthrough" ||
      String(decode.transform) !== DEFAULT_TRANSFORM
    )
      return refuse(at, `${type._tag} with a transformation other than a decoding default (withDefault)`)
    const value = Effect.runSync(decode.transform!(Option.none()) as Effect.Effect<Option.Option<unknown>>)
    if (Option.isNone(value)) return refuse(at, "a decoding default with no value")
    // Effect decodes the given value (or the default) on the decoded side too: nested defaults apply.
    return { plan: walk(type, at, true), default: { value: value.value } }
  }

  const candidatesOf = (ast: AST.Union, members: ReadonlyArray<Plan>, at: string): Candidates => {
    if (members.every((m) => m.k === "literal")) return { by: "literal" }
    const sentinels = ast.types.map((type) =>
      AST.isObjects(type) ? type.propertySignatures.filter((ps) => !isOptional(ps.type) && AST.isLiteral(ps.type)) : [],
    )
    if (sentinels.every((s) => s.length === 0)) return { by: "type", types: members.map(candidateTypes) }
    const keys = new Set(sentinels.flat().map((ps) => ps.name))
    const [key] = keys
    if (keys.size === 1 && typeof key === "string" && sentinels.every((s) => s.length === 1))
      return { by: "key", key, values: sentinels.map((s) => (s[0]!.type as AST.Literal).literal) }
    return refuse(at, "a union of members told apart otherwise than by one literal key, or mixing such members with others")
  }

  /** `decodedSide`: plan the node as decoded, its own transformation being the caller's (`defaulted`). */
  const walk = (ast: AST.AST, at: string, decodedSide = false): Plan => {
    if (ast.encoding && !decodedSide) return refuse(at, `${ast._tag} with a transformation`)
    const plan = planned(ast, at)
    const x = expectedOf(ast)
    const checks = (ast.checks ?? []).map((check) => checkOf(check, at))
    // `x` only where Effect's words differ from what the plan's kind says (`expected`): most plans carry none.
    return { ...plan, ...(x === expected(plan) ? {} : { x }), ...(checks.length > 0 ? { checks } : {}) }
  }

  /** A node as a plan, without what `walk` adds (its "Expected …" and its checks). */
  const planned = (ast: AST.AST, at: string): Plan => {
    switch (ast._tag) {
      case "String":
      case "Number":
      case "Boolean":
      case "Unknown":
      case "Undefined":
      case "Null":
        return { k: ast._tag.toLowerCase() as "string" }
      case "Literal":
        if (typeof ast.literal === "bigint") return refuse(at, "a bigint Literal")
        return { k: "literal", value: ast.literal }
      case "Arrays":
        if (ast.elements.length > 0 || ast.rest.length !== 1) return refuse(at, "Arrays with elements (a tuple)")
        return { k: "array", item: walk(ast.rest[0]!, `${at}[]`) }
      case "Objects": {
        if (ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0) return refuse(at, "an empty Objects")
        const properties = ast.propertySignatures.map((ps): Property => {
          const where = `${at}.${String(ps.name)}`
          if (typeof ps.name !== "string") return refuse(where, "a key that is not a string")
          if (ps.type.encoding && defaults) return { name: ps.name, ...defaulted(ps.type, where) }
          return { name: ps.name, plan: walk(ps.type, where), ...(isOptional(ps.type) ? { optional: true as const } : {}) }
        })
        const indexes = ast.indexSignatures.map((is) => {
          const where = `${at}[key]`
          if (is.parameter === AST.string) return { key: "any" as const, value: walk(is.type, `${at}[*]`) }
          if (!AST.isString(is.parameter)) return refuse(where, `an index signature keyed by ${is.parameter._tag}`)
          return { key: walk(is.parameter, where), value: walk(is.type, `${at}[*]`) }
        })
        return { k: "object", properties, ...(indexes.length > 0 ? { indexes } : {}) }
      }
      case "Union": {
        if (ast.options?.mode === "oneOf") return refuse(at, "a oneOf Union")
        if (ast.checks) return refuse(at, "a Union with checks")
        const members = ast.types.map((type, i) => walk(type, `${at}|${i}`))
        return { k: "union", members, candidates: candidatesOf(ast, members, at) }
      }
      default:
        return refuse(at, `the node ${ast._tag}`)
    }
  }

  return walk(schema.ast, "")
}

// ---- the module --------------------------------------------------------------------------------

/**
 * Plans as TypeScript, each subplan that occurs more than once written once as a constant (the
 * settings' URLs and counts, the routines' pieces), so the module stays small.
 */
const planCode = (roots: ReadonlyArray<Plan>): { consts: Array<string>; expressions: Array<string> } => {
  const counts = new Map<string, number>()
  const count = (value: unknown): void => {
    if (typeof value !== "object" || value === null) return
    const key = JSON.stringify(value)
    counts.set(key, (counts.get(key) ?? 0) + 1)
    for (const child of Object.values(value)) count(child)
  }
  roots.forEach(count)
  const names = new Map<string, string>()
  const consts: Array<string> = []
  const emit = (value: unknown): string => {
    if (typeof value !== "object" || value === null) return JSON.stringify(value)
    const key = JSON.stringify(value)
    const known = names.get(key)
    if (known) return known
    const code = Array.isArray(value)
      ? `[${value.map(emit).join(", ")}]`
      : `{ ${Object.entries(value)
          .map(([k, v]) => `${/^[a-z]\w*$/i.test(k) ? k : JSON.stringify(k)}: ${emit(v)}`)
          .join(", ")} }`
    const type = "k" in value ? "Plan" : "f" in value ? "Check" : undefined
    if ((counts.get(key) ?? 0) < 2 || key.length < 24 || type === undefined) return code
    const name = `p${names.size}`
    names.set(key, name)
    consts.push(`const ${name}: ${type} = ${code}`)
    return name
  }
  const expressions = roots.map(emit)
  return { consts, expressions }
}

export interface DecoderSpec {
  /** The module the schemas come from, relative to the generated one (`./sw-contracts.ts`). */
  readonly from: string
  /** Exported names of single schemas, and of records of schemas (`routeParams`), in that module. */
  readonly module: Record<string, unknown>
  /** Those whose schemas may not transform (tested with Schema.is, which sees the decoded side only). */
  readonly guards?: ReadonlyArray<string>
}

const isSchema = (value: unknown): value is Schema.Top => Schema.isSchema(value)

/** The generated module: one decoder per schema, and one record of decoders per record of schemas. */
export const decoderModule = ({ from, module, guards = [] }: DecoderSpec): string => {
  const entries: Array<{ exported: string; keys?: ReadonlyArray<string>; plans: ReadonlyArray<Plan> }> = []
  for (const [exported, value] of Object.entries(module)) {
    const options = { defaults: !guards.includes(exported) }
    if (isSchema(value)) entries.push({ exported, plans: [planOf(exported, value, options)] })
    else if (typeof value === "object" && value !== null && Object.values(value).every(isSchema)) {
      const schemas = Object.entries(value as Record<string, Schema.Top>)
      const plans = schemas.map(([k, s]) => planOf(`${exported}["${k}"]`, s, options))
      entries.push({ exported, keys: schemas.map(([k]) => k), plans })
    }
  }
  const { consts, expressions } = planCode(entries.flatMap((e) => e.plans))
  let next = 0
  const lines = [
    `// Written by \`npm run docs\` from ${from} (scripts/decoder-plans.ts): its schemas' decoders, without Effect.`,
    "// Not edited by hand; `npm run docs:check` checks it.",
    'import { decoderOf, type Check, type DecoderOf, type Plan } from "./decode-plan.ts"',
    `import type * as contracts from "${from}"`,
    "",
    ...consts,
    "",
  ]
  for (const { exported, keys } of entries) {
    if (!keys) {
      lines.push(`export const ${exported}: DecoderOf<typeof contracts.${exported}> = decoderOf(${expressions[next++]})`)
      continue
    }
    lines.push(`export const ${exported} = {`)
    for (const key of keys)
      lines.push(
        `  ${JSON.stringify(key)}: decoderOf(${expressions[next++]}) as DecoderOf<(typeof contracts.${exported})[${JSON.stringify(key)}]>,`,
      )
    lines.push("}")
  }
  return `${lines.join("\n")}\n`
}
