import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isPager } from "./pager.ts"

const story = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>第${i + 1}段：市政府昨天召开会议，讨论了新图书馆的建设计划和明年的财政预算，多位代表在会上发言并提出了具体的意见和建议。</p>`,
).join("")

describe("a pager at the content's end", () => {
  it("is cut when it is set in the story's own box", () => {
    const html = `<html><body><div class="story">${story}<table><tr><td>2005-04-05 06:40更新</td><td>第1页/共2页 &lt;&lt; 上一页 | 下一页 &gt;&gt;</td></tr></table></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("第4段")
    expect(markdown).not.to.contain("下一页")
  })

  it("counts the pages or offers both the previous and the next", () => {
    expect(isPager("Page 2 of 5")).to.equal(true)
    expect(isPager("Previous page | Next page")).to.equal(true)
    expect(isPager("Seite 1 von 3")).to.equal(true)
    expect(isPager("«Bonjour», dit-il. «À demain.»")).to.equal(false)
    expect(isPager("The next meeting is in May.")).to.equal(false)
  })
})
