/**
 * What a selector selects, told as get_tab_content tells it: how many elements, and the first's
 * kind and accessible name (the `[kind "name"]` of its annotation). A replay checks a step's
 * targets with it before the step acts (shell/hub/replay.ts): the same words the recorded run saw.
 */
import { accessibleName, interactiveKind, landmarkName, landmarkOf } from "./walker-roles.ts"
import { resolveSelector } from "./walker-selectors.ts"

export interface Identity {
  readonly selector: string
  /** Elements selected: a replay acts only when it is exactly one. */
  readonly count: number
  readonly kind?: string
  readonly name?: string
}

export const identify = (doc: Document, selectors: ReadonlyArray<string>): Identity[] =>
  selectors.map((selector) => {
    const resolved = resolveSelector(doc, selector)
    if (!resolved.ok || resolved.element === null) return { selector, count: 0 }
    const el = resolved.element
    const interactive = interactiveKind(el)
    // Named as get_tab_content names it: a control by its kind, a landmark (`[nav "Contents"]`) by its own.
    const landmark = interactive === null ? landmarkOf(el) : null
    if (landmark !== null) return { selector, count: resolved.count, kind: landmark, name: landmarkName(el) }
    return { selector, count: resolved.count, kind: interactive ?? el.localName, name: accessibleName(el) }
  })
