/**
 * Short, stable CSS selectors for the elements the page walker annotates, and the resolver of
 * the ">>>" notation that reaches into open shadow roots and same-origin iframes.
 *
 * A selector is made from the element's own handles first (a stable id, href for links, test
 * ids, name, aria-label, ...), then from a uniquely named ancestor plus the element, and only
 * then from a child path (`:nth-child` steps). Uniqueness is decided from an index of the tree built in one
 * pass (counts of each handle, each element's place in document order), so the cost of a page
 * grows with its size, not with its size squared; no selector needs a query of the document.
 */

import { MIN_PREFIX, PREFIX_BOUNDARY } from "./walker-url-prefixes.ts"
import { cssString, EMPTY, type Handle, type Listed, LONG_URL, mayAct, ownHandles, placeStep, plain, tagOf } from "./walker-handles.ts"

export { cssString, isStableClass, isStableId, LONG_URL } from "./walker-handles.ts"

export type SelectorRoot = Document | ShadowRoot

/** Separates the hops of a selector that crosses into a shadow root or an iframe's document. */
export const PIERCE = " >>> "

const isShadowRoot = (node: Node): node is ShadowRoot => node.nodeType === Node.DOCUMENT_FRAGMENT_NODE && "host" in node

const selectsExactly = (root: SelectorRoot | Element, selector: string, el: Element): boolean => {
  try {
    const found = root.querySelectorAll(selector)
    return found.length === 1 && found[0] === el
  } catch {
    return false
  }
}

/** Something that says when the current slice of work is over. */
export interface Clock {
  due(): boolean
}

const NEVER_DUE: Clock = { due: () => false }

/**
 * One pass over a tree (document or shadow root) in document order: each element's position,
 * where its subtree ends, and for every plain handle the elements it matches, in order. A
 * handle is unique when its list holds one element; "anchor handle" is unique when the
 * handle's list holds one element inside the anchor's range. No uniqueness question needs a
 * query of the document.
 */
class TreeIndex {
  private readonly lists = new Map<string, Listed>()
  private readonly order = new Map<Element, number>()
  private readonly ends: number[] = []
  /** Each element's place among its parent's children of its tag (1-based), by position. */
  private readonly nth: number[] = []
  /** Whether a sibling shares the element's tag (its step then needs :nth-of-type), by position. */
  private readonly shared: boolean[] = []
  /** Each element's place among all its parent's element children (1-based), by position: `:nth-child`. */
  private readonly child: number[] = []
  /** The href of every `a` element of the tree, sorted when first asked (for `a[href^="…"]`). */
  private readonly hrefs: string[] = []
  private hrefsSorted = false
  /** How many elements that may act (ACTING_TAGS, or an attribute that makes one act) come before each position, and at it. */
  private readonly acting: number[] = []
  ready = false
  readonly quirks: boolean
  /** Elements looked at while building (one per element of the tree). */
  visited = 0

  constructor(readonly root: SelectorRoot) {
    const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : root.ownerDocument!
    this.quirks = doc.compatMode === "BackCompat"
  }

  *build(clock: Clock): Generator<void, void, void> {
    const doc = this.root.nodeType === Node.DOCUMENT_NODE ? (this.root as Document) : this.root.ownerDocument!
    const walker = doc.createTreeWalker(this.root, NodeFilter.SHOW_ELEMENT)
    const open: Node[] = [this.root]
    const openAt: number[] = [-1]
    // For each open element, its children seen so far by tag: how many, and where the first is.
    const childTags: Array<Map<string, { count: number; first: number }> | undefined> = [undefined]
    // For each open element, how many element children it has had so far.
    const childCounts: number[] = [0]
    let position = 0
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const el = node as Element
      while (open.length > 1 && open[open.length - 1] !== el.parentNode) {
        open.pop()
        childTags.pop()
        childCounts.pop()
        this.ends[openAt.pop()!] = position - 1
      }
      this.order.set(el, position)
      this.ends.push(position)
      // :nth-of-type counted here, in the sliced pass, rather than per parent when a path first needs it (one step as long as the parent's children).
      let siblings = childTags[childTags.length - 1]
      if (siblings === undefined) childTags[childTags.length - 1] = siblings = new Map()
      const tag = siblings.get(el.localName)
      if (tag === undefined) {
        siblings.set(el.localName, { count: 1, first: position })
        this.nth.push(1)
        this.shared.push(false)
      } else {
        tag.count++
        this.nth.push(tag.count)
        this.shared.push(true)
        this.shared[tag.first] = true
      }
      this.child.push(++childCounts[childCounts.length - 1]!)
      this.visited++
      this.acting.push((this.acting[position - 1] ?? 0) + (mayAct(el) ? 1 : 0))
      if (el.localName === "a") {
        const href = el.getAttribute("href")
        if (href !== null) this.hrefs.push(href)
      }
      for (const tier of ownHandles(el, this.quirks))
        for (const handle of tier) {
          const list = this.lists.get(handle.key)
          if (list === undefined) this.lists.set(handle.key, { elements: [el], at: [position] })
          else {
            list.elements.push(el)
            list.at.push(position)
          }
        }
      open.push(el)
      openAt.push(position)
      childTags.push(undefined)
      childCounts.push(0)
      position++
      if ((position & 31) === 0 && clock.due()) yield
    }
    while (openAt.length > 1) this.ends[openAt.pop()!] = position - 1
    this.ready = true
  }

  has(el: Element): boolean {
    return this.order.has(el)
  }

  /** How many elements that may act lie inside `ancestor`, after `el` in document order. */
  actingAfter(el: Element, ancestor: Element): number {
    return this.acting[this.ends[this.order.get(ancestor)!]!]! - this.acting[this.order.get(el)!]!
  }

  /** The element's step of a child path: its tag, or its place among its siblings when one shares its tag (placeStep). */
  stepOf(el: Element, last: boolean): string {
    const at = this.order.get(el)!
    return this.shared[at] ? placeStep(tagOf(el), this.nth[at]!, this.child[at]!, last) : tagOf(el)
  }

  /** How many `a` elements of the tree have an href that starts with `prefix` (counted up to `upTo`). */
  hrefsStartingWith(prefix: string, upTo = 2): number {
    if (!this.hrefsSorted) {
      this.hrefs.sort()
      this.hrefsSorted = true
    }
    // Sorted, the hrefs that start with it follow those before it, and every other comes after them.
    const first = this.firstWhere((href) => href >= prefix)
    return Math.min(upTo, this.firstWhere((href) => href >= prefix && !href.startsWith(prefix)) - first)
  }

  /** The first place in the sorted hrefs from which `holds` is true (it is false before it, true after). */
  private firstWhere(holds: (href: string) => boolean): number {
    let lo = 0
    let hi = this.hrefs.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (holds(this.hrefs[mid]!)) hi = mid
      else lo = mid + 1
    }
    return lo
  }

  listOf(handle: Handle): Listed {
    return this.lists.get(handle.key) ?? EMPTY
  }

  isUnique(handle: Handle): boolean {
    return this.listOf(handle).at.length === 1
  }

  /** The positions of the elements strictly inside `el`'s subtree. */
  rangeOf(el: Element): readonly [number, number] {
    const at = this.order.get(el)!
    return [at + 1, this.ends[at]!]
  }

  /** The part of `list` whose elements lie in [from, to]: a slice found by binary search. */
  within(list: Listed, [from, to]: readonly [number, number]): readonly [number, number] {
    const at = list.at
    const lower = (bound: number) => {
      let lo = 0
      let hi = at.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (at[mid]! < bound) lo = mid + 1
        else hi = mid
      }
      return lo
    }
    return [lower(from), lower(to + 1)]
  }
}

/**
 * What a selector costs in the output: its length, less the text it spells out that the
 * annotation would otherwise print (a link's href, a control's name).
 */
type Score = (selector: string) => number

export interface Spelled {
  readonly text: string
  readonly saves: number
  /** Counts only when the selector is this text exactly (a link's implied `a[href]`, which is not printed at all). */
  readonly whole?: boolean
}

/** How many uniquely named ancestors to try as the start of a selector: a farther one may give a shorter selector. */
const ANCHORS_TRIED = 3
/** Steps of the path kept between anchor and element before the whole child path is used. */
const STEPS_KEPT = 4
/** A scope of more elements than this is not queried to check an R (selectsAloneBelow). */
const QUERIED_SCOPE = 2_000
/** A candidate is checked by matching at most this many elements that share its last handle. */
const CHECKED_AT_MOST = 16

export const scoreOf =
  (spelled: ReadonlyArray<Spelled>): Score =>
  (selector) =>
    selector.length -
    spelled.reduce((saved, s) => ((s.whole ? selector === s.text : selector.includes(s.text)) ? saved + s.saves : saved), 0)

const best = (candidates: ReadonlyArray<string>, score: Score): string | null => {
  let winner: string | null = null
  let lowest = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    const value = score(candidate)
    if (value < lowest) {
      lowest = value
      winner = candidate
    }
  }
  return winner
}

/** A candidate's last compound: the handle whose elements are the only ones it can match. */
interface Last {
  readonly text: string
  readonly list: Listed
  /** An indexed handle (not an :nth-of-type step): "anchor last" is decided by counting. */
  readonly indexed: boolean
}

/** How many siblings back afterAnchor looks for a uniquely named one. */
const AFTER_ANCHOR = 3
/** How many links' hrefs a URL's start must begin for shownLength to count it declared, and what its `~N` then costs. */
const SHARED_START = 3
const PREFIX_TOKEN = 3

export class SelectorMaker {
  private readonly indexes = new Map<SelectorRoot, TreeIndex>()
  private readonly local = new Map<Element, string | null>()
  private readonly anchors = new Map<Element, { readonly handle: string; readonly authored: boolean } | null>()
  private readonly steps = new Map<Element, string>()
  /** The same, as the last step of a selector (which keeps its tag). */
  private readonly lastSteps = new Map<Element, string>()
  /** The iframe element that holds each same-origin document the walker entered. */
  private readonly frames = new Map<Document, Element>()
  /** shownLength's answers, by the URL as shown. */
  private readonly shown = new Map<string, number>()
  /**
   * Elements looked at to decide selectors: each element once when its tree is indexed, each
   * parent's children once for :nth-of-type, each element a candidate is matched against, and
   * a whole tree for each query of the document. Grows with the page's size, not its square;
   * tests count it instead of timing the walk.
   */
  private looked = 0

  get work(): number {
    let indexed = 0
    for (const index of this.indexes.values()) indexed += index.visited
    return this.looked + indexed
  }

  registerFrame(doc: Document, frame: Element): void {
    this.frames.set(doc, frame)
  }

  /** Indexes a tree in slices (the walker calls it on entering a document, shadow root or frame). */
  *prepare(root: SelectorRoot, clock: Clock): Generator<void, void, void> {
    let index = this.indexes.get(root)
    if (index === undefined) {
      index = new TreeIndex(root)
      this.indexes.set(root, index)
      yield* index.build(clock)
    }
  }

  /**
   * The selector of `el` from the top document, with ">>>" at each shadow root or iframe; null
   * when none is unique. `spelled` lists texts whose presence in a selector saves printing
   * something beside it, with the characters it saves.
   */
  selectorFor(el: Element, spelled: ReadonlyArray<Spelled> = []): string | null {
    const local = this.localSelector(el, spelled)
    if (local === null) return null
    const root = el.getRootNode()
    const outer = isShadowRoot(root) ? root.host : root.nodeType === Node.DOCUMENT_NODE ? this.frames.get(root as Document) : undefined
    if (outer === undefined) return local
    const prefix = this.selectorFor(outer)
    return prefix === null ? null : prefix + PIERCE + local
  }

  /**
   * Whether `a[href^="prefix"]`, queried on the top document, selects `el` alone: `el` is a link
   * of the top document (not of a shadow root or a frame), indexed, whose href starts with `prefix`.
   */
  selectsAloneByHrefPrefix(el: Element, prefix: string): boolean {
    const root = el.getRootNode()
    if (root.nodeType !== Node.DOCUMENT_NODE || this.frames.has(root as Document)) return false
    if (el.localName !== "a" || !(el.getAttribute("href") ?? "").startsWith(prefix)) return false
    const index = this.indexOf(root as Document)
    return index.has(el) && index.hrefsStartingWith(prefix) === 1
  }

  /**
   * About how many characters a link's URL shown as `written` takes once the prefix pass
   * (walker-url-prefixes.ts) has written its start as `~N`: of its starts at a boundary that the
   * hrefs of at least SHARED_START links of the top document share, the one that saves the most
   * over them (as the pass picks its first prefixes) is taken as declared. A
   * selector that spells the href saves showing the URL, which the prefixes make short: counted
   * whole, the walker spelled hrefs (`{body p>a[href="/r/t/comments/x1/c1"]}`) where the URL
   * shown beside a short selector costs less (`(~1/c1){^ a:nth-child(2)}`).
   */
  shownLength(el: Element, written: string): number {
    const root = el.getRootNode()
    if (root.nodeType !== Node.DOCUMENT_NODE || this.frames.has(root as Document)) return written.length
    const known = this.shown.get(written)
    if (known !== undefined) return known
    const index = this.indexOf(root as Document)
    let length = written.length
    const host = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]+/i.exec(written)?.[0].length ?? 0
    let best = 0
    // The whole URL too: one linked again and again is declared whole and written `~N`.
    for (let at = written.length; at >= Math.max(MIN_PREFIX, host); at--) {
      if (at < written.length && !PREFIX_BOUNDARY.has(written[at]!)) continue
      const count = index.hrefsStartingWith(written.slice(0, at), 64)
      if (count >= SHARED_START && (at - PREFIX_TOKEN) * count > best)
        [best, length] = [(at - PREFIX_TOKEN) * count, PREFIX_TOKEN + written.length - at]
    }
    this.shown.set(written, length)
    return length
  }

  /**
   * Whether `anchor a[href="…"]` (the link's own href) selects the link `el` alone inside
   * `anchor`, both in the top document: the handle's elements inside the anchor's subtree, counted.
   */
  selectsAloneByHrefWithin(el: Element, anchor: Element): boolean {
    const root = el.getRootNode()
    if (root.nodeType !== Node.DOCUMENT_NODE || this.frames.has(root as Document) || anchor.getRootNode() !== root) return false
    const href = el.getAttribute("href")
    if (el.localName !== "a" || href === null || href.length > LONG_URL) return false
    const index = this.indexOf(root as Document)
    if (!index.has(el) || !index.has(anchor)) return false
    const list = index.listOf(plain(`a[href=${cssString(href)}]`))
    const [from, to] = index.within(list, index.rangeOf(anchor))
    return to - from === 1 && list.elements[from] === el
  }

  /** The element's tag as a selector step (`div`; `S + div` selects the element right after the one S selects). */
  tagStep(el: Element): string {
    return tagOf(el)
  }

  /** Whether `el` is in the top document, indexed (not in a shadow root or a frame): where a selector may be written relative to a scope. */
  inTopDocument(el: Element): boolean {
    const root = el.getRootNode()
    return root.nodeType === Node.DOCUMENT_NODE && !this.frames.has(root as Document) && this.indexOf(root as Document).has(el)
  }

  /** How many elements that may act lie inside `ancestor` after `el` (both in the top document): the ones a scope set at `el` may serve. */
  actingAfter(el: Element, ancestor: Element): number {
    return this.indexOf(el.getRootNode() as Document).actingAfter(el, ancestor)
  }

  /**
   * Whether `S rest` selects `el` alone, S any selector that selects `scope` alone: a query of the
   * scope's subtree (`:scope rest`), asked only of a scope of at most QUERIED_SCOPE elements.
   */
  selectsAloneBelow(el: Element, scope: Element, rest: string): boolean {
    const index = this.indexOf(el.getRootNode() as SelectorRoot)
    if (!index.has(scope)) return false
    const [from, to] = index.rangeOf(scope)
    if (to - from >= QUERIED_SCOPE) return false
    this.looked += to - from + 1
    return selectsExactly(scope, `:scope ${rest}`, el)
  }

  /**
   * R such that `scopeSelector R` selects `el` alone, `scopeSelector` selecting `scope` (an
   * ancestor of `el` in its tree) alone: the cheapest of the candidates selectorFor tries below an
   * anchor, R starting with `> ` for a child path. Null when `scope` is no indexed ancestor.
   */
  relativeSelector(el: Element, scope: Element, scopeSelector: string, spelled: ReadonlyArray<Spelled> = []): string | null {
    const index = this.indexOf(el.getRootNode() as SelectorRoot)
    if (!index.has(el) || !index.has(scope) || scope === el || !scope.contains(el)) return null
    const { path, chain, lasts } = this.lastsOf(el, index)
    for (let parent = el.parentElement; parent !== scope; parent = parent!.parentElement) {
      path.unshift(this.stepOf(parent!))
      chain.unshift(parent!)
    }
    const found = this.belowAnchor(el, index, scope, scopeSelector, path, chain, lasts)
    // What follows the scope's selector: ` R` (a descendant) or `>R` (a child path), written `R` or `>R`.
    return best(found, scoreOf(spelled))!.slice(scopeSelector.length).replace(/^ /, "")
  }

  /**
   * The element's own handle when one is unique in its tree (`#menu`, `ul`, `div.nav`), else null:
   * from the index, without the anchors and paths that selectorFor may try.
   */
  uniqueHandleOf(el: Element): string | null {
    const index = this.indexOf(el.getRootNode() as SelectorRoot)
    return index.has(el) ? (this.anchorOf(el, index)?.handle ?? null) : null
  }

  /** The selector of `el` inside its own tree (document or shadow root). */
  localSelector(el: Element, spelled: ReadonlyArray<Spelled> = []): string | null {
    if (this.local.has(el)) return this.local.get(el)!
    const score = scoreOf(spelled)
    const root = el.getRootNode() as SelectorRoot
    const index = this.indexOf(root)
    // An element added to the page after its tree was indexed is checked the slow way.
    const selector = index.has(el) ? this.compute(el, index, score) : this.computeUnindexed(el, root)
    this.local.set(el, selector)
    return selector
  }

  private indexOf(root: SelectorRoot): TreeIndex {
    let index = this.indexes.get(root)
    if (index === undefined || !index.ready) {
      const build = this.prepare(root, NEVER_DUE)
      while (!build.next().done);
      index = this.indexes.get(root)!
      // A build left half-done by a stopped walk is finished here.
      if (!index.ready) {
        this.indexes.delete(root)
        return this.indexOf(root)
      }
    }
    return index
  }

  /**
   * One step of a child path: the tag, with :nth-of-type when siblings share it. From the index
   * for an indexed element; an element added since is counted among its siblings (each parent's
   * children once).
   */
  private stepOf(el: Element, last = false): string {
    const steps = last ? this.lastSteps : this.steps
    const known = steps.get(el)
    if (known !== undefined) return known
    const index = this.indexes.get(el.getRootNode() as SelectorRoot)
    if (index !== undefined && index.ready && index.has(el)) {
      const step = index.stepOf(el, last)
      steps.set(el, step)
      return step
    }
    const parent = el.parentNode as ParentNode | null
    if (parent === null) return tagOf(el)
    const totals = new Map<string, number>()
    // Sibling links rather than `parent.children`, an HTMLCollection Blink would keep cached on the parent.
    const children: Element[] = []
    for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling) children.push(child)
    this.looked += children.length
    for (const child of children) totals.set(child.localName, (totals.get(child.localName) ?? 0) + 1)
    const seen = new Map<string, number>()
    children.forEach((child, i) => {
      const n = (seen.get(child.localName) ?? 0) + 1
      seen.set(child.localName, n)
      const shared = totals.get(child.localName)! > 1
      this.steps.set(child, shared ? placeStep(tagOf(child), n, i + 1, false) : tagOf(child))
      this.lastSteps.set(child, shared ? placeStep(tagOf(child), n, i + 1, true) : tagOf(child))
    })
    return steps.get(el) ?? tagOf(el)
  }

  /** The element's cheapest own handle, from the best tier that has one unique in its tree. */
  private uniqueHandle(el: Element, index: TreeIndex, score: Score): { handle: string; authored: boolean } | null {
    const tiers = ownHandles(el, index.quirks)
    for (let tier = 0; tier < tiers.length; tier++) {
      const unique = tiers[tier]!.filter((handle) => index.isUnique(handle)).map((h) => h.text)
      if (unique.length > 0) return { handle: best(unique, score)!, authored: tier === 0 }
    }
    return null
  }

  private anchorOf(el: Element, index: TreeIndex) {
    if (!this.anchors.has(el))
      this.anchors.set(
        el,
        this.uniqueHandle(el, index, (s) => s.length),
      )
    return this.anchors.get(el)!
  }

  /**
   * `h+tag` for an element whose previous sibling has a unique handle h, or `h+div+tag` for one
   * up to AFTER_ANCHOR siblings after it (a thread's comments after its h1 and its reply box): it
   * selects the element alone.
   */
  private afterAnchor(el: Element, index: TreeIndex): string | null {
    let steps = `+${tagOf(el)}`
    let previous = el.previousElementSibling
    for (let k = 0; previous !== null && index.has(previous) && k < AFTER_ANCHOR; k++, previous = previous.previousElementSibling) {
      const handle = this.anchorOf(previous, index)?.handle
      if (handle !== undefined) return handle + steps
      steps = `+${tagOf(previous)}${steps}`
    }
    return null
  }

  /** Whether `selector`, whose last compound is `last`, selects `el` alone among the elements inside `range`. */
  private selectsOnly(
    index: TreeIndex,
    selector: string,
    el: Element,
    last: Last,
    range: readonly [number, number],
    descendant: boolean,
  ): boolean {
    const [from, to] = index.within(last.list, range)
    // "anchor handle": the anchor is unique, so the handle's elements inside its subtree are exactly the matches.
    if (descendant && last.indexed) return to - from === 1
    if (to - from > CHECKED_AT_MOST) return false
    this.looked += to - from
    let count = 0
    for (let i = from; i < to; i++) {
      const candidate = last.list.elements[i]!
      if (candidate.matches(selector)) {
        if (candidate !== el) return false
        count++
      }
    }
    return count === 1
  }

  /**
   * Selectors that reach `el` from `anchor` with as few steps of the path between them as make
   * one of its handles unique: the steps kept are those just below the anchor, or those just
   * above the element. The whole child path, unique by construction, is the last resort.
   */
  private belowAnchor(
    el: Element,
    index: TreeIndex,
    anchorEl: Element,
    anchor: string,
    path: ReadonlyArray<string>,
    chain: ReadonlyArray<Element>,
    lasts: ReadonlyArray<Last>,
  ): string[] {
    const range = index.rangeOf(anchorEl)
    const between = path.length - 1
    for (let kept = 0; kept < Math.min(between, STEPS_KEPT); kept++) {
      const unique: string[] = []
      // "anchor > s1 > … > sk last": the child path selects one element (chain[kept - 1]), so
      // the matches are the handle's elements inside it, counted like "anchor last".
      const below = kept === 0 ? range : index.rangeOf(chain[kept - 1]!)
      for (const last of lasts) {
        const down = kept === 0 ? `${anchor} ${last.text}` : `${anchor}>${path.slice(0, kept).join(">")} ${last.text}`
        if (this.selectsOnly(index, down, el, last, below, true)) unique.push(down)
        if (kept === 0) continue
        const up = `${anchor} ${path.slice(between - kept, between).join(">")}>${last.text}`
        if (this.selectsOnly(index, up, el, last, range, false)) unique.push(up)
      }
      if (unique.length > 0) return unique
    }
    return [`${anchor}>${path.join(">")}`]
  }

  /**
   * What a selector of `el` may end with (its authored handles, two stable classes, its step), and
   * the path and chain that start at it, for the steps above to be put in front.
   */
  private lastsOf(el: Element, index: TreeIndex): { path: string[]; chain: Element[]; lasts: Last[] } {
    const [authored = [], tag = [], classes = []] = ownHandles(el, index.quirks)
    const step = this.stepOf(el, true)
    const lasts: Last[] = [...authored, ...classes.slice(0, 2)].map((h) => ({ text: h.text, list: index.listOf(h), indexed: true }))
    lasts.push({ text: step, list: index.listOf(tag[0]!), indexed: step === tag[0]!.text })
    // The path's last step ends only the whole child path from an anchor, exact by construction: it needs no tag.
    /** chain: the elements of the path's steps, but the last (el itself). */
    return { path: [this.stepOf(el)], chain: [], lasts }
  }

  private compute(el: Element, index: TreeIndex, score: Score): string | null {
    const own = this.uniqueHandle(el, index, score)
    if (own !== null) return own.handle
    const { path, chain, lasts } = this.lastsOf(el, index)
    const found: string[] = []
    // The element right after a uniquely named one (`h1+div`, `#intro+p`): exact by construction.
    const after = this.afterAnchor(el, index)
    if (after !== null) found.push(after)
    let anchors = 0
    for (let parent = el.parentElement; parent !== null && anchors < ANCHORS_TRIED; parent = parent.parentElement) {
      const anchor = this.anchorOf(parent, index)
      if (anchor !== null) {
        anchors++
        found.push(...this.belowAnchor(el, index, parent, anchor.handle, path, chain, lasts))
        // An authored anchor (id, test id) is the stable one: a farther one would only be shorter.
        if (anchor.authored) break
      } else {
        // A parent with no handle of its own, right after a sibling that has one (a thread's list of posts after its h1).
        const sibling = this.afterAnchor(parent, index)
        if (sibling !== null) {
          anchors++
          found.push(...this.belowAnchor(el, index, parent, sibling, path, chain, lasts))
        }
      }
      path.unshift(this.stepOf(parent))
      chain.unshift(parent)
    }
    if (found.length > 0) return best(found, score)
    // The top of a shadow tree has no element above it to anchor on: checked among the elements of the last step's tag, which it keeps.
    const last = lasts[lasts.length - 1]!
    const candidate = [...path.slice(0, -1), last.text].join(">")
    return this.selectsOnly(index, candidate, el, { ...last, indexed: false }, [0, Number.MAX_SAFE_INTEGER], false) ||
      this.queried(index.root, candidate, el)
      ? candidate
      : null
  }

  /** A query of the whole tree: the rare case the index cannot answer; it costs a look at each element of the tree. */
  private queried(root: SelectorRoot, selector: string, el: Element): boolean {
    this.looked += this.indexes.get(root)?.visited ?? 0
    return selectsExactly(root, selector, el)
  }

  /** An element the index has not seen: its child path from the nearest uniquely named ancestor, checked by a query. */
  private computeUnindexed(el: Element, root: SelectorRoot): string | null {
    const path = [this.stepOf(el, true)]
    for (let parent = el.parentElement; parent !== null; parent = parent.parentElement) {
      const anchor = this.local.get(parent)
      if (anchor) {
        const candidate = `${anchor}>${path.join(">")}`
        if (this.queried(root, candidate, el)) return candidate
      }
      path.unshift(this.stepOf(parent))
    }
    const candidate = path.join(">")
    return this.queried(root, candidate, el) ? candidate : null
  }
}

export type Resolved =
  { readonly ok: true; readonly element: Element | null; readonly count: number } | { readonly ok: false; readonly hop: string }

/**
 * Resolves a selector that may use ">>>" to step into an element's open shadow root or a
 * same-origin iframe's document. Each hop but the last uses its first match. An invalid hop
 * is reported by its text.
 */
export const resolveSelector = (doc: Document, selector: string): Resolved => {
  const hops = selector.split(">>>").map((h) => h.trim())
  const syntax = doc.createDocumentFragment()
  for (const hop of hops) {
    try {
      syntax.querySelector(hop)
    } catch {
      return { ok: false, hop }
    }
  }
  let scope: SelectorRoot = doc
  for (let i = 0; i < hops.length; i++) {
    const hop = hops[i]!
    let found: NodeListOf<Element>
    try {
      found = scope.querySelectorAll(hop)
    } catch {
      return { ok: false, hop }
    }
    const first = found[0] ?? null
    if (i === hops.length - 1 || first === null) return { ok: true, element: first, count: i === hops.length - 1 ? found.length : 0 }
    const inner: SelectorRoot | null = first.shadowRoot ?? frameDocument(first)
    if (inner === null) return { ok: true, element: null, count: 0 }
    scope = inner
  }
  return { ok: true, element: null, count: 0 }
}

export const frameDocument = (el: Element): Document | null => {
  if (el.localName !== "iframe" && el.localName !== "frame") return null
  try {
    return (el as HTMLIFrameElement).contentDocument
  } catch {
    return null
  }
}
