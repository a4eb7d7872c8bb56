import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { DEFAULT_TUNING } from "./article.ts"
import { asksReadability, prefersReadability } from "./second-opinion.ts"

const story = Array.from(
  { length: 6 },
  (_, i) => `Sentence ${i + 1} of the story, long enough to read as prose, with commas, names and a full stop at its end.<br><br>`,
).join("\n")

/** A blog theme's post in a box named as a widget (what we take for furniture), a footer of teasers beside it. */
const postInWidget = `<html><head><title>Wolves</title></head><body><div><div class="widget Blog"><div><div>${story}</div></div></div>
  <footer><ul><li><div>A couple of readers asked me for this recipe, so here it is, my way. First of...</div></li></ul>
  <form><p>Would you like to receive each new post by email? To subscribe, enter your email address:</p></form>
  <table><tr><td><span>Real people. Real makeovers. Real impact.</span></td></tr></table></footer></div></body></html>`

describe("the second opinion", () => {
  it("asks Readability when ours was read in furniture for want of better, and keeps its reading", () => {
    const read = extractFromHtml(postInWidget)
    expect(read.by).to.equal("readability")
    expect(read.markdown).to.contain("Sentence 1 of the story").and.to.contain("Sentence 6 of the story")
  })

  it("asks Readability when the page holds next to no prose to measure ours by (a table of contents)", () => {
    const toc = Array.from(
      { length: 40 },
      (_, i) => `<a href="/report/part-${i}">PART ${i} OF THE REPORT ON RURAL DEVELOPMENT</a><br>`,
    ).join("\n")
    const html = `<html><head><title>Report</title></head><body><div id="nav"><a href="/">Home</a> | <a href="/help">Help</a></div><div id="content"><p><strong>House Report 107-116: appropriations for agriculture, 2002</strong></p><hr><b>Table of Contents</b><br>${toc}</div></body></html>`
    const read = extractFromHtml(html)
    expect(read.by).to.equal("readability")
    expect(read.markdown).to.contain("PART 0 OF THE REPORT").and.to.contain("PART 39 OF THE REPORT")
  })

  it("returns nothing rather than a reading without a word, so that web_fetch says there is no text", () => {
    const html = `<html><body><table><tr><td><a href="/"><img src="/logo.png" alt=""></a></td><td>&nbsp;</td></tr><tr><td>&nbsp;</td><td>|</td></tr></table></body></html>`
    expect(extractFromHtml(html).markdown).to.equal("")
  })

  describe("the choice between the two readings", () => {
    const lead = "The council voted on Monday to keep the old library open for another year, after a long debate."
    const rest = " The mayor said the building would be repaired in the spring, and the librarians would stay on."
    const ours = { markdown: lead, coverage: 0.3, pageProse: 2000, pageText: 4000, inFurniture: false }

    it("asks Readability only when ours holds little of the page's prose", () => {
      expect(asksReadability(ours, DEFAULT_TUNING)).to.equal(true)
      expect(asksReadability({ ...ours, coverage: 0.9 }, DEFAULT_TUNING)).to.equal(false)
    })

    it("keeps a much longer reading that holds ours: more of the same article", () => {
      expect(prefersReadability(ours, `${lead}${rest}${rest}`, DEFAULT_TUNING)).to.equal(true)
    })

    it("refuses a much longer reading of another part of the page, however long", () => {
      const sidebar = "Most read: ten things to do this weekend, the best pizza in town, and a quiz on the week's news. ".repeat(3)
      expect(prefersReadability(ours, sidebar, DEFAULT_TUNING)).to.equal(false)
      // ours read in furniture for want of better is no reading to hold on to
      expect(prefersReadability({ ...ours, inFurniture: true }, sidebar, DEFAULT_TUNING)).to.equal(true)
    })

    it("refuses a reading that is not much longer", () => {
      expect(prefersReadability(ours, `${lead} And more.`, DEFAULT_TUNING)).to.equal(false)
    })
  })
})
