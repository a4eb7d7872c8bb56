import { expect } from "chai"
import { einoHtml2025, openclawHtml2026, weatherLite2026 } from "../../../test/fixtures/search/approved-duckduckgo.ts"
import { duckDuckGoChallengePage } from "./challenge-pages.ts"
import { duckDuckGoTarget, parseDuckDuckGoHtml, parseDuckDuckGoLite, type PageReading } from "./duckduckgo.ts"

const page = async (name: string) => (await fetch(`/__fixtures/search/duckduckgo/${name}`)).text()
const hitsOf = (reading: PageReading) => {
  expect(reading.kind).to.equal("hits")
  return reading.kind === "hits" ? reading.hits : []
}

describe("DuckDuckGo html page", () => {
  it("reads every result of the 2025 markup (direct links, CJK snippets)", async () => {
    expect(hitsOf(parseDuckDuckGoHtml(await page("eino-ext_html_eino_results.html")))).to.deep.equal(einoHtml2025)
  })

  it("reads every result of the 2026 markup, decoding the uddg redirect links, and skips the zero-click box", async () => {
    const hits = hitsOf(parseDuckDuckGoHtml(await page("glassfox56_html_openclaw_uddg_2026.html")))
    expect(hits).to.deep.equal(openclawHtml2026)
    for (const hit of hits) expect(hit.url).not.to.contain("duckduckgo.com")
  })

  it("gives no results for the no-results page, whose placeholder EOF row is not a result", async () => {
    expect(hitsOf(parseDuckDuckGoHtml(await page("eino-ext_html_noresults_EOF.html")))).to.deep.equal([])
  })

  it("drops ad rows", async () => {
    const ad = `<div class="result results_links results_links_deep result--ad "><div class="links_main links_deep result__body">
      <h2 class="result__title"><a rel="nofollow" class="result__a" href="https://duckduckgo.com/y.js?ad_domain=shop.example&amp;ad_provider=bingv7aa&amp;u3=x">Buy Eino Now</a></h2>
      <a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=shop.example">Sponsored</a></div></div>`
    const html = (await page("eino-ext_html_eino_results.html")).replace(
      '<div id="links" class="results">',
      `<div id="links" class="results">${ad}`,
    )
    expect(hitsOf(parseDuckDuckGoHtml(html))).to.deep.equal(einoHtml2025)
  })

  it("recognises the bot challenge", () => {
    expect(parseDuckDuckGoHtml(duckDuckGoChallengePage).kind).to.equal("blocked")
    expect(parseDuckDuckGoLite(duckDuckGoChallengePage).kind).to.equal("blocked")
  })

  it("does not take a result about anomalies for the challenge", async () => {
    const html = (await page("eino-ext_html_eino_results.html")).replace(
      "<b>Eino</b> is a framework",
      "Anomaly detection: <b>Eino</b> is a framework",
    )
    const hits = hitsOf(parseDuckDuckGoHtml(html))
    expect(hits[0]!.snippet).to.match(/^Anomaly detection: Eino/)
  })

  it("calls a page that is no result page unrecognised, so the lite page is tried", () => {
    expect(parseDuckDuckGoHtml("<html><body><h1>Service Unavailable</h1></body></html>").kind).to.equal("unrecognised")
    expect(parseDuckDuckGoLite("<html><body><h1>Service Unavailable</h1></body></html>").kind).to.equal("unrecognised")
  })
})

describe("DuckDuckGo lite page", () => {
  it("reads every result: link row, snippet row", async () => {
    expect(hitsOf(parseDuckDuckGoLite(await page("simpleai_lite_weather_san_francisco.html")))).to.deep.equal(weatherLite2026)
  })

  it("drops sponsored rows", async () => {
    const sponsored = `<tr class="result-sponsored"><td valign="top">1.&nbsp;</td><td>
      <a rel="nofollow" href="https://duckduckgo.com/y.js?ad_domain=umbrellas.example&amp;u3=x" class='result-link'>Umbrellas on sale</a></td></tr>
      <tr class="result-sponsored"><td>&nbsp;</td><td class='result-snippet'>Stay dry in San Francisco.</td></tr>`
    const html = (await page("simpleai_lite_weather_san_francisco.html")).replace(
      "<!-- Web results are present -->",
      `<!-- Web results are present -->${sponsored}`,
    )
    expect(hitsOf(parseDuckDuckGoLite(html))).to.deep.equal(weatherLite2026)
  })
})

describe("DuckDuckGo result links", () => {
  it("decodes uddg links once, keeps direct links, drops ads and DuckDuckGo's own pages", () => {
    expect(duckDuckGoTarget("//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%2520b%3Fx%3D1&rut=abc")).to.equal(
      "https://example.com/a%20b?x=1",
    )
    expect(duckDuckGoTarget("https://example.org/page")).to.equal("https://example.org/page")
    expect(duckDuckGoTarget("https://duckduckgo.com/y.js?ad_domain=x.example&u3=y")).to.equal(undefined)
    expect(duckDuckGoTarget("/html/?q=next")).to.equal(undefined)
    expect(duckDuckGoTarget("//duckduckgo.com/l/?uddg=javascript%3Aalert(1)")).to.equal(undefined)
  })
})
