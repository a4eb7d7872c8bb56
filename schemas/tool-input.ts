/**
 * How a tool's arguments are judged before its call runs, wherever they are decoded: by the
 * supervisor (a model's call) or together with the page's request that carries them
 * (`tools.call`, shell/hub/channel/handlers.ts). One wording for both, so a caller gets the same
 * error for the same bad argument whichever way it came.
 */
import { checkArguments } from "./argument-limits.ts"
import { InvalidInput, quoteInput } from "./errors.ts"
import type { IssueLine } from "./primitives.ts"

/** Absent and null arguments stand for none (`{}`), as the API documents. */
export const argumentsOf = (raw: unknown): unknown => (raw === undefined || raw === null ? {} : raw)

/** The arguments' bounds, checked before any decode walks them; undefined when they are within. */
export const argumentLimitError = (tool: string, raw: unknown): InvalidInput | undefined => {
  const limits = checkArguments(raw)
  if (limits.ok) return undefined
  return new InvalidInput({ tool, message: limits.message, ...(limits.parameter === undefined ? {} : { parameter: limits.parameter }) })
}

/** The error for arguments that break the tool's parameter schema; `lines` are paths from the arguments' root. */
export const invalidArguments = (tool: string, lines: ReadonlyArray<IssueLine>): InvalidInput => {
  const first = lines[0]
  const message = lines.length
    ? lines.map((l) => (l.segments.length ? `parameter ${JSON.stringify(quoteInput(l.path, 80))}: ${l.message}` : l.message)).join("; ")
    : "the arguments do not match the tool's parameters"
  return new InvalidInput({ tool, message, ...(first?.segments.length ? { parameter: first.segments[0]! } : {}) })
}
