import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isStamp } from "./stamps.ts"
import { proseSentences } from "./sentence.ts"
import { letterWords, tokenWords, wordTokens } from "./words.ts"

/** Paragraphs of a Chinese story: no space between words, a clause between two commas read as one "word" by a count of runs. */
const chinese = [
  "本届音乐节为期十天，邀请了来自二十多个国家和地区的乐队和歌手，除了每晚的露天演出之外，还安排了讲座、工作坊和面向儿童的专场。",
  "主办方表示，今年的门票价格与去年持平，学生凭证件可以享受半价优惠，周末的场次预计会很快售罄，有意前往的观众最好尽早购票。",
  "据了解，音乐节期间市内多条公交线路将延长运营时间，地铁也会在演出结束后加开班次，方便观众返程，交警部门提醒市民绿色出行。",
]

describe("words in scripts written without spaces", () => {
  it("counts a Chinese or Japanese word for two characters, and compares character by character", () => {
    expect(wordTokens("国务院印发通知 in English")).to.deep.equal(["国", "务", "院", "印", "发", "通", "知", "in", "english"])
    expect(tokenWords(wordTokens("国务院印发通知 in English"))).to.equal(5)
    expect(letterWords("（全国包邮）")).to.equal(2)
    expect(letterWords("with a coupon")).to.equal(2)
  })

  it("reads the whole text behind a Chinese 'more' toggle in place of its excerpt", () => {
    const whole = chinese.map((p) => `<p>${p}</p>`).join("")
    const html = `<html><head><title>音乐节</title></head><body>
      <div id="nav"><a href="/">首页</a> | <a href="/news">新闻</a></div>
      <div id="short" style="display: block"><p>${chinese[0]!.slice(0, 40)}…… <a href="javascript:more()">展开全文</a></p></div>
      <div id="long" style="display: none">${whole}</div>
      <div id="footer"><a href="/about">关于我们</a> | <a href="/contact">联系我们</a></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("交警部门提醒市民绿色出行")
  })

  it("keeps a Chinese round-up's linked names above their descriptions", () => {
    const item = (name: string, label: string) =>
      `<p><strong>${label}</strong></p><p><a href="https://example.org/${encodeURIComponent(label)}">${name}</a></p><p>${chinese[0]}${chinese[1]}</p>`
    const html = `<html><body><nav><a href="/">首页</a> <a href="/arts">文化</a></nav><div class="content">
      <p>本周城里有哪些值得一看的演出和展览？从音乐到戏剧，再到各大美术馆，我们的评论员为你一一挑选。</p>
      ${item("伦敦爵士音乐节，十一月九日至十八日", "音乐")}
      ${item("国家大剧院新排话剧《人民》，演至二月九日", "戏剧")}
      </div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("[伦敦爵士音乐节，十一月九日至十八日](https://example.org/")
    expect(markdown).to.contain("[国家大剧院新排话剧《人民》，演至二月九日](https://example.org/")
  })

  it("keeps a list of Chinese deals the post announces, each saying more than its link", () => {
    const story = chinese.map((p) => `<p>${p}</p>`).join("")
    const deal = (i: number) => `<li><a href="https://example.com/d${i}">移动硬盘${i}号，两个TB，只要四百九十九元</a>（全国包邮）</li>`
    const html = `<html><body><div class="post">${story}<p><strong>其他优惠：</strong></p><ul>${[1, 2, 3, 4].map(deal).join("")}</ul></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("移动硬盘4号")
  })

  it("does not take a Chinese sentence after 'published' for a publication stamp", () => {
    expect(isStamp("发布时间：2022年01月28日 10:30")).to.equal(true)
    expect(isStamp("发布时间：2022年1月，全市新增就业岗位三万余个，比上年增长百分之五。")).to.equal(false)
  })

  it("counts Korean words by their spaces", () => {
    // five words: a sentence under eight words is no sentence of prose
    expect(proseSentences("오늘 아침 회의에서 예산안이 통과되었습니다.")).to.equal(0)
    expect(proseSentences("本届音乐节为期十天，邀请了来自二十多个国家的乐队。")).to.equal(1)
  })
})
