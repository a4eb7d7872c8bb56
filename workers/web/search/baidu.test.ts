import { expect } from "chai"
import { baiduCaptchaPage } from "./challenge-pages.ts"
import { isBaiduCaptcha, landingInBody, parseBaiduPage, throughEndpoint, type BaiduReading } from "./baidu.ts"

const NAME = "aql_baidu-lian-yun-gang-qi-yang-yue-zi-hui-suo-zhong-xin-jing-zhun-ke-hu-ying-xiao-key668-cn-1537259978"
const fixture = async (ext: string) => (await fetch(`/__fixtures/search/baidu/${NAME}${ext}`)).text()

/** The hand-approved parse keeps Baidu's <em> highlighting; results are plain text. */
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim()

const entriesOf = (reading: BaiduReading) => {
  expect(reading.kind).to.equal("entries")
  return reading.kind === "entries" ? reading.entries : []
}

describe("Baidu result page", () => {
  it("reads the ten organic results exactly as the hand-approved parse, leaving out the right-column cards", async () => {
    const expected = JSON.parse(await fixture(".expected.json")) as {
      url: string
      results: Array<{ title: string; snippet: string; url: string }>
    }
    const entries = entriesOf(parseBaiduPage(await fixture(".serp.html"), expected.url))
    expect(entries).to.deep.equal(expected.results.map((r) => ({ title: plain(r.title), snippet: plain(r.snippet), link: r.url })))
  })

  it("takes the real address from a result's mu attribute, and ignores placeholder ones", async () => {
    const html = (await fixture(".serp.html"))
      .replace('<div class="result c-container " id="1"', '<div class="result c-container " mu="https://www.yuezi668.com/" id="1"')
      .replace('<div class="result c-container " id="2"', '<div class="result c-container " mu="http://nourl.ubs.baidu.com/51270" id="2"')
    const entries = entriesOf(parseBaiduPage(html, "https://www.baidu.com/s?wd=x"))
    expect(entries[0]!.landing).to.equal("https://www.yuezi668.com/")
    expect(entries[1]!.landing).to.equal(undefined)
    expect(entries[1]!.link).to.match(/^http:\/\/www\.baidu\.com\/link\?url=/)
  })

  it("keeps a card's direct link as its real address", () => {
    const html = `<html><body><div id="content_left"><div class="result-op c-container" mu="http://nourl.ubs.baidu.com/51270"><h3 class="t"><a href="https://baike.baidu.com/item/%E6%9C%88%E5%AD%90%E4%B8%AD%E5%BF%83">月子中心_百度百科</a></h3><div class="c-abstract">月子中心是…</div></div></div></body></html>`
    expect(entriesOf(parseBaiduPage(html, "https://www.baidu.com/s?wd=x"))).to.deep.equal([
      {
        title: "月子中心_百度百科",
        snippet: "月子中心是…",
        link: "https://baike.baidu.com/item/%E6%9C%88%E5%AD%90%E4%B8%AD%E5%BF%83",
        landing: "https://baike.baidu.com/item/%E6%9C%88%E5%AD%90%E4%B8%AD%E5%BF%83",
      },
    ])
  })

  it("drops sponsored results", async () => {
    const ads =
      `<div id="3001" class="result c-container EC_result"><h3 class="t"><a href="https://www.baidu.com/baidu.php?url=a000">月子会所 官网</a></h3><div class="c-abstract">推广</div></div>` +
      `<div class="result c-container" id="3002" data-tuiguang="1"><h3 class="t"><a href="http://www.baidu.com/link?url=ad2">月子中心 优惠</a></h3><div class="c-abstract">x</div></div>` +
      `<div class="result c-container" id="3003"><h3 class="t"><a href="http://www.baidu.com/link?url=ad3">月子 价格</a></h3><div class="c-abstract">y</div><span class="m">广告</span></div>`
    const original = await fixture(".serp.html")
    const html = original.replace('<div id="content_left">', `<div id="content_left">${ads}`)
    const withAds = entriesOf(parseBaiduPage(html, "https://www.baidu.com/s?wd=x"))
    expect(withAds).to.deep.equal(entriesOf(parseBaiduPage(original, "https://www.baidu.com/s?wd=x")))
  })

  it("gives no results for a page that found nothing", () => {
    const html = `<html><head><title>百度搜索</title></head><body><div id="content_left"><div class="nors"><p>很抱歉，没有找到与“zzqqxx”相关的网页。</p></div></div></body></html>`
    expect(entriesOf(parseBaiduPage(html, "https://www.baidu.com/s?wd=zzqqxx"))).to.deep.equal([])
  })

  it("recognises the security check page and the captcha redirect", () => {
    expect(parseBaiduPage(baiduCaptchaPage, "https://wappass.baidu.com/static/captcha/tuxing.html").kind).to.equal("blocked")
    expect(
      isBaiduCaptcha(
        "https://wappass.baidu.com/static/captcha/tuxing.html?&logid=1&ak=c27bbc89afca0463650ac9bde68ebe06&backurl=https%3A%2F%2Fwww.baidu.com%2Fs%3Fwd%3Dx",
      ),
    ).to.equal(true)
    expect(isBaiduCaptcha("https://www.baidu.com/s?wd=x")).to.equal(false)
  })

  it("calls a page without the result column unrecognised", () => {
    expect(parseBaiduPage("<html><body><p>502 Bad Gateway</p></body></html>", "https://www.baidu.com/s").kind).to.equal("unrecognised")
  })
})

describe("Baidu redirect links", () => {
  it("finds the target in the 200 answers Baidu gives some clients instead of a 302", () => {
    expect(
      landingInBody(
        `<script>window.location.replace("https://www.yuezi668.com/")</script><noscript><META http-equiv="refresh" content="0;URL='https://www.yuezi668.com/'"></noscript>`,
      ),
    ).to.equal("https://www.yuezi668.com/")
    expect(
      landingInBody(`<noscript><META http-equiv="refresh" content="0;URL='http://b2b.huangye88.com/qiye1974487/'"></noscript>`),
    ).to.equal("http://b2b.huangye88.com/qiye1974487/")
    expect(landingInBody("<html><body>nothing here</body></html>")).to.equal(undefined)
  })

  it("follows Baidu's links through the configured endpoint's origin, and leaves other links alone", () => {
    const link = "http://www.baidu.com/link?url=jeV0NQCH2RHB4swmfQTDjb9z1LnCMKMH5WcZS56XvEr50j3ox9yERNH6CPGFYruc"
    expect(throughEndpoint(link, "https://www.baidu.com/s")).to.equal(
      "https://www.baidu.com/link?url=jeV0NQCH2RHB4swmfQTDjb9z1LnCMKMH5WcZS56XvEr50j3ox9yERNH6CPGFYruc",
    )
    expect(throughEndpoint(link, "http://127.0.0.1:8123/s")).to.equal(
      "http://127.0.0.1:8123/link?url=jeV0NQCH2RHB4swmfQTDjb9z1LnCMKMH5WcZS56XvEr50j3ox9yERNH6CPGFYruc",
    )
    expect(throughEndpoint("https://baike.baidu.com/item/x", "http://127.0.0.1:8123/s")).to.equal("https://baike.baidu.com/item/x")
  })
})
