/**
 * list_tabs' filters. The patterns come from the model, which may copy them from page content,
 * so a pattern is bounded before it runs: its length is capped, nested quantifiers (the usual
 * cause of catastrophic backtracking) are refused at once, and the matching itself runs in the
 * sandbox with a deadline (worker.ts), against URLs and titles capped in length.
 */

export const PATTERN_MAX_CHARS = 200
/** What a pattern is matched against: the first this many characters of the URL or title. */
export const SUBJECT_MAX_CHARS = 2_048

export type PatternResult = { readonly ok: true; readonly regex: RegExp } | { readonly ok: false; readonly message: string }

/** Compiles a filter pattern, case-insensitively (titles and hosts are written every which way). */
export const compilePattern = (pattern: string): PatternResult => {
  if (pattern.length > PATTERN_MAX_CHARS) {
    return {
      ok: false,
      message: `the pattern is ${pattern.length} characters long; at most ${PATTERN_MAX_CHARS} are allowed. Use a shorter, simpler regular expression.`,
    }
  }
  let regex: RegExp
  try {
    regex = new RegExp(pattern, "i")
  } catch (error) {
    return {
      ok: false,
      message: `not a valid regular expression (${error instanceof Error ? error.message : String(error)}). Escape special characters such as . ? ( [ with a backslash.`,
    }
  }
  if (hasNestedQuantifier(pattern)) {
    return {
      ok: false,
      message:
        "a quantified group that itself contains a quantifier, like (a+)+ or (\\w*)*, can take exponential time; simplify the pattern.",
    }
  }
  return { ok: true, regex }
}

/** True when a group that contains a quantifier is itself followed by a quantifier. */
export const hasNestedQuantifier = (pattern: string): boolean => {
  // For each open group: whether a quantifier appeared inside it (at any depth).
  const groups: boolean[] = []
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") {
      i++
      continue
    }
    if (inClass) {
      if (c === "]") inClass = false
      continue
    }
    if (c === "[") inClass = true
    else if (c === "(") groups.push(false)
    else if (c === ")") {
      const quantifiedInside = groups.pop() ?? false
      const next = pattern[i + 1]
      const quantifiedAfter = next === "*" || next === "+" || (next === "{" && /^\{\d*,?\d*\}/.test(pattern.slice(i + 1)))
      if (quantifiedInside && quantifiedAfter) return true
      if (quantifiedAfter && groups.length > 0) groups[groups.length - 1] = true
      if (quantifiedInside && groups.length > 0) groups[groups.length - 1] = true
    } else if ((c === "*" || c === "+" || c === "{") && groups.length > 0) {
      if (c !== "{" || /^\{\d*,?\d*\}/.test(pattern.slice(i))) groups[groups.length - 1] = true
    }
  }
  return false
}
