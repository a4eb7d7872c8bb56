/**
 * get_tab_content end to end: the built extension reads pages served from 127.0.0.1 in real
 * Chromium. Pages are opened with Playwright; their tab ids come from chrome.tabs.query in
 * the service worker. Selectors are checked in the page itself, apart from the walker.
 */
import { after, before, describe, test } from "node:test"
import assert from "node:assert/strict"
import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import type { Page } from "playwright-core"
import { callTool, launchExtension, fixturesDir, until, type ExtensionSession } from "./harness.ts"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { cssQuoted, readsScope, scopedSelectors, urlExpander } from "../support/page-annotations.ts"

interface Content {
  tab_id: number
  url: string
  title: string
  content: string
  truncated: boolean
  used_selector: string
}

interface AuditPair {
  selector: string
  /** The annotation as the content writes it: `{selector}`, a link's `(url)`, `{^S}`, `{^}`, `{^ R}`, `{:is(^ R1) R}` or `{:is(^^ R1) R}`. */
  written: string
  mark: string
  interactive: boolean
}

let session: ExtensionSession
let server: FixtureServer
let panel: Page
const pagesDir = path.join(fixturesDir, "pages")
/** Pages made for this project in real sites' shapes (floats in zero-height lists, controls in paragraphs, results, big menus). */
const extraPagesDir = path.join(fixturesDir, "pages-extra")
let realPages: string[] = []
let extraPages: string[] = []

const html = (title: string, body: string) => ({
  body: `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`,
})

const SHADOW_PAGE = html(
  "Shadow and frames",
  `<main>
     <h1>Components</h1>
     <user-card id="card"><template shadowrootmode="open"><h2 id="name">Ada Lovelace</h2><button id="follow">Follow</button><slot></slot></template><p>Slotted bio</p></user-card>
     <iframe id="same" title="Same origin" src="/frame.html"></iframe>
     <iframe id="other" title="Other origin"></iframe>
   </main>`,
)
const FRAME_PAGE = html(
  "Frame",
  `<h2 id="frame-title">Inside the frame</h2><a href="/docs">Frame docs</a><input name="q" aria-label="Search the frame">`,
)

const HIDDEN_PAGE = html(
  "Hidden things",
  `<main>
     <p>Visible paragraph</p>
     <p style="display:none">Display none</p>
     <p style="visibility:hidden">Visibility hidden</p>
     <p hidden>Hidden attribute</p>
     <p aria-hidden="true">Aria hidden</p>
     <div style="width:0;height:0;overflow:hidden">Zero size</div>
     <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Screen reader only</span>
     <div style="position:absolute;left:-10000px">Off the page</div>
     <button style="display:none">Hidden button</button>
     <button>Visible button</button>
   </main>`,
)

const FORM_PAGE = html(
  "Forms",
  `<header><a href="/">Home</a></header>
   <nav aria-label="Account"><a href="/profile">Profile</a></nav>
   <main>
     <h1>Checkout</h1>
     <form id="checkout">
       <label for="name">Full name</label><input id="name" name="name" required>
       <label><input type="checkbox" name="gift"> This is a gift</label>
       <fieldset><legend>Shipping</legend>
         <label><input type="radio" name="ship" value="std" checked> Standard</label>
         <label><input type="radio" name="ship" value="express"> Express</label>
       </fieldset>
       <label>Country <select name="country"><option>France</option><option>Japan</option></select></label>
       <textarea name="note" aria-label="Note to the seller"></textarea>
       <input type="password" name="card" aria-label="Card number">
       <button type="submit" disabled>Pay</button>
     </form>
     <section aria-label="Long list">${Array.from({ length: 80 }, (_, i) => `<p>Line ${i} of the long list</p>`).join("")}</section>
   </main>
   <footer>Footer text</footer>`,
)

/** A one-page PDF with no text: enough for Chrome to open its viewer. */
const PDF = `%PDF-1.1
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj
trailer<</Root 1 0 R>>
%%EOF`

const tabIdOf = async (url: string): Promise<number> => {
  const worker = await session.serviceWorker()
  const id = await worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id, url)
  assert.ok(typeof id === "number", `no tab for ${url}`)
  return id
}

const open = async (pathname: string): Promise<{ page: Page; tabId: number }> => {
  const page = await session.context.newPage()
  await page.goto(server.url(pathname), { waitUntil: "load" })
  return { page, tabId: await tabIdOf(server.url(pathname)) }
}

const read = async (params: Record<string, unknown>): Promise<Content> => {
  const outcome = await callTool(panel, "get_tab_content", params)
  assert.ok(outcome.ok, `get_tab_content(${JSON.stringify(params)}) failed: ${JSON.stringify(outcome)}`)
  return outcome.value as Content
}

const refused = async (params: Record<string, unknown>) => {
  const outcome = await callTool(panel, "get_tab_content", params)
  assert.ok(!outcome.ok, `expected an error, got ${JSON.stringify(outcome)}`)
  return outcome.error
}

/** The walker's audit run: it marks the annotated elements in the page and lists (selector, mark). */
const audit = async (tabId: number): Promise<{ content: string; audit: AuditPair[] }> =>
  panel
    .evaluate(
      (id) => chrome.runtime.sendMessage({ kind: "agent-mesh/router", method: "page.readContent", params: { tab_id: id, audit: true } }),
      tabId,
    )
    .then((reply) => {
      assert.ok(reply.ok, `audit failed: ${JSON.stringify(reply)}`)
      return reply.value
    })

/**
 * Each annotation's selector, as docs/page-content.md tells the model to read it: `{selector}`;
 * a link's `(url)` → `a[href="url"]`, `(start…)` → `a[href^="start"]` (a URL written from a declared
 * prefix, `~1/x`, put together first); `{^S}`, `{^}` and `{^ R}`
 * with the scope (test/support/page-annotations.ts: the n-th `{^…}` of the audit is the n-th of
 * the content).
 */
const selectorsOf = ({ content, audit }: { content: string; audit: AuditPair[] }): Array<{ selector: string; mark: string }> => {
  const scoped = scopedSelectors(content)
  const expand = urlExpander(content)
  return audit.map(({ written, mark }) => {
    if (readsScope(written)) return { selector: scoped.shift() ?? "", mark }
    if (written.startsWith("{")) return { selector: written.slice(1, -1), mark }
    const url = cssQuoted(expand(written.slice(1, -1)))
    return { selector: url.endsWith("…") ? `a[href^="${url.slice(0, -1)}"]` : `a[href="${url}"]`, mark }
  })
}

/** In the page: each annotation's selector (">>>" hops resolved by hand) must find exactly one element, the marked one. */
const wrongSelectors = (page: Page, audited: { content: string; audit: AuditPair[] }) =>
  page.evaluate((pairs) => {
    const wrong: string[] = []
    for (const { selector, mark } of pairs) {
      const hops = selector.split(">>>").map((h) => h.trim())
      let scope: Document | ShadowRoot | null = document
      let found: Element[] = []
      for (let i = 0; i < hops.length && scope; i++) {
        found = [...scope.querySelectorAll(hops[i]!)]
        if (i < hops.length - 1)
          scope = found.length === 1 ? (found[0]!.shadowRoot ?? (found[0] as HTMLIFrameElement).contentDocument) : null
      }
      if (found.length !== 1 || found[0]!.getAttribute("data-agent-mesh-audit") !== mark)
        wrong.push(`${selector}: ${found.length} match(es)`)
    }
    return wrong
  }, selectorsOf(audited))

before(async () => {
  realPages = (await readdir(pagesDir)).filter((f) => f.endsWith(".html")).sort()
  extraPages = (await readdir(extraPagesDir)).filter((f) => f.endsWith(".html")).sort()
  const routes: Record<string, { body: string | Buffer; headers?: Record<string, string> }> = {
    "/shadow.html": SHADOW_PAGE,
    "/frame.html": FRAME_PAGE,
    "/hidden.html": HIDDEN_PAGE,
    "/form.html": FORM_PAGE,
    "/doc.pdf": { body: PDF, headers: { "content-type": "application/pdf" } },
  }
  for (const file of realPages) routes[`/real/${file}`] = { body: await readFile(path.join(pagesDir, file)) }
  for (const file of extraPages) routes[`/real/${file}`] = { body: await readFile(path.join(extraPagesDir, file)) }
  server = await startFixtureServer(routes)
  session = await launchExtension()
  // No internet here: the real pages' external resources fail at once instead of hanging.
  await session.context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())
  panel = await session.openPage("sidepanel.html")
})

after(async () => {
  await session?.close()
  await server?.close()
})

describe("get_tab_content", () => {
  test("reads open shadow roots and same-origin iframes, and says which frames it cannot read", async () => {
    // "localhost" is another origin than 127.0.0.1: the walker must not reach into it.
    const page = await session.context.newPage()
    await page.goto(server.url("/shadow.html"), { waitUntil: "load" })
    await page.evaluate(
      (src) => {
        ;(document.getElementById("other") as HTMLIFrameElement).src = src
      },
      server.url("/frame.html").replace("127.0.0.1", "localhost"),
    )
    await page.waitForFunction(() => (document.getElementById("same") as HTMLIFrameElement).contentDocument?.readyState === "complete")
    // Until the other origin's page has replaced it, the frame holds a same-origin blank document.
    await page.waitForFunction(() => (document.getElementById("other") as HTMLIFrameElement).contentDocument === null)
    const tabId = await tabIdOf(server.url("/shadow.html"))
    const result = await read({ tab_id: tabId })
    assert.equal(result.title, "Shadow and frames")
    assert.equal(result.used_selector, "body")
    assert.equal(result.truncated, false)
    const c = result.content
    assert.match(c, /^Note: a selector with ">>>"/)
    assert.ok(c.includes("## Ada Lovelace {#card >>> #name}"), c)
    assert.ok(c.includes('["Follow"]{#card >>> #follow}'), c)
    assert.ok(c.includes("Slotted bio"), c)
    assert.ok(c.includes('[iframe "Same origin"]{#same}'), c)
    assert.ok(c.includes("## Inside the frame {#same >>> #frame-title}"), c)
    assert.ok(c.includes('[textbox "Search the frame"]{#same >>> input[name="q"]}'), c)
    assert.match(c, /\[iframe "Other origin" not readable: other origin http:\/\/localhost:\d+\/frame\.html\]\{#other\}/)

    const inner = await read({ tab_id: tabId, selector: "#card >>> #follow" })
    assert.equal(inner.used_selector, "#card >>> #follow")
    assert.ok(inner.content.endsWith('["Follow"]{#card >>> #follow}'), inner.content)

    const audited = await audit(tabId)
    assert.deepEqual(await wrongSelectors(page, audited), [])
    await page.close()
  })

  test("leaves hidden elements out", async () => {
    const { page, tabId } = await open("/hidden.html")
    const { content } = await read({ tab_id: tabId })
    assert.ok(content.includes("Visible paragraph"), content)
    assert.match(content, /\["Visible button"\]\{[^}]+\}/)
    for (const hidden of [
      "Display none",
      "Visibility hidden",
      "Hidden attribute",
      "Aria hidden",
      "Zero size",
      "Screen reader only",
      "Off the page",
      "Hidden button",
    ]) {
      assert.ok(!content.includes(hidden), `${hidden} should be left out:\n${content}`)
    }
    await page.close()
  })

  test("gives form controls their labels, current values and states", async () => {
    const { page, tabId } = await open("/form.html")
    await page.fill("#name", "Grace Hopper")
    await page.check("input[name=gift]")
    await page.selectOption("select[name=country]", "Japan")
    await page.fill("textarea[name=note]", "Leave at the door")
    await page.fill("input[name=card]", "4111111111111111")
    const { content } = await read({ tab_id: tabId })
    assert.ok(content.includes("[form]{#checkout}"), content)
    assert.ok(content.includes('[textbox "Full name" = "Grace Hopper" required]{#name}'), content)
    assert.ok(content.includes('[checkbox "This is a gift" checked]{input[name="gift"]}'), content)
    assert.ok(content.includes('[radio "Standard" checked]{input[name="ship"][value="std"]}'), content)
    assert.ok(content.includes('[radio "Express" unchecked]{input[name="ship"][value="express"]}'), content)
    // Below the form's landmark line, a control is written relative to it where that is shorter (`{^ R}`: `#checkout R`), its name printed.
    assert.ok(content.includes('[select "Country" = "Japan"; options "France", "Japan"]{^ select}'), content)
    assert.ok(content.includes('[textarea "Note to the seller" = "Leave at the door"]{^ >textarea}'), content)
    assert.ok(content.includes('[password = "••••"]{input[aria-label="Card number"]}'), content)
    assert.ok(!content.includes("4111"), "a password field's value is never shown")
    assert.ok(content.includes('["Pay" disabled]{^ >button}'), content)
    await page.close()
  })

  test("reads only what `selector` matches, and answers a wrong selector with the page's landmarks", async () => {
    const { page, tabId } = await open("/form.html")
    const part = await read({ tab_id: tabId, selector: "nav" })
    assert.equal(part.used_selector, "nav")
    assert.equal(part.content, '[nav]{nav[aria-label="Account"]}\n[Profile](/profile)')

    const missing = await refused({ tab_id: tabId, selector: "#sidebar" })
    assert.equal(missing.code, "selector_not_found")
    // The panel words the code with its parameters (error_selector_not_found_params), not the model's message.
    assert.deepEqual(missing.params, ["#sidebar"])
    const listing = missing.message ?? ""
    assert.ok(listing.includes('No element matches the selector "#sidebar"'), listing)
    assert.ok(
      listing.includes(
        'header {header}, nav "Account" {nav[aria-label="Account"]}, main {main}, form {#checkout}, region "Long list" {section[aria-label="Long list"]}, footer {footer}',
      ),
      listing,
    )

    const invalid = await refused({ tab_id: tabId, selector: "main[" })
    assert.equal(invalid.code, "invalid_input")
    assert.equal(invalid.parameter, "selector")
    const why = invalid.message ?? ""
    assert.ok(why.includes("`main[` is not a valid CSS selector"), why)
    await page.close()
  })

  test("cuts the content to max_length and says so", async () => {
    const { page, tabId } = await open("/form.html")
    const full = await read({ tab_id: tabId })
    assert.equal(full.truncated, false)
    assert.ok(full.content.length > 1000)
    const cut = await read({ tab_id: tabId, max_length: 500 })
    assert.equal(cut.truncated, true)
    assert.ok(cut.content.length <= 500 && cut.content.length >= 400, `length ${cut.content.length}`)
    assert.ok(full.content.startsWith(cut.content))
    const exact = await read({ tab_id: tabId, max_length: full.content.length })
    assert.equal(exact.truncated, false)
    assert.equal(exact.content, full.content)
    await page.close()
  })

  test("refuses pages extensions may not read, and unknown tabs", async () => {
    const worker = await session.serviceWorker()
    const tabId = await worker.evaluate(async () => (await chrome.tabs.create({ url: "chrome://version", active: false })).id!)
    const error = await refused({ tab_id: tabId })
    assert.equal(error.code, "page_not_readable")
    assert.match(error.message ?? "", /browser page \(chrome:\/\/version/)
    assert.deepEqual(error.params, ["chrome://version/"])
    await worker.evaluate((id) => chrome.tabs.remove(id), tabId)

    const pdfTab = await worker.evaluate(async (url) => (await chrome.tabs.create({ url, active: false })).id!, server.url("/doc.pdf"))
    await until(async () => (await worker.evaluate((id) => chrome.tabs.get(id), pdfTab)).status === "complete", "the PDF tab to load")
    const pdf = await refused({ tab_id: pdfTab })
    assert.equal(pdf.code, "page_not_readable")
    assert.match(pdf.message ?? "", /PDF/)
    await worker.evaluate((id) => chrome.tabs.remove(id), pdfTab)

    const gone = await refused({ tab_id: 987654 })
    assert.equal(gone.code, "not_found")
    assert.match(gone.message ?? "", /no tab with id 987654.*list_tabs/i)
  })

  test("on the real fixture pages every selector selects exactly its element, and every interactive element has one", async () => {
    assert.ok(realPages.length >= 6, "the shared fixture pages are there")
    assert.ok(extraPages.length >= 4, "the pages made for this project are there")
    /**
     * Links written `{^S}` (S set by the link) and `{^}` (S from above), controls that set the
     * scope `{:is(S) R}` and those below it `{^ R}` (the thread pages): their selectors are checked with the rest.
     */
    const scoped = { set: 0, reused: 0, controlsSet: 0, controlsBelow: 0 }
    for (const file of [...realPages, ...extraPages]) {
      const { page, tabId } = await open(`/real/${file}`)
      const { content } = await read({ tab_id: tabId })
      const audited = await audit(tabId)
      assert.equal(audited.content, content, `${file}: the audit reads what the tool returned`)
      for (const { written } of audited.audit)
        if (written === "{^}") scoped.reused++
        else if (written.startsWith("{^ ")) scoped.controlsBelow++
        else if (written.startsWith("{^")) scoped.set++
        else if (written.startsWith("{:is(")) scoped.controlsSet++
      assert.ok(audited.audit.length > 20, `${file}: ${audited.audit.length} selectors`)
      assert.deepEqual(await wrongSelectors(page, audited), [], `${file}: selectors that are not exact`)
      const unaddressed = await page.evaluate(() => {
        const acting =
          "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=tab], [contenteditable=true], [onclick]"
        // A tabindex the browser does not read as a number ("", "abc") is no tab stop: tabIndex stays -1.
        return [...document.querySelectorAll(`${acting}, [tabindex]:not([tabindex^='-'])`)]
          .filter((el) => el.matches(acting) || (el as HTMLElement).tabIndex >= 0)
          .filter((el) => {
            const box = el.getBoundingClientRect()
            return (
              el.checkVisibility({ visibilityProperty: true }) &&
              !el.closest("[aria-hidden=true], [hidden]") &&
              box.width > 1 &&
              box.height > 1 &&
              box.right + scrollX > 0 &&
              box.bottom + scrollY > 0
            )
          })
          .filter((el) => !el.hasAttribute("data-agent-mesh-audit"))
          .map((el) => el.outerHTML.slice(0, 120))
      })
      assert.deepEqual(unaddressed, [], `${file}: visible interactive elements without a selector`)
      await page.close()
    }
    assert.ok(scoped.set > 0 && scoped.reused > scoped.set, `scoped links: ${JSON.stringify(scoped)}`)
    assert.ok(scoped.controlsSet > 0 && scoped.controlsBelow > scoped.controlsSet, `scoped controls: ${JSON.stringify(scoped)}`)
  })
})
