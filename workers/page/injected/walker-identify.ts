/**
 * What a selector selects, told as get_tab_content tells it: how many elements, and the first's
 * kind and accessible name (the `[kind "name"]` of its annotation). A replay checks a step's
 * targets with it before the step acts (shell/hub/replay.ts): the same words the recorded run saw.
 *
 * When a recorded selector no longer selects exactly one element of the recorded kind and name
 * (a class renamed, a wrapper inserted, a list reordered), the element is looked for the way a
 * person would re-find it: by its kind and name (and a link's href) alone. Only when exactly one
 * element of the page has them (hidden ones counted), it is shown, and it carries its name itself
 * (not by another element's reference), is a fresh selector for it given; otherwise the replay
 * stops there as before.
 */
import type { ReplayTarget } from "../../../schemas/routines.ts"
import { accessibleName, interactiveKind, landmarkName, landmarkOf } from "./walker-roles.ts"
import { resolveSelector, SelectorMaker } from "./walker-selectors.ts"
import { isRendered } from "./walker-visibility.ts"

/** A step's target as recorded: its selector, and the kind, name (and a link's href) the read gave it. */
export type Wanted = typeof ReplayTarget.Type

export interface Identity {
  readonly selector: string
  /** Elements selected: a replay acts only when it is exactly one. */
  readonly count: number
  readonly kind?: string
  readonly name?: string
  /**
   * When the selector does not select exactly one element of the wanted kind and name: how many
   * elements of the page have them, and, when exactly one does, a fresh selector for it.
   */
  readonly candidates?: number
  readonly retarget?: string
}

/** An element's kind and name as get_tab_content names it: a control by its kind, a landmark (`[nav "Contents"]`) by its own. */
const kindOf = (el: Element): string => {
  const interactive = interactiveKind(el)
  return interactive ?? landmarkOf(el) ?? el.localName
}
const nameOf = (el: Element, kind: string): string =>
  interactiveKind(el) === null && landmarkOf(el) === kind ? landmarkName(el) : accessibleName(el)

/** Every element of the document with the wanted kind and name (a link: and href), hidden ones too: a hidden twin makes it ambiguous. */
const alike = (doc: Document, wanted: Wanted): Element[] => {
  const found: Element[] = []
  for (const el of doc.querySelectorAll("*")) {
    if (kindOf(el) !== wanted.kind) continue
    if (wanted.kind === "link" && el.getAttribute("href") !== (wanted.href ?? null)) continue
    if (nameOf(el, wanted.kind) === wanted.name) found.push(el)
  }
  return found
}

/** Named by another element through an id: `aria-labelledby`, or a `<label for>` that does not hold it. */
const namedByReference = (el: Element): boolean =>
  !!el.getAttribute("aria-labelledby") ||
  (!el.getAttribute("aria-label") && [...((el as HTMLInputElement).labels ?? [])].some((label) => !label.contains(el)))

const identityOf = (doc: Document, selector: string): Identity => {
  const resolved = resolveSelector(doc, selector)
  if (!resolved.ok || resolved.element === null) return { selector, count: 0 }
  const kind = kindOf(resolved.element)
  return { selector, count: resolved.count, kind, name: nameOf(resolved.element, kind) }
}

/**
 * For each target: what its selector selects now; for a target given with its kind and name
 * whose selector no longer selects exactly one such element, the page's elements of that kind
 * and name, and a fresh selector when there is exactly one (and a link without a recorded href
 * is never re-found: its href is part of what it is).
 */
export const identify = (doc: Document, targets: ReadonlyArray<string | Wanted>): Identity[] => {
  let maker: SelectorMaker | undefined
  return targets.map((target) => {
    const wanted = typeof target === "string" ? undefined : target
    const now = identityOf(doc, typeof target === "string" ? target : target.selector)
    if (wanted === undefined) return now
    if (now.count === 1 && now.kind === wanted.kind && now.name === wanted.name) return now
    if (wanted.kind === "link" && wanted.href === undefined) return { ...now, candidates: 0 }
    const found = alike(doc, wanted)
    // The recorded element was one the read showed: a hidden one is not it. A name given by
    // reference passes to another element when the page changes (two controls sharing an id,
    // one removed: the label's `for` now names the other), so only a name the element carries is evidence.
    if (found.length !== 1 || !isRendered(found[0]!) || namedByReference(found[0]!)) return { ...now, candidates: found.length }
    maker ??= new SelectorMaker()
    const fresh = maker.selectorFor(found[0]!)
    // The fresh selector is checked as the recorded one was: exactly one element, of that kind and name.
    const check = fresh === null ? undefined : identityOf(doc, fresh)
    const holds = check !== undefined && check.count === 1 && check.kind === wanted.kind && check.name === wanted.name
    return { ...now, candidates: 1, ...(holds ? { retarget: fresh! } : {}) }
  })
}
