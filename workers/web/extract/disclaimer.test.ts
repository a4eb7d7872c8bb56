import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isDisclaimer, opensDisclaimer } from "./disclaimer.ts"

const zhStory = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>　　第${i + 1}段：国家统计局周四公布的数据显示，十一月份全国规模以上工业增加值同比增长百分之十二点四，增速比上月回落零点八个百分点，市场人士认为经济增长仍然平稳。</p>`,
).join("")

const enStory = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: health officials said on Monday that the country had gone a full year without a new case of polio, a milestone that experts had long thought out of reach.</p>`,
).join("")

describe("a site's disclaimer under the story", () => {
  it("is cut when its own block follows the story ('【免责声明】')", () => {
    const html = `<html><body><div class="art_context">${zhStory}</div><div class="clear"></div><div class="mz_decl"><div class="clear"></div><P style="color:#666;">　　【免责声明】本文仅代表作者本人观点，与本网无关。本网站对文中陈述、观点判断保持中立，不对所包含内容的准确性、可靠性或完整性提供任何明示或暗示的保证。请读者仅作参考，并请自行承担全部责任。</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("第5段")
    expect(markdown).not.to.contain("免责声明")
  })

  it("is cut when it is the last line of the story's last paragraph ('Disclaimer:')", () => {
    const html = `<html><body><div class="entry">${enStory}<p>Source: <a href="http://www.example.org/">The Global Polio Eradication Initiative</a>.<br />
Disclaimer: This article does not necessarily reflect the views of the site or its staff.</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 4")
    expect(markdown).not.to.contain("does not necessarily reflect")
  })

  it("is known without a label when it disowns the views of what the site reprints or its readers write", () => {
    expect(isDisclaimer("本站转载的文章仅为传播信息，并不代表本站赞同其观点。")).to.equal(true)
    expect(isDisclaimer("【 網友留言只代表個人觀點，不代表本網立場 】")).to.equal(true)
    expect(isDisclaimer("本网刊载的稿件不代表本网观点。")).to.equal(true)
    // a story's quote disowns views too, but names no site, reprint or readers
    expect(isDisclaimer("他表示，这只是个人看法，不代表公司的立场。")).to.equal(false)
    expect(isDisclaimer("专家认为，价格上涨并不意味着市场已经过热。")).to.equal(false)
  })

  it("is cut with a footer after it that is too long to go with it in one cut", () => {
    // the disclaimer and the footer together outweigh a third of the content, each alone does not
    const footer = `<div>本站所有内容仅供参考，使用前请阅读法律条款。版权所有，未经许可不得转载。${"联系电话：010-12345678 传真：010-87654321 ".repeat(4)}</div>`
    const html = `<html><body><div class="x1">${zhStory}<div>本站转载的文章仅为传播信息，并不代表本站赞同其观点，也不代表本站对其真实性负责。</div>${footer}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("第5段")
    expect(markdown).not.to.contain("赞同其观点").and.not.to.contain("联系电话")
  })

  it("is known by its label, not by a sentence that opens with the same word", () => {
    expect(opensDisclaimer("　　声明：新浪网登载此文出于传递更多信息之目的，并不意味着赞同其观点或证实其描述。")).to.equal(true)
    expect(opensDisclaimer("南方网版权相关声明：")).to.equal(true)
    expect(opensDisclaimer("Disclaimer")).to.equal(true)
    expect(opensDisclaimer("声明称，公司将于明年一月起停止该业务。")).to.equal(false)
    expect(opensDisclaimer("Disclaimers in drug adverts are often ignored, the study found.")).to.equal(false)
  })
})
