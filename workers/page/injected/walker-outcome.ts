/** What the page walker is asked and what it answers (the route's side of readPage, walker.ts). */
import type { ReadFailure } from "../../../schemas/page-content-words.ts"
import type { Boxes } from "./walker-boxes.ts"

export interface ReadOptions {
  readonly selector?: string
  /** Stop writing once the content passes this many characters. */
  readonly limit?: number
  /** Bench and test mode: mark each annotated element with `data-agent-mesh-audit` and list the pairs. */
  readonly audit?: boolean
  /** Stop reading after this many milliseconds, with what was read. */
  readonly budgetMs?: number
  /** capture_tab: scroll the element read into view and give its box and the interactive elements' (walker-boxes.ts). */
  readonly boxes?: boolean
  /** The longest stretch of work before the walk lets the page run (tests shorten it). */
  readonly sliceMs?: number
}

export interface AuditPair {
  readonly selector: string
  /** The annotation as the content writes it: `{selector}` (`{:is(S) R}` among them), `{^S}` or `{^}` (a scoped link), `{^ R}`, `{:is(^ R1) R}`, `{:is(^^ R1) R}` or `{^}` (a control relative to the scope), or `(url)` for a link whose selector `a[href="url"]` is implied. */
  readonly written: string
  readonly mark: string
  readonly interactive: boolean
}

export type ReadOutcome =
  | {
      readonly ok: true
      readonly url: string
      readonly title: string
      readonly content: string
      readonly usedSelector: string
      /** The walk ended before the page did: at the limit, or (with `budget`) at its time budget. */
      readonly stopped: boolean
      /** A stop at the time budget: after how long, and the selector of the element it had reached (null: none selects it alone). */
      readonly budget?: { readonly afterMs: number; readonly at: string | null }
      /** The element `selector` picks is hidden: nothing of it is shown (content is empty). */
      readonly hidden?: true
      /**
       * Elements looked at: each element walked, plus the selector machinery's looks (see
       * SelectorMaker.work). Tests compare it across page sizes to check that the cost is linear.
       */
      readonly work: number
      readonly audit?: ReadonlyArray<AuditPair>
      readonly boxes?: Boxes
    }
  | ReadFailure

export const AUDIT_ATTRIBUTE = "data-agent-mesh-audit"

/** Bench mode: tags each annotated element so that a checker can verify its selector from outside. */
export const markAnnotated = (
  doc: Document,
  annotated: ReadonlyArray<{ element: Element; selector: string; written: string; interactive: boolean }>,
): AuditPair[] => {
  for (const old of doc.querySelectorAll(`[${AUDIT_ATTRIBUTE}]`)) old.removeAttribute(AUDIT_ATTRIBUTE)
  const marks = new Map<Element, string>()
  const pairs: AuditPair[] = []
  for (const { element, selector, written, interactive } of annotated) {
    let mark = marks.get(element)
    if (mark === undefined) {
      mark = String(marks.size + 1)
      marks.set(element, mark)
      element.setAttribute(AUDIT_ATTRIBUTE, mark)
    }
    pairs.push({ selector, written, mark, interactive })
  }
  return pairs
}
