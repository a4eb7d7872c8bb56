import { expect } from "chai"
import "./am-tool-card.ts"
import type { AmToolCard } from "./am-tool-card.ts"
import { endedStatus } from "./state/chat-view.ts"
import { setToolCards } from "./tool-card-text.ts"

describe("am-tool-card", () => {
  before(() => {
    // The card asks for the tools' card specs once; here they are set directly.
    Object.assign(globalThis, { agent: { tools: { list: () => new Promise(() => undefined) } } })
    setToolCards(new Map([["create_task", { label: "New task", subject: ["params.subject"], result: "data" }]]))
  })
  after(() => Reflect.deleteProperty(globalThis, "agent"))

  it("sets the tool's label in the reading font, like the subject beside it, not in the code font", async () => {
    const element = document.createElement("am-tool-card") as AmToolCard
    element.style.setProperty("--am-mono", "monospace")
    element.style.fontFamily = "serif"
    document.body.append(element)
    element.card = { callId: "c1", tool: "create_task", params: { subject: "Find a hotel" }, status: "done", result: {} }
    await element.updateComplete
    const label = element.shadowRoot!.querySelector(".tool")!
    const subject = element.shadowRoot!.querySelector(".args")!
    expect(label.textContent).to.equal("New task")
    expect(getComputedStyle(label).fontFamily).to.equal(getComputedStyle(subject).fontFamily)
    element.remove()
  })

  it("marks each disclosure by its own state: inside an opened card, the closed arguments show ▸", async () => {
    const element = document.createElement("am-tool-card") as AmToolCard
    document.body.append(element)
    element.card = { callId: "c2", tool: "create_task", params: { subject: "Find a hotel" }, status: "done", result: {} }
    await element.updateComplete
    const card = element.shadowRoot!.querySelector<HTMLDetailsElement>("[data-testid=tool-card]")!
    card.open = true
    const marker = (summary: Element) => getComputedStyle(summary, "::before").content
    const args = element.shadowRoot!.querySelector("details.arguments")!
    expect(marker(card.querySelector(":scope > summary")!)).to.equal('"▾"')
    expect(marker(args.querySelector(":scope > summary")!)).to.equal('"▸"')
    element.remove()
  })

  it("shows a call the user refused as declined, in neutral words: their decision, not a failure", async () => {
    const element = document.createElement("am-tool-card") as AmToolCard
    document.body.append(element)
    const error = { code: "permission_denied", message: "Not done: the user said no." }
    element.card = { callId: "c3", tool: "create_task", params: {}, status: endedStatus(error), error }
    await element.updateComplete
    const root = element.shadowRoot!
    expect(root.querySelector("[data-testid=tool-card]")!.getAttribute("data-status")).to.equal("declined")
    expect(root.querySelector(".status")!.classList.contains("failed")).to.equal(false)
    expect(root.querySelector("[role=alert], .error:not(pre)")).to.equal(null)
    expect(root.querySelector("[data-testid=tool-declined]")).to.not.equal(null)
    expect(endedStatus({ code: "network", message: "" })).to.equal("failed")
    expect(endedStatus({ code: "cancelled", message: "" })).to.equal("cancelled")
    element.remove()
  })
})
