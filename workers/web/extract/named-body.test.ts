import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (post: string) =>
  `<!doctype html><html><head><title>A post</title></head><body>` +
  `<div class="head"><p>— a blog of simple living, self-reliance, and making things by hand</p></div>` +
  `${post}<div class="comments">${prose("Comment", 8)}</div></body></html>`

describe("a weakly named wrapper around the named body", () => {
  it("reads the post inside a wrapper named post-meta around post-content", () => {
    const { markdown } = extractFromHtml(page(`<div class="post-meta"><div class="post-content">${prose("Post", 4)}</div></div>`))
    expect(markdown).to.contain("Post paragraph 1:").and.to.contain("Post paragraph 4:")
    expect(markdown).not.to.contain("Comment paragraph")
  })

  it("keeps a weakly named box whose body-named part holds little of it as furniture", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div class="post">${prose("Post", 4)}</div><div class="meta">${prose("Meta", 3)}<div class="content"><p>A short line, named content.</p></div></div>`,
      ),
    )
    expect(markdown).to.contain("Post paragraph 4:")
    expect(markdown).not.to.contain("Meta paragraph")
  })
})
