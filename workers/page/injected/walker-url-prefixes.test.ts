import { expect } from "chai"
import { prefixUrls } from "./walker-url-prefixes.ts"
import { SelectorMaker } from "./walker-selectors.ts"
import { urlExpander } from "../../../test/support/page-annotations.ts"

/** The prefix pass run to its end on a content. */
const prefixed = (content: string): string => {
  const run = prefixUrls(content, () => false)
  let step = run.next()
  while (!step.done) step = run.next()
  return step.value.content
}

/** Each link's URL in a content, put together from its prefixes. */
const urlsOf = (content: string): string[] => {
  const expand = urlExpander(content)
  return [...content.matchAll(/^- \[[^\]]*\]\(([^)]*)\)/gm)].map((m) => expand(m[1]!))
}

describe("URL prefixes: whole URLs and how many", () => {
  it("declares a URL the page links again and again whole, and writes each of its links `(~N)`", () => {
    // A permalink under each comment: the same URL beside each comment's own selector.
    const permalink = "https://blog.example.org/2012/10/a-story-about-personas.html"
    const urls = [...Array.from({ length: 6 }, () => permalink), "https://blog.example.org/about", "https://blog.example.org/contact"]
    const content = urls.map((u, i) => `- [c${i}](${u}){#c${i}>a}`).join("\n")
    const written = prefixed(content)
    expect(written.length).to.be.below(content.length)
    expect(written, written).to.match(/^- \[c3\]\(~\d+\)\{#c3>a\}$/m)
    expect(urlsOf(written)).to.deep.equal(urls)
  })

  it("counts a URL that several links' hrefs are at the length of its `~N`", () => {
    const permalink = "/2012/10/a-story-about-personas.html"
    document.body.innerHTML = `${Array.from({ length: 4 }, (_, i) => `<p>${i} <a href="${permalink}">link</a></p>`).join("")}<a href="/alone/page">x</a>`
    const selectors = new SelectorMaker()
    const link = document.querySelector("a")!
    expect(selectors.shownLength(link, permalink)).to.equal(3)
    expect(selectors.shownLength(link, "/alone/page")).to.equal("/alone/page".length)
    document.body.innerHTML = ""
  })

  it("declares more than thirty prefixes when each pays for itself: a blog's permalinks", () => {
    // 40 posts, each with its permalink and its comments link, and a second link to the permalink.
    const urls = Array.from({ length: 40 }, (_, i) => {
      const post = `https://blog.example.net/2005/01/post-number-${i}.html`
      return [post, `${post}#comments`, post]
    }).flat()
    const written = prefixed(urls.map((u, i) => `- [l${i}](${u})`).join("\n"))
    const declared = written.split("\n")[0]!.match(/~\d+ /g) ?? []
    expect(declared.length, written.split("\n")[0]).to.be.above(30)
    expect(urlsOf(written)).to.deep.equal(urls)
  })

  it("declares the scheme alone when the page links many sites once each", () => {
    // A post that credits a dozen people, each with a link to their own site.
    const urls = Array.from({ length: 12 }, (_, i) => `https://person-${i}.example/`)
    const written = prefixed(urls.map((u, i) => `- [p${i}](${u})`).join("\n"))
    expect(written.split("\n")[0], written).to.equal("URL prefixes: ~1 https:/")
    expect(written, written).to.match(/^- \[p3\]\(~1\/person-3\.example\/\)$/m)
    expect(urlsOf(written)).to.deep.equal(urls)
  })

  it("declares the scheme before a host picked earlier, and the host from it", () => {
    // A site's own stories, ten links, then a dozen sources linked once each.
    const urls = [
      ...Array.from({ length: 10 }, (_, i) => `https://www.big-site.example/story-${i}.html`),
      ...Array.from({ length: 12 }, (_, i) => `https://person-${i}.example/`),
    ]
    const written = prefixed(urls.map((u, i) => `- [p${i}](${u})`).join("\n"))
    expect(written.split("\n")[0], written).to.equal("URL prefixes: ~1 https:/ ~2 ~1/www.big-site.example")
    expect(urlsOf(written)).to.deep.equal(urls)
  })

  it("keeps the order picked when declaring the scheme first would push a busy prefix to `~10`", () => {
    // Nine sites linked 60 times each (picked before the scheme: each saves more), then a dozen
    // sources once each: moving `https:/` to `~1` saves 5 on each site's declaration and 1 on each
    // source (57), but the ninth site's 60 links would write `~10`.
    const urls = [
      ...Array.from({ length: 9 }, (_, s) =>
        Array.from({ length: 60 }, (_, i) => `https://www.a-long-host-name-for-the-site-${"abcdefghi"[s]}.example/p${i}`),
      ).flat(),
      ...Array.from({ length: 12 }, (_, i) => `https://person-${i}.example/`),
    ]
    const written = prefixed(urls.map((u, i) => `- [p${i}](${u})`).join("\n"))
    expect(written.split("\n")[0], written.slice(0, 400)).to.match(
      /^URL prefixes: ~1 https:\/\/www\.a-long-host-name-for-the-site-a\.example .* ~10 https:\/$/,
    )
    expect(urlsOf(written)).to.deep.equal(urls)
  })

  it("declares more than twenty prefixes when each pays for itself", () => {
    // 26 sites, each linked five times under a path of its own.
    const urls = Array.from({ length: 26 }, (_, s) =>
      Array.from({ length: 5 }, (_, i) => `https://site-${String.fromCharCode(97 + s)}.example.net/section/${i}`),
    ).flat()
    const written = prefixed(urls.map((u, i) => `- [l${i}](${u})`).join("\n"))
    const declared = written.split("\n")[0]!.match(/~\d+ /g) ?? []
    expect(declared.length, written.split("\n")[0]).to.be.above(20)
    expect(urlsOf(written)).to.deep.equal(urls)
  })
})
