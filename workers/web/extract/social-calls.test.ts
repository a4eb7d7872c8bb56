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

  it("is cut in Chinese when it asks the reader to like or follow our page", () => {
    const { markdown } = extractFromHtml(story("本站已开设专页，每天为你送上最新消息，与朋友分享！快点到Facebook Like我们的专页！"))
    expect(markdown).to.contain("Story paragraph 4:").and.not.to.contain("专页")
    expect(isSocialCall("欢迎关注我們的微博，了解更多资讯。")).to.equal(true)
    expect(isSocialCall("他说，网友一直在关注这件事，也关注我们的孩子能不能上学。")).to.equal(false)
  })

  it("is the story's when the story tells of following someone", () => {
    expect(isSocialCall("Fans began to follow Powell on Twitter after the match, and the club noticed.")).to.equal(false)
    expect(isSocialCall("Her fans follow her closely.")).to.equal(false)
    expect(isSocialCall("In the end, subscribers left.")).to.equal(false)
  })

  it("is the site telling which networks it is on, in several languages", () => {
    for (const call of [
      "We're also on Facebook",
      "Jesteśmy też na Facebooku! Dołącz do nas!",
      "JESTEŚMY NA FACEBOOKU - DOŁĄCZ DO MIŁOŚNIKÓW ZWIERZĄT!",
      "Мы ВКонтакте",
      "Мы в Facebook",
      "Wir sind auch auf Facebook",
    ])
      expect(isSocialCall(call), call).to.equal(true)
    for (const told of ["Мы узнали об этом в Facebook", "Jesteśmy pewni, że na Facebooku to się nie uda."])
      expect(isSocialCall(told), told).to.equal(false)
  })
})
