import { expect } from "chai"
import { onTabTitle } from "./tab-titles.ts"
import { errorLine, resultView, setToolCards, toolLabel, toolOutcome, toolSubject } from "./tool-card-text.ts"
import { caughtText, kindLabel, noticeText, presetLabel, siteLabel, sitesOf } from "./words.ts"
import { getMessage, type Messages } from "../test/support/chrome-i18n.ts"

describe("a tool call in words", () => {
  const routerCalls: string[] = []
  before(async () => {
    // The English messages as chrome.i18n serves them in an extension page (this test page is not one).
    const messages = (await (await fetch("/_locales/en/messages.json")).json()) as Messages
    // The router as the service worker answers it: the open tabs for tabs.query.
    const sendMessage = async (message: { kind: string; method: string }) => {
      routerCalls.push(`${message.kind} ${message.method}`)
      return {
        ok: true,
        value: [
          { tab_id: 7, window_id: 1, url: "https://book.test/", title: "Booking form", active: true, audible: false, status: "complete" },
        ],
      }
    }
    Object.assign(globalThis, { chrome: { i18n: { getMessage: getMessage(messages) }, runtime: { sendMessage } } })
    setToolCards(
      new Map([
        // Its card's label differs from the locale's on purpose: the translation must win.
        ["get_tab_content", { label: "Get tab content", subject: ["result.title", "params.tab_id"], result: "markdown" }],
        // A tool whose translations are not written yet: no tool_count_tasks in any locale.
        ["count_tasks", { label: "Count tasks", result: "data" }],
        ["agent", { subject: ["params.description"], result: "answer" }],
        ["create_task", { subject: ["params.subject"], result: "data" }],
        ["opfs_write", { label: "Write file", subject: ["params.path"], outcome: [{ bytes: "result.size" }] }],
        ["opfs_list", { label: "List files", subject: ["params.path"], outcome: [{ count: "result", of: "entries" }] }],
        ["opfs_read", { label: "Read file", outcome: [{ count: "result.total_lines", of: "lines" }, { bytes: "result.size" }] }],
      ]),
    )
  })
  after(() => Reflect.deleteProperty(globalThis, "chrome"))

  it("has a label in the reader's language, and the tool's name when it has none", () => {
    expect(toolLabel("get_tab_content")).to.equal("Read page")
    expect(toolLabel("my_custom_tool")).to.equal("my_custom_tool")
    expect(toolLabel("notes__search_notes")).to.equal("search_notes (MCP server notes)")
  })

  it("has its definition's English label where the locales have none for it", () => {
    expect(chrome.i18n.getMessage("tool_count_tasks"), "the locale has no label for it").to.equal("")
    expect(toolLabel("count_tasks")).to.equal("Count tasks")
  })

  it("names what the call worked on, from the first field the call has", async () => {
    // A tab by its title once the service worker's router has told it, never by its id.
    const learnt = new Promise<void>((resolve) => onTabTitle(resolve))
    expect(toolSubject("get_tab_content", { tab_id: 7 })).to.equal("")
    await learnt
    expect(routerCalls).to.deep.equal(["agent-mesh/router tabs.query"])
    expect(toolSubject("get_tab_content", { tab_id: 7 })).to.equal("Booking form")
    expect(toolSubject("get_tab_content", { tab_id: 7 }, { title: "  My   bank " })).to.equal("My bank")
    expect(toolSubject("create_task", { subject: "x".repeat(100) }, undefined, 10)).to.equal("xxxxxxxxx…")
    expect(toolSubject("unknown", { a: 1 })).to.equal("")
  })

  it("says what the call came to: a size, or how many, from the first fact its result has", () => {
    expect(toolOutcome("opfs_write", { path: "a.md", size: 0 })).to.equal("0 bytes")
    expect(toolOutcome("opfs_write", { path: "a.md", size: 1 })).to.equal("1 byte")
    expect(toolOutcome("opfs_write", { path: "a.md", size: 31 })).to.equal("31 bytes")
    expect(toolOutcome("opfs_write", { path: "a.md", size: 1234 })).to.equal("1.2 kB")
    expect(toolOutcome("opfs_write", { path: "a.md", size: 3_400_000 })).to.equal("3.4 MB")
    expect(toolOutcome("opfs_list", [])).to.equal("0 entries")
    expect(toolOutcome("opfs_list", [{ name: "a", kind: "file" }])).to.equal("1 entry")
    expect(
      toolOutcome(
        "opfs_list",
        Array.from({ length: 1200 }, () => ({})),
      ),
    ).to.equal("1,200 entries")
    expect(toolOutcome("opfs_read", { path: "a.md", content: "x", total_lines: 340 })).to.equal("340 lines")
    expect(toolOutcome("opfs_read", { path: "a.png", blob_url: "blob:x", size: 2048, mime_type: "image/png" })).to.equal("2 kB")
    // Nothing to say: a tool without an outcome, a result without the fact.
    expect(toolOutcome("create_task", { task_id: "t1" })).to.equal("")
    expect(toolOutcome("opfs_write", "not a result")).to.equal("")
    expect(toolOutcome("opfs_list", { entries: 3 })).to.equal("")
  })

  it("reads a page's content as Markdown, a sub-agent's answer as Markdown, and the rest as data", () => {
    expect(resultView("get_tab_content", { content: "# Hi\n\ntext", title: "t" })).to.deep.equal({ kind: "markdown", text: "# Hi\n\ntext" })
    expect(resultView("agent", { agent_id: "a", answer: "**found**" })).to.deep.equal({ kind: "markdown", text: "**found**" })
    expect(resultView("create_task", { id: "t1" })).to.deep.equal({ kind: "data", value: { id: "t1" } })
  })

  it("says an error in one line in the reader's words, never the tool's English message; details without blob: URLs", () => {
    expect(errorLine({ code: "timeout", message: "web_fetch took longer than 30 s", params: ["30"] }).line).to.equal(
      "It took longer than 30 s and was stopped.",
    )
    const script = errorLine({
      code: "script_error",
      message: "TypeError: x is null (blob:chrome-extension://abc/123:4:5)\n    at run (blob:x)",
    })
    expect(script.line).to.equal("The script failed.")
    expect(script.details).to.include("TypeError: x is null")
    expect(script.details).to.include("at run")
    expect(script.details).to.not.include("blob:")
    expect(errorLine({ code: "model_http_401", message: "401 Unauthorized. Check the API key." }).line).to.equal(
      "The model service refused the API key (HTTP 401). Check the key in Settings.",
    )
    expect(errorLine({ code: "made_up_code", message: "An English sentence." }).line).to.equal("It failed (made_up_code).")
  })

  it("words get_tab_content's codes with their parameters, and without them", () => {
    const missing = { code: "selector_not_found", message: 'No element matches the selector "#side" on https://a.example/. …' }
    expect(errorLine({ ...missing, params: ["#side"] }).line).to.equal("No element on the page matches #side.")
    expect(errorLine(missing).line).to.equal("No element on the page matches the selector.")
    const refused = {
      code: "page_not_readable",
      message: "Tab 3 shows a browser page (chrome://version/), which extensions may not read. …",
    }
    expect(errorLine({ ...refused, params: ["chrome://version/"] }).line).to.equal("The page chrome://version/ could not be read.")
    expect(errorLine(refused).line).to.equal("The page could not be read.")
  })
})

describe("the agent's words, from codes", () => {
  before(async () => {
    const messages = (await (await fetch("/_locales/fr/messages.json")).json()) as Messages
    Object.assign(globalThis, { chrome: { i18n: { getMessage: getMessage(messages), getUILanguage: () => "fr" } } })
  })
  after(() => Reflect.deleteProperty(globalThis, "chrome"))

  it("words a run's notice by its code and parameters, a failure by its error code, an old record by its status", () => {
    expect(noticeText({ status: "stopped", code: "stopped_by_user" })).to.equal("Vous avez arrêté l’exécution.")
    expect(noticeText({ status: "step_limit", code: "step_limit", params: ["12"] })).to.match(/limite d’étapes \(12\)/)
    expect(noticeText({ status: "failed", code: "model_http_429" })).to.match(/trop de requêtes \(HTTP 429\)/)
    expect(noticeText({ status: "failed" })).to.equal("L’exécution a échoué.")
  })

  it("counts by the language's plural forms, and writes sizes in its notation", () => {
    setToolCards(
      new Map([
        ["opfs_list", { outcome: [{ count: "result", of: "entries" }] }],
        ["opfs_write", { outcome: [{ bytes: "result.size" }] }],
      ]),
    )
    const entries = (n: number) => toolOutcome("opfs_list", Array.from({ length: n }))
    // French: 0 and 1 are "one".
    expect([entries(0), entries(1), entries(2)]).to.deep.equal(["0 élément", "1 élément", "2 éléments"])
    expect(toolOutcome("opfs_write", { size: 1234 })).to.equal("1,2\u202fko")
    expect(toolOutcome("opfs_write", { size: 6 })).to.equal("6\u00a0octets")
  })

  it("words an API rejection by its code; protocols, presets and sites in the reader's language", () => {
    expect(caughtText(Object.assign(new Error("No conversation x."), { code: "not_found" }))).to.equal("Introuvable.")
    expect(caughtText(new Error("An English sentence."))).to.not.include("English")
    expect(kindLabel("openai")).to.equal("Compatible OpenAI")
    expect(presetLabel({ id: "custom", label: "Custom (OpenAI-compatible)" })).to.equal("Autre service compatible OpenAI")
    expect(presetLabel({ id: "openai", label: "OpenAI" })).to.equal("OpenAI")
    expect(siteLabel("unknown site")).to.equal("un site inconnu")
    expect(siteLabel("https://example.com")).to.equal("example.com")
    expect(siteLabel("data:text/html,<title>x</title>")).to.equal("un site inconnu")
    expect(sitesOf("https://a.example unknown site").map(siteLabel)).to.deep.equal(["a.example", "un site inconnu"])
  })
})

describe("counts in Ukrainian", () => {
  before(async () => {
    const messages = (await (await fetch("/_locales/uk/messages.json")).json()) as Messages
    Object.assign(globalThis, { chrome: { i18n: { getMessage: getMessage(messages), getUILanguage: () => "uk" } } })
    setToolCards(new Map([["opfs_list", { outcome: [{ count: "result", of: "entries" }] }]]))
  })
  after(() => Reflect.deleteProperty(globalThis, "chrome"))

  it("takes the singular where the language's rules say one (1, 21, not 11), the counted form elsewhere", () => {
    const entries = (n: number) => toolOutcome("opfs_list", Array.from({ length: n }))
    expect([1, 21, 11, 3, 5].map(entries)).to.deep.equal(["1 елемент", "21 елемент", "елементів: 11", "елементів: 3", "елементів: 5"])
  })
})
