/**
 * Text that reads as source code, not prose. A page saved broken (a doctype cut short, a script
 * tag lost) shows a script's source as body text, as a browser shows it too: a run of assignments,
 * calls and braces without sentences, often longer than the story, and valued as prose it won the
 * story pick. Such text counts as a block's text but not as its prose, as links do.
 *
 * A listing set in `<pre>` or `<code>` is a docs page's content and is never read here.
 */

/** tags whose text is code on purpose */
export const CODE_TAGS: ReadonlySet<string> = new Set(["pre", "code", "kbd", "samp", "listing", "xmp", "plaintext"])

/**
 * Marks of script syntax: braces, comparisons and logic (`==`, `!=`, `&&`, `||`; not a run of
 * `=` drawn as a rule), a call or an assignment set tight against a name (`f(`, `x=1`), and the
 * words scripts run on. Semicolons and parentheses alone are prose's too (lists, box scores).
 */
const CODE_MARKS =
  /[{}]|(?<![=!])[=!]=(?!=)|&&|\|\||[\w\])]\(|\w=(?!=)|(?<![=!])=\w|\b(?:var|function|return|typeof|document|window|null)\b/g

/** the shortest text read as code: a shorter run is a formula or a label */
const MIN_LENGTH = 80
/** marks per character at which text reads as code: prose stays near one per hundred */
const MIN_DENSITY = 0.04

/** Whether a text node of `length` visible characters reads as source code. */
export const readsAsCode = (data: string, length: number): boolean => {
  if (length < MIN_LENGTH) return false
  let marks = 0
  for (const _ of data.matchAll(CODE_MARKS)) if (++marks >= length * MIN_DENSITY) return true
  return false
}
