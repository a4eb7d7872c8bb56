import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { parseDocument } from "./parse.ts"

const story = Array.from(
  { length: 5 },
  (_, i) => `<p>Sentence ${i + 1} of the story, long enough to read as prose, with commas, names and a full stop at its end.</p>`,
).join("")

/** A tree written out node by node (a template with its content), so that two DOMs' serialisers do not differ. */
const shape = (node: Node): string => {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify((node as Text).data)
  if (node.nodeType === Node.COMMENT_NODE) return `<!--${(node as Comment).data}-->`
  const element = node as Element
  const attributes = Array.from(element.attributes ?? [], (a) => ` ${a.name}=${JSON.stringify(a.value)}`).join("")
  const children = element.localName === "template" ? (element as HTMLTemplateElement).content : element
  return `<${element.namespaceURI === "http://www.w3.org/1999/xhtml" ? "" : "ns:"}${element.localName}${attributes}>${Array.from(children.childNodes, shape).join("")}</>`
}

/** The tree Chromium's own parser builds, to compare ours with (the tests run in Chromium). */
const browserTree = (html: string): string => shape(new DOMParser().parseFromString(html, "text/html").documentElement)

describe("parseDocument", () => {
  it("builds the tree a browser builds, where linkedom's parser did not", () => {
    const pages = [
      // a comment and a <meta> before <html>: linkedom made the <meta> the root, with an empty body
      `<!-- saved page --><meta charset="utf-8"><html><head><title>Τίτλος</title></head><body><p>Κείμενο</p></body></html>`,
      // an archive's wrapper around the whole page
      `<text id="http://example.org/">\n<!DOCTYPE html><html><head><title>t</title></head><body><p>article</p></body></html></text>`,
      // misnested formatting elements (the adoption agency) and a paragraph inside a table (foster parenting)
      `<p>one <b>two <i>three</b> four</i></p><table><p>fostered</p><tr><td>cell</td></tr></table>`,
      // implied end tags, a template, foreign content
      `<ul><li>a<li>b</ul><p>x<p>y<template><p>inside</p></template><svg><circle r="1"/><foreignObject><p>f</p></foreignObject></svg>`,
    ]
    for (const html of pages) expect(shape(parseDocument(html).documentElement), html).to.equal(browserTree(html))
  })

  it("empties script bodies, except JSON-LD and a script whose body the standard may run past </script>, and puts style sheets back", () => {
    const css = `.promo-box { display: none; }\n${".x { color: red; }\n".repeat(30)}`
    const html = `<html><head><style>${css}</style><script>var a = "<b>not markup</b>";</script><script type="application/ld+json">{"isAccessibleForFree": false}</script></head><body><script><!--<script>x</script>--></script><p>after</p></body></html>`
    const document = parseDocument(html)
    const scripts = Array.from(document.querySelectorAll("script"), (s) => s.textContent)
    expect(scripts).to.deep.equal(["", '{"isAccessibleForFree": false}', "<!--<script>x</script>-->"])
    expect(document.querySelector("style")!.textContent).to.equal(css)
    expect(shape(document.body)).to.equal(shape(new DOMParser().parseFromString(html, "text/html").body))
  })

  it("reads a page nested far deeper than any browser nests as linkedom's parser does, quickly", () => {
    const html = `<body>${"<div>".repeat(5000)}<p>deep</p>${"</div>".repeat(5000)}</body>`
    expect(parseDocument(html).body.textContent).to.equal("deep")
  })

  it("keeps the article of a page whose <meta> comes before <html>", () => {
    const html = `<!-- x --><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><html><head><title>Ειδήσεις</title></head><body><div class="nav"><a href="/">Αρχική</a></div><article>${story}</article></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 1 of the story")
    expect(markdown).to.contain("Sentence 5 of the story")
  })
})
