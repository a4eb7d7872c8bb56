/**
 * execute_script end to end: page mode on a plain page and on a page whose CSP forbids eval
 * (before and after user scripts are allowed), and sandbox mode (isolation, endless loops).
 */
import { after, before, describe, test } from "node:test"
import assert from "node:assert/strict"
import type { Page } from "playwright-core"
import { callTool, launchExtension, type ExtensionSession } from "./harness.ts"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"

let session: ExtensionSession
let server: FixtureServer
let panel: Page
let plainTab: number
let strictTab: number

const PLAIN = `<!doctype html><title>Plain page</title><p id="greeting" class="hello">Hello  there</p><script>window.pageValue = 41</script>`
// 'self' only: no inline script, no eval. The page's own script sets a variable to prove MAIN world.
const STRICT = `<!doctype html><title>Strict page</title><p id="note">Locked down</p><script src="/strict.js"></script>`

const tabIdOf = async (url: string): Promise<number> => {
  const worker = await session.serviceWorker()
  return worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)!.id!, url)
}

const run = (code: string, extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) =>
  callTool(panel, "execute_script", { code, target: "page", tab_id: plainTab, ...extra }, options)

const value = async (code: string, extra: Record<string, unknown> = {}) => {
  const outcome = await run(code, extra)
  assert.ok(outcome.ok, `expected a result for ${JSON.stringify(code)}, got ${JSON.stringify(outcome)}`)
  return outcome.value
}

before(async () => {
  server = await startFixtureServer({
    "/plain": { body: PLAIN },
    "/strict": { headers: { "content-security-policy": "script-src 'self'" }, body: STRICT },
    "/strict.js": { headers: { "content-type": "text/javascript" }, body: "window.strictValue = 'from the page'" },
  })
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  for (const path of ["/plain", "/strict"]) {
    const tab = await session.context.newPage()
    await tab.goto(server.url(path))
  }
  plainTab = await tabIdOf(server.url("/plain"))
  strictTab = await tabIdOf(server.url("/strict"))
})

after(async () => {
  await session?.close()
  await server?.close()
})

describe("page mode, user scripts not allowed (chrome.scripting)", () => {
  test("the last expression is the result", async () => {
    assert.deepEqual(await value("document.title"), { result: "Plain page", type: "string" })
    assert.deepEqual(await value("const a = 20\nconst b = 22\na + b;"), { result: 42, type: "number" })
  })

  test("a top-level return is the result", async () => {
    assert.equal((await value("const x = 2\nif (x > 1) return x * 21\nreturn 0")).result, 42)
  })

  test("top-level await works", async () => {
    const v = await value("await new Promise((r) => setTimeout(r, 20))\ndocument.querySelector('#greeting').className")
    assert.equal(v.result, "hello")
  })

  test("it runs in the page's MAIN world", async () => {
    assert.equal((await value("window.pageValue + 1")).result, 42)
  })

  test("DOM nodes, functions, cycles, BigInt and undefined are described", async () => {
    const node = await value("document.querySelector('#greeting')")
    assert.equal(node.type, "object")
    assert.equal(node.result, '[HTMLParagraphElement <p id="greeting" class="hello"> "Hello there"]')
    assert.deepEqual(await value("(function named() {})"), { result: "[Function named]", type: "function" })
    assert.deepEqual(await value("const a = { name: 'a', list: [1] }\na.self = a\na.list.push(a)\na"), {
      result: { name: "a", list: [1, "[Circular → $]"], self: "[Circular → $]" },
      type: "object",
    })
    assert.deepEqual(await value("2n ** 70n"), { result: "[BigInt 1180591620717411303424n]", type: "bigint" })
    assert.deepEqual(await value("undefined"), { result: null, type: "undefined" })
    assert.deepEqual(await value("({ missing: undefined, nan: NaN })"), {
      result: { missing: "[undefined]", nan: "[NaN]" },
      type: "object",
    })
  })

  test("an exception comes back as script_error with its message and stack", async () => {
    const outcome = await run("function explode() {\n  throw new TypeError('boom')\n}\nexplode()")
    assert.equal(outcome.ok, false)
    assert.equal(outcome.error?.code, "script_error")
    assert.match(outcome.error?.message ?? "", /TypeError: boom/)
    assert.match(outcome.error?.message ?? "", /at explode .*<anonymous>:2:/)
  })

  test("a syntax error is reported and nothing runs", async () => {
    const outcome = await run("window.ranAnyway = true\nlet = ;")
    assert.equal(outcome.error?.code, "script_error")
    assert.match(outcome.error?.message ?? "", /does not compile: SyntaxError/)
    assert.equal((await value("typeof window.ranAnyway")).result, "undefined")
  })

  test("a large result is cut at the cap and marked truncated", async () => {
    const v = await value("'x'.repeat(200000)")
    assert.equal(v.truncated, true)
    assert.ok(typeof v.result === "string" && v.result.length <= 50_001 && v.result.length > 1000)
    const big = await value("Array.from({ length: 3000 }, (_, i) => 'item ' + i)")
    assert.equal(big.truncated, true)
  })

  test("without tab_id it runs in the active tab", async () => {
    const activated = await callTool(panel, "activate_tab", { tab_id: plainTab })
    assert.ok(activated.ok, JSON.stringify(activated))
    const outcome = await callTool(panel, "execute_script", { code: "location.pathname", target: "page" })
    assert.deepEqual(outcome, { ok: true, value: { result: "/plain", type: "string" } })
  })

  test("extension pages and missing tabs are refused clearly", async () => {
    const panelTab = await tabIdOf(panel.url())
    const refused = await run("1", { tab_id: panelTab })
    assert.equal(refused.error?.code, "permission_denied")
    assert.match(refused.error?.message ?? "", /only run in web pages/)
    const missing = await run("1", { tab_id: 987654 })
    assert.equal(missing.error?.code, "not_found")
  })

  test("a page whose CSP forbids eval gets an error that says what to enable", async () => {
    const outcome = await run("document.title", { tab_id: strictTab })
    assert.equal(outcome.error?.code, "scripts_blocked")
    assert.match(outcome.error?.message ?? "", /Allow user scripts/)
    // Exactly where: this extension's Details page.
    const message = outcome.error?.message ?? ""
    assert.ok(message.includes(`chrome://extensions/?id=${session.extensionId}`), message)
  })

  test("the options page says user scripts are off, and its button opens the extension's Details page", async () => {
    options = await session.openPage("options.html")
    const status = options.getByTestId("user-scripts-status")
    await status.and(options.locator('[data-allowed="false"]')).waitFor()
    assert.match((await status.textContent()) ?? "", /not allowed/)
    await options
      .getByText(/Allow user scripts/)
      .first()
      .waitFor()
    const worker = await session.serviceWorker()
    const detailsUrl = `chrome://extensions/?id=${session.extensionId}`
    await options.getByTestId("open-extension-details").click()
    // Waits on the tab events until a tab shows the address (no polling, no sleep), then closes it.
    // A string, since the test's compiled functions carry helpers the worker does not have.
    const opened = await worker.evaluate<string>(`new Promise((resolve) => {
      const url = ${JSON.stringify(detailsUrl)}
      const check = async () => {
        const tab = (await chrome.tabs.query({})).find((t) => (t.pendingUrl ?? t.url) === url)
        if (tab === undefined) return
        chrome.tabs.onCreated.removeListener(check)
        chrome.tabs.onUpdated.removeListener(check)
        await chrome.tabs.remove(tab.id)
        resolve(url)
      }
      chrome.tabs.onCreated.addListener(check)
      chrome.tabs.onUpdated.addListener(check)
      void check()
    })`)
    assert.equal(opened, detailsUrl)
  })
})

let options: Page

describe("page mode, user scripts allowed (chrome.userScripts)", () => {
  before(async () => {
    const extensions = await session.context.newPage()
    await extensions.goto("chrome://extensions")
    await extensions.evaluate(
      (extensionId) =>
        (
          chrome as unknown as { developerPrivate: { updateExtensionConfiguration(o: object): Promise<void> } }
        ).developerPrivate.updateExtensionConfiguration({ extensionId, userScriptsAccess: true }),
      session.extensionId,
    )
    await extensions.close()
  })

  test("runs on the strict-CSP page, in its MAIN world, with await and DOM", async () => {
    assert.deepEqual(await value("document.title", { tab_id: strictTab }), { result: "Strict page", type: "string" })
    assert.equal((await value("window.strictValue", { tab_id: strictTab })).result, "from the page")
    const v = await value("await Promise.resolve(1)\nconst n = document.querySelector('#note')\nreturn [n.textContent, n]", {
      tab_id: strictTab,
    })
    assert.deepEqual(v.result, ["Locked down", '[HTMLParagraphElement <p id="note"> "Locked down"]'])
  })

  test("exceptions keep their stack there too", async () => {
    const outcome = await run("function fail() { throw new RangeError('out of range') }\nfail()", { tab_id: strictTab })
    assert.equal(outcome.error?.code, "script_error")
    assert.match(outcome.error?.message ?? "", /RangeError: out of range[\s\S]*at fail/)
  })

  test("plain pages still work", async () => {
    assert.equal((await value("window.pageValue")).result, 41)
  })

  test("the options page, checked again, says user scripts are allowed", async () => {
    await options.getByRole("button", { name: "Check again" }).click()
    const status = options.getByTestId("user-scripts-status")
    await status.and(options.locator('[data-allowed="true"]')).waitFor()
    assert.match((await status.textContent()) ?? "", /are allowed/)
  })
})

describe("sandbox mode", () => {
  const sandbox = (code: string, options: Record<string, unknown> = {}) =>
    callTool(panel, "execute_script", { code, target: "sandbox" }, options)

  test("pure computation works, with the last expression as the result", async () => {
    assert.deepEqual(await sandbox("let s = 0\nfor (let i = 1; i <= 100; i++) s += i\ns"), {
      ok: true,
      value: { result: 5050, type: "number" },
    })
    assert.deepEqual(await sandbox("await Promise.resolve(6) * 7"), { ok: true, value: { result: 42, type: "number" } })
  })

  test("no DOM, no extension API, no storage, no network", async () => {
    const outcome = await sandbox(
      "const storage = await new Promise((resolve) => { try { const r = indexedDB.open('x'); r.onsuccess = () => resolve('opened'); r.onerror = () => resolve('refused') } catch (e) { resolve(e.name) } })\n" +
        "const net = await fetch('http://127.0.0.1:1/').then(() => 'fetched', () => 'blocked')\n" +
        // (a line starting with "[" would continue the one above: return keeps it a statement)
        "return [typeof document, typeof window, typeof chrome, storage, net, self.origin]",
    )
    assert.ok(outcome.ok, JSON.stringify(outcome))
    assert.deepEqual(outcome.value.result, ["undefined", "undefined", "undefined", "SecurityError", "blocked", "null"])
  })

  test("nothing is kept between runs", async () => {
    await sandbox("globalThis.leftOver = 1")
    assert.deepEqual(await sandbox("typeof leftOver"), { ok: true, value: { result: "undefined", type: "string" } })
  })

  test("exceptions come back as script_error", async () => {
    const outcome = await sandbox("null.property")
    assert.equal(outcome.error?.code, "script_error")
    assert.match(outcome.error?.message ?? "", /TypeError/)
  })

  test("an endless loop is stopped at the time limit and the next call works", async () => {
    const looped = await sandbox("while (true) {}", { timeoutMs: 1500 })
    assert.equal(looped.ok, false)
    assert.equal(looped.error?.code, "timeout")
    assert.deepEqual(await sandbox("1 + 1"), { ok: true, value: { result: 2, type: "number" } })
    // The mesh kept its worker: the loop ran in the sandbox, not in the page group's worker.
    const workers = await panel.evaluate(() =>
      (globalThis.agent as unknown as { debug?: { workers(): Promise<unknown> } }).debug?.workers?.(),
    )
    if (workers) assert.equal((workers as Record<string, { restarts: number }>)["page"]?.restarts, 0)
  })

  test("while a loop spins, other runs and tools keep answering", async () => {
    // The memory cap counts the whole machine's memory (docs/security.md, "Memory"): what other
    // programs take during these seconds must not stop the loop before its time limit.
    await panel.evaluate(() => globalThis.agent.settings.update({ sandbox: { maxMemoryBytes: 4096 * 1024 * 1024 } }))
    let loopSettled = false
    const looping = sandbox("for (;;) {}", { timeoutMs: 4000 }).then((outcome) => ((loopSettled = true), outcome))
    assert.deepEqual(await sandbox("'alive'"), { ok: true, value: { result: "alive", type: "string" } })
    assert.equal((await value("document.title")).result, "Plain page")
    assert.equal(loopSettled, false, "the quick calls came back while the loop was still running")
    assert.equal((await looping).error?.code, "timeout")
    await panel.evaluate(() => globalThis.agent.settings.update({ sandbox: { maxMemoryBytes: 256 * 1024 * 1024 } }))
  })
})
