import { expect } from "chai"
import "./am-markdown.ts"
import "./am-reply.ts"
import type { AmMarkdown } from "./am-markdown.ts"
import type { AmReply } from "./am-reply.ts"

const code = "const answer = 42 // the <img src=x onerror=alert(1)> stays text\nfunction f() { return 'x' }\n"

const shown = async (text: string): Promise<AmMarkdown> => {
  const markdown = document.createElement("am-markdown") as AmMarkdown
  document.body.append(markdown)
  markdown.text = text
  await markdown.updateComplete
  await markdown.highlighted
  return markdown
}

describe("syntax highlighting", () => {
  it("colours a code block of a known language and keeps its text, escaped", async () => {
    const markdown = await shown("```ts\n" + code + "```\n")
    const block = markdown.shadowRoot!.querySelector("pre code")!
    expect(block.querySelector(".tok-keyword")?.textContent).to.equal("const")
    expect(block.querySelector(".tok-comment")).to.not.equal(null)
    expect(block.querySelector(".tok-string")?.textContent).to.equal("'x'")
    expect(block.querySelector("img")).to.equal(null)
    expect(block.textContent).to.equal(code.trimEnd())
    markdown.remove()
  })

  it("highlights each listed language, by the names models write after a fence", async () => {
    const samples: Array<[string, string, string]> = [
      ["python", "def f(x):\n    return None  # done", "def"],
      ["rust", "fn main() { let x = 1; }", "fn"],
      ["go", "func main() { return }", "func"],
      ["sql", "SELECT id FROM users", "SELECT"],
      ["sh", "if [ -f x ]; then echo hi; fi", "if"],
      ["cpp", "int main() { return 0; }", "int"],
      ["java", "public class A { }", "public"],
    ]
    for (const [language, source, keyword] of samples) {
      const markdown = await shown("```" + language + "\n" + source + "\n```\n")
      const block = markdown.shadowRoot!.querySelector("pre code")!
      expect(block.querySelector(".tok-keyword")?.textContent, language).to.equal(keyword)
      expect(block.textContent, language).to.equal(source)
      markdown.remove()
    }
  })

  it("leaves a block of an unknown language, or of none, as plain text", async () => {
    const markdown = await shown("```klingon\nqapla' batlh\n```\n\n```\nplain words\n```\n")
    const blocks = [...markdown.shadowRoot!.querySelectorAll("pre code")]
    expect(blocks.map((b) => b.textContent)).to.deep.equal(["qapla' batlh", "plain words"])
    expect(markdown.shadowRoot!.querySelector("[class^=tok-]")).to.equal(null)
    markdown.remove()
  })

  it("does not highlight a reply's open tail while it streams, and does once it is final", async () => {
    const reply = document.createElement("am-reply") as AmReply
    document.body.append(reply)
    reply.streaming = true
    reply.text = "```js\nlet x = 1\n"
    await reply.updateComplete
    const tail = reply.shadowRoot!.querySelector("am-markdown.tail") as AmMarkdown
    await tail.updateComplete
    await tail.highlighted
    expect(tail.querySelector("pre code")?.textContent).to.equal("let x = 1")
    expect(tail.querySelector(".tok-keyword")).to.equal(null)
    reply.text = "```js\nlet x = 1\n```\n"
    reply.streaming = false
    await reply.updateComplete
    await tail.updateComplete
    await tail.highlighted
    expect(tail.querySelector(".tok-keyword")?.textContent).to.equal("let")
    reply.remove()
  })
})
