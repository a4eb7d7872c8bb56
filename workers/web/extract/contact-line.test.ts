import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const story = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the city council voted on Monday to close two branch libraries next spring, saying the savings would pay for longer hours at the main library downtown.</p>`,
).join("")

describe("the writer's address that ends the story", () => {
  it("is cut when it is the last line of the last paragraph", () => {
    const html = `<html><body><div class="story">${story}<p>
	<br />
	tconnor@nydailynews.com</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 4")
    expect(markdown).not.to.contain("tconnor")
  })

  it("is cut in a link after a line break, with its label, and with a handle after it", () => {
    const html = `<html><body><div class="story">${story}<p>More from the council next week.<br><i><a href="mailto:karen.kaplan@latimes.com">Email: karen.kaplan@latimes.com</a></i><br>twitter.com/KarenKaplan</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("More from the council next week.")
    expect(markdown).not.to.contain("karen.kaplan")
    expect(markdown).not.to.contain("twitter.com/KarenKaplan")
  })

  it("stays when a sentence of the story gives it", () => {
    const html = `<html><body><div class="story">${story}<p>Readers who want to keep a branch open can write to the council at libraries@city.example.org.</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("libraries@city.example.org")
  })

  it("stays when a line in another script names what the address is for", () => {
    const html = `<html><body><div class="story">${story}<table><tr><td>Πληροφορίες για διαφήμιση στην ηλεκτρονική έκδοση <a href="mailto:advertising@example.gr">advertising@example.gr</a></td></tr></table></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("advertising@example.gr")
  })
})
