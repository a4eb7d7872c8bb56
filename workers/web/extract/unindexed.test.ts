import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>Новости</title></head><body>${body}</body></html>`

describe("noindex", () => {
  it("does not read a long box kept out of search over a short story", () => {
    // a comment form's rules, shown in a dialog by script, outweigh a four-paragraph story; names say nothing
    const { markdown } = extractFromHtml(
      page(
        `<div class="a1"><div class="b2">${prose("Story", 4)}</div></div>` +
          `<noindex><div class="c3"><div class="d4"><p>Rules of commenting</p>${prose("Rule", 12)}</div></div></noindex>`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 4:")
    expect(markdown).not.to.contain("Rule paragraph")
  })

  it("still reads a story that the template wrapped whole in noindex", () => {
    // the tag is a hint: the box that holds all of the page's prose is the page
    const { markdown } = extractFromHtml(page(`<noindex><div>${prose("Story", 5)}</div></noindex><p>Menu</p>`))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
  })
})
