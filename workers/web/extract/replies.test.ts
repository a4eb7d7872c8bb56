import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

/** a post as old forums set it: a bare table of a title row, an author and text row, a "back" row */
const post = (title: string, text: string) =>
  `<table width="100%"><tr><td></td><td>${title}</td></tr><tr><td><a href="/u">someone</a></td><td>${text}<p>posted 2005/05/18 13:45:40 by someone</p></td></tr><tr><td></td><td><a href="/forum">back</a></td></tr></table>`
const paragraph = (i: number) =>
  `Paragraph ${i} of the opening post, a review long enough to read as prose, with commas, names and a full stop at its end.<br><br>`
const reply = (i: number) =>
  post(`Re: ${i}`, `Reply ${i}: I agree with the review, the music fits the city well, thank you for writing it.`)

describe("the replies under a post in table rows", () => {
  it("cuts the copies of the post's table after it when the post outweighs them", () => {
    const opening = post("Clean: a review", Array.from({ length: 12 }, (_, i) => paragraph(i + 1)).join(""))
    const { markdown } = extractFromHtml(`<html><body><div>${opening}${reply(1)}${reply(2)}${reply(3)}</div></body></html>`)
    expect(markdown).to.contain("Paragraph 12 of the opening post")
    expect(markdown).not.to.contain("Reply 1:")
    expect(markdown).not.to.contain("Reply 3:")
  })

  it("keeps a discussion whose posts weigh alike", () => {
    const opening = post("Clean: a review", [1, 2].map(paragraph).join(""))
    const { markdown } = extractFromHtml(`<html><body><div>${opening}${reply(1)}${reply(2)}${reply(3)}</div></body></html>`)
    expect(markdown).to.contain("Paragraph 2 of the opening post")
    expect(markdown).to.contain("Reply 3:")
  })

  it("keeps an article's later paragraphs that hold one link each, as its longest does", () => {
    // a blog post's paragraphs (dragnet-R289's shape): the longest and two shorter ones after it each link one phrase
    const words = "the hiring process is chimerical, and if you have any doubts about a candidate, even doubts you cannot pinpoint"
    const html = `<html><body><div class="entry-content">
      <p>In the few spare moments I am allotted, I have been working on an article about librarians and image, ${words}.</p>
      <p>So, good for the employer. I cannot over-emphasize <a href="/hiring">what I have said elsewhere about hiring</a>: ${words}, ${words}, ${words}.</p>
      <p>The board was convinced of the right person, <a href="/news">until it was not</a>, and nobody asked why.</p>
      <p>Had the search committee <a href="/search">looked again</a>, the outcome might well have been different.</p>
    </div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("I cannot over-emphasize")
    expect(markdown).to.contain("nobody asked why")
    expect(markdown).to.contain("might well have been different")
  })
})
