import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const lines = Array.from(
  { length: 4 },
  (_, i) =>
    `Line ${i + 1} of the wire story tells what happened at the council meeting on Monday, when the budget was voted through after a long debate about the new library.<br><br>`,
).join("")

describe("a legal line that ends the content's last block", () => {
  it("is cut after a line break inside the story's cell", () => {
    const html = `<html><body><table><tr><td><span class="story">${lines}<br>Copyright Asian News International</span></td></tr></table></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Line 4 of the wire story")
    expect(markdown).not.to.contain("Copyright Asian News")
  })

  it("is cut when set in small type after the last paragraph, '(c)' without a year", () => {
    const paragraphs = lines.replaceAll("<br><br>", "</p><p>")
    const html = `<html><body><div class="story"><p>${paragraphs}</p><br><font size="1">(c) Indo-Asian News Service</font><br></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Line 4 of the wire story")
    expect(markdown).not.to.contain("Indo-Asian News Service")
  })

  it("stays when it is a sentence of the story that mentions copyright", () => {
    const { markdown } = extractFromHtml(
      `<html><body><div class="story"><p>${lines}The council's copyright office said the map may be reused.</p></div></body></html>`,
    )
    expect(markdown).to.contain("copyright office said the map")
  })
})
