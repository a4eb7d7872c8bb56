import { expect } from "chai"
import { isToolsLine } from "./tool-words.ts"

describe("the page's tools in words", () => {
  it("reads a share bar that names the networks the page is shared to", () => {
    expect(isToolsLine("分享到： 新浪微博 腾讯微博 网易微博 搜狐微博 人人网 豆瓣")).to.equal(true)
    expect(isToolsLine("转帖到： 腾讯微博 新浪微博 QQ空间 开心网")).to.equal(true)
    expect(isToolsLine("Share: Facebook | Twitter | LinkedIn")).to.equal(true)
  })

  it("reads the text size set by letters or by words", () => {
    expect(isToolsLine("字号:T|T")).to.equal(true)
    expect(isToolsLine("【字体：大 中 小】")).to.equal(true)
    expect(isToolsLine("字體︰A+ A-")).to.equal(true)
  })

  it("leaves one network's name alone, and words that only open like a tool", () => {
    expect(isToolsLine("Twitter")).to.equal(false)
    expect(isToolsLine("微信")).to.equal(false)
    expect(isToolsLine("字体大方")).to.equal(false)
    expect(isToolsLine("分享经济带来的变化")).to.equal(false)
  })
})
