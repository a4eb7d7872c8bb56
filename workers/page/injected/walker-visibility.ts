/**
 * Whether an element is shown to the user, as the walker needs it: a hidden subtree is left
 * out whole (display:none, the hidden attribute, aria-hidden, zero size, clipped away or moved
 * off the page), while visibility:hidden hides only the element's own text, since a child may
 * turn visible again.
 *
 * opacity:0 is deliberately not "hidden": custom checkboxes and file inputs are often
 * transparent native controls laid over their drawing, and the model must still reach them.
 */

export interface Box {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

/** The areas that ancestors with overflow:hidden leave visible, for in-flow and for absolutely positioned descendants. */
export interface Clips {
  readonly flow: Box | null
  readonly positioned: Box | null
}

export const NO_CLIPS: Clips = { flow: null, positioned: null }

const ALWAYS_SHOWN = new Set(["br", "wbr", "option", "optgroup", "area"])

const FORM_CONTROLS = new Set(["input", "select", "textarea"])

/** Elements whose content is a document of its own, drawn only inside their box. */
const FRAMES = new Set(["iframe", "frame"])

const clipsAxis = (overflow: string) => overflow === "hidden" || overflow === "clip"
const scrollsAxis = (overflow: string) => overflow === "auto" || overflow === "scroll"

/** `clip: rect(...)` or `clip-path: inset(50%)` that leaves (almost) nothing: the "visually hidden" idiom. */
const clippedAway = (style: CSSStyleDeclaration, position: string): boolean => {
  if (position === "absolute" || position === "fixed") {
    const rect = /^rect\(([^)]*)\)$/.exec(style.clip)
    if (rect) {
      const [top = 0, right = 0, bottom = 0, left = 0] = rect[1]!.split(/[\s,]+/).map((v) => Number.parseFloat(v) || 0)
      if ((right - left) * (bottom - top) <= 1) return true
    }
  }
  const path = style.clipPath
  return /^inset\((50|100)%\)$/.test(path) || /^circle\(0(px)?( at [^)]*)?\)$/.test(path)
}

const outside = (box: DOMRect, clip: Box) =>
  box.right <= clip.left || box.left >= clip.right || box.bottom <= clip.top || box.top >= clip.bottom

const intersect = (a: Box | null, b: Box): Box =>
  a === null
    ? b
    : {
        left: Math.max(a.left, b.left),
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
      }

export interface Shown {
  readonly hidden: boolean
  /**
   * Drawn where the user cannot see it (clipped away by an overflow:hidden box, visually hidden,
   * of no size, or fixed beyond the viewport's right or bottom edge) but not removed: a carousel's
   * next slides, a collapsed panel, a custom checkbox under its drawing. Its text is left out; its
   * controls are kept, since a script or a click on what draws them still reaches them.
   */
  readonly clipped: boolean
  /** The clips that apply to the element's children. */
  readonly clips: Clips
  /** The element's computed `display` (each read of a computed style property computes it anew: read once). */
  readonly display: string
  /**
   * Its box is off the page (left of or above it) but does not take its children with it: its own
   * text is not drawn where anyone can see it, while a child may be drawn back on the page (a box
   * moved up whose content overflows down) and is judged by its own box. Null when the box says
   * nothing of where its content is drawn (no size, `display:contents`): the parent's holds.
   */
  readonly offPage: boolean | null
}

/** Decides whether the element's subtree is hidden, and passes on the clips its children live in. */
export const inspect = (el: Element, style: CSSStyleDeclaration, clips: Clips): Shown => {
  const hidden = { hidden: true, clipped: false, clips, display: "", offPage: null }
  if (el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true") return hidden
  const display = style.display
  if (display === "none" || style.contentVisibility === "hidden") return hidden
  if (display === "contents" || ALWAYS_SHOWN.has(el.localName)) return { hidden: false, clipped: false, clips, display, offPage: null }
  const box = el.getBoundingClientRect()
  const overflowX = style.overflowX
  const overflowY = style.overflowY
  const clipsX = clipsAxis(overflowX)
  const clipsY = clipsAxis(overflowY)
  const empty = el.firstChild === null
  const control = FORM_CONTROLS.has(el.localName)
  let clipped = false
  // An image not yet decoded has no size but will show, or show its alt text.
  const sized = el.localName !== "img"
  if (sized && ((box.width === 0 && (clipsX || empty)) || (box.height === 0 && (clipsY || empty)))) {
    // An empty box of no size holds nothing, unless it is a control (a switch's zero-size checkbox under its drawing).
    if (empty && !control) return hidden
    clipped = true
  }
  const position = style.position
  if (clippedAway(style, position) || (sized && box.width <= 1 && box.height <= 1 && clipsX && clipsY)) {
    // The "visually hidden" idiom: a dot of a box whose own text is for screen readers only is
    // left out; a control (a custom checkbox under its label) and a box around elements that
    // are drawn larger than it (a clipped wrapper) are kept for their controls.
    if ((box.width <= 1 || box.height <= 1) && el.firstElementChild === null && !control) return hidden
    clipped = true
  }
  const view = el.ownerDocument.defaultView
  // A box of no height or no width that does not clip (a list of floats, a wrapper of
  // positioned children) shows nothing of its own: where it sits says nothing about where its
  // children are drawn, so they are judged one by one.
  const degenerate = (box.width === 0 && !clipsX) || (box.height === 0 && !clipsY)
  // Nothing can scroll to the left of or above the page's origin, nor a fixed box to the left of or above the viewport.
  const scrollX = position === "fixed" ? 0 : (view?.scrollX ?? 0)
  const scrollY = position === "fixed" ? 0 : (view?.scrollY ?? 0)
  const offLeft = box.right + scrollX <= 0
  const offTop = box.bottom + scrollY <= 0
  let offPage: boolean | null = degenerate ? null : false
  if (!degenerate && (offLeft || offTop)) {
    // A control moved off the page (`left:-9999px`, or a visually hidden one at the page's edge) is
    // a custom checkbox's input all the same, kept as its parent is (one in a box off the page is not).
    if (control) {
      clipped = true
      offPage = null
    }
    // A box that clips along the way it left the page, or holds no element, takes its whole content with it.
    else if ((offLeft && clipsX) || (offTop && clipsY) || (el.firstElementChild === null && !el.shadowRoot) || FRAMES.has(el.localName))
      return hidden
    // One that does not may have children drawn back on the page: each is judged by its own box.
    else offPage = true
  }
  if (!degenerate && position === "fixed") {
    if (view && outside(box, { left: 0, top: 0, right: view.innerWidth, bottom: view.innerHeight })) clipped = true
  } else if (!degenerate) {
    const clip = position === "absolute" ? clips.positioned : clips.flow
    if (clip !== null && outside(box, clip)) clipped = true
  }
  let flow = position === "fixed" ? null : position === "absolute" ? clips.positioned : clips.flow
  if (clipsX || clipsY) {
    flow = intersect(flow, {
      left: clipsX ? box.left : -Infinity,
      right: clipsX ? box.right : Infinity,
      top: clipsY ? box.top : -Infinity,
      bottom: clipsY ? box.bottom : Infinity,
    })
  }
  // What a box scrolls can be brought into its view: along the axes it scrolls, the clips around it
  // no longer say where its content can be seen (an app whose overflow:hidden shell holds a scrolling list).
  const scrollsX = scrollsAxis(overflowX)
  const scrollsY = scrollsAxis(overflowY)
  if (flow !== null && (scrollsX || scrollsY)) {
    flow = {
      left: scrollsX ? -Infinity : flow.left,
      right: scrollsX ? Infinity : flow.right,
      top: scrollsY ? -Infinity : flow.top,
      bottom: scrollsY ? Infinity : flow.bottom,
    }
  }
  const positioned = position === "static" ? clips.positioned : flow
  return { hidden: false, clipped, clips: { flow, positioned }, display, offPage }
}

/**
 * The element's computed style, or null when its document has no window: a frame's document that
 * was replaced (its `srcdoc` loaded, a navigation) or removed while the walk paused. Nothing of such
 * a document is shown.
 */
export const styleOf = (el: Element): CSSStyleDeclaration | null => el.ownerDocument.defaultView?.getComputedStyle(el) ?? null

/** True when an element outside the walk (a label's control, a selector's target) is rendered. */
export const isRendered = (el: Element): boolean => {
  if (!el.checkVisibility({ visibilityProperty: true }) || el.closest("[hidden], [aria-hidden=true]")) return false
  const style = styleOf(el)
  if (style === null) return false
  const verdict = inspect(el, style, NO_CLIPS)
  return !verdict.hidden && verdict.offPage !== true
}
