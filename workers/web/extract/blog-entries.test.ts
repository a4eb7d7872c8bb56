import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>Team blog</title></head><body>${body}</body></html>`

/** a blog engine's signature under an entry: who, where and when, with the links to its comments */
const footer = (i: number) =>
  `<div class="entryFooter">Posted by <a href="/authors/${i}">Author ${i}</a> in <a href="/categories/${i}">news</a> at ` +
  `<a href="/archives/${i}.html">14:3${i % 10}</a> | <a href="/archives/${i}.html#comments">Comments (0)</a> | <a href="/archives/${i}.html#trackbacks">Trackbacks (0)</a></div>`

describe("a blog's front page", () => {
  it("keeps the entries whose titles are set before them, though each is signed like a comment", () => {
    // Blog engines set an entry's title just before the entry's box, outside it, and sign the
    // entry at its foot ("Posted by … at 14:32"): read without their headings, the entries after
    // the first were a comment thread and were cut as furniture.
    const entry = (i: number, paragraphs = 2) =>
      `<h4 class="title"><a href="/archives/${i}.html">Entry ${i} title</a></h4>` +
      `<div class="entry entry_author_${i}"><div class="entry_body">${prose(`Entry ${i}`, paragraphs)}</div>${footer(i)}</div>`
    const { markdown } = extractFromHtml(
      page(
        `<div id="content"><div class="day"><h3>Monday</h3>${entry(1, 5)}</div>` +
          `<div class="day"><h3>Sunday</h3>${[2, 3, 4, 5].map((i) => entry(i)).join("")}</div></div>`,
      ),
    )
    expect(markdown).to.contain("Entry 1 paragraph 5:")
    for (const i of [2, 3, 4, 5]) expect(markdown).to.contain(`Entry ${i} paragraph 2:`)
  })

  it("keeps a short entry between long ones, though its signature's links outweigh its words", () => {
    // Items of one template stand together: scored alone, a one-line entry under a line of links
    // read as boilerplate and was cut, while the long entries around it were kept.
    const entry = (i: number, body: string) =>
      `<div class="dated-${i % 2}"><h3>Day ${i}</h3><div class="entry"><div class="entry_body">${body}</div>${footer(i)}</div></div>`
    const { markdown } = extractFromHtml(
      page(
        `<div id="content">${entry(1, prose("Long 1", 4))}${entry(2, "Short entry 2: the new server runs from tonight, thanks to all of you who gave.")}` +
          `${entry(3, prose("Long 3", 4))}${entry(4, "Short entry 4: I am away for a week, and will answer mail when I am back.")}${entry(5, prose("Long 5", 3))}</div>` +
          `<div class="sidebar"><ul>${[1, 2, 3, 4, 5].map((i) => `<li><a href="/archives/${i}.html">Archive ${i}</a></li>`).join("")}</ul></div>`,
      ),
    )
    expect(markdown).to.contain("Long 1 paragraph 4:").and.to.contain("Long 5 paragraph 3:")
    expect(markdown).to.contain("Short entry 2: the new server").and.to.contain("Short entry 4: I am away")
    expect(markdown).not.to.contain("Archive 3")
  })
})
