import { isPager } from "./pager.ts"
import { expectCut, expectJudged } from "./line-rules.testing.ts"

const story = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>第${i + 1}段：市政府昨天召开会议，讨论了新图书馆的建设计划和明年的财政预算，多位代表在会上发言并提出了具体的意见和建议。</p>`,
).join("")

describe("a pager at the content's end", () => {
  it("is cut when it is set in the story's own box", () => {
    const pager = "<table><tr><td>2005-04-05 06:40更新</td><td>第1页/共2页 &lt;&lt; 上一页 | 下一页 &gt;&gt;</td></tr></table>"
    expectCut(`<html><body><div class="story">${story}${pager}</div></body></html>`, "第4段", "下一页")
  })

  it("counts the pages or offers both the previous and the next", () => {
    expectJudged(
      isPager,
      ["Page 2 of 5", "Previous page | Next page", "Seite 1 von 3"],
      ["«Bonjour», dit-il. «À demain.»", "The next meeting is in May."],
    )
  })
})
