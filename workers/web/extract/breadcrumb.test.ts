import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isBreadcrumb } from "./breadcrumb.ts"

const story = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells what happened at the council meeting on Monday, when the budget was voted through after a long debate about the new library.</p>`,
).join("")

describe("a breadcrumb trail at the content's start", () => {
  it("is cut when it is set in the story's own box", () => {
    const html = `<html><body><div class="story"><div>You are here: <a href="/">Home</a> &gt; <a href="/news">News</a> &gt; Article</div>${story}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 1 of the story")
    expect(markdown).not.to.contain("You are here")
  })

  it("is told by its arrows and short steps, in any language", () => {
    expect(isBreadcrumb("首页>>人物聚焦>>2005人物")).to.equal(true)
    expect(isBreadcrumb("您现在的位置：读书 -> 连载 -> 畅销小说 -> 正文")).to.equal(true)
    expect(isBreadcrumb("Home › Sport › Football")).to.equal(true)
    expect(isBreadcrumb("Home > News")).to.equal(false)
    expect(isBreadcrumb("If x > 3 and y > 4, the loop ends before the counter reaches the last item of the list.")).to.equal(false)
  })
})
