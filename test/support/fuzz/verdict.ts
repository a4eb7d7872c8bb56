/**
 * Judging one outcome. The contract decides whether a call was acceptable: a call its schema
 * refuses must come back as invalid_input naming a parameter; any other failure must carry a
 * code the tool documents and a message a model can act on. Crashes and hangs are judged by the
 * suite itself (worker restarts, calls that never settle).
 */
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { strictParse } from "../../../schemas/primitives.ts"
import { declaresCode } from "../../../schemas/tool-definition.ts"
import { builtinTools } from "../../../schemas/tools/index.ts"
import type { FuzzCase } from "./mutate.ts"
import { expand } from "./values.ts"

/** The outcome of one call as the page reports it (message cut short for the trip back). */
export interface Outcome {
  readonly ok: boolean
  readonly code?: unknown
  readonly message?: unknown
  readonly messageLength?: number
  readonly parameter?: unknown
  readonly value?: string
  /** How long the call took, in the page. */
  readonly ms?: number
}

export type Verdict =
  { readonly kind: "ok" | "specific" } | { readonly kind: "crash" | "hang" | "unspecific" | "validation"; readonly reason: string }

const COMMON = ["invalid_input", "not_found", "permission_denied"]

/** Longer than this, a message is not "short": it most likely echoes the input back. */
export const MESSAGE_MAX_CHARS = 4_096

const definitions = new Map<string, (typeof builtinTools)[number]>(builtinTools.map((t) => [t.name, t]))

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** Whether the contract accepts the call's parameters (absent and null params count as `{}`, as the API documents). */
export const contractAccepts = (tool: string, params: unknown): boolean => {
  const definition = definitions.get(tool)!
  const input = params === undefined || params === null ? {} : expand(params)
  return Exit.isSuccess(Schema.decodeUnknownExit(definition.parameters as Schema.Codec<unknown, unknown>)(input, strictParse))
}

/** What judging needs of a tool: whether it documents an error code, and its parameters' names. */
export interface ToolContract {
  readonly declares: (code: string) => boolean
  readonly parameters: ReadonlyArray<string>
}

/** A built-in tool's: its definition's `errors` (schemas/tools/) and the fields of its parameters. */
export const builtinContract = (tool: string): ToolContract => {
  const definition = definitions.get(tool)!
  return {
    declares: (code) => declaresCode(definition, code),
    parameters: Object.keys((definition.parameters as unknown as { fields: Record<string, unknown> }).fields ?? {}),
  }
}

export const judge = (fuzz: FuzzCase, outcome: Outcome, accepted: boolean, contract = builtinContract(fuzz.tool)): Verdict => {
  if (outcome.ok) {
    if (!accepted && !fuzz.optionsInvalid) return { kind: "validation", reason: "succeeded although the contract refuses these parameters" }
    if (fuzz.optionsInvalid) return { kind: "validation", reason: "succeeded although the call options are malformed" }
    return { kind: "ok" }
  }
  const code = outcome.code
  const message = outcome.message
  if ((code === "worker_crashed" && !/did not stop within/.test(String(message))) || code === "unavailable")
    return { kind: "crash", reason: `${String(code)}: ${String(message)}` }
  if (code === "timeout") return { kind: "hang", reason: `timed out: ${String(message)}` }
  // The supervisor replaced a worker because a call (this one or another) would not stop.
  if (code === "worker_crashed" && typeof message === "string" && /did not stop within/.test(message))
    return { kind: "hang", reason: `${code}: ${message}` }
  if (typeof code !== "string" || code === "") return { kind: "unspecific", reason: `no code (${JSON.stringify(code)})` }
  if (typeof message !== "string" || message.trim() === "") return { kind: "unspecific", reason: `${code} with an empty message` }
  if (code === "tool_failed" || /failed unexpectedly/.test(message)) return { kind: "unspecific", reason: `${code}: ${message}` }
  if (code === "invalid_result") return { kind: "unspecific", reason: `invalid_result: ${message}` }
  if (!accepted && !fuzz.optionsInvalid && code !== "invalid_input") {
    return { kind: "validation", reason: `ran although the contract refuses these parameters, and failed with ${code}: ${message}` }
  }
  // The codes each tool declares for its own failures.
  if (!COMMON.includes(code) && !contract.declares(code)) {
    return { kind: "unspecific", reason: `code "${code}" is not one ${fuzz.tool} documents: ${message}` }
  }
  if ((outcome.messageLength ?? message.length) > MESSAGE_MAX_CHARS) {
    return { kind: "unspecific", reason: `a ${outcome.messageLength} character message (it echoes the input): ${message.slice(0, 120)}…` }
  }
  if (code === "invalid_input") {
    const paramsGiven = fuzz.params === undefined || fuzz.params === null || isPlainObject(fuzz.params)
    const parameter = outcome.parameter
    // An extra key that is the empty string is named by its own name, "".
    const namesEmptyKey = parameter === "" && isPlainObject(fuzz.params) && "" in (fuzz.params as Record<string, unknown>)
    if (parameter === undefined || parameter === null || (parameter === "" && !namesEmptyKey)) {
      if (fuzz.optionsInvalid || !paramsGiven) return { kind: "specific" }
      return { kind: "unspecific", reason: `invalid_input without a parameter: ${message}` }
    }
    if (typeof parameter !== "string")
      return { kind: "unspecific", reason: `invalid_input with a parameter that is not a name (${JSON.stringify(parameter)})` }
    const known = contract.parameters
    const given = isPlainObject(fuzz.params) ? Object.keys(fuzz.params) : []
    if (!known.includes(parameter) && !given.includes(parameter)) {
      return {
        kind: "unspecific",
        reason: `invalid_input names "${parameter}", which is neither a parameter of ${fuzz.tool} nor in the call: ${message}`,
      }
    }
    if (!accepted && fuzz.touched.length > 0 && !fuzz.touched.includes(parameter)) {
      return {
        kind: "unspecific",
        reason: `invalid_input names "${parameter}", but the bad value was in ${fuzz.touched.join(", ")}: ${message}`,
      }
    }
  }
  return { kind: "specific" }
}
