import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const TITLE = "Council votes the library budget through"
const STORY = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells what happened at the council meeting on Monday, when the budget was voted through after a long debate about the new library.</p>`,
).join("")
const MORE = Array.from({ length: 8 }, (_, i) => `<li><a href="/s/${i}">Another story of the day number ${i}</a></li>`).join("")

/** a story page of a 2010s news template: the headline, the lead and the body's box side by side in the story's box */
const page = (between: string, title = TITLE): string =>
  `<html><head><title>${title} | The Gazette</title></head><body>
<div class="menu"><a href="/">Home</a> <a href="/news">News</a></div>
<div id="item"><h1>${title}</h1>${between}
<div class="share"><a href="/share">Share</a> <span>2101</span></div>
<div class="text"><div class="inner">${STORY}</div></div></div>
<ul class="more">${MORE}</ul></body></html>`

const LEAD = "After a night of debate the council kept the new library, and cut the road budget instead"

describe("a story's standfirst between its headline and its body", () => {
  it("is read before the body, as a heading or a block of text alone", () => {
    for (const lead of [`<h2 class="lead">${LEAD}.</h2>`, `<strong id="summary">${LEAD}</strong>`, `<div class="intro">${LEAD}.</div>`]) {
      const { markdown } = extractFromHtml(page(lead))
      expect(markdown, lead).to.contain(LEAD)
      expect(markdown.indexOf(LEAD), lead).to.be.below(markdown.indexOf("Paragraph 1"))
      expect(markdown).to.contain("Paragraph 6 of the story")
      expect(markdown).not.to.contain("Another story")
      expect(markdown).not.to.contain("Share")
    }
  })

  it("is not a picture's caption set in a figure over the body", () => {
    const hero = `<figure class="e-image"><span><img src="/hero.jpg" alt=""></span><span class="e-image__meta">
      <figcaption>Readers queue at the old library on the night the council met about its future.</figcaption><cite>Jane Smith/The Gazette/Getty Images</cite></span></figure>`
    const { markdown } = extractFromHtml(page(hero))
    expect(markdown).to.contain("Paragraph 1 of the story").and.to.contain("Paragraph 6 of the story")
    expect(markdown).not.to.contain("Readers queue at the old library")
  })

  it("is read when the body is one paragraph", () => {
    const one = page(`<h2 class="lead">${LEAD}.</h2>`).replace(
      STORY,
      `<p>${"The council met on Monday and voted, after a long debate about the new library, to keep it open. ".repeat(4)}</p>`,
    )
    const { markdown } = extractFromHtml(one)
    expect(markdown).to.contain(LEAD)
    expect(markdown).to.contain("to keep it open")
  })

  it("is not a dateline, a byline, a kicker, a call to sign up or a summary the body repeats", () => {
    for (const line of [
      "Published: Thursday, January 12 2012, 9:00 AM",
      "By Jane Reporter and John Writer, Gazette staff",
      "Local politics",
      "Sign up for our newsletter to get the council's news every morning",
      "Paragraph 1 of the story tells what happened at the council meeting on Monday",
    ]) {
      const { markdown } = extractFromHtml(page(`<div class="under">${line}</div>`))
      expect(markdown, line).to.contain("Paragraph 6 of the story")
      if (line.startsWith("Paragraph")) expect(markdown.split(line).length - 1, line).to.equal(1)
      else expect(markdown, line).not.to.contain(line)
    }
  })

  it("is not a deck in the headline's own box, beside the story's box", () => {
    const hero = `<html><head><title>${TITLE}</title></head><body>
<div class="hero"><h1>${TITLE}</h1><p class="dek">${LEAD}.</p><div class="byline">By Jane Reporter</div></div>
<div class="text">${STORY}</div><ul class="more">${MORE}</ul></body></html>`
    const { markdown } = extractFromHtml(hero)
    expect(markdown).to.contain("Paragraph 6 of the story")
    expect(markdown).not.to.contain(LEAD)
  })

  it("finds the headline in a title that names the site and section around it", () => {
    const named = page(`<h2 class="lead">${LEAD}.</h2>`).replace(
      `<title>${TITLE} | The Gazette</title>`,
      `<title>The Gazette - ${TITLE} - Local news. Gazette</title>`,
    )
    expect(extractFromHtml(named).markdown).to.contain(LEAD)
    // a name of a few words in a longer title (a show's, a product's) is no headline
    const short = page(`<h2 class="lead">${LEAD}.</h2>`, "Library budget")
      .replace("<h1>Library budget</h1>", "<h1>The library</h1>")
      .replace(`<title>Library budget | The Gazette</title>`, `<title>The library (Council series 2012) - All episodes</title>`)
    expect(extractFromHtml(short).markdown).not.to.contain(LEAD)
  })

  it("needs the page's headline: a line before a body without one is not read as a lead", () => {
    const { markdown } = extractFromHtml(page(`<h2 class="lead">${LEAD}.</h2>`, TITLE).replace(`<h1>${TITLE}</h1>`, ""))
    expect(markdown).to.contain("Paragraph 6 of the story")
    expect(markdown).not.to.contain(LEAD)
  })
})
