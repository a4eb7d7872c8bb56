import { expect } from "chai"
import { parseHTML } from "linkedom/worker"
import { toMarkdown } from "./markdown.ts"
import { markdownToText } from "./plain-text.ts"

const md = (html: string, baseUrl = "https://example.com/dir/page.html") => {
  const { document } = parseHTML(`<html><body>${html}</body></html>`) as unknown as { document: Document }
  return toMarkdown(document.body, { baseUrl })
}

describe("toMarkdown", () => {
  it("writes headings and paragraphs, collapsing white space", () => {
    expect(md("<h2>  The   title </h2><p>One\n   two.</p><p>Three.</p>")).to.equal("## The title\n\nOne two.\n\nThree.")
  })

  it("makes links and images absolute, and keeps alt text", () => {
    expect(md('<p>See <a href="../other.html">the other page</a>.</p>')).to.equal("See [the other page](https://example.com/other.html).")
    expect(md('<p><img src="/a.png" alt="A chart"></p>')).to.equal("![A chart](https://example.com/a.png)")
    // a lazy image: a placeholder in src, the real address in a data- attribute
    expect(md('<p><img src="data:image/gif;base64,R0lGOD" data-lazy-src="/b.jpg" alt="A photo"></p>')).to.equal(
      "![A photo](https://example.com/b.jpg)",
    )
    // an image with no address at all: its alt text is not the article's text
    expect(md('<p>Before. <img src="data:image/svg+xml,%3Csvg%3E" alt="Pin this recipe #jam #fall"> After.</p>')).to.equal("Before. After.")
    expect(md('<p><a href="javascript:void(0)">click</a></p>')).to.equal("click")
  })

  it("writes the parentheses of an address escaped, so that the link's target ends where the address does", () => {
    const out = md(
      '<p>The <a href="https://en.wikipedia.org/wiki/Mercury_(planet)">planet</a> and <img src="/t/filters:no_upscale()/a.jpg" alt="A photo"> Credit</p>',
    )
    expect(out).to.equal(
      "The [planet](https://en.wikipedia.org/wiki/Mercury_%28planet%29) and ![A photo](https://example.com/t/filters:no_upscale%28%29/a.jpg) Credit",
    )
    expect(markdownToText(out).replace(/ +/g, " ")).to.equal("The planet and Credit")
  })

  it("keeps the white space at the ends of a link's text outside its brackets", () => {
    // "<a>the first </a>place" reads "the first place", not "the firstplace"
    expect(md('<p>In the <a href="/a">first </a>place, and<a href="/b"> second</a>.</p>')).to.equal(
      "In the [first](https://example.com/a) place, and [second](https://example.com/b).",
    )
    expect(markdownToText(md('<p>the <a href="/a">first </a>place</p>'))).to.equal("the first place")
  })

  it("writes lists, nested lists and ordered lists with their start", () => {
    expect(md("<ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul>")).to.equal("- one\n- two\n  - inner")
    expect(md('<ol start="3"><li>c</li><li>d</li></ol>')).to.equal("3. c\n4. d")
  })

  it("writes the text of a list without items, as older pages indent a passage in a <dir> or <ul>", () => {
    expect(
      md("<p>We note the lack of information on:</p><dir>i) the likely intake;<br>ii) the specification.</dir><p>After.</p>"),
    ).to.equal("We note the lack of information on:\n\ni) the likely intake;\nii) the specification.\n\nAfter.")
    expect(md("<ul>An indented passage, <b>set in a list</b>.</ul>")).to.equal("An indented passage, **set in a list**.")
    // a list of items is still a list, though stray text sits between them
    expect(md("<ul><li>One</li> <li>Two</li></ul>")).to.equal("- One\n- Two")
  })

  it("fences preformatted code, keeping its white space and language", () => {
    expect(md('<pre><code class="language-js">if (a) {\n  b()\n}</code></pre>')).to.equal("```js\nif (a) {\n  b()\n}\n```")
    expect(md("<p>Run <code>npm test</code> now</p>")).to.equal("Run `npm test` now")
  })

  it("writes data tables as pipe tables, and layout tables as their blocks", () => {
    expect(md("<table><tr><th>a</th><th>b|c</th></tr><tr><td>1</td><td>2</td></tr></table>")).to.equal(
      "| a | b\\|c |\n| --- | --- |\n| 1 | 2 |",
    )
    expect(md("<table><tr><td><p>Left column text.</p></td><td><div>Right</div></td></tr></table>")).to.equal("Left column text.\n\nRight")
  })

  it("quotes block quotes and marks emphasis", () => {
    expect(md("<blockquote><p>Be <strong>bold</strong>, <em>kind</em>.</p></blockquote>")).to.equal("> Be **bold**, *kind*.")
  })

  it("escapes text that would otherwise read as Markdown", () => {
    expect(md("<p># not a heading</p><p>1. not a list</p><p>a*b*c</p>")).to.equal("\\# not a heading\n\n1\\. not a list\n\na\\*b\\*c")
  })

  it("breaks lines at <br> and keeps inline runs beside blocks apart", () => {
    expect(md("<div>first line<br>second line<p>a block</p>tail</div>")).to.equal("first line\nsecond line\n\na block\n\ntail")
  })
})

describe("toMarkdown, blocks inside a link", () => {
  it("parts the words of the blocks a card link wraps, and of the cards in a row", () => {
    // a list of cards, each link wrapping the card's <div>s: "…in the world.</div></div></a><a…><div>LakeBTC"
    const card = (href: string, name: string, blurb: string) =>
      `<a href="${href}" class="single-product"><div class="inner-wrapper"><div class="content"><div class="h5">${name}</div><div class="h6">${blurb}</div></div></div></a>`
    const text = markdownToText(
      md(
        `<div>${card("https://kraken.example/", "Kraken", "Buy bitcoin from a trusted exchange.")}${card("https://lake.example/", "LakeBTC", "Started in early 2013.")}</div>`,
      ),
    )
    expect(text).to.contain("Kraken Buy bitcoin")
    expect(text).to.contain("exchange. LakeBTC Started")
  })
})

describe("markdownToText", () => {
  it("keeps the words and drops markup, link targets and images", () => {
    const text = markdownToText(
      "## Title\n\nSee [the page](https://x.org/a) and ![chart](https://x.org/c.png).\n\n- **one**\n- `two`\n\n| a | b |\n| --- | --- |\n| 1 | 2 |",
    )
    expect(text).to.equal("Title\n\nSee the page and .\n\none\ntwo\n\na b\n1 2")
  })
})
