/**
 * Short, stable CSS selectors for the elements the page walker annotates, and the resolver of
 * the ">>>" notation that reaches into open shadow roots and same-origin iframes.
 *
 * A selector is made from the element's own handles first (a stable id, href for links, test
 * ids, name, aria-label, ...), then from a uniquely named ancestor plus the element, and only
 * then from an :nth-of-type path. Every selector returned has been checked with
 * querySelectorAll to select exactly its element in its own tree.
 */

export type SelectorRoot = Document | ShadowRoot

/** Separates the hops of a selector that crosses into a shadow root or an iframe's document. */
export const PIERCE = " >>> "

/** Attributes that authors set on purpose and rarely regenerate, best first. */
const NAMING = new Set(["aria-label", "title", "placeholder", "alt"])
const STABLE_ATTRIBUTES = [
  "data-testid",
  "data-test-id",
  "data-test",
  "data-qa",
  "data-cy",
  "name",
  "aria-label",
  "placeholder",
  "title",
  "for",
  "alt",
]

/** Framework prefixes whose ids or classes carry a counter or a hash rather than a meaning. */
const GENERATED_ID = /^(?:ember|ext-gen|yui_|mui-|radix-|headlessui-|react-|rc[-_]|downshift-|uid[-_]?|id[-_]|ng-|j_id|__)\S*\d/i
const GENERATED_CLASS = /^(?:css|sc|jsx|emotion|svelte|astro|styled|tw|ng-tns)-/i
const PLAIN_CLASS = /^-?[_a-zA-Z][\w-]*$/

const isDigit = (c: string) => c >= "0" && c <= "9"

/** A run of letters and digits that alternate, as in a hash ("3xYz1", "a9f3k2"). */
const looksHashed = (token: string): boolean => {
  if (token.length < 5 || !/\d/.test(token) || !/[a-z]/i.test(token)) return false
  let switches = 0
  for (let i = 1; i < token.length; i++) if (isDigit(token[i]!) !== isDigit(token[i - 1]!)) switches++
  return switches >= 2
}

/**
 * A word as people write it: lower case ("nav", "h2"), a number, capitalised or camelCase words
 * ("PageHeader", "isOpen") or a short acronym ("UI"). Hashes such as "RTJRk", "kDlIYz" or
 * "dXFha" fail, being neither.
 */
const WORDLIKE = /^(?:\d+|[a-z][a-z0-9]*|[A-Z]?[a-z]+(?:[A-Z][a-z]{2,})*|[A-Z]{2,3})$/

/** Five or more lower-case letters without a vowel: a CSS-modules suffix ("szpyj", "ygtmj"), not a word. */
const UNPRONOUNCEABLE = /^[b-df-hj-np-tv-z]{5,}$/

const tokensLookWritten = (value: string): boolean =>
  value.split(/[-_]+/).every((t) => t === "" || (WORDLIKE.test(t) && !looksHashed(t) && !UNPRONOUNCEABLE.test(t)))

export const isStableId = (id: string): boolean =>
  id.length > 0 && id.length <= 80 && !id.includes(":") && !GENERATED_ID.test(id) && tokensLookWritten(id)

export const isStableClass = (name: string): boolean =>
  name.length >= 2 &&
  name.length <= 40 &&
  PLAIN_CLASS.test(name) &&
  !GENERATED_CLASS.test(name) &&
  !name.includes("__") &&
  tokensLookWritten(name)

/** Test ids and names are chosen by authors, but some frameworks append a generated key: "box-IC_kwDOOAhtcs6wCwKD". */
const isStableValue = (value: string): boolean => !value.split(/[\s\-_:./]+/).some(looksHashed)

/** A CSS string literal. */
export const cssString = (value: string): string =>
  `"${value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\n\r\f\t]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`

const idSelector = (id: string) => (CSS.escape(id) === id ? `#${id}` : `[id=${cssString(id)}]`)

const tagOf = (el: Element) => CSS.escape(el.localName)

const isShadowRoot = (node: Node): node is ShadowRoot => node.nodeType === Node.DOCUMENT_FRAGMENT_NODE && "host" in node

/**
 * The handles an element offers by itself, in tiers of preference: authored attributes (href,
 * id, test ids, name, labels), then the bare tag, then stable classes. Each handle is a plain
 * compound selector.
 */
const ownHandles = (el: Element): string[][] => {
  const tag = tagOf(el)
  const authored: string[] = []
  if (tag === "a" && el.hasAttribute("href")) {
    const href = el.getAttribute("href")!
    if (href.length <= 200) authored.push(`a[href=${cssString(href)}]`)
  }
  if (el.id && isStableId(el.id)) authored.push(idSelector(el.id))
  for (const attribute of STABLE_ATTRIBUTES) {
    const value = el.getAttribute(attribute)
    if (!value || value.length > 100 || !(NAMING.has(attribute) || isStableValue(value))) continue
    // A test id says enough by itself; the tag only adds length.
    authored.push(`${attribute.startsWith("data-") ? "" : tag}[${attribute}=${cssString(value)}]`)
  }
  const role = el.getAttribute("role")
  if (role && /^[a-z]+$/.test(role)) authored.push(`${tag}[role=${cssString(role)}]`)
  if (tag === "input" || tag === "button") {
    const type = el.getAttribute("type")
    const value = el.getAttribute("value")
    const name = el.getAttribute("name")
    if (name && value && value.length <= 60) authored.push(`${tag}[name=${cssString(name)}][value=${cssString(value)}]`)
    if (type && /^[a-z]+$/.test(type)) authored.push(`${tag}[type=${cssString(type)}]`)
  }
  const classes: string[] = []
  for (const name of el.classList) if (isStableClass(name)) classes.push(`${tag}.${name}`)
  return [authored, [tag], classes]
}

/** One step of a child path: the tag, with :nth-of-type when siblings share it. */
const stepOf = (el: Element): string => {
  const tag = tagOf(el)
  const parent = el.parentNode
  if (parent === null) return tag
  let index = 0
  let total = 0
  for (let sibling = parent.firstElementChild; sibling !== null; sibling = sibling.nextElementSibling) {
    if (sibling.localName !== el.localName) continue
    total++
    if (sibling === el) index = total
  }
  return total > 1 ? `${tag}:nth-of-type(${index})` : tag
}

const selectsExactly = (root: SelectorRoot, selector: string, el: Element): boolean => {
  try {
    const found = root.querySelectorAll(selector)
    return found.length === 1 && found[0] === el
  } catch {
    return false
  }
}

/**
 * Counts, per tree, of every plain handle: most uniqueness questions become a map lookup, and
 * querySelectorAll runs only to confirm the winner.
 */
class TreeIndex {
  private readonly counts = new Map<string, number>()
  constructor(readonly root: SelectorRoot) {
    for (const el of root.querySelectorAll("*")) {
      for (const tier of ownHandles(el)) for (const handle of tier) this.counts.set(handle, (this.counts.get(handle) ?? 0) + 1)
    }
  }
  isUnique(handle: string): boolean {
    return this.counts.get(handle) === 1
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
}

/** How many uniquely named ancestors to try as the start of a selector: a farther one may give a shorter selector. */
const ANCHORS_TRIED = 3

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

export class SelectorMaker {
  private readonly indexes = new Map<SelectorRoot, TreeIndex>()
  private readonly local = new Map<Element, string | null>()
  private readonly anchors = new Map<Element, { readonly handle: string; readonly authored: boolean } | null>()
  /** The iframe element that holds each same-origin document the walker entered. */
  private readonly frames = new Map<Document, Element>()

  registerFrame(doc: Document, frame: Element): void {
    this.frames.set(doc, frame)
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

  /** The selector of `el` inside its own tree (document or shadow root). */
  localSelector(el: Element, spelled: ReadonlyArray<Spelled> = []): string | null {
    if (this.local.has(el)) return this.local.get(el)!
    const score: Score = (selector) =>
      selector.length - spelled.reduce((saved, s) => (selector.includes(s.text) ? saved + s.saves : saved), 0)
    const selector = this.compute(el, score)
    this.local.set(el, selector)
    return selector
  }

  private indexOf(root: SelectorRoot): TreeIndex {
    let index = this.indexes.get(root)
    if (index === undefined) {
      index = new TreeIndex(root)
      this.indexes.set(root, index)
    }
    return index
  }

  /** The element's cheapest own handle, from the best tier that has one unique in its tree. */
  private uniqueHandle(el: Element, root: SelectorRoot, score: Score): { handle: string; authored: boolean } | null {
    const index = this.indexOf(root)
    const tiers = ownHandles(el)
    for (let tier = 0; tier < tiers.length; tier++) {
      const unique = tiers[tier]!.filter((handle) => index.isUnique(handle) && selectsExactly(root, handle, el))
      if (unique.length > 0) return { handle: best(unique, score)!, authored: tier === 0 }
    }
    return null
  }

  private anchorOf(el: Element, root: SelectorRoot) {
    if (!this.anchors.has(el))
      this.anchors.set(
        el,
        this.uniqueHandle(el, root, (s) => s.length),
      )
    return this.anchors.get(el)!
  }

  /**
   * Selectors that reach `el` from `anchor` with as few steps of the path between them as make
   * one of its handles unique: the steps kept are those just below the anchor, or those just
   * above the element.
   */
  private belowAnchor(
    el: Element,
    root: SelectorRoot,
    anchor: string,
    path: ReadonlyArray<string>,
    lasts: ReadonlyArray<string>,
  ): string[] {
    const between = path.length - 1
    for (let kept = 0; kept < between; kept++) {
      const forms = new Set<string>()
      for (const last of lasts) {
        if (kept === 0) forms.add(`${anchor} ${last}`)
        else {
          forms.add(`${anchor} > ${path.slice(0, kept).join(" > ")} ${last}`)
          forms.add(`${anchor} ${path.slice(between - kept, between).join(" > ")} > ${last}`)
        }
      }
      const unique = [...forms].filter((candidate) => selectsExactly(root, candidate, el))
      if (unique.length > 0) return unique
    }
    const full = `${anchor} > ${path.join(" > ")}`
    return selectsExactly(root, full, el) ? [full] : []
  }

  private compute(el: Element, score: Score): string | null {
    const root = el.getRootNode() as SelectorRoot
    const own = this.uniqueHandle(el, root, score)
    if (own !== null) return own.handle
    const [authored = [], , classes = []] = ownHandles(el)
    const path = [stepOf(el)]
    const lasts = [...authored, ...classes.slice(0, 2), path[0]!]
    const found: string[] = []
    let anchors = 0
    for (let parent = el.parentElement; parent !== null && anchors < ANCHORS_TRIED; parent = parent.parentElement) {
      const anchor = this.anchorOf(parent, root)
      if (anchor !== null) {
        anchors++
        found.push(...this.belowAnchor(el, root, anchor.handle, path, lasts))
        // An authored anchor (id, test id) is the stable one: a farther one would only be shorter.
        if (anchor.authored) break
      }
      path.unshift(stepOf(parent))
    }
    if (found.length > 0) return best(found, score)
    // The top of a shadow tree has no element above it to anchor on.
    const candidate = path.join(" > ")
    return selectsExactly(root, candidate, el) ? candidate : null
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
