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

  it("keeps a list set as lines after the sentence that announces it: a roster of names, one a line", () => {
    const names = Array.from({ length: 60 }, (_, i) => `<p/>Player Number${i + 1} (State University of Place ${i + 1})`).join("")
    // as an old template writes it: the story's text loose in its box, paragraphs opened by <p/>
    const html = `<html><body><div class="menu"><a href="/">Home</a></div><div class="story">The combine tests more than sixty players this weekend, in front of every coach and scout of the league, ahead of the draft.${story.replaceAll("<p>", "<p/>").replaceAll("</p>", "")}<p/>Below is the list of players who have been invited to the combine:${names}<p/>* Players currently with the national team, available only on Sunday.</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Below is the list of players")
    expect(markdown).to.contain("Player Number1 (State University of Place 1)").and.to.contain("Player Number60 (State")
  })

  it("does not take a run of short lines after a colon for a list when they are links", () => {
    const links = Array.from({ length: 8 }, (_, i) => `<p><a href="/story/${i}">Another story number ${i}</a></p>`).join("")
    const { markdown } = extractFromHtml(`<html><body><div class="post">${story}<p>More from the newsroom:</p>${links}</div></body></html>`)
    expect(markdown).to.contain("Sentence 3 of the story")
    expect(markdown).not.to.contain("Another story number")
  })
})
