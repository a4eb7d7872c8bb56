import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const description = (what: string) =>
  `<p>${what} returns to the capital this month with a programme that runs for ten days, with talks, workshops and a weekend of evening shows for the whole family, and tickets are on sale now at the box office.</p>`

const item = (name: string, label: string) =>
  `<p><strong>${label}</strong></p><p><a href="https://example.org/${label.toLowerCase()}">${name}</a></p>${description("It")}`

describe("a round-up of linked items", () => {
  it("keeps each item's linked name above its description", () => {
    const html = `<html><body><nav><a href="/">Home</a> <a href="/arts">Arts</a></nav><div class="content">
      <p>Here is what to see in town this week, from music to theatre and the galleries in between, picked by our critics.</p>
      ${item("London Jazz Festival, 9-18 November, various locations", "Music")}
      ${item("Storytelling Festival, 9-18 November, Leicester Square", "Festival")}
      ${item("People, National Theatre, until 9 February", "Theatre")}
      </div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("[London Jazz Festival, 9-18 November, various locations](https://example.org/music)")
    expect(markdown).to.contain("[People, National Theatre, until 9 February](https://example.org/theatre)")
  })

  it("still cuts a lone linked headline set between paragraphs, and bare addresses", () => {
    const html = `<html><body><div class="content">
      ${description("The festival")}
      <p><a href="https://example.org/other-story">Another story the site would like you to read next</a></p>
      ${description("The fair")}
      <p><a href="http://www.example.org">http://www.example.org</a></p>${description("The site")}
      <p><a href="http://www.example.net">http://www.example.net</a></p>${description("The other site")}
      </div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("The fair returns")
    expect(markdown).not.to.contain("Another story the site")
    expect(markdown).not.to.contain("http://www.example.net")
  })
})
