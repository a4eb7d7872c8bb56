/**
 * JSON Schema (draft 2020-12) in full, for the tools whose parameters are given as a JSON Schema
 * rather than an Effect Schema (custom tools; MCP tools later): every keyword is enforced
 * (types, minimum/maximum, lengths, pattern, enum/const, oneOf/anyOf/allOf/not, if/then/else,
 * $ref and $defs, formats, additional and unevaluated properties) by @cfworker/json-schema,
 * which interprets schemas without generating code, so it runs under the extension's CSP.
 */
import { Validator, type Schema as CfSchema } from "@cfworker/json-schema"

export interface ArgumentProblem {
  /** Where in the arguments: property names and array indexes, outermost first (empty: the whole). */
  readonly path: ReadonlyArray<string>
  readonly message: string
}

export interface CompiledSchema {
  /** The value's problems against the schema, each named by where it is; empty when it is valid. */
  readonly problems: (value: unknown) => ReadonlyArray<ArgumentProblem>
}

/** Keywords whose failure only says "something beneath failed": the failure beneath says what. */
const WRAPPERS = new Set(["properties", "patternProperties", "$ref", "$dynamicRef", "$recursiveRef", "items", "prefixItems", "allOf"])

/** A "#/a/0/b" instance location as ["a", "0", "b"]. */
const pathOf = (pointer: string): string[] =>
  pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((s) => s !== "")
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"))

/**
 * The property a missing-or-extra failure is about, which the validator reports at the object
 * (its instance location) and names only in its message: the call's error then names it too.
 */
const NAMED_IN_MESSAGE: Readonly<Record<string, RegExp>> = {
  required: /^Instance does not have required property "(.*)"\.$/s,
  additionalProperties: /^Property "(.*)" does not match additional properties schema\.$/s,
  unevaluatedProperties: /^Property "(.*)" does not match unevaluated properties schema\.$/s,
}
const propertyOf = (keyword: string, error: string): string[] => {
  const name = NAMED_IN_MESSAGE[keyword]?.exec(error)?.[1]
  return name === undefined ? [] : [name]
}

/** Every subschema of a schema, with where it is, for the checks made when a schema is registered. */
const walk = function* (node: unknown, at: string): Generator<{ node: Record<string, unknown>; at: string }> {
  if (typeof node !== "object" || node === null) return
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, `${at}/${i}`)
    return
  }
  const record = node as Record<string, unknown>
  yield { node: record, at }
  for (const [key, value] of Object.entries(record)) {
    if (key === "enum" || key === "const" || key === "default" || key === "examples") continue
    yield* walk(value, `${at}/${key}`)
  }
}

/**
 * A schema ready to check values, or what makes it unusable: a pattern that is no regular
 * expression, a $ref that points nowhere. (Keywords it does not know are ignored, as the
 * standard says.)
 */
export const compileJsonSchema = (schema: unknown): { ok: true; compiled: CompiledSchema } | { ok: false; problems: string[] } => {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return { ok: false, problems: ["a JSON Schema must be an object"] }
  // The validator annotates the schema it is given; the caller's stays as it was.
  const own = structuredClone(schema) as CfSchema
  const problems: string[] = []
  for (const { node, at } of walk(schema, "#")) {
    const patterns = [
      ...(typeof node.pattern === "string" ? [node.pattern] : []),
      ...(typeof node.patternProperties === "object" && node.patternProperties !== null ? Object.keys(node.patternProperties) : []),
    ]
    for (const pattern of patterns) {
      try {
        new RegExp(pattern, "u")
      } catch (error) {
        problems.push(`${at}: ${JSON.stringify(pattern)} is not a valid regular expression (${(error as Error).message})`)
      }
    }
  }
  let validator: Validator
  try {
    validator = new Validator(own, "2020-12", false)
  } catch (error) {
    return { ok: false, problems: [...problems, (error as Error).message] }
  }
  // A $ref that resolves nowhere would only fail when a value reaches it: find it now.
  for (const { node, at } of walk(own, "#")) {
    if (typeof node.$ref !== "string") continue
    try {
      new Validator({ ...own, $ref: node.$ref } as CfSchema, "2020-12").validate(null)
    } catch {
      problems.push(`${at}: $ref ${JSON.stringify(node.$ref)} does not point to a schema in this document`)
    }
  }
  if (problems.length) return { ok: false, problems }
  return {
    ok: true,
    compiled: {
      problems: (value) => {
        const result = validator.validate(value)
        if (result.valid) return []
        const telling = result.errors
          .filter((e) => !WRAPPERS.has(e.keyword) && e.keyword !== "false")
          // The alternatives of a failed oneOf/anyOf: the unit for the whole says it plainly.
          .filter((e) => !/\/(oneOf|anyOf)\/\d+\//.test(`${e.keywordLocation}/`))
        // A property given the schema `false` fails with nothing but wrappers: say it is not allowed.
        const units = telling.length ? telling : result.errors.filter((e) => e.keyword === "false")
        return units.map((e) => ({
          path: [...pathOf(e.instanceLocation), ...propertyOf(e.keyword, e.error)],
          message: e.keyword === "false" ? "This argument is not allowed." : e.error,
        }))
      },
    },
  }
}
