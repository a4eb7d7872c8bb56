import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { STORY, expectCut } from "./line-rules.testing.ts"

const page = (inner: string) =>
  `<!doctype html><html><head><title>A story</title></head><body><div class="story">${inner}</div></body></html>`

describe("links to the neighbouring stories", () => {
  it("are cut inside the story's last paragraph, which an unclosed <p> took them into", () => {
    const html = page(
      `${STORY}<p>Still, the manager said he would consider settling the matter out of court, to avoid a costly battle.<br clear="all"><br><b>Previous story:</b> <a href="/1.html">Didgeridoo you want to see some concerts?</a> <br>` +
        `<b>Next story:</b> <a href="/3.html">Beanie buddy gets rapper in trouble</a> <br></p>`,
    )
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 4 of the story").and.to.contain("to avoid a costly battle.")
    expect(markdown).not.to.contain("Didgeridoo").and.not.to.contain("Next story")
  })

  it("are cut each in a block of its own, in other languages", () => {
    expectCut(
      page(`${STORY}<p>上一篇：<a href="/1.html">市政府召开会议</a></p><p>下一篇：<a href="/3.html">新图书馆开工</a></p>`),
      "Paragraph 4",
      "市政府召开会议",
    )
    expectCut(
      page(`${STORY}<div><span>Nächster Artikel:</span> <a href="/3.html">Die Bibliothek öffnet</a></div>`),
      "Paragraph 4",
      "Bibliothek",
    )
  })

  it("keep a line that says more than the label and its link", () => {
    const html = page(`${STORY}<p>Next: <a href="/3.html">the library</a> opens in May, the mayor said.</p>`)
    expect(extractFromHtml(html).markdown).to.contain("the library")
  })

  it("keep a link whose label is a sentence's words", () => {
    const html = page(`${STORY}<p>The council will vote again next <a href="/w">week</a>.</p>`)
    expect(extractFromHtml(html).markdown).to.contain("week")
  })
})
