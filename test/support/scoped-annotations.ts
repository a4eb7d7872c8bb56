/**
 * get_tab_content's annotations written relative to a scope (`{^S}`, `{^}`, `{^ R}`,
 * `{:is(^ R1) R}`, `{:is(^^ R1) R}`, `{:is(^3 R1) R}`: docs/page-content.md, "Annotations and escaping") read as the
 * model is told to, apart from the walker: replays name a step's targets by the selectors the
 * model put together, and the tests and the bench check each in the page.
 *
 * The scope S is set, whichever is nearer above, by a landmark line (`[nav "Main"]{S}`), a link's
 * `[text](url){^S}` or an annotation that begins `{:is(S) …}`. A link's `{^S}` stands for
 * `S a[href="url"]` (`S a[href^="start"]` after a URL shown cut, `(start…)`), its `{^}` for the same with S the scope, and `{^ R}` (a caret, a space) for
 * `S R`; `{:is(^ R1) R}` sets the scope to `S R1` and stands for `:is(S R1) R`, `{:is(^^ R1) R}`
 * the same with P, the scope set before the one in force, for S, and `{:is(^N R1) R}` with the
 * scope set N-1 before the one in force (`^3`: two before it); `[label]{^}`
 * (no URL) for `S R`, R the one last written after the same `[label]` (`{^ R}` or `{:is(…) R}`),
 * and so does `[label]` with neither `(` nor `{` after it (its `{^}` implied).
 */

export const LANDMARK_LINE = /^\[(?:header|footer|nav|main|aside|search|form|region)(?: "(?:\\.|[^"\\])*")?\]\{(?:\\.|[^\\}])*\}$/

export const cssQuoted = (text: string): string => text.replace(/["\\]/g, "\\$&")

/** S of an annotation that begins `:is(S)`, parentheses and CSS strings counted; null for any other. */
export const scopeSetBy = (selector: string): string | null => {
  if (!selector.startsWith(":is(")) return null
  let depth = 1
  for (let i = 4, quote = ""; i < selector.length; i++) {
    const c = selector[i]
    if (c === "\\") i++
    else if (quote) {
      if (c === quote) quote = ""
    } else if (c === '"' || c === "'") quote = c
    else if (c === "(") depth++
    else if (c === ")" && --depth === 0) return selector.slice(4, i)
  }
  return null
}

/** The text of the `[label]` that ends at `line[at - 1]`, brackets escaped inside; null when no label ends there. */
const labelBefore = (line: string, at: number): string | null => {
  if (line[at - 1] !== "]") return null
  for (let open = at - 2; open >= 0; open--) {
    if (line[open] !== "[") continue
    let escapes = 0
    while (line[open - 1 - escapes] === "\\") escapes++
    if (escapes % 2 === 0) return line.slice(open + 1, at - 1)
  }
  return null
}

/** Whether an annotation, as the content writes it, is read with the scope: `{^S}`, `{^}`, `{^ R}`, `{:is(^ R1) R}`, `{:is(^^ R1) R}`, `{:is(^3 R1) R}`. */
export const readsScope = (written: string): boolean => written.startsWith("{^") || /^\{:is\(\^(?:\^|\d+)? /.test(written)

/**
 * The annotations of a content read with the scope (readsScope), in order: `{^S}` and `{^}` after
 * a link's `(url)`, `{^ R}`, `{:is(^ R1) R}`, `{:is(^^ R1) R}` and `{:is(^N R1) R}`, each with the selector it
 * stands for ("" when no scope holds it) and where its `{` is in the content. Fenced code blocks
 * are copied literally and hold no annotation. `expand`: a link's URL as the content's declared
 * prefixes make it.
 */
export const scopedAnnotations = (whole: string, expand: (url: string) => string): Array<{ at: number; selector: string }> => {
  // Blanked, not cut: the places stay those of the content.
  const content = whole.replace(/^(`{3,})\n[\s\S]*?\n\1$/gm, (block) => block.replace(/[^\n]/g, " "))
  const found: Array<{ at: number; selector: string }> = []
  let offset = 0
  /** Every scope set, in order: the last is the one in force (`^`), the one before it `^^`, then `^3`, `^4`, … */
  const scopes: string[] = []
  const from = (scope: string | undefined, rest: string) => (scope === undefined ? "" : `${scope} ${rest}`)
  const under = (rest: string) => from(scopes.at(-1), rest)
  const set = (to: string) => scopes.push(to)
  /** The R last written after each label, for `[label]{^}`. */
  const rests = new Map<string, string>()
  for (const line of content.split("\n")) {
    const start = offset
    offset += line.length + 1
    if (LANDMARK_LINE.test(line)) set(line.slice(line.indexOf("]{") + 2, -1))
    for (let i = 0; i < line.length; i++) {
      if (line[i] === "\\") {
        i++
        continue
      }
      // A link's URL: passed over (a URL shown beside a selector may hold a bracket).
      if (line[i] === "]" && line[i + 1] === "(") {
        i = line.indexOf(")", i)
        if (i < 0) break
        continue
      }
      // `[label]` with no `(` or `{` after it (not an image's `![alt]`): `[label]{^}`, its `{^}` implied.
      if (line[i] === "]" && line[i + 1] !== "{") {
        const label = labelBefore(line, i + 1)
        if (label !== null && line[i - label.length - 2] !== "!")
          found.push({ at: start + i + 1, selector: rests.has(label) ? under(rests.get(label)!) : "" })
        continue
      }
      if (line[i] !== "{") continue
      let end = i + 1
      while (end < line.length && line[end] !== "}") end += line[end] === "\\" ? 2 : 1
      const annotation = line.slice(i + 1, end)
      const link = /\]\(([^()\s]*)\)$/.exec(line.slice(0, i))
      const label = link === null ? labelBefore(line, i) : null
      const sets = scopeSetBy(annotation)
      if (annotation.startsWith("^ ")) {
        found.push({ at: start + i, selector: under(annotation.slice(2)) })
        if (label !== null) rests.set(label, annotation.slice(2))
      } else if (annotation.startsWith("^") && link !== null) {
        if (annotation.length > 1) set(annotation.slice(1))
        // A URL shown cut, `(start…){^S}`, stands for `S a[href^="start"]`.
        const url = expand(link[1]!)
        found.push({
          at: start + i,
          selector: under(url.endsWith("…") ? `a[href^="${cssQuoted(url.slice(0, -1))}"]` : `a[href="${cssQuoted(url)}"]`),
        })
      } else if (annotation === "^")
        found.push({ at: start + i, selector: label !== null && rests.has(label) ? under(rests.get(label)!) : "" })
      else if (sets !== null) {
        // `{:is(^ R1) R}`: the scope in force followed by R1 is the new scope; `{:is(^^ R1) R}`, the one set before it, `{:is(^N R1) R}` the one N-1 before it.
        const back = /^\^(\^|\d+)? /.exec(sets)
        const steps = back === null ? 0 : back[1] === undefined ? 1 : back[1] === "^" ? 2 : Number(back[1])
        const inner = back !== null ? from(scopes.at(-steps), sets.slice(back[0].length)) : sets
        const rest = annotation.slice(4 + sets.length + 2)
        if (sets.startsWith("^")) found.push({ at: start + i, selector: `:is(${inner}) ${rest}` })
        if (label !== null) rests.set(label, rest)
        set(inner)
      }
      i = end
    }
  }
  return found
}
