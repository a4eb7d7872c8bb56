/**
 * Chrome's HTML parser nests elements at most 512 deep: what a page opens deeper is attached, in
 * document order, to the element at that depth, so no page a browser shows is deeper. linkedom
 * has no such limit, and the extraction's walkers recurse: a hostile page of thousands of nested
 * elements would exhaust their stack (a RangeError, or a SyntaxError from a regular expression
 * compiled at the bottom of the stack). The same cap, applied after parsing, reads such a page
 * as the browser would.
 */
export const MAX_DEPTH = 512

/** Flattens what lies deeper than MAX_DEPTH below `root` (the document element: linkedom links no sibling after the doctype) as Chrome's parser would; walks with firstChild/nextSibling only. Whether anything lay that deep. */
export const capDepth = (root: Node): boolean => {
  let node: Node | null = root.firstChild
  let depth = 1
  let capped = false
  while (node !== null) {
    if (depth === MAX_DEPTH && node.firstChild !== null) {
      flattenInto(node)
      capped = true
    }
    if (node.firstChild !== null && depth < MAX_DEPTH) {
      node = node.firstChild
      depth++
      continue
    }
    while (node !== null && node !== root && node.nextSibling === null) {
      node = node.parentNode
      depth--
    }
    if (node === null || node === root) return capped
    node = node.nextSibling
  }
  return capped
}

/** Makes every descendant of `at` its direct child, in document order. */
const flattenInto = (at: Node): void => {
  const order: Node[] = []
  let node: Node | null = at.firstChild
  while (node !== null) {
    order.push(node)
    if (node.firstChild !== null) {
      node = node.firstChild
      continue
    }
    while (node !== null && node !== at && node.nextSibling === null) node = node.parentNode
    if (node === null || node === at) break
    node = node.nextSibling
  }
  for (const each of order) at.appendChild(each)
}
