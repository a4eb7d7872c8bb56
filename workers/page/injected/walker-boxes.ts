/**
 * Where the annotated elements are on screen, for capture_tab: the box of the element read (the
 * visible part of the page, or `selector`'s element scrolled into view) and of each interactive
 * element the walk annotated, with the very selector the content writes for it. Boxes are in CSS
 * pixels of the viewport; elements inside frames are left out (their boxes are their frame's).
 */
export interface Box {
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
}

export interface MarkBox extends Box {
  readonly selector: string
}

export interface Boxes {
  /** The part of the viewport the capture shows: the viewport, or the element's box within it. */
  readonly clip: Box
  readonly viewport: { readonly width: number; readonly height: number }
  readonly marks: ReadonlyArray<MarkBox>
}

/** The least of an element, each way, that must be on screen for it to get a label. */
const MIN_SHOWN_PX = 4

const boxOf = (rect: DOMRect): Box => ({ left: rect.left, top: rect.top, width: rect.width, height: rect.height })

/** The part of `box` inside `within`, or null when none is. */
const intersect = (box: Box, within: Box): Box | null => {
  const left = Math.max(box.left, within.left)
  const top = Math.max(box.top, within.top)
  const right = Math.min(box.left + box.width, within.left + within.width)
  const bottom = Math.min(box.top + box.height, within.top + within.height)
  return right - left >= 1 && bottom - top >= 1 ? { left, top, width: right - left, height: bottom - top } : null
}

export const boxesOf = (
  doc: Document,
  target: Element | null,
  annotated: ReadonlyArray<{ readonly element: Element; readonly selector: string; readonly interactive: boolean }>,
): Boxes => {
  const view = doc.defaultView!
  const viewport = { width: view.innerWidth, height: view.innerHeight }
  const screen: Box = { left: 0, top: 0, ...viewport }
  let clip = screen
  if (target !== null && target !== doc.body && target !== doc.documentElement) {
    const first = boxOf(target.getBoundingClientRect())
    // Scrolled at once (not smoothly, whatever the page's CSS says) so the boxes hold at capture.
    if (intersect(first, screen)?.width !== first.width || intersect(first, screen)?.height !== first.height)
      target.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" })
    clip = intersect(boxOf(target.getBoundingClientRect()), screen) ?? { left: 0, top: 0, width: 0, height: 0 }
  }
  const seen = new Set<Element>()
  const marks: MarkBox[] = []
  for (const { element, selector, interactive } of annotated) {
    if (!interactive || seen.has(element) || element.ownerDocument !== doc) continue
    seen.add(element)
    const shown = intersect(boxOf(element.getBoundingClientRect()), clip)
    // A sliver at the screen's edge is not something to point at: it gets no label.
    if (shown !== null && shown.width >= MIN_SHOWN_PX && shown.height >= MIN_SHOWN_PX) marks.push({ selector, ...shown })
  }
  return { clip, viewport, marks }
}
