/** What a tool's result becomes in the model's context: text, capped, marked, with loop warnings. */
import type { Outcome, WireError } from "../../schemas/errors.ts"
import type { ToolAnnotations } from "../../schemas/tool-definition.ts"
import { marksItselfUntrusted } from "../../schemas/untrusted-mark.ts"

export const resultText = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value, null, 1) ?? "null"))

/** Caps a result before it enters the context, saying how to get the rest. */
export const capResult = (tool: string, text: string, maxChars: number): string => {
  if (text.length <= maxChars) return text
  return `${text.slice(0, maxChars)}\n\n[Result truncated: ${maxChars} of ${text.length} characters shown. To see the rest, call ${tool} again asking for less at a time (e.g. max_length, offset and limit, or a narrower selector), or give it a prompt to distill the content.]`
}

/** Strings up to this long are saved whole even once a result's budget is spent (titles, URLs, paths). */
const SHORT_CHARS = 2000

/**
 * What is saved of a tool's result (or arguments) beside the text the model read: the model saw
 * at most `maxChars` of it, and the panel's card and an export show no more, so each string is
 * cut to `maxChars`, and once the value's strings hold `2 × maxChars` characters in all, the
 * rest to a short head. Seven 10 MB pages in one turn were saved whole (70 MB), and a
 * conversation that large could no longer be opened. Small values are returned as they are.
 */
export const savedValue = (value: unknown, maxChars: number): unknown => {
  let budget = 2 * maxChars
  const cut = (text: string): string => {
    const keep = Math.max(0, Math.min(text.length, maxChars, Math.max(budget, SHORT_CHARS)))
    budget -= keep
    return keep === text.length ? text : `${text.slice(0, keep)}… [cut when saved: ${keep} of ${text.length} characters kept]`
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return cut(v)
    if (Array.isArray(v)) return v.map(walk)
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
    return v
  }
  return resultText(value).length <= maxChars ? value : walk(value)
}

export const errorText = (tool: string, error: WireError): string => `Error (${error.code}) from ${tool}: ${error.message}`

/** Stable text of a value: the same arguments in another key order count as the same call. */
const stable = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(stable).join(",")}]`
    : typeof value === "object" && value !== null
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : (JSON.stringify(value) ?? "undefined")

/**
 * Counts identical calls within a run. From the third, the model is warned; from the fifth,
 * the call is not run at all, since its result cannot change.
 */
export class LoopGuard {
  private readonly seen = new Map<string, number>()
  static readonly WARN_AT = 3
  static readonly REFUSE_AT = 5

  record(tool: string, args: unknown): number {
    const key = `${tool}\u0000${stable(args)}`
    const n = (this.seen.get(key) ?? 0) + 1
    this.seen.set(key, n)
    return n
  }

  static warning(tool: string, n: number): string {
    return `\n\n[Note: this is call number ${n} to ${tool} with exactly the same arguments in this run, and its result will not change. Try a different approach, or answer with what you have.]`
  }
}

/**
 * Whether a tool's results and errors carry text from outside, from its annotations: whatever
 * reaches pages or the web (openWorld), and whatever reads the user's tabs and pages, whose
 * titles, URLs and content the pages' authors wrote. Its error messages are wrapped too, since
 * they quote URLs, titles and HTTP status texts.
 */
export const carriesOutsideText = (annotations: Pick<ToolAnnotations, "openWorld" | "worksOn">): boolean =>
  annotations.openWorld || annotations.worksOn === "tabs" || annotations.worksOn === "page"

/**
 * The text the model reads for one tool outcome: a result capped, and wrapped when it comes
 * from outside (the tool's nature, or the result's own mark); an error with its code outside
 * the wrapper and its message, which may quote what a page wrote, inside.
 */
export const outcomeText = (
  tool: string,
  outcome: Outcome<unknown>,
  options: { readonly untrusted: boolean; readonly maxChars: number },
): string => {
  if (!outcome.ok) {
    if (!options.untrusted) return errorText(tool, outcome.error)
    return `Error (${outcome.error.code}) from ${tool}:\n${markUntrusted(tool, outcome.error.message)}`
  }
  const capped = capResult(tool, resultText(outcome.value), options.maxChars)
  return options.untrusted || marksItselfUntrusted(outcome.value) ? markUntrusted(tool, capped) : capped
}

/**
 * Wraps a result that comes from pages or the web, so the model can tell data from
 * instructions. Markers inside the content are defused, so a page cannot close the wrapper
 * early and speak as the system.
 */
export const markUntrusted = (tool: string, text: string): string =>
  `<untrusted_data source="${tool}">\n${text.replace(/<(\/?)untrusted_data/gi, "‹$1untrusted_data")}\n</untrusted_data>`
