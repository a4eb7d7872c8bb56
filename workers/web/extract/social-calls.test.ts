import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"
import { isSocialCall } from "./social-calls.ts"

const story = (last: string) => `<html><body><article>${prose("Story", 4)}<p>${last}</p></article></body></html>`

describe("a call to follow on a social network", () => {
  it("is cut at the story's end when it names the writer", () => {
    const { markdown } = extractFromHtml(story("Follow Powell on Twitter at twitter.com/abjpowell."))
    expect(markdown).to.contain("Story paragraph 4:").and.not.to.contain("Follow Powell")
  })

  it("is cut after a short lead, and as a handle alone", () => {
    expect(extractFromHtml(story("For Daily Updates, follow us on Twitter or join us on Facebook")).markdown).not.to.contain("follow us")
    expect(extractFromHtml(story("Twitter: @janethejourno")).markdown).not.to.contain("@janethejourno")
  })

  it("is the story's when the story tells of following someone", () => {
    expect(isSocialCall("Fans began to follow Powell on Twitter after the match, and the club noticed.")).to.equal(false)
    expect(isSocialCall("Her fans follow her closely.")).to.equal(false)
    expect(isSocialCall("In the end, subscribers left.")).to.equal(false)
  })
})
