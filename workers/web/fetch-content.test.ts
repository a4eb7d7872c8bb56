import { expect } from "chai"
import { effectiveMediaType, formatJson, htmlToContent, kindOfMediaType, readContent, sniffMediaType, truncate } from "./fetch-content.ts"
import { parseTarget } from "./fetch.ts"
import { InvalidInput } from "../../schemas/errors.ts"
import { minimalPdf } from "../../test/support/minimal-pdf.ts"

const bytes = (s: string) => new TextEncoder().encode(s)

/** A one-page PDF with `text` in Helvetica and a correct cross-reference table. */
const makePdf = (text: string): Uint8Array => bytes(minimalPdf(text))

describe("web_fetch content", () => {
  it("accepts only absolute http and https URLs", () => {
    expect(parseTarget("https://example.com/a")).to.be.instanceOf(URL)
    for (const bad of ["ftp://example.com/", "file:///etc/hosts", "data:text/plain,hi", "/relative", "example.com"]) {
      const result = parseTarget(bad)
      expect(result, bad).to.be.instanceOf(InvalidInput)
      expect((result as InvalidInput).parameter).to.equal("url")
    }
    // A link copied from get_tab_content as written there gets told how to put it together.
    expect((parseTarget("~1/2021/post") as InvalidInput).message).to.match(/"URL prefixes:" line \(~1 stands for/)
    expect((parseTarget("/relative") as InvalidInput).message).to.match(/resolve it against the url/)
  })

  it("maps media types to what it can read, and nothing else", () => {
    expect(kindOfMediaType("text/html")).to.equal("html")
    expect(kindOfMediaType("application/ld+json")).to.equal("json")
    expect(kindOfMediaType("text/csv")).to.equal("text")
    expect(kindOfMediaType("application/rss+xml")).to.equal("text")
    expect(kindOfMediaType("application/pdf")).to.equal("pdf")
    expect(kindOfMediaType("image/png")).to.equal(undefined)
    expect(kindOfMediaType("application/zip")).to.equal(undefined)
  })

  it("looks at the bytes when the type is missing or generic", () => {
    expect(sniffMediaType(bytes("%PDF-1.7\n..."))).to.equal("application/pdf")
    expect(sniffMediaType(bytes("  <!DOCTYPE html><html>"))).to.equal("text/html")
    expect(sniffMediaType(bytes('{"a":1}'))).to.equal("application/json")
    expect(sniffMediaType(bytes("just words\n"))).to.equal("text/plain")
    expect(sniffMediaType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))).to.equal(undefined)
    expect(effectiveMediaType("application/octet-stream", bytes("%PDF-1.4"))).to.equal("application/pdf")
    expect(effectiveMediaType("image/png", bytes("%PDF-1.4"))).to.equal("image/png")
  })

  it("formats JSON with two spaces and strips a BOM; leaves broken JSON as it is", () => {
    expect(formatJson('\uFEFF{"a":[1,{"b":null}]}')).to.equal('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}')
    expect(formatJson("{not json")).to.equal("{not json")
  })

  it("puts the title on top of the Markdown of an HTML page", () => {
    const content = htmlToContent("<title>Hello</title><main><p>Body text of the page, a sentence.</p></main>", "https://e.example/")
    expect(content).to.deep.equal({ text: "# Hello\n\nBody text of the page, a sentence." })
  })

  it("says so when a page has no text without scripts", () => {
    const reading = htmlToContent('<title>App</title><div id="root"></div><script>render()</script>', "https://e.example/")
    expect(reading.notice).to.deep.equal({ code: "script_rendered" })
    expect(reading.text).to.match(/^# App\n\n\(Notice: [^)]*get_tab_content/)
  })

  it("says in words that a page holds no article, where the reading has no word (an empty layout table, a logo)", () => {
    const page = `<title>Links</title><table><tr><td><a href="/"><img src="/logo.png" alt=""></a></td><td>&nbsp;</td></tr><tr><td>|</td><td></td></tr></table>`
    const reading = htmlToContent(page, "https://e.example/")
    expect(reading.notice).to.equal(undefined)
    expect(reading.text).to.match(/^# Links\n\n\(No article was found in the page's HTML[^)]*\)$/)
  })

  it("returns a consent wall's notice, not the wall's text", () => {
    const wall = `<html><head><title>Before you continue</title></head><body><div class="consent-page"><h1>Before you continue</h1>
      <p>We use cookies and data to deliver and maintain our services, and to measure audience engagement. If you choose to accept all,
      we and our partners will also use cookies to show personalised ads. Select more options to see additional information, including
      details about managing your privacy settings.</p><a href="/reject">Reject all</a> <a href="/accept">Accept all</a></div></body></html>`
    const reading = htmlToContent(wall, "https://consent.e.example/")
    expect(reading.notice).to.deep.equal({ code: "consent_wall" })
    expect(reading.text).to.contain("consent wall")
    expect(reading.text).not.to.contain("personalised ads")
  })

  it("keeps a paywalled article's preview, without the prompt, after the notice", () => {
    const page = `<html><head><title>Rates rise</title></head><body><article><p>The central bank raised its rate on Tuesday, the third rise this year, citing prices that keep climbing.</p>
      <p>Markets had expected the move, and shares barely moved in early trading, analysts said.</p>
      <div class="wall"><p>Subscribe to continue reading.</p><p>Already a subscriber? Sign in</p></div></article></body></html>`
    const reading = htmlToContent(page, "https://news.e.example/rates")
    expect(reading.notice).to.deep.equal({ code: "paywall" })
    expect(reading.text).to.contain("analysts said.")
    expect(reading.text).not.to.contain("Subscribe to continue")
  })

  it("reads the text of a PDF", async () => {
    const text = await readContent("pdf", makePdf("Quarterly numbers went up"), {
      mediaType: "application/pdf",
      contentType: "application/pdf",
      url: "https://e.example/r.pdf",
    })
    expect(text).to.deep.equal({ text: "Quarterly numbers went up" })
  })

  it("rejects a damaged PDF with a clear message", async () => {
    const error = await readContent("pdf", bytes("%PDF-1.4 garbage"), { mediaType: "application/pdf", contentType: null, url: "x" }).catch(
      (e: Error) => e,
    )
    expect(error).to.be.instanceOf(Error)
    expect((error as Error).message).to.match(/PDF could not be read/)
  })

  it("cuts at max_length without splitting a surrogate pair", () => {
    expect(truncate("abcdef", 3)).to.deep.equal({ text: "abc", truncated: true })
    expect(truncate("abc", 3)).to.deep.equal({ text: "abc", truncated: false })
    expect(truncate("ab😀cd", 3)).to.deep.equal({ text: "ab", truncated: true })
    expect(truncate("abc", undefined)).to.deep.equal({ text: "abc", truncated: false })
  })
})
