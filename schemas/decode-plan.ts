/**
 * Decoding without Effect: runs a plan that `npm run docs` derived from an Effect Schema
 * (scripts/decoder-plans.ts walks its SchemaAST), for a context that must not carry Effect
 * Schema (the service worker, issue 30). A plan gives the same verdict, the same decoded value
 * (defaults filled in) and the same issue lines as `Schema.decodeUnknownExit(schema)(input,
 * { errors: "all" })`: schemas/sw-contracts.test.ts compares them on many inputs.
 * Only what the plans need is here; the generator refuses any other schema.
 */
import { predicates, type PredicateName } from "./predicates.ts"

/** One problem with a decoded value, where it is: the same shape as `issueLines` (schemas/primitives.ts). */
export interface IssueLine {
  /** The dotted path of the offending value, e.g. `options.2` ("" for the whole value). */
  readonly path: string
  /** The same path, one key per element (keys may themselves contain dots). */
  readonly segments: ReadonlyArray<string>
  readonly message: string
}

export type Decoded<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly issues: ReadonlyArray<IssueLine> }

export interface DecodeOptions {
  /** "error": a key the schema does not name is an issue (the `onExcessProperty` of `strictParse`). */
  readonly onExcessProperty?: "error" | "ignore"
}

/** A generated decoder, typed by the schema it was made from (`Type` after decoding, `Encoded` before). */
export interface Decoder<Type, Encoded = Type> {
  (input: unknown, options?: DecodeOptions): Decoded<Type>
  /** Types only: what it decodes from and to. */
  readonly "~types"?: { readonly Type: Type; readonly Encoded: Encoded }
}
/** What a decoder gives, and what it takes (as its sender writes it, before defaults). */
export type TypeOf<D extends Decoder<unknown, unknown>> = NonNullable<D["~types"]>["Type"]
export type EncodedOf<D extends Decoder<unknown, unknown>> = NonNullable<D["~types"]>["Encoded"]

/** The decoder of a schema, by its types (no Effect at run time: the generated module imports its schemas as types only). */
export type DecoderOf<S extends { readonly Type: unknown; readonly Encoded: unknown }> = Decoder<S["Type"], S["Encoded"]>

/** A refinement, as the generator read it from the schema's checks; `x` is what it expects. */
export type Check = { readonly x: string; readonly stop?: true } & (
  | { readonly f: "minLength" | "maxLength" | "gte" | "lte"; readonly n: number }
  | { readonly f: "between"; readonly min: number; readonly max: number }
  | { readonly f: "int" | "finite" }
  | { readonly f: "pattern"; readonly source: string; readonly flags: string }
  | { readonly f: "predicate"; readonly name: PredicateName }
)

/** A runtime type as Effect's union candidates see it. */
export type RuntimeType = "null" | "undefined" | "string" | "number" | "boolean" | "object" | "array" | "symbol" | "bigint" | "function"

export interface Property {
  readonly name: string
  readonly plan: Plan
  readonly optional?: true
  /** Decoded in place of the key when it is absent (Schema.withDecodingDefaultKey). */
  readonly default?: { readonly value: unknown }
}

export interface IndexSignature {
  /** The key's plan; `any` when it is Schema.String itself (every string key, unchecked). */
  readonly key: Plan | "any"
  readonly value: Plan
}

/** How a union picks the members to try, as Effect's candidate index does. */
export type Candidates =
  | { readonly by: "literal" }
  | { readonly by: "key"; readonly key: string; readonly values: ReadonlyArray<unknown> }
  | { readonly by: "type"; readonly types: ReadonlyArray<ReadonlyArray<RuntimeType>> }

/**
 * `x`: the "Expected …" of a value of the wrong type, when it is not the plan's kind (`expected`);
 * `checks`: refinements run once the shape is right.
 */
export type Plan = { readonly x?: string; readonly checks?: ReadonlyArray<Check> } & (
  | { readonly k: "string" | "number" | "boolean" | "unknown" | "undefined" | "null" }
  | { readonly k: "literal"; readonly value: string | number | boolean }
  | { readonly k: "array"; readonly item: Plan }
  | { readonly k: "object"; readonly properties: ReadonlyArray<Property>; readonly indexes?: ReadonlyArray<IndexSignature> }
  | { readonly k: "union"; readonly members: ReadonlyArray<Plan>; readonly candidates: Candidates }
)

type Path = ReadonlyArray<PropertyKey>
interface Run {
  readonly strict: boolean
  readonly issues: Array<{ path: Path; message: string }>
}
const FAIL: unique symbol = Symbol("fail")
/** A decoded value, or FAIL (the issues are in the run). */
type Out = unknown

/** What a value of the wrong type is told it should have been: the plan's `x`, or else its kind (a literal: itself). */
export const expected = (plan: Plan): string =>
  plan.x ?? (plan.k === "literal" ? (typeof plan.value === "string" ? JSON.stringify(plan.value) : String(plan.value)) : plan.k)

export const runtimeType = (input: unknown): RuntimeType =>
  input === null ? "null" : Array.isArray(input) ? "array" : (typeof input as RuntimeType)

const isRecord = (input: unknown): input is Record<PropertyKey, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input)

/** Each pattern check's RegExp, compiled once: settings lists run the same check on every item. */
const compiled = new WeakMap<object, RegExp>()
const patternOf = (check: { readonly source: string; readonly flags: string }): RegExp => {
  let re = compiled.get(check)
  if (re === undefined) compiled.set(check, (re = new RegExp(check.source, check.flags)))
  // a global or sticky flag would carry the last match's place into the next test
  re.lastIndex = 0
  return re
}

const holds = (check: Check, value: unknown): boolean => {
  switch (check.f) {
    case "minLength":
      return (value as { length: number }).length >= check.n
    case "maxLength":
      return (value as { length: number }).length <= check.n
    // As Effect's Order.Number, where NaN is below every number: NaN fails a minimum, passes a maximum.
    case "gte":
      return (value as number) >= check.n
    case "lte":
      return !((value as number) > check.n)
    case "between":
      return (value as number) >= check.min && !((value as number) > check.max)
    case "int":
      return Number.isSafeInteger(value)
    case "finite":
      return Number.isFinite(value)
    case "pattern":
      return patternOf(check).test(value as string)
    case "predicate":
      return predicates[check.name](value as never)
  }
}

/** Runs every check (Effect's `errors: "all"`), stopping after a failed one that aborts. */
const checked = (plan: Plan, value: unknown, path: Path, run: Run): Out => {
  let ok = true
  for (const check of plan.checks ?? []) {
    if (holds(check, value)) continue
    ok = false
    run.issues.push({ path, message: `Expected ${check.x}` })
    if (check.stop) break
  }
  return ok ? value : FAIL
}

const assign = (out: Record<PropertyKey, unknown>, key: PropertyKey, value: unknown): void => {
  // As Effect does: "__proto__" is a key of the value, not its prototype.
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}

/** Whether an index signature covers a key: a key its key schema refuses is not its (Effect drops it, or calls it excess). */
const keyMatches = (key: string, index: IndexSignature): boolean =>
  index.key === "any" || decodeAt(index.key, key, [], { strict: false, issues: [] }) !== FAIL

const decodeObject = (plan: Extract<Plan, { k: "object" }>, input: Record<PropertyKey, unknown>, path: Path, run: Run): Out => {
  const before = run.issues.length
  const named = new Set(plan.properties.map((p) => p.name))
  const indexes = plan.indexes ?? []
  const indexKeys = indexes.map((index) => Object.keys(input).filter((key) => keyMatches(key, index)))
  if (run.strict) {
    const covered = new Set<PropertyKey>([...named, ...indexKeys.flat()])
    for (const key of Reflect.ownKeys(input))
      if (!covered.has(key) && Object.prototype.propertyIsEnumerable.call(input, key))
        run.issues.push({ path: [...path, key], message: "Expected no excess property" })
  }
  const out: Record<PropertyKey, unknown> = {}
  for (const property of plan.properties) {
    const at = [...path, property.name]
    if (!(property.name in input)) {
      if (property.default !== undefined) {
        const value = decodeAt(property.plan, structuredClone(property.default.value), at, run)
        if (value !== FAIL) assign(out, property.name, value)
      } else if (!property.optional) run.issues.push({ path: at, message: "Missing key" })
      continue
    }
    const value = decodeAt(property.plan, input[property.name], at, run)
    if (value !== FAIL) assign(out, property.name, value)
  }
  indexes.forEach((index, i) => {
    for (const key of indexKeys[i] ?? []) {
      const value = decodeAt(index.value, input[key], [...path, key], run)
      if (value !== FAIL && !named.has(key)) assign(out, key, value)
    }
  })
  return run.issues.length > before ? FAIL : out
}

const candidatesOf = (plan: Extract<Plan, { k: "union" }>, input: unknown): ReadonlyArray<Plan> => {
  const { candidates, members } = plan
  switch (candidates.by) {
    case "literal":
      return members.filter((m) => m.k === "literal" && m.value === input)
    case "key": {
      if (!((typeof input === "object" && input !== null) || typeof input === "function") || !(candidates.key in input)) return []
      const value = (input as Record<string, unknown>)[candidates.key]
      return value === undefined ? [] : members.filter((_, i) => candidates.values[i] === value)
    }
    case "type": {
      const type = runtimeType(input)
      return members.filter((m, i) => candidates.types[i]?.includes(type) && (m.k !== "literal" || m.value === input))
    }
  }
}

const decodeUnion = (plan: Extract<Plan, { k: "union" }>, input: unknown, path: Path, run: Run): Out => {
  const candidates = candidatesOf(plan, input)
  if (candidates.length === 0) {
    run.issues.push({ path, message: `Expected ${expected(plan)}` })
    return FAIL
  }
  const tried: Run["issues"] = []
  for (const member of candidates) {
    const attempt: Run = { strict: run.strict, issues: [] }
    const value = decodeAt(member, input, path, attempt)
    if (value !== FAIL) return value
    tried.push(...attempt.issues)
  }
  run.issues.push(...tried)
  return FAIL
}

const decodeAt = (plan: Plan, input: unknown, path: Path, run: Run): Out => {
  const wrongType = (): Out => {
    run.issues.push({ path, message: `Expected ${expected(plan)}` })
    return FAIL
  }
  let value: Out
  switch (plan.k) {
    case "unknown":
      value = input
      break
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      if (typeof input !== plan.k) return wrongType()
      value = input
      break
    case "null":
      if (input !== null) return wrongType()
      value = input
      break
    case "literal":
      if (input !== plan.value) return wrongType()
      value = input
      break
    case "array": {
      if (!Array.isArray(input)) return wrongType()
      const before = run.issues.length
      const items = Array.from(input, (item: unknown, i) => decodeAt(plan.item, item, [...path, i], run))
      value = run.issues.length > before ? FAIL : items
      break
    }
    case "object":
      if (!isRecord(input)) return wrongType()
      value = decodeObject(plan, input, path, run)
      break
    case "union":
      value = decodeUnion(plan, input, path, run)
      break
  }
  return value === FAIL ? FAIL : checked(plan, value, path, run)
}

const line = ({ path, message }: { path: Path; message: string }): IssueLine => {
  const segments = path.map((key) => String(key))
  return { path: segments.join("."), segments, message }
}

/** The decoder of a plan; `generated` modules call this, with the schema's types. */
export const decoderOf =
  <Type, Encoded = Type>(plan: Plan): Decoder<Type, Encoded> =>
  (input, options) => {
    const run: Run = { strict: options?.onExcessProperty === "error", issues: [] }
    const value = decodeAt(plan, input, [], run)
    return value === FAIL || run.issues.length > 0 ? { ok: false, issues: run.issues.map(line) } : { ok: true, value: value as Type }
  }

/** Whether a value is one of the schema's (Schema.is, for schemas whose decoding changes nothing). */
export const guardOf =
  <Type>(decoder: Decoder<Type, unknown>) =>
  (input: unknown): input is Type =>
    decoder(input).ok
