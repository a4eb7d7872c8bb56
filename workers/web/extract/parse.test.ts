import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { MAX_DEPTH } from "./depth.ts"
import { mayNestDeeperThan, parseDocument, parsedElements } from "./parse.ts"

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

  it("empties inline SVG bodies, except where the standard's parser would end the <svg> before its </svg>", () => {
    const icon = `<svg aria-label="a > b"><title>Share</title><path d="M1 1h22"/><g><circle r="2"/></g></svg>`
    const breakout = `<svg><path d="M0 0"/><p>out of the svg</p><rect/></svg>`
    const selfClosed = `<svg class="i"/><span>after the icon</span><b>bold</b>`
    const html = `<html><body><p>before</p>${icon}${breakout}${selfClosed}<p>after</p></body></html>`
    const document = parseDocument(html)
    const [first, second] = Array.from(document.querySelectorAll("svg"))
    expect(first!.getAttribute("aria-label")).to.equal("a > b")
    expect(first!.childNodes.length).to.equal(0)
    // the breakout and the self-closed tag: the same tree as the browser's
    const browser = new DOMParser().parseFromString(html, "text/html").body
    browser.querySelector("svg")!.replaceChildren()
    expect(shape(document.body)).to.equal(shape(browser))
    expect(second!.nextSibling!.textContent).to.equal("out of the svg")
  })

  it("finds the page's scripts, style sheets, <meta>, <base> and microdata as a query over the document would", () => {
    const html = `<html><head><meta name="a" content="1"><title>T</title><base href="/x/"><style>p{}</style></head><body>
      <script>1</script><noscript>js</noscript><div itemprop="isAccessibleForFree" content="false"></div>
      <template><script>in template</script><meta name="t"></template><p>text<script>2</script></p></body></html>`
    const document = parseDocument(html)
    for (const key of ["script", "style", "noscript", "base", "meta", "title", "[itemprop]"])
      expect(parsedElements(document, key), key).to.deep.equal(Array.from(document.querySelectorAll(key)))
    // a node taken out of the document is no longer found
    document.querySelector("noscript")!.remove()
    expect(parsedElements(document, "noscript")).to.have.length(0)
  })

  it("says whether the tree may be deeper than the depth cap, so that ordinary pages skip its walk", () => {
    const nested = (levels: number) => `<body>${"<div>".repeat(levels)}<p>x</p>${"</div>".repeat(levels)}</body>`
    expect(mayNestDeeperThan(parseDocument(nested(100)), MAX_DEPTH - 1)).to.equal(false)
    expect(mayNestDeeperThan(parseDocument(nested(MAX_DEPTH + 10)), MAX_DEPTH - 1)).to.equal(true)
    // a formatting tag closed across a block (the adoption agency) moves placed nodes: the tree may then be deeper than what was open
    expect(mayNestDeeperThan(parseDocument("<body><div><b>one <p>two</b> three</p></div></body>"), MAX_DEPTH - 1)).to.equal(true)
  })

  it("reads a page nested far deeper than any browser nests as linkedom's parser does, quickly", () => {
    const html = `<body>${"<div>".repeat(5000)}<p>deep</p>${"</div>".repeat(5000)}</body>`
    expect(parseDocument(html).body.textContent).to.equal("deep")
  })

  it("makes no node of white space between blocks, and the page's text reads as the browser's", () => {
    const html = `<html>
      <head>
        <title>T</title>
        <meta name="a" content="1">
      </head>
      <body>
        <div class="nav">
          <ul>
            <li><a href="/">Home</a></li>
            <li><a href="/news">News</a></li>
          </ul>
        </div>
        <!-- story -->
        <script src="a.js"></script>
        <article>
          <h1>Title</h1>
          <p>First <b>bold</b> <i>words</i>.</p>
          <pre>  code
    indented  </pre>
          <p>Last<img src="x.png"></p>
        </article>
        <span>About</span><div>
          <p>Copyright</p>
        </div>
        <textarea>  kept
  </textarea>
      </body>
    </html>`
    const ours = parseDocument(html)
    const browser = new DOMParser().parseFromString(html, "text/html")
    const words = (node: Node) => (node.textContent ?? "").replace(/\s+/g, " ").trim()
    expect(words(ours.body)).to.equal(words(browser.body))
    for (const tag of ["pre", "textarea", "title"])
      expect(ours.querySelector(tag)!.textContent, tag).to.equal(browser.querySelector(tag)!.textContent)
    // words of adjacent elements stay apart where the source parts them
    expect(words(ours.body)).to.contain("Home News").and.to.contain("About Copyright").and.to.contain("bold words")
    const blanks = (document: Document) => {
      let n = 0
      const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT)
      while (walker.nextNode()) if (!/\S/.test(walker.currentNode.nodeValue ?? "")) n++
      return n
    }
    expect(blanks(ours)).to.be.below(blanks(browser) / 2)
    // as a browser's, white space and all, when asked
    expect(shape(parseDocument(html, { faithful: true }).body)).to.equal(shape(browser.body))
  })

  it("keeps the white space after an inline element that is taken out later (a hover card hidden by a style sheet)", () => {
    const html = `<html><head><style>.card { display: none; }</style></head><body><article>${story}
      <p>See <a href="/p">Pat Doe</a><span class="card">Pat Doe, 34, writes about wolves</span>
      <em>said</em> more, in a sentence long enough to read as the article's own prose, with commas.</p></article></body></html>`
    expect(extractFromHtml(html).markdown).to.contain("Pat Doe *said* more")
  })

  it("leaves out the attributes no reader reads, and keeps a lazy image's address", () => {
    const html = `<head><link rel="preload" href="font.woff2"></head><body><div class="post" data-track="x" onclick="go()"><a href="/a" target="_blank" tabindex="1">a</a><img src="p.gif" data-src="real.jpg"></div></body>`
    const div = parseDocument(html).querySelector("div")!
    expect(div.getAttribute("class")).to.equal("post")
    expect(div.hasAttribute("data-track") || div.hasAttribute("onclick")).to.equal(false)
    expect(div.querySelector("a")!.getAttributeNames()).to.deep.equal(["href"])
    expect(div.querySelector("img")!.getAttribute("data-src")).to.equal("real.jpg")
    expect(parseDocument(html).querySelector("link")!.getAttributeNames()).to.deep.equal([])
    expect(parseDocument(html, { faithful: true }).querySelector("div")!.getAttribute("data-track")).to.equal("x")
  })

  it("keeps the article of a page whose <meta> comes before <html>", () => {
    const html = `<!-- x --><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><html><head><title>Ειδήσεις</title></head><body><div class="nav"><a href="/">Αρχική</a></div><article>${story}</article></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 1 of the story")
    expect(markdown).to.contain("Sentence 5 of the story")
  })
})
