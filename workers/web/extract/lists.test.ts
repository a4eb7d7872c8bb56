import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const story = Array.from(
  { length: 3 },
  (_, i) => `<p>Sentence ${i + 1} of the story, long enough to read as prose, with commas, names and a full stop at its end.</p>`,
).join("")
const deal = (i: number) =>
  `<li><a href="https://example.com/d${i}">Portable drive number ${i}, two terabytes, for $161.99 with free shipping</a> (normally $180, use coupon code: ABC${i})</li>`

describe("a list the article announces", () => {
  it("keeps a list of links after a line ending with a colon when its items say more of their own", () => {
    const html = `<html><body><div class="post">${story}<p><strong>Other deals:</strong></p><ul>${[1, 2, 3, 4].map(deal).join("")}</ul></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Other deals:")
    expect(markdown).to.contain("Portable drive number 4")
  })

  it("still cuts an announced list of bare links (tags)", () => {
    const tags = ["Android", "Apps", "Browser", "Internet"].map((t) => `<li><a href="/tag/${t}">${t}</a></li>`).join("")
    const { markdown } = extractFromHtml(`<html><body><div class="post">${story}<p>Topics:</p><ul>${tags}</ul></div></body></html>`)
    expect(markdown).to.contain("Sentence 3 of the story")
    expect(markdown).not.to.contain("Browser")
  })
})
