import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isWideSentence } from "./wide-sentence.ts"
import { parseDocument } from "./parse.ts"

const paragraphs = Array.from(
  { length: 4 },
  (_, i) =>
    `<div>　　${i + 1}、自本通告发布之日起，在工程建设征占地范围内禁止任何单位和个人新建、扩建和改建项目，禁止擅自开发土地、修建房屋及新建其他设施。</div>`,
).join("")

const element = (html: string): Element => parseDocument(`<html><body>${html}</body></html>`).body.firstElementChild!

describe("a short sentence in Chinese, Japanese or Korean", () => {
  it("is kept between the paragraphs, though as short as a label", () => {
    const { markdown } = extractFromHtml(
      `<html><body><div class="contents">${paragraphs}<div>　　特此通告。</div>${paragraphs}</div></body></html>`,
    )
    expect(markdown).to.contain("特此通告。")
  })

  it("is a sentence only when it ends as one and holds two words", () => {
    expect(isWideSentence(element("<div>到头来，一位自甘穷酸的外科医生。</div>"))).to.equal(true)
    expect(isWideSentence(element("<div>本日は晴天なり！</div>"))).to.equal(true)
    expect(isWideSentence(element("<div>分享到微信</div>"))).to.equal(false)
    expect(isWideSentence(element("<div>好。</div>"))).to.equal(false)
    expect(isWideSentence(element("<div>Sorry, it's sold!</div>"))).to.equal(false)
  })

  it("still lets a short label without a sentence's end be cut", () => {
    const { markdown } = extractFromHtml(`<html><body><div class="contents">${paragraphs}<div>分享到微信</div></div></body></html>`)
    expect(markdown).not.to.contain("分享到微信")
  })
})
