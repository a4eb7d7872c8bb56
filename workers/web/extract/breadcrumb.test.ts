import { isBreadcrumb } from "./breadcrumb.ts"
import { STORY, expectCut, expectJudged } from "./line-rules.testing.ts"

describe("a breadcrumb trail at the content's start", () => {
  it("is cut when it is set in the story's own box", () => {
    const trail = `<div>You are here: <a href="/">Home</a> &gt; <a href="/news">News</a> &gt; Article</div>`
    expectCut(`<html><body><div class="story">${trail}${STORY}</div></body></html>`, "Paragraph 1 of the story", "You are here")
  })

  it("is told by its arrows and short steps, in any language", () => {
    expectJudged(
      isBreadcrumb,
      ["首页>>人物聚焦>>2005人物", "您现在的位置：读书 -> 连载 -> 畅销小说 -> 正文", "Home › Sport › Football"],
      ["Home > News", "If x > 3 and y > 4, the loop ends before the counter reaches the last item of the list."],
    )
  })
})
