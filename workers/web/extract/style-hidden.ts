/**
 * What a page's own style sheets hide. Hover cards, tooltips and collapsed menus are often in the
 * HTML beside the text they belong to, hidden by a class that a `<style>` rule sets to
 * `display: none`; read without the style sheet, their text pads the article. Only what is hidden
 * for every reader counts: a rule inside `@media` (a width, print) hides from some readers only,
 * and a class that a `@media` rule or a more specific rule shows again (a tab made active, a
 * section made open) is not counted, except where the rule that shows it needs the pointer or the
 * focus (`:hover`, `:focus`): that is text the reader has not asked for.
 */
import { classOf } from "./dom.ts"
import { parsedElements } from "./parse.ts"

export interface StyleHidden {
  /** whether the page's style sheets hide `el` for every reader */
  readonly hides: (el: Element) => boolean
}

const NONE: StyleHidden = { hides: () => false }

const HIDES = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i
const SHOWS = /(?:^|;)\s*(?:display\s*:\s*(?!none)[a-z-]+|visibility\s*:\s*visible)/i
/** one class or one id, nothing else */
const SIMPLE = /^([.#])(-?[_a-zA-Z][\w-]*)$/
/** the pseudo-classes of interaction: a rule that needs them shows what the reader has not asked for */
const INTERACTIVE = /:(?:hover|focus|focus-within|focus-visible|active|checked|target)\b/
const COMMENTS = /\/\*[\s\S]*?\*\//g
/** the longest style text read, so that a page cannot make us parse megabytes of it */
const MAX_CSS = 2_000_000

/** One key for a class (".name") or an id ("#name"). */
const keysOf = (el: Element): string[] => {
  const keys: string[] = []
  const id = el.getAttribute("id")
  if (id) keys.push(`#${id}`)
  const cls = classOf(el)
  if (cls) for (const name of cls.split(/\s+/)) if (name) keys.push(`.${name}`)
  return keys
}

/** Reads the page's `<style>` elements (before they are stripped) for what they hide. */
export const styleHidden = (document: Document): StyleHidden => {
  let css = ""
  for (const style of parsedElements(document, "style")) {
    css += `${style.textContent ?? ""}\n`
    if (css.length > MAX_CSS) break
  }
  if (!/display\s*:\s*none|visibility\s*:\s*hidden/i.test(css)) return NONE
  css = css.slice(0, MAX_CSS).replace(COMMENTS, "")
  /** simple selectors hidden by a top-level rule (true) or shown again by a later one (false) */
  const state = new Map<string, boolean>()
  /** simple selectors that some rule shows again in some context: not hidden for every reader */
  const shown = new Set<string>()
  /** compounds of classes (".tab.active") that show the first simple selector of theirs again */
  const shownWith = new Map<string, string[][]>()
  const rule = (prelude: string, body: string, nested: boolean) => {
    const hides = HIDES.test(body)
    const shows = !hides && SHOWS.test(body)
    if (!hides && !shows) return
    for (const raw of prelude.split(",")) {
      const selector = raw.trim()
      const simple = SIMPLE.exec(selector)
      if (hides) {
        if (simple !== null && !nested) state.set(selector, true)
        continue
      }
      if (simple !== null) {
        if (nested) shown.add(selector)
        else state.set(selector, false)
        continue
      }
      if (INTERACTIVE.test(selector)) continue
      const last = selector.split(/[\s>+~]+/).at(-1) ?? ""
      const parts = last.match(/[.#]-?[_a-zA-Z][\w-]*/g)
      if (parts === null || parts.join("") !== last) {
        // shown in a context we do not model (an ancestor's class, an attribute): not hidden for every reader
        for (const part of parts ?? []) shown.add(part)
        continue
      }
      if (selector !== last) for (const part of parts) shown.add(part)
      else for (const part of parts) shownWith.set(part, [...(shownWith.get(part) ?? []), parts.filter((p) => p !== part)])
    }
  }
  const stack: boolean[] = []
  const braces = /[{}]/g
  let start = 0
  for (let found = braces.exec(css); found !== null; found = braces.exec(css)) {
    const i = found.index
    if (found[0] === "}") stack.pop()
    else {
      // what follows the last ";" (an @import or @charset before it has no block)
      const before = css.slice(start, i)
      const prelude = before.slice(before.lastIndexOf(";") + 1).trim()
      if (prelude.startsWith("@")) stack.push(true)
      else {
        const close = css.indexOf("}", i + 1)
        if (close < 0) break
        rule(prelude, css.slice(i + 1, close), stack.length > 0)
        braces.lastIndex = close + 1
      }
    }
    start = braces.lastIndex
  }
  const hidden = new Set<string>()
  for (const [selector, hides] of state) if (hides && !shown.has(selector)) hidden.add(selector)
  if (hidden.size === 0) return NONE
  return {
    hides: (el) => {
      const keys = keysOf(el)
      for (const key of keys) {
        if (!hidden.has(key)) continue
        const unless = shownWith.get(key)
        if (unless === undefined || !unless.some((others) => others.every((other) => keys.includes(other)))) return true
      }
      return false
    },
  }
}
