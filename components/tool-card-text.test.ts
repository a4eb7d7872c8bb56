import { expect } from "chai"
import { errorLine, resultView, setToolCards, toolLabel, toolSubject } from "./tool-card-text.ts"

type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>

/** chrome.i18n.getMessage as an extension page has it: named placeholders filled from the substitutions. */
const getMessage =
  (messages: Messages) =>
  (key: string, substitutions: string[] = []) => {
    const entry = messages[key]
    if (!entry) return ""
    return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => {
      const content = entry.placeholders?.[name.toLowerCase()]?.content ?? ""
      return content.replace(/\$(\d)/g, (_m, i: string) => substitutions[Number(i) - 1] ?? "")
    })
  }

describe("a tool call in words", () => {
  before(async () => {
    // The English messages as chrome.i18n serves them in an extension page (this test page is not one).
    const messages = (await (await fetch("/_locales/en/messages.json")).json()) as Messages
    Object.assign(globalThis, { chrome: { i18n: { getMessage: getMessage(messages) } } })
    setToolCards(
      new Map([
        ["get_tab_content", { subject: ["result.title", "params.tab_id"], result: "markdown" }],
        ["agent", { subject: ["params.description"], result: "answer" }],
        ["create_task", { subject: ["params.subject"], result: "data" }],
      ]),
    )
  })
  after(() => Reflect.deleteProperty(globalThis, "chrome"))

  it("has a label in the reader's language, and the tool's name when it has none", () => {
    expect(toolLabel("get_tab_content")).to.equal("Read page")
    expect(toolLabel("my_custom_tool")).to.equal("my_custom_tool")
    expect(toolLabel("notes__search_notes")).to.equal("search_notes (MCP server notes)")
  })

  it("names what the call worked on, from the first field the call has", () => {
    expect(toolSubject("get_tab_content", { tab_id: 7 })).to.equal("7")
    expect(toolSubject("get_tab_content", { tab_id: 7 }, { title: "  My   bank " })).to.equal("My bank")
    expect(toolSubject("create_task", { subject: "x".repeat(100) }, undefined, 10)).to.equal("xxxxxxxxx…")
    expect(toolSubject("unknown", { a: 1 })).to.equal("")
  })

  it("reads a page's content as Markdown, a sub-agent's answer as Markdown, and the rest as data", () => {
    expect(resultView("get_tab_content", { content: "# Hi\n\ntext", title: "t" })).to.deep.equal({ kind: "markdown", text: "# Hi\n\ntext" })
    expect(resultView("agent", { agent_id: "a", answer: "**found**" })).to.deep.equal({ kind: "markdown", text: "**found**" })
    expect(resultView("create_task", { id: "t1" })).to.deep.equal({ kind: "data", value: { id: "t1" } })
  })

  it("says an error in one line, in words when its code has them, without stacks or blob: URLs", () => {
    expect(errorLine({ code: "timeout", message: "web_fetch took longer than 30 s" }).line).to.equal("It took too long and was stopped.")
    const script = errorLine({
      code: "script_error",
      message: "TypeError: x is null (blob:chrome-extension://abc/123:4:5)\n    at run (blob:x)",
    })
    expect(script.line).to.equal("TypeError: x is null")
    expect(script.details).to.include("at run")
  })
})
