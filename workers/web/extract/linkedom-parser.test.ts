import { expect } from "chai"
// linkedom's ES modules, given linkedom-parser.ts for htmlparser2 as in the extension's build
import { parseHTML } from "linkedom"
import { parseDocument } from "./parse.ts"

const body = (html: string): HTMLElement => {
  const { document } = parseHTML("<!doctype html><html><body></body></html>") as unknown as { document: Document }
  document.body.innerHTML = html
  return document.body
}

const fixture = async (name: string): Promise<string> => (await fetch(`/__fixtures/pages/${name}`)).text()

describe("linkedom's parser (parse5's tokenizer in place of htmlparser2)", () => {
  it("gives innerHTML back the tree it was written from, for whole recorded pages (Readability puts the page back so)", async () => {
    for (const name of ["wikipedia-article.html", "github-issue.html", "readability-la-nacion.html"]) {
      const page = parseDocument(await fixture(name)).body
      const written = page.innerHTML
      page.innerHTML = written
      expect(page.innerHTML, name).to.equal(written)
    }
  })

  it("rebuilds a tree no parser makes from markup, as written: a <div> inside a <p>", () => {
    const root = body("<p>a<div>b</div>c</p>")
    expect(root.children.length).to.equal(1)
    expect(root.firstElementChild!.innerHTML).to.equal("a<div>b</div>c")
  })

  it("decodes character references, in text and in attribute values", () => {
    const root = body('<p title="&quot;q&quot; &amp; a">&lt;tag&gt; &amp; &eacute;t&eacute; &#x41;&#66; &copy</p>')
    expect(root.firstElementChild!.textContent).to.equal("<tag> & été AB ©")
    expect(root.firstElementChild!.getAttribute("title")).to.equal('"q" & a')
  })

  it("reads a script's, a style sheet's, a title's and a text area's content as text", () => {
    const root = body(
      '<script>if (a<b) x = "<div>"</script><style>a > b { color: red }</style><textarea>&lt;i&gt; <b>kept</b></textarea><p>after</p>',
    )
    expect(Array.from(root.children, (el) => el.localName)).to.deep.equal(["script", "style", "textarea", "p"])
    expect(root.querySelector("script")!.textContent).to.equal('if (a<b) x = "<div>"')
    expect(root.querySelector("style")!.textContent).to.equal("a > b { color: red }")
    expect(root.querySelector("textarea")!.textContent).to.equal("<i> <b>kept</b>")
  })

  it("closes void elements at once, drops stray end tags, and reads </p> and </br> as the standard does", () => {
    const root = body("<div>a<br>b<img src=x>c</span>d</div></p></br>")
    const div = root.firstElementChild!
    expect(Array.from(div.childNodes, (n) => n.nodeName)).to.deep.equal(["#text", "BR", "#text", "IMG", "#text"])
    expect(div.textContent).to.equal("abcd")
    expect(Array.from(root.children, (el) => el.localName)).to.deep.equal(["div", "p", "br"])
  })

  it("closes what is left open at the end, and keeps comments", () => {
    const root = body("<div><b>bold<i>both<!-- note -->")
    expect(root.innerHTML).to.equal("<div><b>bold<i>both<!-- note --></i></b></div>")
  })

  it("closes a self-closed element inside SVG, and nowhere else", () => {
    const root = body('<svg><circle r="1"/><rect/></svg><div/>text')
    expect(Array.from(root.querySelector("svg")!.children, (el) => el.localName)).to.deep.equal(["circle", "rect"])
    expect(root.querySelector("div")!.textContent).to.equal("text")
  })

  it("takes the doctype's name, and one text node for text the tokenizer read in pieces", () => {
    const { document } = parseHTML("<!DOCTYPE html><html><body><p>one two\n three &amp; four</p></body></html>") as unknown as {
      document: Document
    }
    expect(document.doctype?.name).to.equal("html")
    const p = document.querySelector("p")!
    expect(p.childNodes.length).to.equal(1)
    expect(p.textContent).to.equal("one two\n three & four")
  })
})
