import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { siteOf } from "./cited-links.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string, ogUrl = "https://blog.example.com/2012/11/post") =>
  `<!doctype html><html><head><title>The post</title><meta property="og:url" content="${ogUrl}"></head><body>${body}</body></html>`

describe("cited links", () => {
  it("keeps a paragraph that is one link to another site between the article's paragraphs", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div class="entry">${prose("Body", 2)}<p><a href="http://other.example.org/blog/?p=172">http://other.example.org/blog/?p=172</a></p>${prose("Body", 2, 3)}</div>`,
      ),
    )
    expect(markdown).to.contain("Body paragraph 4:")
    expect(markdown).to.contain("http://other.example.org/blog/?p=172")
  })

  it("keeps an event's name linked to its site above the paragraph about it", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div class="entry">${prose("Body", 2)}<p><strong>Music</strong></p><p><a href="http://festival.example.net/">Jazz Festival, 9-18 November, various places</a></p>${prose("Body", 2, 3)}</div>`,
      ),
    )
    expect(markdown).to.contain("Jazz Festival, 9-18 November")
  })

  it("keeps sources set as bare addresses between the article's subheadings, an image linked beside one", () => {
    const source = (i: number) =>
      `<p><a href="http://source${i}.example.org/story-${i}">http://source${i}.example.org/story-${i}</a><a href="/img/${i}.jpg"><img src="/img/${i}.jpg"></a></p>`
    const { markdown } = extractFromHtml(
      page(
        `<div class="entry">${prose("Body", 2)}${source(1)}<h2>Second source</h2>${source(2)}<h2>Third source</h2>${source(3)}${prose("Body", 2, 3)}</div>`,
      ),
    )
    for (const i of [1, 2, 3]) expect(markdown).to.contain(`http://source${i}.example.org/story-${i}`)
  })

  it("still cuts a list of links to other sites set as paragraphs", () => {
    const links = [1, 2, 3, 4].map((i) => `<p><a href="http://site${i}.example.org/">Useful site number ${i}</a></p>`).join("")
    const { markdown } = extractFromHtml(page(`<div class="entry">${prose("Body", 3)}${links}${prose("Body", 1, 4)}</div>`))
    expect(markdown).to.contain("Body paragraph 4:")
    expect(markdown).not.to.contain("Useful site")
  })

  it("still cuts a paragraph that links to the site's own pages (a promotion of its stories or its app)", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div class="entry">${prose("Body", 2)}<p><a href="https://video.example.com/v/609">CO-FOUNDER PROUD OF HIS EMPLOYEES</a></p>${prose("Body", 2, 3)}` +
          `<p><a href="https://www.example.com/apps">GET THE APP BY CLICKING HERE</a></p>${prose("Body", 1, 5)}</div>`,
        "https://www.example.com/markets/story",
      ),
    )
    expect(markdown).to.contain("Body paragraph 5:")
    expect(markdown).not.to.contain("CO-FOUNDER")
    expect(markdown).not.to.contain("GET THE APP")
  })

  it("takes the site most links point to for the page's own when it does not say", () => {
    const nav = Array.from({ length: 6 }, (_, i) => `<a href="http://blog.example.com/archive/${i}">Archive ${i}</a>`).join(" ")
    const body = (href: string) =>
      `<div class="nav">${nav}</div><div class="entry">${prose("Body", 2)}<p><a href="${href}">Read the whole interview here</a></p>${prose("Body", 2, 3)}</div>`
    const html = (href: string) => `<!doctype html><html><head><title>The post</title></head><body>${body(href)}</body></html>`
    expect(extractFromHtml(html("http://paper.example.org/interview")).markdown).to.contain("Read the whole interview")
    expect(extractFromHtml(html("http://blog.example.com/interview")).markdown).not.to.contain("Read the whole interview")
  })

  it("names a site by its last two labels, three under a country's second-level domain", () => {
    expect(siteOf("video.example.com")).to.equal("example.com")
    expect(siteOf("www.example.com")).to.equal("example.com")
    expect(siteOf("news.example.co.uk")).to.equal("example.co.uk")
    expect(siteOf("example.de")).to.equal("example.de")
  })
})
