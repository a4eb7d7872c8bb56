import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const item = (i: number, more: string) =>
  `<div class="item"><a href="/story/${i}"><b>Headline number ${i} of the business digest</b></a><br>Summary ${i}: the ministers met in Brussels yesterday and could not agree on the change to the national veto on tax policy.<br><a href="/story/${i}">${more}</a></div>`

describe("links that only say 'more'", () => {
  it("are cut from a digest's items, with the line break before them", () => {
    const html = `<html><body><div class="digest">${[1, 2, 3, 4].map((i) => item(i, "read on &gt;&gt;")).join("")}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Summary 4: the ministers met")
    expect(markdown).not.to.contain("read on")
  })

  it("are cut in other languages and in brackets, but a link that names its subject stays", () => {
    const html = `<html><body><div class="story"><p>The council voted the budget through on Monday after a long debate about the library and the pool. <a href="/budget">Read more about the vote</a> in our explainer.</p>
      <p>The mayor said the vote was a turning point for the town and thanked the residents who came to speak. [<a href="/more">More</a>]</p>
      <p>Der Rat hat den Haushalt am Montag nach einer langen Debatte über die Bibliothek beschlossen. <a href="/weiter">Weiterlesen …</a></p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Read more about the vote")
    expect(markdown).to.contain("came to speak.")
    expect(markdown).not.to.contain("More]")
    expect(markdown).not.to.contain("Weiterlesen")
  })
})
