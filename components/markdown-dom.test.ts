import { expect } from "chai"
import { renderMarkdown } from "./markdown.ts"
import { needsHtmlPath, renderMarkdownInto, renderMarkdownNodes } from "./markdown-dom.ts"

// Both built in an inert document: these tests must not themselves fetch what they check.
const inert = () => document.implementation.createHTMLDocument("")

const viaHtml = (markdown: string) => {
  const doc = inert()
  const div = doc.createElement("div")
  div.innerHTML = renderMarkdown(markdown, "Copy")
  div.normalize()
  return div
}

const viaNodes = (markdown: string) => {
  const doc = inert()
  const div = doc.createElement("div")
  div.append(renderMarkdownNodes(markdown, "Copy", doc))
  div.normalize()
  return div
}

const expectSame = (markdown: string) => {
  const html = viaHtml(markdown)
  const nodes = viaNodes(markdown)
  expect(nodes.isEqualNode(html), `${JSON.stringify(markdown)}\nnodes: ${nodes.innerHTML}\nhtml:  ${html.innerHTML}`).to.equal(true)
}

/** Markdown without raw HTML or character references: what the token walk builds itself. */
const PURE: Record<string, string> = {
  headings: "# One\n\n## Two *em*\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n\nSetext\n===\n",
  emphasis: "**bold** and *em* and ***both*** and ~~gone~~ and __under__ and _u_ and **nested *em* here**",
  "code spans": "`a < b` and `` `tick` `` and `<b>not bold</b>` and `\"quoted\" 'single'`",
  "fenced code": '```ts\nconst x = 1 < 2 && y > "z"\n\n  indented\n```\n\n```\nno language\n```\n\n~~~py extra words\nprint(1)\n~~~',
  "code, odd language": '```c++ "><x\nint main() {}\n```',
  "indented code": "Para\n\n    indented code\n    <tag>\n\nafter",
  "empty code": "```\n```",
  lists: "- a\n- b\n  - nested\n  - more\n- c\n\n1. one\n2. two\n\n3. three\n4. four\n\n7) seven\n8) eight",
  "loose list": "- a\n\n- b\n\n  second paragraph\n\n- c",
  "task lists": "- [x] done\n- [ ] todo\n- plain\n\n1. [x] numbered done\n\n- [ ] loose\n\n- [x] task",
  blockquote: "> quoted *em*\n> more\n>\n> - a list\n> - in it\n>\n> > nested",
  "horizontal rules": "a\n\n---\n\nb\n\n***\n\n___",
  tables: "| name | value | note |\n|:---|---:|:---:|\n| **a** | `1` | [l](https://example.com) |\n| b | 2 |\n\n| x |\n|---|\n| y \\| z |",
  "table without body": "| a | b |\n|---|---|",
  links:
    '[plain](https://example.com) [titled](https://example.com "The title") [mail](mailto:a@example.com) [rel](docs/page) [js](javascript:alert(1)) [paren](https://example.com/a_(b)) [space](<https://example.com/a b>)',
  "reference links": "See [the docs][d] and [d].\n\n[d]: https://example.org/docs 'Docs'\n",
  autolinks: "<https://example.com/x?a=1> and https://auto.example/path. and www.example.com and a@example.com",
  images:
    '![remote](https://example.com/x.png) ![titled](https://example.com/y.png "T") ![](https://example.com/z.png) ![ftp](ftp://example.com/a.png) ![rel](a.png) ![*em* alt](data:image/png;base64,iVBORw0KGgo=) ![b](blob:chrome-extension://abc/1 "blob")',
  escapes: "\\*not em\\* \\_x\\_ \\# \\[x\\] \\` \\\\ \\< \\>",
  "line breaks": "two spaces  \nthen backslash\\\nthen soft\nline",
  "quotes and brackets": "Text with <, >, \" and ' and & alone and a & b and && and 5 > 3 < 4",
  unicode: "Ünïcödé — “quotes” … 日本語 🎉",
  "title with a closing tag": '[x](https://example.com "a</title>b") ![y](data:image/png;base64,iVBORw0KGgo= "c-->d")',
  "unclosed emphasis": "**bold that never ends and *em",
  "partial table": "| a | b |\n|---",
  "partial link": "[text](https://exa",
}

/** A section like the bench's streamed reply. */
const SECTION =
  "## Part 3\n\nThis part explains step 3 in plain words, with **bold** and `inline code` and a [link](https://example.com/3).\n\n```ts\nconst value0 = compute(3, 0) // line 0\nconst value1 = compute(3, 1) // line 1\n```\n\n| name | value | note |\n|---|---:|---|\n| item 0 | 0 | row 0 of part 3 |\n| item 1 | 3 | row 1 of part 3 |\n\n- point 0 of part 3, with some words after it\n- point 1 of part 3, with some words after it\n\n1. [ ] a task\n2. [x] done\n\n> a quote\n"

describe("Markdown as nodes", () => {
  for (const [kind, markdown] of Object.entries(PURE)) {
    it(`builds the nodes the sanitised HTML parses to: ${kind}`, () => {
      expect(needsHtmlPath(markdown), "walked as tokens, not left to the HTML path").to.equal(false)
      expectSame(markdown)
    })
  }

  it("builds the same nodes for every prefix of a streamed section, as the open tail shows it", () => {
    for (let end = 1; end <= SECTION.length; end++) expectSame(SECTION.slice(0, end))
  })

  it("leaves raw HTML, character references and NUL to the sanitised HTML path", () => {
    for (const markdown of [
      "<b>bold</b>",
      "a <span>b</span> c",
      "<div>\n\n*x*\n\n</div>",
      "| a |\n|---|\n| <i>x</i> |",
      "- <img src=x onerror=alert(1)>",
      "AT&amp;T &copy; &#169; &#xA9;",
      "nul \0 here",
      "<https://example.com/x?a=1&b=2> and a&b",
      "[![alt](https://example.com/i.png)](https://example.com)",
    ]) {
      expect(needsHtmlPath(markdown), markdown).to.equal(true)
      expectSame(markdown)
    }
  })

  it("keeps the model's text as text: markup-like text builds no element", () => {
    const div = viaNodes('`<img src=x onerror=alert(1)>` and \\<script>x\\</script> and [a](javascript:alert(1) "<b>")')
    expect(div.querySelector("img, script, b, [onerror]")).to.equal(null)
    expect(div.textContent).to.include("<img src=x onerror=alert(1)>")
    expect(div.querySelector("a")?.hasAttribute("href")).to.equal(false)
  })

  describe("written into the nodes of the render before", () => {
    /** `after` rendered into a container that holds `before`'s nodes, beside `after` built fresh. */
    const expectRewritten = (before: string, after: string, prepare?: (div: HTMLElement) => void) => {
      const div = inert().createElement("div")
      renderMarkdownInto(div, before)
      prepare?.(div)
      renderMarkdownInto(div, after)
      const fresh = viaNodes(after)
      expect(
        div.isEqualNode(fresh),
        `${JSON.stringify(before)} → ${JSON.stringify(after)}\nwritten: ${div.innerHTML}\nfresh:   ${fresh.innerHTML}`,
      ).to.equal(true)
    }

    it("leaves what a fresh build of the new text makes, whatever the old text was", () => {
      const samples = [...Object.values(PURE), SECTION, "", "<b>raw</b> html", "AT&amp;T"]
      for (const before of samples) for (const after of samples) expectRewritten(before, after)
    })

    it("leaves what a fresh build makes for every prefix of a streamed section, written one after the other", () => {
      const div = inert().createElement("div")
      for (let end = 1; end <= SECTION.length; end++) {
        renderMarkdownInto(div, SECTION.slice(0, end))
        expect(div.isEqualNode(viaNodes(SECTION.slice(0, end))), `prefix of ${end}: ${div.innerHTML}`).to.equal(true)
      }
    })

    it("takes off what highlighting and the copy button left on a reused code block", () => {
      expectRewritten("```ts\nconst a = 1\n```", "```ts\nconst b = 2\n```", (div) => {
        const code = div.querySelector("code")!
        code.setAttribute("data-highlighted", "")
        code.innerHTML = '<span class="tok-keyword">const</span> a = 1'
        div.querySelector("button")!.textContent = "Copied"
      })
      expectRewritten("3. three\n4. four", "1. one\n2. two")
    })

    it("keeps the elements of the blocks that stayed the same, and their text nodes", () => {
      const div = inert().createElement("div")
      renderMarkdownInto(div, "## Title\n\nFirst words")
      const [heading, paragraph] = [div.querySelector("h2")!, div.querySelector("p")!]
      const words = paragraph.firstChild
      renderMarkdownInto(div, "## Title\n\nFirst words and more\n\n- a list")
      expect(div.querySelector("h2")).to.equal(heading)
      expect(div.querySelector("p")).to.equal(paragraph)
      expect(paragraph.firstChild).to.equal(words)
      expect(paragraph.textContent).to.equal("First words and more")
    })
  })
})
