import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`

const HEADLINE = "Scientists find a way to fight radiation damage"

// other stories' cards, each a linked headline over a long summary: together more prose than the story
const otherNews = Array.from(
  { length: 8 },
  (_, i) =>
    `<div class="item"><div class="image"><a href="/news/${i}"><img src="/i/${i}.jpg" alt=""></a></div>` +
    `<div class="content"><h2><a href="/news/${i}">Other headline number ${i} on the topic</a></h2>` +
    `<p><span class="url">source${i}.example:</span> <span class="text">Summary ${i}: researchers elsewhere said on Monday that a new study, ` +
    `published in a journal, shows a result that others will now try to repeat in their own laboratories...</span></p></div></div>`,
).join("")

// a header of headlines, each written half as text and half as a link, as some news agencies set them
// the site's sections and regions, set around the story as link lists are
const menu = `<ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="/section/${i}">Section ${i} news</a></li>`).join("")}</ul>`

const headlines = Array.from(
  { length: 8 },
  (_, i) =>
    `<li>Minister number ${i} says the budget talks will go on next week, <a href="/h/${i}">and the opposition answers him</a></li>`,
).join("")

describe("the headline that repeats the page title", () => {
  it("reads the short story under it, not the longer list of other stories' summaries beside it", () => {
    const { markdown } = extractFromHtml(
      page(
        `${HEADLINE} - news from the Science section, discussion - Newsland`,
        `<div class="main"><div class="first"><div class="detail"><h1>${HEADLINE}</h1>` +
          `<div class="text">${prose("Story", 5)}</div></div>${menu}</div>` +
          `<div class="list"><h1>Other news on this topic</h1>${otherNews}</div></div>`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Summary")
  })

  // a Chinese headline of nine characters is as long as a sentence of nine words; the site's
  // name, in the title too, set as a heading in the masthead is shorter than the headline
  for (const [headline, masthead, label] of [
    [HEADLINE, "", ""],
    ["北京今日发布新规定", "", " (a short Chinese headline)"],
    [HEADLINE, "<h1>The Agency News Service</h1>", " (the site's name a heading too)"],
  ])
    it(`gathers no part of the story from before its headline${label}`, () => {
      const { markdown } = extractFromHtml(
        page(
          `${headline} - Science news - The Agency News Service`,
          `${masthead}${menu}<div id="top"><div class="headlines"><ul>${headlines}</ul></div></div>` +
            `<div id="container"><div id="center"><div id="tab"><div class="newsbody"><h1>${headline}</h1>${prose("Story", 6)}</div></div></div>` +
            `<div id="side"><p>${"A column of notes. ".repeat(3)}</p></div></div>${menu}`,
        ),
      )
      expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 6:")
      expect(markdown).not.to.contain("Minister")
    })

  it("leaves a page whose headline stands over no prose of its own as it was", () => {
    // the headline in a masthead box: the story is read where it scores best, as before
    const { markdown } = extractFromHtml(
      page(
        `${HEADLINE} | Paper`,
        `<header><h1>${HEADLINE}</h1><p>By a reporter</p></header><main><div class="body">${prose("Story", 5)}</div></main>`,
      ),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
  })
})
