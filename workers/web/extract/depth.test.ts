import { expect } from "chai"
import { parseHTML } from "linkedom/worker"
import { capDepth, MAX_DEPTH } from "./depth.ts"
import { extractFromHtml } from "./index.ts"

const parse = (html: string) => (parseHTML(html) as unknown as { document: Document }).document

const depthOf = (root: Node): number => {
  let deepest = 0
  const stack: Array<[Node, number]> = [[root, 0]]
  while (stack.length) {
    const [node, depth] = stack.pop()!
    deepest = Math.max(deepest, depth)
    for (let c = node.firstChild; c; c = c.nextSibling) stack.push([c, depth + 1])
  }
  return deepest
}

const nested = (levels: number, inner: string) =>
  `<!doctype html><html><body>${"<div>".repeat(levels)}${inner}${"</div>".repeat(levels)}</body></html>`

describe("capDepth", () => {
  it("leaves a page of ordinary depth exactly as it was", () => {
    const html = nested(100, "<p>a <b>b</b></p>")
    const doc = parse(html)
    const before = doc.documentElement.outerHTML
    expect(capDepth(doc.documentElement)).to.equal(false)
    expect(doc.documentElement.outerHTML).to.equal(before)
  })

  it("attaches what lies deeper than 512 to the element at that depth, in document order, as Chrome's parser does", () => {
    const doc = parse(nested(3000, "<p>one</p><p>two <i>three</i></p>"))
    expect(depthOf(doc.documentElement)).to.be.greaterThan(3000)
    expect(capDepth(doc.documentElement)).to.equal(true)
    expect(depthOf(doc.documentElement)).to.equal(MAX_DEPTH + 1)
    expect(doc.body.textContent).to.equal("onetwo three")
  })

  it("lets web_fetch's extraction read a page nested thousands deep", () => {
    const { markdown } = extractFromHtml(nested(20_000, "<p>The text at the bottom of a very deep page.</p>"), "https://e.example/")
    expect(markdown).to.contain("The text at the bottom of a very deep page.")
  })

  it("asks Readability for no second opinion on a page nested deeper than browsers build (seconds there, for a few words)", () => {
    // a short reading asks for one on a page of ordinary depth
    expect(extractFromHtml(nested(10, "bottom")).by).to.equal("readability")
    const deep = extractFromHtml(nested(3000, "bottom"))
    expect(deep.by).to.equal("ours")
  })
})
