/** The tab tools end to end: list_tabs' filters, open_tab, close_tab and activate_tab. */
import { after, before, describe, test } from "node:test"
import assert from "node:assert/strict"
import type { Page } from "playwright-core"
import { callTool, launchExtension, until, type ExtensionSession } from "./harness.ts"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"

interface Tab {
  tab_id: number
  window_id: number
  url: string
  title: string
  active: boolean
  audible: boolean
  status: string
}

let session: ExtensionSession
let server: FixtureServer
let panel: Page
let otherWindow: number
let releaseSlow: () => void = () => undefined

const page = (title: string) => ({ body: `<!doctype html><title>${title}</title><p>${title}</p>` })

const ok = async <T>(name: string, params: unknown): Promise<T> => {
  const outcome = await callTool(panel, name, params)
  assert.ok(outcome.ok, `${name}(${JSON.stringify(params)}) failed: ${JSON.stringify(outcome)}`)
  return outcome.value as T
}

const list = (params: Record<string, unknown> = {}) => ok<Tab[]>("list_tabs", params)

before(async () => {
  server = await startFixtureServer({
    "/alpha": page("Alpha page"),
    "/beta": page("Beta page"),
    "/gamma": page("Gamma"),
    "/next": page("Next page"),
    // Answers only when the test lets it, so the page stays "loading" for as long as needed.
    "/slow": (_req, res) => {
      releaseSlow = () => {
        if (!res.headersSent) res.writeHead(200, { "content-type": "text/html" }).end("<title>Slow page</title>")
      }
    },
  })
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  for (const path of ["/alpha", "/beta"]) await (await session.context.newPage()).goto(server.url(path))
  // A second window holding the gamma page.
  const worker = await session.serviceWorker()
  otherWindow = await worker.evaluate(async (url) => (await chrome.windows.create({ url }))!.id!, server.url("/gamma"))
  await until(
    () => worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.status === "complete", server.url("/gamma")),
    "the second window's tab to load",
  )
})

after(async () => {
  releaseSlow()
  await session?.close()
  await server?.close()
})

describe("list_tabs", () => {
  test("lists every tab with the contract's fields", async () => {
    const tabs = await list()
    const alpha = tabs.find((t) => t.url === server.url("/alpha"))
    assert.ok(alpha, JSON.stringify(tabs))
    assert.deepEqual(Object.keys(alpha).sort(), ["active", "audible", "status", "tab_id", "title", "url", "window_id"])
    assert.equal(alpha.title, "Alpha page")
    assert.equal(alpha.status, "complete")
    assert.ok(tabs.some((t) => t.url === server.url("/gamma") && t.window_id === otherWindow))
  })

  test("url_pattern and title_pattern are regular expressions (case-insensitive)", async () => {
    assert.deepEqual(
      (await list({ url_pattern: "/alpha$" })).map((t) => t.title),
      ["Alpha page"],
    )
    assert.deepEqual(
      (await list({ title_pattern: "^BETA" })).map((t) => t.url),
      [server.url("/beta")],
    )
    assert.deepEqual(await list({ title_pattern: "no such title" }), [])
  })

  test("active, window_id and audible filter", async () => {
    const active = await list({ active: true })
    assert.ok(active.length >= 2 && active.every((t) => t.active), JSON.stringify(active))
    assert.equal(new Set(active.map((t) => t.window_id)).size, active.length, "one active tab per window")
    const inactive = await list({ active: false })
    assert.ok(inactive.length >= 1 && inactive.every((t) => !t.active))
    assert.deepEqual(
      (await list({ window_id: otherWindow })).map((t) => t.title),
      ["Gamma"],
    )
    const quiet = await list({ audible: false })
    assert.ok(quiet.length >= 4 && quiet.every((t) => !t.audible))
    assert.deepEqual(await list({ audible: true }), [])
  })

  test("all given filters must match", async () => {
    const local = server.origin.replace(/\./g, "\\.")
    assert.deepEqual((await list({ url_pattern: local, title_pattern: "page$" })).map((t) => t.title).sort(), ["Alpha page", "Beta page"])
    assert.deepEqual(
      (await list({ url_pattern: local, window_id: otherWindow })).map((t) => t.title),
      ["Gamma"],
    )
    assert.deepEqual(await list({ title_pattern: "Gamma", window_id: otherWindow, active: false }), [])
  })

  test("a bad or dangerous pattern is a clear invalid_input naming the parameter", async () => {
    const broken = await callTool(panel, "list_tabs", { url_pattern: "(unclosed" })
    assert.equal(broken.error?.code, "invalid_input")
    assert.equal(broken.error?.parameter, "url_pattern")
    assert.match(broken.error?.message ?? "", /url_pattern: not a valid regular expression/)
    const nested = await callTool(panel, "list_tabs", { title_pattern: "(a+)+$" })
    assert.equal(nested.error?.parameter, "title_pattern")
    assert.match(nested.error?.message ?? "", /exponential/)
    const long = await callTool(panel, "list_tabs", { title_pattern: "a".repeat(500) })
    assert.equal(long.error?.parameter, "title_pattern")
    assert.match(long.error?.message ?? "", /at most 200/)
  })

  test("a missing window is not_found", async () => {
    const outcome = await callTool(panel, "list_tabs", { window_id: 999999 })
    assert.equal(outcome.error?.code, "not_found")
  })
})

describe("open_tab", () => {
  test("opens a new tab and waits for the load by default", async () => {
    const opened = await ok<Omit<Tab, "active" | "audible">>("open_tab", { url: server.url("/alpha?new") })
    assert.deepEqual(Object.keys(opened).sort(), ["status", "tab_id", "title", "url", "window_id"])
    assert.equal(opened.status, "complete")
    assert.equal(opened.title, "Alpha page")
    assert.equal(opened.url, server.url("/alpha?new"))
    const [listed] = await list({ url_pattern: "alpha\\?new$" })
    assert.equal(listed?.tab_id, opened.tab_id)
    assert.equal(listed?.active, true)
  })

  test("navigates an existing tab", async () => {
    const first = await ok<Tab>("open_tab", { url: server.url("/beta?moving"), active: false })
    const moved = await ok<Tab>("open_tab", { url: server.url("/next"), tab_id: first.tab_id })
    assert.equal(moved.tab_id, first.tab_id)
    assert.equal(moved.title, "Next page")
    assert.deepEqual(await list({ url_pattern: "beta\\?moving" }), [])
  })

  test("active: false opens in the background; window_id picks the window", async () => {
    const opened = await ok<Tab>("open_tab", { url: server.url("/gamma?bg"), active: false, window_id: otherWindow })
    assert.equal(opened.window_id, otherWindow)
    const [listed] = await list({ url_pattern: "gamma\\?bg" })
    assert.equal(listed?.active, false)
  })

  test("wait_until_loaded: false answers before the page has loaded, true waits for it", async () => {
    const quick = await ok<Tab>("open_tab", { url: server.url("/slow"), wait_until_loaded: false })
    assert.equal(quick.status, "loading")
    const waiting = callTool(panel, "open_tab", { url: server.url("/next?after-slow"), tab_id: quick.tab_id })
    releaseSlow()
    const loaded = await waiting
    assert.ok(loaded.ok, JSON.stringify(loaded))
    assert.equal((loaded.value as Tab).status, "complete")
    assert.equal((loaded.value as Tab).title, "Next page")
  })

  test("about:blank may be opened", async () => {
    const blank = await ok<Tab>("open_tab", { url: "about:blank" })
    assert.equal(blank.url, "about:blank")
  })

  test("browser, file, code and extension URLs are refused", async () => {
    const before = (await list()).length
    for (const url of [
      "chrome://settings",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "data:text/html,<b>hi</b>",
      `chrome-extension://${session.extensionId}/options.html`,
      "view-source:https://example.com",
    ]) {
      const outcome = await callTool(panel, "open_tab", { url })
      assert.equal(outcome.error?.code, "invalid_input", url)
      assert.equal(outcome.error?.parameter, "url", url)
      assert.match(outcome.error?.message ?? "", /only http, https and about:blank/, url)
    }
    const relative = await callTool(panel, "open_tab", { url: "example.com/page" })
    assert.match(relative.error?.message ?? "", /Did you mean "https:\/\/example\.com\/page"/)
    assert.equal((await list()).length, before, "nothing was opened")
  })

  test("a missing tab or window is not_found", async () => {
    assert.equal((await callTool(panel, "open_tab", { url: server.url("/alpha"), tab_id: 999999 })).error?.code, "not_found")
    assert.equal((await callTool(panel, "open_tab", { url: server.url("/alpha"), window_id: 999999 })).error?.code, "not_found")
  })
})

describe("close_tab and activate_tab", () => {
  test("activate_tab activates a background tab", async () => {
    const opened = await ok<Tab>("open_tab", { url: server.url("/beta?activate"), active: false })
    const activated = await ok<{ tab_id: number; window_id: number; active: boolean }>("activate_tab", { tab_id: opened.tab_id })
    assert.deepEqual(activated, { tab_id: opened.tab_id, window_id: opened.window_id, active: true })
    const [listed] = await list({ url_pattern: "beta\\?activate" })
    assert.equal(listed?.active, true)
  })

  test("close_tab closes it", async () => {
    const opened = await ok<Tab>("open_tab", { url: server.url("/alpha?close") })
    assert.deepEqual(await ok("close_tab", { tab_id: opened.tab_id }), { tab_id: opened.tab_id, closed: true })
    assert.deepEqual(await list({ url_pattern: "alpha\\?close" }), [])
    const again = await callTool(panel, "close_tab", { tab_id: opened.tab_id })
    assert.equal(again.error?.code, "not_found")
    assert.match(again.error?.message ?? "", new RegExp(`no tab ${opened.tab_id}.*list_tabs`))
  })

  test("activate_tab on a missing tab is not_found", async () => {
    const outcome = await callTool(panel, "activate_tab", { tab_id: 999999 })
    assert.equal(outcome.error?.code, "not_found")
    assert.match(outcome.error?.message ?? "", /no tab 999999/)
  })
})
