import { expect } from "chai"
import { isBreadcrumb, isHomeTrail } from "./breadcrumb.ts"
import { parseDocument } from "./parse.ts"
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

  it("is cut when it opens with the home page and ends with the page's own title", () => {
    const trail = `<div><a href="/">Home</a> » <a href="/news">News</a> » <a href="/news/work">Work and Career News</a> » Depression Care for Workers Improves Health, Productivity</div>`
    expectCut(`<html><body><div class="story">${trail}${STORY}</div></body></html>`, "Paragraph 1 of the story", "Depression Care")
  })

  it("is told by its links from the home page, though its arrows are pictures", () => {
    const element = (html: string) => parseDocument(`<html><body>${html}</body></html>`).body.firstElementChild!
    expect(isHomeTrail(element(`<h2><a href="/">Αρχική Σελίδα</a><a href="/n">Ειδήσεις - Νέα</a><a href="/h">Υγεία</a></h2>`))).to.equal(
      true,
    )
    expect(isHomeTrail(element(`<p><a href="/">Home</a> | <a href="/about">About</a> | <a href="/contact">Contact</a></p>`))).to.equal(true)
    // words of its own between the links make a sentence, and a trail needs three steps
    expect(isHomeTrail(element(`<p><a href="/">Home</a> is where <a href="/a">the heart</a> is, and <a href="/b">more</a></p>`))).to.equal(
      false,
    )
    expect(isHomeTrail(element(`<p><a href="/">Home</a> » <a href="/news">News</a></p>`))).to.equal(false)
    expect(isHomeTrail(element(`<p><a href="/news">News</a> » <a href="/">Home</a> » <a href="/x">X</a></p>`))).to.equal(false)
  })
})
