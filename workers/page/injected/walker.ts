/**
 * The page walker: reads the rendered DOM (open shadow roots and same-origin iframes included)
 * and writes it as compact Markdown in which every interactive element, landmark and heading
 * carries a CSS selector. It runs inside the page (bundled into inject/content-walker.js), so
 * it may use only the DOM. The format is described in docs/page-content.md.
 */
import {
  accessibleName,
  clip,
  collapse,
  escapeQuoted,
  GENERIC_KINDS,
  headingLevel,
  interactiveKind,
  landmarkName,
  landmarkOf,
  namedByLabel,
  optionsOf,
  renderedText,
  statesOf,
  valueOf,
} from "./walker-roles.ts"
import { beforeTrackingTail } from "./walker-tracking.ts"
import { CUT_SHOWN, cutStart, URL_CUT } from "./walker-cut-urls.ts"
import { absoluteUrl, relativeUrl, resolvesTo } from "./walker-urls.ts"
import { type Clock, cssString, frameDocument, LONG_URL, PIERCE, resolveSelector, SelectorMaker, type Spelled } from "./walker-selectors.ts"
import { inspect, isRendered, NO_CLIPS, styleOf, type Clips, type Shown } from "./walker-visibility.ts"
import { escapeText, LANDMARK_LINE, MarkdownWriter } from "./walker-writer.ts"
import { boxesOf } from "./walker-boxes.ts"
import { following, linkScopeFor, OPENS_FOR, type Scope, type Scoped, scopedAnnotation, scopesBefore } from "./walker-scope.ts"
import { markAnnotated, type ReadOptions, type ReadOutcome } from "./walker-outcome.ts"
import { pageMap } from "./walker-page-map.ts"
import { runInSlices, Slices, SLICE_MS, type Work } from "./walker-slices.ts"
import { prefixInSlices } from "./walker-url-prefixes.ts"

export { AUDIT_ATTRIBUTE, type AuditPair, type ReadOptions, type ReadOutcome } from "./walker-outcome.ts"

const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "meta",
  "link",
  "title",
  "datalist",
  "param",
  "source",
  "track",
  // An image map's areas are drawn on its image and written after it (picture()); the map's other content is drawn where it stands, and read there.
  "area",
])
/** What may be a control (interactiveKind decides), for the parts read as a whole (code, a drawing) that may hold some. */
const MAY_ACT = "a, area, button, input, select, textarea, summary, [contenteditable], [role], [onclick], [tabindex]"
const BLOCK_DISPLAYS =
  /^(block|flex|grid|list-item|table|flow-root|table-row|table-caption|table-row-group|table-header-group|table-footer-group)$/

const PIERCE_NOTE =
  'Note: a selector with ">>>" crosses into a shadow root or an iframe, which document.querySelector cannot do. Pass it whole to get_tab_content; in execute_script, query each part in turn (el.shadowRoot or iframe.contentDocument, then querySelector).'
const UNRESOLVED_NOTE = "Note: {?} marks an element no CSS selector selects uniquely."

interface Context {
  /** The element's own text is drawn (visibility:visible, and not off the page). */
  readonly shown: boolean
  /** Inside a box off the page whose children are judged one by one (see Shown.offPage): text not drawn on the page of its own. */
  readonly offPage: boolean
  /** Inside a link, button or label whose text is already its name: only controls are written. */
  readonly controlsOnly: boolean
  readonly pre: boolean
  readonly cell: boolean
  readonly clips: Clips
}

const TOP: Context = { shown: true, offPage: false, controlsOnly: false, pre: false, cell: false, clips: NO_CLIPS }

/** The context of an element's content: its parent's, with what the verdict on its box and its `visibility` say. */
const within = (parent: Context, verdict: Shown, visibility: string): Context => {
  const offPage = verdict.offPage ?? parent.offPage
  return {
    ...parent,
    shown: visibility === "visible" && !offPage,
    offPage,
    clips: verdict.clips,
    controlsOnly: parent.controlsOnly || verdict.clipped,
  }
}

/** Attributes whose value is the element's name, so that a selector using one names the element. */
const NAMING_ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"]

/**
 * A URL that can stand for its link's selector: written `[text](url)` with no annotation, the
 * link is selected by `a[href="url"]` (a cut one, `[text](start…)`, by `a[href^="start"]`). It
 * must read back unchanged, so it holds no white space, parenthesis, bracket, brace, quote,
 * backslash or `…`.
 */
const IMPLIABLE_HREF = /^[^\s()[\]{}"'\\<>…]+$/

/** The longest selector a heading carries. */
const HEADING_SELECTOR_MAX = 32

const escapeLabel = (text: string) => text.replace(/[[\]\\{}]/g, (c) => `\\${c}`)

class Walker {
  out: MarkdownWriter
  readonly selectors = new SelectorMaker()
  readonly annotated: Array<{ element: Element; selector: string; written: string; interactive: boolean }> = []
  pierced = false
  unresolved = false
  /** The writer of the whole content (headings and table cells are written apart, then joined). */
  readonly root: MarkdownWriter
  /**
   * The scope of `{^}` (see linkToken): the element and selector of the last landmark line or
   * `{^S}` link written, with the count of scopes set (`scopes`) when it was; it holds while no
   * other line read as a landmark line has been written since. Null when the last one set is none
   * the walker can vouch for (a landmark line in a frame).
   */
  scope: Scope | null = null
  /** How many scopes the content has set so far: landmark lines, `{^S}` links and `{:is(S) R}`, as the model reads them. */
  scopes = 0
  /** The R last written after each control's label, for `[label]{^}` (walker-scope.ts). */
  readonly rests = new Map<string, string>()
  /**
   * For each link text, the URL that the last link of that text showed in full (CUT_SHOWN: a cut
   * one; null: none), so that a link repeating both is written without its URL, and a link with
   * no URL after one that showed something says so.
   */
  readonly urlsShown = new Map<string, string | null>()
  /** The URL the model reads relative URLs against: the top document's, the result's `url`. */
  pageUrl: URL | null = null
  /** The element the walk was at when it last paused. */
  at: Element | null = null
  /** Elements walked. */
  visited = 0

  constructor(
    limit: number,
    readonly clock: Clock,
  ) {
    this.out = new MarkdownWriter(limit, () => this.scopes++)
    this.root = this.out
  }

  /** The selector for an annotation, in braces. `spelled`: texts the annotation can leave out when the selector spells them. */
  private annotate(
    el: Element,
    interactive: boolean,
    spelled: ReadonlyArray<Spelled> = [],
    label: string | null = null,
    open = false,
  ): string {
    const selector = this.selectors.selectorFor(el, spelled)
    if (selector === null) {
      this.unresolved = true
      return "{?}"
    }
    if (selector.includes(PIERCE)) this.pierced = true
    // A heading's selector stays one handle; a control's may be written relative to a scope (walker-scope.ts).
    const scoped = interactive ? this.relative(el, selector, spelled, label, open) : null
    if (scoped !== null) {
      if (scoped.sets !== null) this.scope = following(this.scope, { ...scoped.sets, serial: ++this.scopes })
      if (label !== null) this.rests.set(label, scoped.rest)
      this.annotated.push({ element: el, selector: scoped.selector, written: scoped.written, interactive })
      return scoped.written
    }
    this.annotated.push({ element: el, selector, written: `{${selector}}`, interactive })
    return `{${selector}}`
  }

  /** The annotation relative to the scope in force, or setting one, when it costs less than `{own}` (walker-scope.ts); it changes nothing yet. */
  private relative(el: Element, own: string, spelled: ReadonlyArray<Spelled>, label: string | null, open = false) {
    const scope = this.scope !== null && this.scope.serial === this.scopes ? this.scope : null
    const earlier = scope === null ? [] : scopesBefore(scope, this.scopes)
    return scopedAnnotation(this.selectors, el, own, spelled, scope, label === null ? null : { label, rests: this.rests }, open, earlier)
  }

  /**
   * The walk enters a document at its body, below its root element: a click handler or a tab stop
   * on the root itself (`<html onclick="closeMenus()">`) is written first.
   */
  rootActs(doc: Document): void {
    const root = doc.documentElement
    if (root === null || root === doc.body) return
    const kind = interactiveKind(root)
    if (kind === null || doc.defaultView?.getComputedStyle(root).visibility !== "visible") return
    this.out.token(`[${kind}]${this.annotate(root, true)} `)
  }

  /**
   * The nodes the walk reads below `el`. Read by sibling links rather than `childNodes`, whose
   * live NodeList Blink keeps cached on each element asked: on a big page that leaves one more
   * object per element for every later garbage collection of the page to trace.
   */
  childrenOf(el: Element): ArrayLike<Node> {
    if (el.localName === "slot" && !el.shadowRoot) {
      const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true })
      if (assigned.length > 0) return assigned
    }
    const nodes: Node[] = []
    for (let node = (el.shadowRoot ?? el).firstChild; node !== null; node = node.nextSibling) nodes.push(node)
    return nodes
  }

  *children(el: Element, context: Context): Work {
    if (el.shadowRoot) yield* this.selectors.prepare(el.shadowRoot, this.clock)
    const nodes = this.childrenOf(el)
    for (let i = 0; i < nodes.length; i++) yield* this.node(nodes[i]!, context)
  }

  *node(node: Node, context: Context): Work {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!context.shown || context.controlsOnly) return
      const text = node.nodeValue ?? ""
      if (context.pre) this.out.token(text)
      else this.out.text(text, context.cell)
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      yield* this.element(node as Element, context)
    }
  }

  *element(el: Element, parent: Context): Work {
    const tag = el.localName
    if (SKIPPED.has(tag)) return
    this.visited++
    if (this.clock.due()) {
      this.at = el
      yield
    }
    const style = styleOf(el)
    if (style === null) return
    const verdict = inspect(el, style, parent.clips)
    if (verdict.hidden) return
    const context = within(parent, verdict, style.visibility)
    const shown = context.shown
    const block = BLOCK_DISPLAYS.test(verdict.display)

    if (tag === "iframe" || tag === "frame") return yield* this.frame(el, context)
    const kind = interactiveKind(el)
    if (kind !== null && !GENERIC_KINDS.has(kind)) return yield* this.control(el, kind, context, block)
    const landmark = context.controlsOnly ? null : landmarkOf(el)
    // A landmark in the tab order (a scrolling region) is addressed by its landmark line.
    if (kind !== null && landmark === null) {
      if (block) this.out.flush()
      if (shown) this.out.token(`[${kind}]${this.annotate(el, true)} `)
    }
    if (context.controlsOnly) {
      // The first box out of sight (a carousel's slide, a collapsed panel) keeps its controls apart from what is around it.
      const apart = block && verdict.clipped && !parent.controlsOnly
      if (apart) this.out.flush()
      yield* this.children(el, context)
      if (apart) this.out.flush()
      return
    }

    if (landmark !== null) {
      this.out.flush()
      if (shown) {
        const line = this.named(el, landmark, landmarkName(el), [], false)
        const selector = this.selectors.selectorFor(el)
        const scoped = this.out === this.root && !this.out.prefixed && selector !== null && !selector.includes(PIERCE)
        this.out.line(line)
        if (scoped && LANDMARK_LINE.test(line)) this.scope = following(this.scope, { el, selector, serial: this.scopes })
      }
      yield* this.children(el, context)
      this.out.flush()
      return
    }
    const level = headingLevel(el)
    if (level > 0) return yield* this.heading(el, level, context)

    switch (tag) {
      case "br":
        if (shown) this.out.lineBreak()
        return
      case "hr":
        if (shown) this.out.line("---")
        return
      case "img":
      case "svg":
      case "picture":
      case "video":
        if (tag === "picture") return yield* this.children(el, context)
        this.picture(el, context)
        // A drawing is read as its name, but a chart or a map may hold links and buttons of its own.
        if (tag === "svg" && el.querySelector(MAY_ACT) !== null) yield* this.children(el, { ...context, controlsOnly: true })
        return
      case "pre":
        this.preformatted(el, context)
        // The block is copied literally; the links and buttons in it (linked names in code) follow it.
        if (el.querySelector(MAY_ACT) !== null) {
          yield* this.children(el, { ...context, controlsOnly: true })
          this.out.flush()
        }
        return
      case "canvas":
      case "embed":
      case "audio":
        // Drawn by a script or a plugin: nothing inside is read, but the element itself may be a control (a focusable canvas), written above.
        return
      case "object":
        // Its fallback content is drawn only when the object cannot show what it names.
        if (!drawsAny(el)) return
        break
      case "code":
      case "kbd":
      case "samp":
        // Code that holds a link or a button is read as text, so that they can be addressed.
        if (!parent.pre && shown && el.querySelector(MAY_ACT) === null) {
          const text = collapse(renderedText(el))
          if (text) this.out.token(`\`${escapeText(text)}\``)
          return
        }
        break
      case "ul":
      case "ol":
      case "menu":
        return yield* this.list(el, context)
      case "li":
        // Its own kind, if any, was written above.
        return yield* this.item(el, "- ", context, false)
      case "blockquote":
        this.out.pushPrefix("> ", "> ")
        yield* this.children(el, context)
        this.out.popPrefix()
        return
      case "table":
        if (yield* this.table(el as HTMLTableElement, context)) return
        break
      case "details":
        if (!(el as HTMLDetailsElement).open) {
          // A closed disclosure shows only its summary.
          const summary = [...el.children].find((c) => c.localName === "summary")
          this.out.flush()
          if (summary) yield* this.element(summary, context)
          this.out.flush()
          return
        }
        break
      case "label": {
        const control = (el as HTMLLabelElement).control
        if (control && namedByLabel(control) && isRendered(control)) {
          // The label's words are printed as its control's name; writing them twice only costs size.
          return yield* this.children(el, { ...context, controlsOnly: true })
        }
        break
      }
    }
    if (block) this.out.flush()
    yield* this.children(el, context)
    if (block) this.out.flush()
  }

  *control(el: Element, kind: string, context: Context, block: boolean): Work {
    if (block) this.out.flush()
    if (context.shown) {
      const name = accessibleName(el)
      if (kind === "link") this.out.token(this.linkToken(el, name))
      else {
        const value = valueOf(el, kind)
        const details = value !== undefined ? [`= "${escapeQuoted(value)}"`] : []
        details.push(...statesOf(el, kind))
        const options = optionsOf(el)
        if (options) details.push(`; ${options}`)
        this.out.token(this.named(el, kind, name, details, true))
      }
    }
    // Controls nested inside links and buttons are invalid HTML but common: reach them too.
    const tag = el.localName
    // An editable region's text is its value, but a link or a chip in it is a control of its own.
    if (tag !== "input" && tag !== "select" && tag !== "textarea") yield* this.children(el, { ...context, controlsOnly: true })
    if (block) this.out.flush()
  }

  /**
   * `[kind "name" details]{selector}`; the name is left out when the selector spells it
   * (`[button]{button[aria-label="Close"]}`): one copy is enough for the model.
   */
  named(el: Element, kind: string, name: string, details: ReadonlyArray<string>, interactive: boolean): string {
    const quoted = `"${escapeQuoted(name)}"`
    const spelled = name ? NAMING_ATTRIBUTES.map((a) => ({ text: `[${a}=${cssString(name)}]`, saves: quoted.length + 1 })) : []
    const label = (parts: ReadonlyArray<string>) => [...parts, ...details].join(" ").replace(" ; ", "; ")
    // A button with a name is its name alone (`["Like"]`): the commonest control, four to a post on a forum.
    const full = label(name ? (kind === "button" ? [quoted] : [kind, quoted]) : [kind])
    // A label that reads as a landmark line's (`[search]{…}`) keeps its own selector: only landmark lines may set the scope so.
    const selector = this.annotate(el, interactive, spelled, LANDMARK_LINE.test(`[${full}]{}`) ? null : full)
    // Relative to a scope (walker-scope.ts), the name is printed: `[label]{^}` repeats an R by its label.
    const relative = selector.startsWith("{^") || selector.startsWith("{:is(")
    return `[${relative || !spelled.some((s) => selector.includes(s.text)) ? full : label([kind])}]${selector}`
  }

  /**
   * `[text](/x)` when `a[href="/x"]` selects the link alone: the selector is implied by the URL
   * and not printed. Otherwise `[text](url){selector}`, the URL written relative to the page's
   * (see walker-urls.ts), or `[text]{selector}` when the selector spells the href, when the last
   * link of the same text above showed this same URL, or when the link has no URL worth showing
   * (`[text](){selector}` if the last link of the same text above showed one).
   */
  linkToken(el: Element, name: string): string {
    const href = el.getAttribute("href") ?? ""
    const byHref = `a[href=${cssString(href)}]`
    const page = this.pageUrl
    const base = el.baseURI
    // Resolving a URL costs a parse: most links are resolved against the page's own URL, where the attribute as written says enough.
    const ownBase = page === null || base === page.href
    const absolute = ownBase ? href : absoluteUrl(href, base)
    // An implied selector needs the URL as the attribute has it, and read against the page's URL it must lead where the link does (a `<base>` or a frame may say otherwise).
    const impliable = IMPLIABLE_HREF.test(href) && (ownBase || resolvesTo(href, page, absolute))
    const noUrl = href === "" || href === "#" || /^javascript:/i.test(href)
    // The URL as it is shown beside a selector: relative to the page's, without a tracking tail, percent-encoding what would end it.
    // Only an absolute URL or one resolved against another base can be made shorter.
    const compact =
      page === null || (ownBase && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) ? href : relativeUrl(absoluteUrl(href, base), page)
    const untracked = beforeTrackingTail(compact)
    const shown = (untracked ?? compact).replace(/[()\s{}…]/g, encodeURIComponent)
    const cut = untracked !== null || shown.length > LONG_URL
    const written = cut ? `${shown.slice(0, URL_CUT)}…` : shown
    // What a selector that spells the href saves: printing the URL beside it.
    const spelled: Spelled[] = [{ text: `[href=${cssString(href)}]`, saves: this.selectors.shownLength(el, written) + 2 }]
    // Implied (counted on top of the entry above), the selector costs nothing but the whole URL as the attribute has it.
    if (impliable) spelled.push({ text: byHref, saves: byHref.length - href.length, whole: true })
    // A link with no name of its own is labelled by nothing: its URL is shown beside it (one with none keeps its href as its label).
    // A label that opens with a quote is escaped: `["` opens a button.
    const label = escapeLabel(name || (noUrl ? href : "")).replace(/^"/, '\\"')
    const states = statesOf(el, "link")
    const text = states.length ? `${label} (${states.join(", ")})` : label
    const before = this.urlsShown.get(text)
    const show = (url: string | null) => {
      this.urlsShown.set(text, url)
    }
    // A long URL, or one with a tracking tail, shown by its start (walker-cut-urls.ts): `[text](https://…/start…)` stands for `a[href^="https://…/start"]`.
    const shownBy = cutStart(this.selectors, el, href, (start) => IMPLIABLE_HREF.test(start))
    const byStart = shownBy === null ? null : `a[href^=${cssString(shownBy.start)}]`
    if (shownBy?.alone) {
      this.annotated.push({ element: el, selector: byStart!, written: `(${shownBy.start}…)`, interactive: true })
      show(CUT_SHOWN)
      return `[${text}](${shownBy.start}…)`
    }
    if (impliable && this.selectors.selectorFor(el, spelled) === byHref) {
      this.annotated.push({ element: el, selector: byHref, written: `(${href})`, interactive: true })
      show(absolute)
      return `[${text}](${href})`
    }
    // `[text](url){^}`: selected by `S a[href="url"]`, S the scope: the selector of the last landmark
    // line or `{^S}` link above (a link repeated in a navigation and a footer), when the link is
    // alone with its URL in that element.
    const scope = this.scope
    const inForce = (impliable || byStart !== null) && scope !== null && scope.serial === this.scopes
    const alone = (up: Element) =>
      byStart === null ? this.selectors.selectsAloneByHrefWithin(el, up) : this.selectors.selectsAloneBelow(el, up, byStart)
    const underScope = inForce && scope.el.contains(el) && alone(scope.el)
    const opening = inForce ? this.opening(el, spelled) : null
    // Under the scope, `{^}` would do but leave the reply's buttons to set the scope; elsewhere the
    // link opens the item when that costs it no more than its `{^S}` or its own selector.
    const opens = opening !== null && (underScope || opening.written.length <= this.linkAlternative(el, spelled))
    // The URL a `{^}` or `{^S}` link shows: its href whole, or the start it is shown cut to (`S a[href^="start"]`).
    const url = shownBy === null ? href : `${shownBy.start}…`
    if (underScope && !opens) {
      this.annotated.push({ element: el, selector: `${scope.selector} ${byStart ?? byHref}`, written: "{^}", interactive: true })
      show(shownBy === null ? absolute : CUT_SHOWN)
      return `[${text}](${url}){^}`
    }
    // What follows the label with the link's own selector (`{selector}` or `{?}`), and the URL that records as shown.
    const tailWith = (selector: string): { tail: string; shows?: string | null } => {
      // A label that would read as a landmark line's (`[nav]{…}` alone on a line) always has its parentheses, so that only landmark lines set the scope.
      const bare = LANDMARK_LINE.test(`[${text}]{}`) ? (noUrl ? "()" : `(${written})`) : ""
      // No URL after a link of the same text that showed one would read as that URL again.
      if (noUrl) return { tail: `${before === undefined || before === null ? bare : "()"}${selector}`, shows: null }
      // The selector spells the URL: the model reads it there.
      if (selector.includes(`[href=${cssString(href)}]`)) return { tail: bare + selector, shows: absolute }
      // The same text and the same URL as the last link of that text above: the URL is not repeated.
      if (!cut && before === absolute) return { tail: bare + selector }
      return { tail: `(${written})${selector}`, shows: cut ? CUT_SHOWN : absolute }
    }
    // `[text](url){^S}`: selected by `S a[href="url"]`, S the selector of an ancestor in which the
    // link is alone with its URL (`[text](start…){^S}`, `S a[href^="start"]`, with the start of a
    // URL shown cut), when that costs no more than the link's own selector; it sets the scope.
    const within = (impliable || byStart !== null) && !opens ? linkScopeFor(this.selectors, el, byStart) : null
    if (within !== null) {
      const own = this.selectors.selectorFor(el, spelled)
      const tail = `(${url}){^${within.selector}}`
      // Against its own or a relative selector, the URL counted as the prefixes will write it; not
      // for a link that could open its item, whose controls would pay for a scope set farther up.
      const cost = opening === null ? tail.length - url.length + this.selectors.shownLength(el, url) : tail.length
      if (own === null || cost <= tailWith(this.relative(el, own, spelled, null)?.written ?? `{${own}}`).tail.length) {
        this.annotated.push({
          element: el,
          selector: `${within.selector} ${byStart ?? byHref}`,
          written: `{^${within.selector}}`,
          interactive: true,
        })
        this.scope = following(this.scope, { el: within.el, selector: within.selector, serial: ++this.scopes })
        show(shownBy === null ? absolute : CUT_SHOWN)
        return `[${text}]${tail}`
      }
    }
    const { tail, shows } = tailWith(this.annotate(el, true, spelled, null, opens))
    if (shows !== undefined) show(shows)
    // `[text]{^ R}` reads as an R written after the label `text`: no control's `[text]{^}` may repeat the one before it.
    if (tail.startsWith("{^ ") || tail.startsWith("{:is(")) this.rests.delete(text)
    return `[${text}]${tail}`
  }

  /**
   * Whether the link, though `{^}` would do, had better set a scope inside the one in force: the
   * first link of a reply (its author) sets the reply as the scope, so that the buttons below it
   * repeat their R as `{^}` instead of setting it themselves, each at length.
   */
  private opening(el: Element, spelled: ReadonlyArray<Spelled>): Scoped | null {
    const own = this.selectors.selectorFor(el, spelled)
    const opened = own === null ? null : this.relative(el, own, spelled, null, true)
    const sets = opened?.sets ?? null
    return sets !== null && sets.el !== this.scope?.el && this.selectors.actingAfter(el, sets.el) >= OPENS_FOR ? opened : null
  }

  /** What a link's annotation costs without opening a scope: its `{^S}`, or its own selector. */
  private linkAlternative(el: Element, spelled: ReadonlyArray<Spelled>): number {
    const within = linkScopeFor(this.selectors, el)
    const own = this.selectors.selectorFor(el, spelled)
    return Math.min(within === null ? Infinity : within.selector.length + 3, own === null ? Infinity : own.length + 2)
  }

  *heading(el: Element, level: number, context: Context): Work {
    this.out.flush()
    const outer = this.out
    const inner = new MarkdownWriter()
    this.out = inner
    try {
      yield* this.children(el, context)
    } finally {
      this.out = outer
    }
    const text = collapse(inner.toString())
    if (!text) return
    if (!context.shown) return this.out.line(text)
    // A heading is not interactive: it carries its selector only when that is one handle of its
    // own in each tree (`#pricing`, `h1`, `h2.title`, `#frame >>> #t`), short enough to be worth its place as a `selector` to read a part by.
    const selector = this.selectors.selectorFor(el)
    const own = selector !== null && selector.length <= HEADING_SELECTOR_MAX && selector.split(PIERCE).every((hop) => !/[\s>~+]/.test(hop))
    this.out.line(`${"#".repeat(level)} ${text}${own ? ` ${this.annotate(el, false)}` : ""}`)
  }

  picture(el: Element, context: Context): void {
    if (!context.shown) return
    const alt = el.localName === "img" ? collapse(el.getAttribute("alt") ?? "") : pictureName(el)
    if (alt) this.out.token(`![${escapeLabel(clip(alt, 100))}]`)
    // An image map's areas are links drawn on the image (the map itself has no box of its own).
    const usemap = el.localName === "img" ? (el.getAttribute("usemap") ?? "") : ""
    if (usemap.startsWith("#") && usemap.length > 1) {
      const map = (el.getRootNode() as Document | ShadowRoot).querySelector(`map[name=${cssString(usemap.slice(1))}]`)
      for (const area of map?.querySelectorAll("area[href]") ?? []) this.out.token(` ${this.linkToken(area, accessibleName(area))}`)
    }
  }

  preformatted(el: Element, context: Context): void {
    this.out.flush()
    if (!context.shown) return
    const text = renderedText(el).replace(/\n+$/, "")
    if (!text.trim()) return
    const fence = text.includes("```") ? "````" : "```"
    this.out.line(fence)
    for (const line of text.split("\n")) this.out.line(line.trimEnd() || " ", true)
    this.out.line(fence)
  }

  *list(el: Element, context: Context): Work {
    this.out.flush()
    let number = el.localName === "ol" ? Number((el as HTMLOListElement).start) || 1 : 0
    if (el.shadowRoot) yield* this.selectors.prepare(el.shadowRoot, this.clock)
    const nodes = this.childrenOf(el)
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!
      if (node.nodeType === Node.ELEMENT_NODE && (node as Element).localName === "li") {
        const before = this.out.mark
        yield* this.item(node as Element, number ? `${number}. ` : "- ", context, true)
        if (number && this.out.mark > before) number++
      } else yield* this.node(node, context)
    }
    this.out.flush()
  }

  /** A list item; `own`: its own kind is still to be written (a tab, a menu item, an option, or one with a click handler). */
  *item(el: Element, marker: string, parent: Context, own: boolean): Work {
    const style = styleOf(el)
    if (style === null) return
    const verdict = inspect(el, style, parent.clips)
    if (verdict.hidden) return
    const context = within(parent, verdict, style.visibility)
    this.out.pushPrefix(marker, " ".repeat(marker.length))
    yield* this.acting(el, own ? interactiveKind(el) : null, context)
    this.out.popPrefix()
  }

  /**
   * The content of an element that the list or table walk reaches without element() (an item, a
   * row, a cell), after its own kind: a control is written as one, an element that only reacts
   * gets `[clickable]`/`[focusable]` in front of its content.
   */
  *acting(el: Element, kind: string | null, context: Context): Work {
    if (kind !== null && !GENERIC_KINDS.has(kind)) return yield* this.control(el, kind, context, false)
    if (kind !== null && context.shown) this.out.token(`[${kind}]${this.annotate(el, true)} `)
    yield* this.children(el, context)
  }

  /** A data table as a Markdown table; false for a layout table, which is walked as blocks. */
  *table(table: HTMLTableElement, context: Context): Generator<void, boolean, void> {
    const role = table.getAttribute("role")
    if (role === "presentation" || role === "none" || table.querySelector("table")) return false
    const rows: string[][] = []
    const outer = this.out
    const groupsWritten = new Set<Element>()
    try {
      for (const row of table.rows) {
        const style = styleOf(row)
        if (style === null || inspect(row, style, context.clips).hidden) continue
        const cells: string[] = []
        // A row that acts (a click handler on the row is how many tables open an item) is written in
        // its first cell, after the row group it opens when that acts too (a tbody with a click handler).
        const group = row.parentElement
        const actors: Element[] = []
        if (group !== null && group !== table && !groupsWritten.has(group) && interactiveKind(group) !== null) actors.push(group)
        if (interactiveKind(row) !== null) actors.push(row)
        if (group !== null) groupsWritten.add(group)
        for (const cell of row.cells) {
          const cellStyle = styleOf(cell)
          const verdict = cellStyle === null ? undefined : inspect(cell, cellStyle, context.clips)
          let text = ""
          if (cellStyle !== null && verdict !== undefined && !verdict.hidden) {
            this.out = new MarkdownWriter()
            const cellContext = { ...within(context, verdict, cellStyle.visibility), cell: true }
            if (style.visibility === "visible" && !cellContext.offPage)
              for (const part of actors.splice(0)) {
                const kind = interactiveKind(part)!
                this.out.token(
                  GENERIC_KINDS.has(kind)
                    ? `[${kind}]${this.annotate(part, true)} `
                    : `${this.named(part, kind, "", statesOf(part, kind), true)} `,
                )
              }
            yield* this.acting(cell, interactiveKind(cell), cellContext)
            text = this.out.toString().replace(/\n+/g, " ").trim()
          }
          cells.push(text)
          for (let span = 1; span < Math.min(cell.colSpan, 20); span++) cells.push("")
        }
        if (cells.some((c) => c !== "")) rows.push(cells)
      }
    } finally {
      this.out = outer
    }
    this.out.flush()
    const caption = table.caption
    if (caption !== null) {
      // Walked, not read as text: a caption may hold links and buttons (a source, a sort control).
      const style = styleOf(caption)
      const verdict = style === null ? undefined : inspect(caption, style, context.clips)
      if (style !== null && verdict !== undefined && !verdict.hidden) {
        this.out = new MarkdownWriter()
        try {
          yield* this.acting(caption, interactiveKind(caption), { ...within(context, verdict, style.visibility), cell: true })
          const text = this.out.toString().replace(/\n+/g, " ").trim()
          if (text) outer.line(text)
        } finally {
          this.out = outer
        }
      }
    }
    const width = Math.max(0, ...rows.map((r) => r.length))
    if (width <= 1) {
      for (const row of rows) if (row[0]) this.out.line(row[0])
      return true
    }
    rows.forEach((row, index) => {
      const padded = [...row, ...Array<string>(width - row.length).fill("")]
      this.out.line(`|${padded.join("|")}|`)
      if (index === 0) this.out.line(`|${Array<string>(width).fill("-").join("|")}|`)
    })
    return true
  }

  *frame(el: Element, context: Context): Work {
    this.out.flush()
    const doc = frameDocument(el)
    const title = collapse(el.getAttribute("title") ?? el.getAttribute("name") ?? "")
    const named = title ? ` "${escapeQuoted(clip(title, 80))}"` : ""
    if (doc === null || doc.body === null) {
      if (!context.shown) return
      const src = el.getAttribute("src") ?? ""
      this.out.line(`[iframe${named} not readable: other origin${src ? ` ${src}` : ""}]${this.annotate(el, false)}`)
      return
    }
    this.selectors.registerFrame(doc, el)
    yield* this.selectors.prepare(doc, this.clock)
    const mark = this.out.mark
    this.rootActs(doc)
    yield* this.element(doc.body, { ...TOP, controlsOnly: context.controlsOnly })
    this.out.flush()
    // An empty frame (an ad slot, a tracker) is not worth a line, unless it is a tab stop (a widget that draws itself).
    const acts = interactiveKind(el) !== null
    if ((this.out.mark > mark || acts) && context.shown) this.out.insert(mark, `[iframe${named}]${this.annotate(el, acts)}`)
  }
}

/** Whether any child element of `el` is laid out (an object's or a canvas's fallback content is not, while the object shows its own). */
const drawsAny = (el: Element): boolean => {
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling)
    if (child.getClientRects().length > 0) return true
  return false
}

/** A drawing's name only when its author gave one: an unlabelled icon says nothing. */
const pictureName = (el: Element): string => {
  if (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) return accessibleName(el)
  return el.localName === "svg" ? collapse(el.querySelector(":scope > title")?.textContent ?? "") : ""
}

const DEFAULT_LIMIT = 1_000_000
/** How long the walk may take before it stops with what it has. */
const DEFAULT_BUDGET_MS = 8_000

/** Reads the document (or the part `selector` picks) as annotated Markdown, in slices that leave the page responsive. */
export const readPage = async (doc: Document, options: ReadOptions = {}): Promise<ReadOutcome> => {
  if (doc.contentType === "application/pdf") return { ok: false, code: "page_not_readable", unreadable: { reason: "pdf" } }
  let target: Element | null = doc.body
  let usedSelector = "body"
  if (options.selector !== undefined) {
    const selector = options.selector.trim()
    if (selector === "") return { ok: false, code: "invalid_input", parameter: "selector", reason: "selector_empty" }
    const resolved = resolveSelector(doc, selector)
    if (!resolved.ok)
      return { ok: false, code: "invalid_input", parameter: "selector", reason: "selector_invalid", hop: resolved.hop, map: pageMap(doc) }
    if (resolved.element === null) return { ok: false, code: "selector_not_found", selector, url: doc.location.href, map: pageMap(doc) }
    target = resolved.element
    usedSelector = selector
  }
  const base = { url: doc.location.href, title: doc.title, usedSelector }
  if (target === null) return { ok: true, ...base, content: "", stopped: false, work: 0 }
  if (options.selector !== undefined && !isRendered(target))
    return { ok: true, ...base, content: "", stopped: false, hidden: true, work: 0 }

  const budget = options.budgetMs ?? DEFAULT_BUDGET_MS
  const clock = new Slices(budget, options.sliceMs ?? SLICE_MS)
  const walker = new Walker(options.limit ?? DEFAULT_LIMIT, clock)
  walker.pageUrl = pageUrlOf(doc)
  const start = target
  const work = (function* (): Work {
    yield* walker.selectors.prepare(start.getRootNode() as Document | ShadowRoot, clock)
    if (start === doc.body) walker.rootActs(doc)
    yield* walker.element(start, TOP)
    walker.out.flush()
  })()
  const ending = await runInSlices(work, clock)
  const notes = [walker.pierced ? PIERCE_NOTE : "", walker.unresolved ? UNRESOLVED_NOTE : ""].filter(Boolean)
  // Repeated URL starts written once, on the finished content (walker-url-prefixes.ts).
  const prefixed = await prefixInSlices(walker.out.toString(), ending, clock)
  const content = notes.length ? `${notes.join("\n")}\n\n${prefixed.content}` : prefixed.content
  const stopped = ending !== "done"
  const looked = walker.visited + walker.selectors.work
  const read = {
    ok: true as const,
    ...base,
    content,
    stopped,
    work: looked,
    ...(ending === "budget" ? { budget: stoppedAt(walker, budget, usedSelector) } : {}),
  }
  const boxed = options.boxes ? { ...read, boxes: boxesOf(doc, start, walker.annotated) } : read
  if (!options.audit) return boxed
  return {
    ...boxed,
    audit: markAnnotated(
      doc,
      walker.annotated.map((a) => ({ ...a, written: prefixed.written(a.written) })),
    ),
  }
}

const pageUrlOf = (doc: Document): URL | null => {
  try {
    return new URL(doc.location.href)
  } catch {
    return null
  }
}

/** Where a walk cut short by its time budget stopped (the caller words it), so that the rest can be read by parts. */
const stoppedAt = (walker: Walker, budgetMs: number, usedSelector: string): { afterMs: number; at: string | null } => {
  // Stopped while indexing the page: nothing of it was read yet, so it stopped at the start.
  const at = walker.at === null ? usedSelector : walker.selectors.selectorFor(walker.at)
  return { afterMs: budgetMs, at }
}
