import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

/** the story's paragraphs, each with `cls` as its class */
const styled = (cls: string, n: number) => prose("Story", n).replaceAll("<p>", `<p class="${cls}">`)

const page = (story: string) =>
  `<!doctype html><html><head><title>A story</title></head><body>` +
  `<div class="nav-links"><a href="/a">Home</a> <a href="/b">World</a></div>` +
  `<div class="story"><p class="lead">The lead of the story, a sentence of its own that sums it up for readers.</p>${story}</div>` +
  `<div class="sidebar">${prose("Sidebar", 2)}</div></body></html>`

describe("a furniture word in the class of every paragraph of the text", () => {
  it("reads the paragraphs of a run that share a type-style class such as font--secondary", () => {
    const { markdown } = extractFromHtml(page(styled("font--secondary", 5)))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Sidebar paragraph")
  })

  it("keeps a named paragraph that stands alone beside the text as furniture", () => {
    const { markdown } = extractFromHtml(
      page(
        `${prose("Story", 5)}<p class="newsletter-signup">Sign up for our newsletter, a weekly letter, with the best stories of the week.</p>`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("newsletter")
  })
})
