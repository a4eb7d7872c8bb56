/**
 * Bounds on a tool call's arguments, checked before anything stores, clones, logs or decodes
 * them: a value nested thousands of levels deep overflows the stack of every recursive walker
 * (structured clone into IndexedDB, postMessage, JSON.stringify, schema decoding), and a huge
 * one fills memory and storage. The walk here is iterative, so it is safe on any input.
 *
 * No tool's parameters come near these bounds; they only stop what no tool can use.
 */

/** How deeply objects and arrays may nest (the arguments object itself is level 1). */
export const MAX_ARGUMENT_DEPTH = 64
/** The most an argument value may weigh, counted as the characters of its strings and keys plus 8 per other value. */
export const MAX_ARGUMENT_SIZE = 16 * 1024 * 1024

export type ArgumentCheck =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly limit: "depth" | "size"
      readonly message: string
      /** The top-level argument that is too deep or too big, when one is. */
      readonly parameter?: string
    }

export const checkArguments = (value: unknown, limits = { depth: MAX_ARGUMENT_DEPTH, size: MAX_ARGUMENT_SIZE }): ArgumentCheck => {
  let size = 0
  const stack: Array<{ value: unknown; depth: number; parameter?: string }> = [{ value, depth: 1 }]
  const seen = new Set<object>()
  while (stack.length > 0) {
    const { value: v, depth, parameter } = stack.pop()!
    if (typeof v === "string") size += v.length
    else if (typeof v === "object" && v !== null) {
      if (depth > limits.depth) {
        return {
          ok: false,
          limit: "depth",
          message: `${parameter === undefined ? "the arguments" : `"${parameter}"`} nests more than ${limits.depth} levels deep (the limit); send a flatter value.`,
          ...(parameter === undefined ? {} : { parameter }),
        }
      }
      // A value shared or cycled (possible from the in-page API, never from JSON) is counted once.
      if (seen.has(v)) continue
      seen.add(v)
      const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v)
      if (!Array.isArray(v)) for (const key of Object.keys(v)) size += key.length
      size += 8
      // The arguments' own keys name the parameter that everything below them belongs to.
      for (const [key, item] of entries)
        stack.push({ value: item, depth: depth + 1, parameter: parameter ?? (depth === 1 ? key : undefined) })
    } else size += 8
    if (size > limits.size) {
      return {
        ok: false,
        limit: "size",
        message: `${parameter === undefined ? "the arguments weigh" : `"${parameter}" weighs`} more than ${limits.size} characters (the limit); send less at a time.`,
        ...(parameter === undefined ? {} : { parameter }),
      }
    }
  }
  return { ok: true }
}
