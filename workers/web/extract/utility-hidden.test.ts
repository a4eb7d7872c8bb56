import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>Data hint</title></head><body>${body}</body></html>`
const count = (text: string, words: string) => text.split(words).length - 1

describe("a CSS framework's hiding classes", () => {
  it("leaves out a second copy of the story that a 'hidden' class keeps from the reader", () => {
    const { markdown } = extractFromHtml(
      page(`<article>
        <div class="article story snippet edition-b hidden"><h3>By A. Writer</h3>${prose("Story", 3)}</div>
        <div class="article story snippet edition-a"><h3>By A. Writer</h3>${prose("Story", 3)}</div>
        <div class="note d-none">A dialog to email this story to a friend, with the fields to fill in.</div></article>
        <footer>${Array.from({ length: 12 }, (_, i) => `<a href="/s${i}">Section ${i} of the site</a>`).join(" ")}</footer>`),
    )
    expect(count(markdown, "Story paragraph 2:")).to.equal(1)
    expect(markdown).not.to.contain("A dialog to email")
  })

  it("keeps what another class shows at some width, and a story the page hides whole until a script shows it", () => {
    const shown = extractFromHtml(page(`<article>${prose("Story", 3)}<div class="d-none d-lg-block">${prose("Wide", 1)}</div></article>`))
    expect(shown.markdown).to.contain("Wide paragraph 1:")
    const whole = extractFromHtml(page(`<div class="story hidden">${prose("Story", 4)}</div><p>Menu</p>`))
    expect(whole.markdown).to.contain("Story paragraph 4:")
  })
})
