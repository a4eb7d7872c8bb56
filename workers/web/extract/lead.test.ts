import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const STORY = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells what happened at the council meeting on Monday, when the budget was voted through after a long debate about the new library.</p>`,
).join("")
const MENU = ["Home", "News", "Sport", "Forums"].map((n) => `<li><a href="/${n}">${n}</a></li>`).join("")
const MORE = Array.from({ length: 12 }, (_, i) => `<li><a href="/s/${i}">Another story of the day number ${i}</a></li>`).join("")
/** a story page of an older template: headline, lead, date and body each a block of their own, teasers after */
const page = (lead: string): string =>
  `<html><body><table><tr><td><ul>${MENU}</ul></td>
<td><div class="wrapper"><h1>Stars slam grant cuts</h1><div><p class="intro">${lead}</p></div>
<div class="date">9th January 2008</div><div><p><a href="#comments">Your Shout</a></p></div>
<div class="copy">${STORY}</div><div class="more"><ul>${MORE}</ul></div></div></td></tr></table></body></html>`

describe("a story's lead set before its body", () => {
  it("is kept with the body, though one sentence adds too little to be gathered", () => {
    const lead = "Some of the biggest stars in theatre have passed a motion of no confidence in the arts council."
    const { markdown } = extractFromHtml(page(lead))
    expect(markdown).to.contain("Paragraph 8 of the story")
    expect(markdown).to.contain(lead)
    expect(markdown.indexOf(lead)).to.be.below(markdown.indexOf("Paragraph 1"))
    // what lies between the lead and the body, and the teasers after it, are not the story's
    expect(markdown).not.to.contain("Your Shout")
    expect(markdown).not.to.contain("Another story")
  })

  it("is not a short label or a line without a full stop", () => {
    for (const label of ["Please support local business!", "Back to today's news and the latest stories from around the region"]) {
      const { markdown } = extractFromHtml(page(label))
      expect(markdown).to.contain("Paragraph 8 of the story")
      expect(markdown, label).not.to.contain(label)
    }
  })
})
