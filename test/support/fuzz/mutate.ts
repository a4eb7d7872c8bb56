/**
 * Cases from the contract: the shape of each tool's parameters is read from the JSON Schema the
 * model sees (`parametersJsonSchema`), and a valid call from the tool's domain (hand-written in
 * domain.ts, else derived from the contract: derived-domain.ts) is broken along it —
 * keys dropped or added, values of the wrong type, numbers out of range, enum values that are
 * not, odd and huge strings — or given one of the field's tricky values.
 */
import { parametersJsonSchema } from "../../../schemas/tool-json-schema.ts"
import { builtinTools } from "../../../schemas/tools/index.ts"
import { ANY_JSON, BAD_NUMBERS, HUGE_STRINGS, ODD_STRINGS, type Value } from "./catalogue.ts"
import { domainOf, weightOf } from "./derived-domain.ts"
import type { FuzzEnv } from "./domain.ts"
import type { Rng } from "./prng.ts"

interface PropSchema {
  readonly type?: string
  readonly enum?: ReadonlyArray<unknown>
  readonly minimum?: number
  readonly maximum?: number
  readonly minLength?: number
  readonly items?: PropSchema
}
interface ParamsSchema {
  readonly properties?: Readonly<Record<string, PropSchema>>
  readonly required?: ReadonlyArray<string>
}

export interface FuzzCase {
  readonly id: number
  readonly tool: string
  /** `undefined`: no params argument at all. */
  readonly params: Value
  readonly options: Readonly<Record<string, Value>>
  /** What was done to the valid call, e.g. "wrong-type:tab_id", "tricky:url#12". */
  readonly mutations: ReadonlyArray<string>
  /** The parameter names the mutations removed, added or changed. */
  readonly touched: ReadonlyArray<string>
  /** The call options themselves are malformed (the error then has no parameter to name). */
  readonly optionsInvalid: boolean
  readonly timeoutMs: number
}

/** One planned case: drawn up front from the seed, made concrete when its batch runs. */
export type PlanEntry =
  | { readonly tool: string; readonly kind: "random" | "valid" }
  | { readonly tool: string; readonly kind: "tricky"; readonly field: string; readonly index: number }
  | { readonly tool: string; readonly kind: "structural"; readonly mutation: Mutation; readonly field?: string }

type Mutation =
  "missing" | "extra" | "wrong-type" | "out-of-range" | "bad-enum" | "empty" | "odd-string" | "huge-string" | "not-object" | "options"

export const schemaOf = (tool: string): ParamsSchema => {
  const definition = builtinTools.find((t) => t.name === tool)
  if (definition === undefined) throw new Error(`no tool ${tool}`)
  return parametersJsonSchema(definition) as ParamsSchema
}

const schemas = new Map<string, ParamsSchema>(builtinTools.map((t) => [t.name, schemaOf(t.name)]))
const propsOf = (tool: string) => Object.entries(schemas.get(tool)?.properties ?? {})

/** Keys no tool takes, a few chosen to trip naive object handling. */
const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "",
  "😀",
  "verbose",
  "x".repeat(1000),
  "\u0000",
  "toString",
  "tab_id",
  "url",
  "path",
  "Path",
  "url ",
  "a.b",
]

const jsonType = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v)

/** Sets a key as an own property, so "__proto__" is a key and not the prototype. */
const setKey = (target: Record<string, Value>, key: string, value: Value) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })

const copy = (params: Record<string, Value>) => {
  const out: Record<string, Value> = {}
  for (const [k, v] of Object.entries(params)) setKey(out, k, v)
  return out
}

const applicable = (tool: string, mutation: Mutation): string[] => {
  const props = propsOf(tool)
  const required = schemas.get(tool)?.required ?? []
  switch (mutation) {
    case "missing":
      return [...required]
    case "wrong-type":
      return props.map(([k]) => k)
    case "out-of-range":
      return props.filter(([, p]) => p.type === "number").map(([k]) => k)
    case "bad-enum":
      return props.filter(([, p]) => p.enum !== undefined).map(([k]) => k)
    case "empty":
      return props.filter(([, p]) => p.minLength !== undefined).map(([k]) => k)
    case "odd-string":
    case "huge-string":
      return props.filter(([, p]) => p.type === "string" && p.enum === undefined).map(([k]) => k)
    case "extra":
    case "not-object":
    case "options":
      return ["*"]
  }
}

interface Draft {
  params: Value
  options: Record<string, Value>
  mutations: string[]
  touched: string[]
  optionsInvalid: boolean
}

const mutate = (draft: Draft, tool: string, mutation: Mutation, rng: Rng, chosenField?: string): boolean => {
  const fields = applicable(tool, mutation)
  if (fields.length === 0) return false
  const field = chosenField ?? rng.pick(fields)
  const prop = schemas.get(tool)?.properties?.[field] ?? {}
  if (mutation === "not-object") {
    draft.params = rng.pick([null, undefined, "x", "{}", 42, true, [], [{}]])
    draft.mutations.push(`not-object:${jsonType(draft.params)}`)
    // The parameters an earlier mutation broke are gone with the object: null and undefined read as
    // no parameters, so the tool rightly names a required one that is missing.
    draft.touched = []
    return true
  }
  if (mutation === "options") {
    const which = rng.int(0, 2)
    if (which === 0) draft.options.conversationId = rng.pick([...ODD_STRINGS, HUGE_STRINGS[0]!])
    else if (which === 1) {
      draft.options.conversationId = rng.pick([42, null, {}, [], true])
      draft.optionsInvalid = true
    } else {
      draft.options.timeoutMs = rng.pick([0, -1, "100", null, true, -1e308])
      draft.optionsInvalid = true
    }
    draft.mutations.push(`options:${which === 0 ? "odd-conversation" : which === 1 ? "bad-conversation" : "bad-timeout"}`)
    return true
  }
  if (typeof draft.params !== "object" || draft.params === null || Array.isArray(draft.params)) return false
  const params = draft.params as Record<string, Value>
  switch (mutation) {
    case "missing":
      delete params[field]
      break
    case "extra": {
      const key = rng.pick(EXTRA_KEYS.filter((k) => !(k in (schemas.get(tool)?.properties ?? {}))))
      setKey(params, key, rng.pick(ANY_JSON))
      draft.mutations.push(`extra:${JSON.stringify(key.slice(0, 20))}`)
      draft.touched.push(key)
      return true
    }
    case "wrong-type": {
      const wanted = prop.type
      setKey(params, field, rng.pick(ANY_JSON.filter((v) => jsonType(v) !== wanted)))
      break
    }
    case "out-of-range": {
      const edges = [
        prop.minimum !== undefined ? prop.minimum - 1 : -1,
        prop.maximum !== undefined ? prop.maximum + 1 : 2 ** 53 + 2,
        (prop.maximum ?? 100) - 0.5,
      ]
      setKey(params, field, rng.pick([...BAD_NUMBERS, ...edges]))
      break
    }
    case "bad-enum": {
      const valid = prop.enum!.map(String)
      const one = rng.pick(valid)
      setKey(
        params,
        field,
        rng.pick(["", "other", one.toUpperCase(), ` ${one}`, `${one} `, `${one}\u0000`, `${one}\u200B`, "auto,text", "__proto__"]),
      )
      break
    }
    case "empty":
      setKey(params, field, "")
      break
    case "odd-string":
      setKey(params, field, rng.pick(ODD_STRINGS))
      break
    case "huge-string":
      setKey(params, field, rng.pick(HUGE_STRINGS))
      break
  }
  draft.mutations.push(`${mutation}:${field}`)
  draft.touched.push(field)
  return true
}

const RANDOM_MUTATIONS: ReadonlyArray<readonly [Mutation | "tricky", number]> = [
  ["tricky", 10],
  ["missing", 3],
  ["extra", 3],
  ["wrong-type", 5],
  ["out-of-range", 3],
  ["bad-enum", 2],
  ["empty", 2],
  ["odd-string", 4],
  ["huge-string", 1],
  ["not-object", 1],
  ["options", 1],
]

/** Makes a planned case concrete against the browser as it is now. */
export const materialize = (id: number, entry: PlanEntry, rng: Rng, env: FuzzEnv): FuzzCase => {
  const domain = domainOf(entry.tool)
  const draft: Draft = { params: copy(domain.valid(rng, env)), options: {}, mutations: [], touched: [], optionsInvalid: false }
  const setTricky = (field: string, index?: number) => {
    const values = domain.tricky[field]?.(env) ?? []
    if (values.length === 0 || typeof draft.params !== "object" || draft.params === null || Array.isArray(draft.params)) return false
    const i = index ?? rng.int(0, values.length - 1)
    setKey(draft.params as Record<string, Value>, field, values[i % values.length])
    draft.mutations.push(`tricky:${field}#${i % values.length}`)
    draft.touched.push(field)
    return true
  }
  if (entry.kind === "tricky") setTricky(entry.field, entry.index)
  else if (entry.kind === "structural") mutate(draft, entry.tool, entry.mutation, rng, entry.field)
  else if (entry.kind === "random" && !rng.chance(0.2)) {
    // Most random cases break the call in one to three ways; a fifth stay valid.
    const count = rng.weighted([
      [1, 7],
      [2, 2],
      [3, 1],
    ] as const)
    for (let n = 0, tries = 0; n < count && tries < 10; tries++) {
      const kind = rng.weighted(RANDOM_MUTATIONS)
      const done =
        kind === "tricky"
          ? Object.keys(domain.tricky).length > 0 && setTricky(rng.pick(Object.keys(domain.tricky)))
          : mutate(draft, entry.tool, kind, rng)
      if (done) n++
    }
  }
  return {
    id,
    tool: entry.tool,
    params: draft.params,
    options: draft.options,
    mutations: draft.mutations.length ? draft.mutations : ["valid"],
    touched: draft.touched,
    optionsInvalid: draft.optionsInvalid,
    timeoutMs: domain.timeoutMs,
  }
}

/** Valid calls per tool at the end of every plan, so that each tool shows it works whatever the sample. */
export const VALID_PER_TOOL = 4

/**
 * The run's plan: every tricky value of every field once, every structural mutation of every
 * field once, then random cases by tool weight up to `total`, all in a seeded order. When
 * `total` is below the fixed part, a seeded sample of it is kept. Last come VALID_PER_TOOL
 * valid calls of each tool (after the calls that create what they name, e.g. tasks).
 */
export const plan = (rng: Rng, total: number, only?: ReadonlyArray<string>): PlanEntry[] => {
  const included = (tool: string) => only === undefined || only.length === 0 || only.includes(tool)
  const fixed: PlanEntry[] = []
  const probeEnv: FuzzEnv = {
    origin: "http://127.0.0.1:1",
    extensionId: "x",
    panelTabId: 1,
    windowIds: [1],
    fixedTabIds: [2],
    otherWindowTabIds: [2],
    scratchTabIds: [3],
    seededPaths: ["a"],
    keptPaths: ["k"],
  }
  for (const tool of builtinTools.map((t) => t.name)) {
    // Throws for a tool that has no hand domain and whose contract alone cannot give a valid call.
    const domain = domainOf(tool)
    if (!included(tool)) continue
    for (const [field, values] of Object.entries(domain.tricky)) {
      const count = values(probeEnv).length
      for (let index = 0; index < count; index++) fixed.push({ tool, kind: "tricky", field, index })
    }
    const mutations: Mutation[] = ["missing", "wrong-type", "out-of-range", "bad-enum", "empty", "odd-string", "huge-string"]
    for (const mutation of mutations)
      for (const field of applicable(tool, mutation)) fixed.push({ tool, kind: "structural", mutation, field })
    for (const mutation of ["extra", "not-object", "options"] as const) fixed.push({ tool, kind: "structural", mutation })
  }
  const tools = builtinTools.map((t) => t.name).filter(included)
  const valid: PlanEntry[] = tools.flatMap((tool) => Array.from({ length: VALID_PER_TOOL }, () => ({ tool, kind: "valid" as const })))
  const rest = Math.max(0, total - valid.length)
  const chosen = fixed.length > rest ? rng.sample(fixed, rest) : fixed
  const weights = tools.map((tool) => [tool, weightOf(tool)] as [string, number])
  if (weights.length === 0) throw new Error(`no tool to fuzz among ${only?.join(", ")}`)
  const random: PlanEntry[] = Array.from({ length: Math.max(0, rest - chosen.length) }, () => ({
    tool: rng.weighted(weights),
    kind: "random" as const,
  }))
  return [...rng.sample([...chosen, ...random], rest), ...valid]
}
