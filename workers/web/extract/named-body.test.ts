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

  it("reads the main landmark inside a wrapper named after the page's sidebar layout", () => {
    const html =
      `<!doctype html><html><head><title>A story</title></head><body>` +
      `<div class="pagebody pagebody--with-sidebar"><main><article>${prose("Story", 4)}</article></main>` +
      `<div class="links"><a href="/a">One</a> <a href="/b">Two</a></div></div>` +
      `<div class="cookie-notice"><p>Privacy overview</p>${prose("Cookie", 9)}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 4:")
    expect(markdown).not.to.contain("Cookie paragraph")
  })
})
