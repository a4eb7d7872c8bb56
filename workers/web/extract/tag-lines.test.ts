import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>A post</title></head><body>${body}</body></html>`

describe("tag lines", () => {
  it("cuts a post's tag line, in English and in Chinese", () => {
    for (const line of [
      `<p>Tags: <a href="/t/faq">FAQ</a>, <a href="/t/tax">Taxes</a></p>`,
      `<div>标签： <a href="/t/1">留学经验分享</a> <a href="/t/2">留学面试</a> 发布于：2015-11-05 11:34</div>`,
    ]) {
      const { markdown } = extractFromHtml(page(`<div class="post">${prose("Post", 4)}${line}</div>`))
      expect(markdown).to.contain("Post paragraph 4:")
      expect(markdown).not.to.contain("FAQ").and.not.to.contain("留学")
    }
  })

  it("keeps a paper's keywords and a paragraph that starts with a label", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div class="post">${prose("Post", 4)}<p>Keywords: soil, water, <a href="/x">drought</a></p><p>Tags: these are what we called the labels, <a href="/x">in a long sentence</a> that goes on and on, telling the story of how the town's archive was catalogued by hand over three winters, one card at a time, and of the volunteers who then typed every card into the town's first computer.</p></div>`,
      ),
    )
    expect(markdown).to.contain("Keywords: soil").and.to.contain("one card at a time")
  })

  it("cuts a post's category line: 'Posted in', 'Category:', '分类：'", () => {
    for (const line of [
      `<p class="postmetadata">Posted in <a href="/category/design/">Design</a> | <span>Comments Off</span></p>`,
      `<p>Category: <a href="/category/war/">America At War</a></p>`,
      `<div>分类：<a href="/category/1">生活随笔</a></div>`,
    ]) {
      const { markdown } = extractFromHtml(page(`<div class="post">${prose("Post", 4)}${line}</div>`))
      expect(markdown).to.contain("Post paragraph 4:")
      expect(markdown).not.to.contain("Design").and.not.to.contain("America At War").and.not.to.contain("生活随笔")
    }
  })

  it("keeps a sentence that opens with the word category", () => {
    const line = `<p>Category 1 is the <a href="/nhc">NHC</a>'s weakest hurricane designation.</p>`
    const { markdown } = extractFromHtml(page(`<div class="post">${prose("Post", 4)}${line}</div>`))
    expect(markdown).to.contain("weakest hurricane designation")
  })
})
