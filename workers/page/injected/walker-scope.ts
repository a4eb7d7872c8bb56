/**
 * Selectors written relative to a scope, for pages that give an element nothing of its own to
 * hold on to (a forum's posts, a feed's cards, nested comments: no id, no class, the same buttons
 * in every item). Each such control's own selector is a long `:nth-of-type` path from the body,
 * and the items' paths share all but their last steps. So a control may set the scope by writing
 * its selector `{:is(S) R}` (plain CSS, the same as `S R`: S selects an ancestor that holds more
 * controls to come, its post or card), and the controls after it inside S are written `{^ R}`,
 * read `S R`, as `{^}` is for links (docs/page-content.md, "Annotations and escaping"). A scope
 * inside the one in force is set as `{:is(^ R1) R}`: its S is the scope's followed by R1, so a
 * reply's controls need not spell the path to its thread again; or from the scope set before the
 * one in force, `{:is(^^ R1) R}` (the next comment after one whose name link set a scope inside
 * it: CSS has no parent step to climb out of that one). And the items repeat their
 * controls: a control whose R is the one last written after its label (`["Reply"]`, a button) is
 * written `["Reply"]{^}`, and its `{^}` is then left implied (`["Reply"]`, walker-writer.ts).
 */
import { PIERCE, scoreOf, type SelectorMaker, type Spelled } from "./walker-selectors.ts"

/** The scope of `{^}` and `{^ R}`: the element and selector of the last landmark line, `{^S}` link or `{:is(S) R}` written, and which of the content's scopes it was. */
export interface Scope {
  readonly el: Element
  readonly selector: string
  readonly serial: number
  /** The scope set before this one, for `^^` (and the one before that, `^3`, …); each stands while its serial is one less than the one after it. */
  readonly before?: Scope | null
}

/** How many scopes back `^N` may reach: `^^` (the one before the one in force) to `^9`, one digit for the model to count. */
export const SCOPES_BACK = 9

/** A scope set as the model reads it: the one in force becomes the one before it, `^^`, the one before that `^3`, and so on to `^9`. */
export const following = (inForce: Scope | null, set: Omit<Scope, "before">): Scope => ({
  ...set,
  before: kept(inForce, SCOPES_BACK - 1),
})

/** The chain of scopes from `scope` back, `count` of them at most. */
const kept = (scope: Scope | null | undefined, count: number): Scope | null =>
  scope === null || scope === undefined || count <= 0
    ? null
    : { el: scope.el, selector: scope.selector, serial: scope.serial, before: kept(scope.before, count - 1) }

/**
 * The scopes set before the one in force that the model can still count back to, nearest first:
 * `^^`, `^3`, … (`serial` the one in force's). A scope the walker did not keep (a landmark line
 * written in a list item) breaks the count: none beyond it is offered.
 */
export const scopesBefore = (inForce: Scope, serial: number): Scope[] => {
  const earlier: Scope[] = []
  for (let s = inForce.before; s !== null && s !== undefined && s.serial === serial - earlier.length - 1; s = s.before) earlier.push(s)
  return earlier
}

/** How a scope `back` steps before the one in force is written: `^^` for the one right before it, then `^3`, `^4`, … */
export const caretBack = (back: number): string => (back === 1 ? "^^" : `^${back + 1}`)

/** An annotation written relative to a scope: as the content writes it, the selector it stands for, and the scope it sets (`{:is(S) R}`), if any. */
export interface Scoped {
  readonly written: string
  readonly selector: string
  /** R: what follows the scope. */
  readonly rest: string
  readonly sets: { readonly el: Element; readonly selector: string } | null
}

/** A selector shorter than this is not worth the look: no scope could make it much shorter. */
const WORTH_SCOPING = 16
/** How many of a control's ancestors are tried as the S of `{:is(S) R}`. */
const SCOPE_DEPTH = 8
/** What `{^ R}` adds to R: the braces, the caret and its space. */
const UNDER_SCOPE = 4
/** A relative selector is written only when it saves at least this much: a few characters are not worth a selector the model has to put together. */
const WORTH_IT = 8
/** `{^}`: a control below the scope whose R is the last one written after its label. */
const REPEATED = 3
/** How much longer a scope put together from the one in force (`S R1`) may be than its own selector. */
const LONGER_BY = 24
/** What `^ +div` costs, the item after the scope as a scope. */
const NEXT_ITEM = 8
/** How many controls after a link, inside the scope it could set, make it set that scope rather than be `{^}` in the one in force. */
export const OPENS_FOR = 2
/** What `{:is(S) R}` adds to S and R. */
const SETTING_SCOPE = 8

/**
 * A control's label as the content writes it (`button "Like"`, its name always printed when its
 * selector is relative), and the R last written after each label: a control whose R below the
 * scope is the R last written after its label is written `[label]{^}`.
 */
export interface Repeats {
  readonly label: string
  readonly rests: Map<string, string>
}

/**
 * The annotation of a control (or a link) whose own selector is `own`, when one relative to a
 * scope costs less: `{^ R}` below the scope in force (`scope`, null when none holds), or
 * `{:is(S) R}`, which sets the scope to an ancestor S, when what it costs now, shared with the
 * controls inside S still to come (each counted as writing `{^ R}` with an R as long as this
 * one's), is less per control. A far ancestor (a post's list) has many controls to share its
 * cost but a long R; a near one (the post) a short R: the cost per control weighs the two.
 * Null: the own selector is the cheapest.
 */
export const scopedAnnotation = (
  selectors: SelectorMaker,
  el: Element,
  own: string,
  spelled: ReadonlyArray<Spelled>,
  scope: Scope | null,
  repeats: Repeats | null,
  open = false,
  earlier: ReadonlyArray<Scope> = [],
): Scoped | null => {
  if (own.length < WORTH_SCOPING || own.includes(PIERCE) || !selectors.inTopDocument(el)) return null
  // What a relative form must cost less than: the own selector, less what is worth saving.
  // `open`: the cheapest scope set below the one in force, whatever the other forms cost (a link that opens a reply).
  let cost = open ? Number.POSITIVE_INFINITY : scoreOf(spelled)(own) + 2 - WORTH_IT
  // A control's relative selector never stands for its name, which is printed for `[label]{^}` to repeat it.
  const relativeSpelled = repeats === null ? spelled : []
  const score = scoreOf(relativeSpelled)
  let choice: Scoped | null = null
  // The R last written after this control's label, when it selects the control below `within` too: the items repeat it.
  const last = repeats === null ? undefined : repeats.rests.get(repeats.label)
  const restBelow = (within: Element, selector: string): string | null =>
    last !== undefined && selectors.selectsAloneBelow(el, within, last)
      ? last
      : selectors.relativeSelector(el, within, selector, relativeSpelled)
  if (!open && scope !== null && scope.el !== el && scope.el.contains(el)) {
    const rest = restBelow(scope.el, scope.selector)
    const again = rest !== null && rest === last
    if (rest !== null && (again ? REPEATED : score(rest) + UNDER_SCOPE) < cost) {
      cost = again ? REPEATED : score(rest) + UNDER_SCOPE
      choice = { written: again ? "{^}" : `{^ ${rest}}`, selector: `${scope.selector} ${rest}`, rest, sets: null }
    }
  }
  // A scope set inside the one in force leaves it: the controls of the scope in force that follow
  // the new one then set a scope again, about as long as the one in force written whole.
  const held = scope !== null && scope.el.contains(el) ? selectors.actingAfter(el, scope.el) : 0
  const again = held > 0 ? (selectors.selectorFor(scope!.el)?.length ?? 0) + SETTING_SCOPE : 0
  // It also loses the way to the item after the scope in force (`^ +div`: the next post of a
  // feed), which then sets its scope whole.
  const next = scope !== null && scope.el.contains(el) ? scope.el.nextElementSibling : null
  const chained =
    next !== null && selectors.actingAfter(next, next) > 0 ? Math.max(0, (selectors.selectorFor(next)?.length ?? 0) - NEXT_ITEM) : 0
  let depth = 0
  for (let up = el.parentElement; up !== null && depth < SCOPE_DEPTH; up = up.parentElement, depth++) {
    // The scope in force holds every ancestor farther up; the body and the root would scope nothing.
    if (up === scope?.el || up.localName === "body" || up.localName === "html") break
    const after = selectors.actingAfter(el, up)
    // An S that holds nothing more to act on is still worth setting when it is written from a scope:
    // a book's title link in the `p` right after the picture link that set the scope, `{:is(^ +p) >a}`.
    if (open && after < OPENS_FOR) continue
    const own = selectors.selectorFor(up)
    if (own === null || own.includes(PIERCE)) continue
    // S written whole, or from the scope in force as `^ R1` (read `S R1`), whichever is shorter:
    // below it, or the item right after it (`^ + div`: the next post of a list).
    // Or from a scope set before it as `^^ R1` (read `P R1`) or `^N R1`, N-1 scopes back: the
    // next comment after a scope set inside the one before (its text, its row of buttons), or
    // after a chain of nested replies, which CSS cannot climb out of.
    const { selector, shown } = shortest(
      own,
      fromScope(selectors, scope, up, "^", own),
      ...earlier.map((p, i) => (p.el === up ? null : fromScope(selectors, p, up, caretBack(i + 1), own))),
    )
    const rest = restBelow(up, selector)
    if (rest === null) continue
    // What each control inside S costs, this one setting the scope and the ones to come under it, each counted with an R as long as this one's.
    const left = (held > after ? again : 0) + chained
    // The controls to come each cost their R below the scope, or `{^}` when this R is the one the items repeat.
    const later = rest === last ? REPEATED : score(rest) + UNDER_SCOPE
    const each = (shown.length + score(rest) + SETTING_SCOPE + after * later + left) / (after + 1)
    if (each < cost) {
      cost = each
      choice = { written: `{:is(${shown}) ${rest}}`, selector: `:is(${selector}) ${rest}`, rest, sets: { el: up, selector } }
    }
    // Opened by a link: the nearest item that holds the controls after it (its post, not the post's list).
    if (open && choice !== null) break
  }
  return choice
}

/** S of `{:is(S) R}` as written (`shown`) and as read (`selector`), from a scope (`^ R1` or `^^ R1`), or null when no shorter than S written whole. */
interface Written {
  readonly selector: string
  readonly shown: string
}

const fromScope = (selectors: SelectorMaker, scope: Scope | null, up: Element, caret: string, own: string): Written | null => {
  if (scope === null) return null
  const below =
    scope.el !== up && scope.el.contains(up) ? selectors.relativeSelector(up, scope.el, scope.selector) : afterScope(selectors, scope, up)
  // The model puts S together from the scope's: a chain of `+ div` from item to item would grow
  // without end, so S read whole may be at most a little longer than S written whole.
  if (below === null || below.length + caret.length + 1 >= own.length || scope.selector.length + below.length >= own.length + LONGER_BY)
    return null
  return { selector: `${scope.selector} ${below}`, shown: `${caret} ${below}` }
}

/** The shortest way to write S: whole, or from one of the scopes. */
const shortest = (own: string, ...relative: ReadonlyArray<Written | null>): Written => {
  let best: Written = { selector: own, shown: own }
  for (const r of relative) if (r !== null && r.shown.length < best.shown.length) best = r
  return best
}

/** How many siblings after the scope's element `^ +div+div` may step over. */
const AFTER_SCOPE = 3

/**
 * R1 of `^ R1` for an element after the scope's, not inside it: `+div` (the item right after it),
 * `+div+div` (a post's row of buttons after its author line, the scope its author link set), or
 * a path inside one of them (`+div>:nth-child(2)`); null when `up` is not in the few siblings
 * right after the scope's element.
 */
const afterScope = (selectors: SelectorMaker, scope: Scope, up: Element): string | null => {
  const parent = scope.el.parentElement
  let item: Element | null = up
  while (item !== null && item.parentElement !== parent) item = item.parentElement
  if (parent === null || item === null) return null
  let steps = ""
  let reached = false
  // Checked inside the loop: the sibling the loop ends on, one past the last step, is not reached.
  for (let k = 0, sibling = scope.el.nextElementSibling; sibling !== null && k < AFTER_SCOPE && !reached; k++) {
    steps += `+${selectors.tagStep(sibling)}`
    reached = sibling === item
    sibling = sibling.nextElementSibling
  }
  if (!reached) return null
  if (item === up) return steps
  const rest = selectors.relativeSelector(up, item, `${scope.selector} ${steps}`)
  return rest === null ? null : rest.startsWith(">") ? steps + rest : `${steps} ${rest}`
}

/** How many of a link's ancestors are tried as the `S` of `{^S}`. */
const LINK_SCOPE_DEPTH = 6

/**
 * For `{^S}`: among the link's nearest ancestors in which it is alone with its URL, the one
 * with the shortest selector (the farther of two alike, as it holds more of the links to come).
 * Only the farthest of them gets a whole selector (an anchor and a path, shared by the links
 * of its block); the nearer ones count only when a handle of their own is unique. `byStart`:
 * alone with the start of its URL instead (`a[href^="start"]`, a URL shown cut), checked by a
 * query of each ancestor (selectsAloneBelow).
 */
export const linkScopeFor = (
  selectors: SelectorMaker,
  el: Element,
  byStart: string | null = null,
): { readonly el: Element; readonly selector: string } | null => {
  let found: { el: Element; selector: string } | null = null
  let farthest: Element | null = null
  let depth = 0
  for (let up = el.parentElement; up !== null && depth < LINK_SCOPE_DEPTH; up = up.parentElement, depth++) {
    // Once another link with the URL is inside, it is inside every ancestor farther up.
    if (byStart === null ? !selectors.selectsAloneByHrefWithin(el, up) : !selectors.selectsAloneBelow(el, up, byStart)) break
    farthest = up
    const handle = selectors.uniqueHandleOf(up)
    if (handle !== null && (found === null || handle.length <= found.selector.length)) found = { el: up, selector: handle }
  }
  if (farthest !== null && farthest !== found?.el) {
    const selector = selectors.selectorFor(farthest)
    if (selector !== null && !selector.includes(PIERCE) && (found === null || selector.length <= found.selector.length))
      found = { el: farthest, selector }
  }
  return found
}
