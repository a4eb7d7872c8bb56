import { expect } from "chai"
import { checkOpenableUrl } from "./openable-url.ts"

describe("open_tab URL policy", () => {
  it("says what a URL copied from get_tab_content needs: a prefix written out, a page to resolve against", () => {
    const reason = (url: string) => {
      const verdict = checkOpenableUrl(url)
      return verdict.ok ? "" : verdict.reason
    }
    expect(reason("~2/news/1")).to.match(/"URL prefixes:" line \(~2 stands for/)
    expect(reason("/wiki/Paris")).to.match(/relative to a page: resolve it against the url/)
    expect(reason("?page=2")).to.match(/relative to a page/)
    expect(reason("example.org/a")).to.match(/Did you mean "https:\/\/example\.org\/a"\?/)
    expect(reason("not a url")).to.equal('"not a url" is not an absolute URL. Give a full http:// or https:// URL.')
  })

  it("allows http, https and about:blank, normalised", () => {
    expect(checkOpenableUrl("https://Example.com")).to.deep.equal({ ok: true, url: "https://example.com/" })
    expect(checkOpenableUrl("http://127.0.0.1:8080/a?b#c")).to.deep.equal({ ok: true, url: "http://127.0.0.1:8080/a?b#c" })
    expect(checkOpenableUrl(" about:blank ")).to.deep.equal({ ok: true, url: "about:blank" })
  })

  it("refuses credentials in the URL, which Chrome would send as a header", () => {
    const verdict = checkOpenableUrl("https://SECRET:x@example.com/")
    expect(verdict.ok).to.equal(false)
    if (!verdict.ok) expect(verdict.reason).to.match(/user name or password/)
    expect(checkOpenableUrl("http://u@example.com/").ok).to.equal(false)
  })

  it("refuses browser pages, files, code and extension pages, naming the scheme", () => {
    for (const url of [
      "chrome://settings",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "data:text/html,hi",
      "chrome-extension://abc/options.html",
      "about:settings",
      "blob:https://a.example/1",
    ]) {
      const verdict = checkOpenableUrl(url)
      expect(verdict.ok, url).to.equal(false)
      if (!verdict.ok)
        expect(verdict.reason, url).to.match(
          new RegExp(
            `^${new URL(url).protocol} URLs cannot be opened: only http, https and about:blank.* Agent Mesh's own, an addition to the tool contract\\.$`,
          ),
        )
    }
  })

  it("suggests https:// for a bare host", () => {
    const verdict = checkOpenableUrl("example.com/page")
    expect(verdict.ok).to.equal(false)
    if (!verdict.ok) expect(verdict.reason).to.contain('Did you mean "https://example.com/page"?')
    const nonsense = checkOpenableUrl("not a url")
    if (!nonsense.ok) expect(nonsense.reason).to.not.contain("Did you mean")
  })
})
