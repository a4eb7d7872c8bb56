import { expect } from "chai"
import { siteKey, siteOf } from "./sites.ts"

describe("sites", () => {
  it("keys an address by its registrable domain, ignoring port, scheme and sub-domains, as cookies do", () => {
    for (const url of ["https://www.bank.example/", "http://bank.example:8080/x", "https://pay.bank.example", "https://BANK.example./"])
      expect(siteOf(url), url).to.equal("bank.example")
    expect(siteOf("https://pay.bank.co.uk/")).to.equal("bank.co.uk")
    // The private section of the list, as browsers use it: each user's pages are a site of their own.
    expect(siteOf("https://alice.github.io/")).to.equal("alice.github.io")
    expect(siteOf("https://bob.github.io/")).to.not.equal(siteOf("https://alice.github.io/"))
  })
  it("keys an IP address, a single-label name or a public suffix by the host itself", () => {
    expect(siteOf("http://127.0.0.1:9/")).to.equal("127.0.0.1")
    expect(siteOf("http://[::1]:3/")).to.equal("[::1]")
    expect(siteOf("http://intranet/")).to.equal("intranet")
    expect(siteOf("https://co.uk/")).to.equal("co.uk")
  })
  it("is no site for what is not http(s), and leaves names that are no site as they are", () => {
    for (const url of ["about:blank", "file:///etc/passwd", "chrome-extension://x/y", "not a url"])
      expect(siteOf(url), url).to.equal(undefined)
    expect(siteKey("anywhere")).to.equal("anywhere")
    expect(siteKey("tool:vault")).to.equal("tool:vault")
    expect(siteKey("https://www.a.test")).to.equal("a.test")
  })
})
