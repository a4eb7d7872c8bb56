import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const article = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of a real story: a long sentence, with commas and a full stop, that reads like an article would read.</p>`,
).join("")

describe("page notices", () => {
  it("recognises script-rendered shells: an empty mount point, or a noscript asking for JavaScript", () => {
    const shells = [
      `<!doctype html><html><head><title>Dashboard</title><script type="module" src="/assets/index-4f2a.js"></script></head><body><div id="root"></div></body></html>`,
      `<!doctype html><html><head><title>Shop</title></head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script><script src="/_next/static/chunks/main.js"></script></body></html>`,
      `<!doctype html><html><head><title>App</title></head><body><noscript>You need to enable JavaScript to run this app.</noscript><app-root></app-root><script src="main.js"></script></body></html>`,
      `<!doctype html><html><body><header><a href="/">Brand</a></header><noscript><p>This site requires JavaScript to be enabled.</p></noscript><div class="app">Loading…</div><script src="/bundle.js"></script></body></html>`,
    ]
    for (const html of shells) expect(extractFromHtml(html).notice, html).to.deep.equal({ code: "script_rendered" })
  })

  it("does not call a page with its text a shell, nor a short page without scripts", () => {
    const rendered = `<!doctype html><html><body><div id="root"><main>${article}</main></div><div id="modal-root"></div><script src="/app.js"></script></body></html>`
    expect(extractFromHtml(rendered).notice).to.equal(undefined)
    expect(extractFromHtml(`<html><body><div id="x"></div><p>Just one short line.</p></body></html>`).notice).to.equal(undefined)
  })

  it("recognises a consent wall that stands in for the page", () => {
    const wall = `<html><head><title>Before you continue</title></head><body><form action="/save" method="post"><div class="box">
      <h1>We value your privacy</h1><p>We and our partners store and/or access information on a device, such as cookies, and process personal
      data for personalised ads and content, ad and content measurement. You may click to consent to our processing, or manage your
      preferences, including your right to object where legitimate interest is used.</p></div></form>
      <div><a href="/accept">Accept all</a> <a href="/reject">Reject all</a> <a href="/options">More options</a></div></body></html>`
    expect(extractFromHtml(wall).notice).to.deep.equal({ code: "consent_wall" })
  })

  it("does not report a cookie banner beside a real article, nor an article about cookies", () => {
    const banner = `<html><body><div id="cookie-banner"><p>We use cookies. By clicking accept all you consent to our partners' privacy policy.</p><a href="#">Accept all</a><a href="#">Reject all</a></div><article>${article}</article></body></html>`
    const withBanner = extractFromHtml(banner)
    expect(withBanner.notice).to.equal(undefined)
    expect(withBanner.markdown).not.to.contain("cookies")
    const essay = `<html><body><article>${article.repeat(3)}<p>Cookies, consent and the partners who accept or reject them: privacy policy, legitimate interest and personalised ads are the topics.</p></article></body></html>`
    expect(extractFromHtml(essay).notice).to.equal(undefined)
  })

  it("recognises a paywall from schema.org's isAccessibleForFree or from its prompt, when the text is cut short", () => {
    const declared = `<html><head><script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":false,"hasPart":{"@type":"WebPageElement","isAccessibleForFree":false,"cssSelector":".paid"}}</script></head>
      <body><article><p>The opening paragraph of a story, a long sentence with commas, shown to everyone before the wall.</p></article></body></html>`
    expect(extractFromHtml(declared).notice).to.deep.equal({ code: "paywall" })
    const microdata = `<html><body><article><meta itemprop="isAccessibleForFree" content="False"><p>A teaser of the story, a sentence with commas, and then nothing more.</p></article></body></html>`
    expect(extractFromHtml(microdata).notice).to.deep.equal({ code: "paywall" })
    const prompt = `<html><body><article><p>The opening paragraph of a story, a long sentence with commas, shown to everyone before the wall.</p>
      <section><h3>This article is for subscribers only.</h3><p>Subscribe now to continue reading, or <a href="/login">log in</a>.</p></section></article></body></html>`
    const cut = extractFromHtml(prompt)
    expect(cut.notice).to.deep.equal({ code: "paywall" })
    expect(cut.markdown).to.contain("shown to everyone")
    expect(cut.markdown).not.to.contain("subscribers only")
    // a members' login box after a free preview
    const preview = `<html><body><article><p>The opening paragraph of a story, a long sentence with commas, shown to everyone before the wall.</p>
      <div class="box"><p>Are you a member?</p><p>To read the rest of this article, log in here:</p><p>E-mail <input> Password <input></p></div></article></body></html>`
    const login = extractFromHtml(preview)
    expect(login.notice).to.deep.equal({ code: "paywall" })
    expect(login.markdown).to.contain("shown to everyone")
    expect(login.markdown).not.to.contain("rest of this article")
  })

  it("does not report a paywall when a metered page sends the whole article", () => {
    const metered = `<html><head><script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":false}</script></head><body><article>${article.repeat(4)}</article></body></html>`
    expect(extractFromHtml(metered).notice).to.equal(undefined)
  })
})
