import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

describe("what follows the page's footer", () => {
  // a tooltip's balloon or a pop-up's text, set after the footer and shown on demand
  const balloon = `<div class="balloon">${prose("Balloon", 4)}</div>`

  it("is not read with the story, however much prose it holds", () => {
    const html = `<!doctype html><html><head><title>A story</title></head><body>
      <div id="story">${prose("Story", 12)}</div><div class="footer"><a href="/about">About us</a></div>${balloon}</body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 12:")
    expect(markdown).not.to.contain("Balloon paragraph")
  })

  it("is not gathered as a part of the story", () => {
    const html = `<!doctype html><html><head><title>A story</title></head><body>
      <div>${prose("Story", 4)}</div><div>${prose("Story", 4, 5)}</div><footer><a href="/about">About us</a></footer>${balloon}</body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 8:")
    expect(markdown).not.to.contain("Balloon paragraph")
  })

  it("leaves the story's parts before the footer whole", () => {
    const html = `<!doctype html><html><head><title>A story</title></head><body>
      <div>${prose("Story", 4)}</div><div>${prose("Story", 4, 5)}</div><footer><a href="/about">About us</a></footer></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 8:")
  })
})

describe("what follows a story's footer inside the content", () => {
  it("is cut: two teasers set after the story's footer are no part of it", () => {
    // a wrapper named as content holds the story, its footer and a box of the section's latest stories
    const teaser = (n: number) =>
      `<div class="teasers"><h2><a href="/sport/${n}">Headline ${n} of the section</a></h2>` +
      `<p>Teaser ${n}: the summary of another story of the section, as long as a paragraph of it would be.</p></div>`
    const html = `<!doctype html><html><head><title>A story</title></head><body><div id="content-article">
      <div id="wrap"><div id="story">${prose("Story", 5)}</div><div class="article-footer"><a href="/print">Print</a></div>
      <div id="latest"><h4><a href="/sport">Latest sport news</a></h4>${teaser(1)}${teaser(2)}</div></div></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Teaser 1")
  })
})

describe("a post's own footer", () => {
  it("is no page footer when it holds more of the post's prose than comes before it", () => {
    // a blog engine's "entry-meta" footer that holds the episode's notes below a one-line intro
    const html = `<!doctype html><html><head><title>A story</title></head><body><article class="post">
      <div class="entry-content">${prose("Intro", 1)}</div><footer class="entry-meta">${prose("Notes", 4)}</footer>
      <p>The closing line of the episode: thanks, and see you soon.</p></article></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Intro paragraph 1:").and.to.contain("Notes paragraph 4:").and.to.contain("The closing line")
  })
})
