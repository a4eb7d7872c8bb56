import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (main: string) =>
  `<!doctype html><html><head><title>The story</title></head><body><div class="a1"><div class="a2">${main}</div></div></body></html>`

describe("a label with nothing after it at the end of the content", () => {
  for (const label of ["<p>Read also:</p>", "<div><b>Читайте также:</b></div>", "<p>本篇新闻关键词：</p>"])
    it(`cuts ${label}`, () => {
      const { markdown } = extractFromHtml(page(`${prose("Article", 5)}${label}`))
      expect(markdown).to.contain("Article paragraph 5:")
      expect(markdown).not.to.match(/Read also|Читайте|关键词/)
    })

  it("cuts it as the last line of a paragraph set with line breaks, the breaks after it left", () => {
    const { markdown } = extractFromHtml(
      page(`${prose("Article", 5)}<p>The last line of the story.<br><br><b>SEE ALSO:</b><br><br><b></b></p>`),
    )
    expect(markdown).to.contain("The last line of the story.")
    expect(markdown).not.to.contain("SEE ALSO")
  })

  it("keeps a sentence that ends in a colon, and the list after a label", () => {
    const sentence = extractFromHtml(
      page(`${prose("Article", 5)}<p>The report, published on Monday by the council after two years of work, ends with these words: </p>`),
    ).markdown
    expect(sentence).to.contain("ends with these words:")
    const list = extractFromHtml(
      page(`${prose("Article", 5)}<p>The plan has three parts:</p><ul><li>roads</li><li>rail</li><li>ports</li></ul>`),
    )
    expect(list.markdown).to.contain("The plan has three parts:").and.to.contain("ports")
  })
})
