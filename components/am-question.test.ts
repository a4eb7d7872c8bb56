import { expect } from "chai"
import "./am-question.ts"
import type { AmQuestion } from "./am-question.ts"
import { baseStyles } from "./styles.ts"

/** The theme's dark palette, as theme.css sets it on the page. */
const DARK = { "--am-bg": "#16181d", "--am-fg": "#e6e8ee", "--am-warn-bg": "#3a3120", "--am-accent": "#7ea2ff" }

describe("am-question in dark", () => {
  it("draws an unselected choice in the text colour on the page's background, not the browser's dark grey on amber", async () => {
    const element = document.createElement("am-question") as AmQuestion
    for (const [name, value] of Object.entries(DARK)) element.style.setProperty(name, value)
    element.style.colorScheme = "dark"
    element.question = {
      type: "question_asked",
      id: "q",
      question: "Zq?",
      options: ["a", "b"],
      multiple: false,
      expiresAt: Date.now() + 60_000,
    }
    document.body.append(element)
    await element.updateComplete
    const radio = element.shadowRoot!.querySelector<HTMLInputElement>("input[type=radio]")!
    const style = getComputedStyle(radio)
    expect(style.appearance).to.equal("none")
    expect(style.borderTopColor).to.equal("rgb(230, 232, 238)")
    expect(style.backgroundColor).to.equal("rgb(22, 24, 29)")
    element.remove()
  })
})

describe("a disabled primary button", () => {
  it("is plainly off: not the accent colour faded, which still read as a button to press", () => {
    const host = document.createElement("div")
    host.style.setProperty("--am-accent", "rgb(126, 162, 255)")
    host.style.setProperty("--am-surface-2", "rgb(41, 45, 54)")
    const root = host.attachShadow({ mode: "open" })
    root.adoptedStyleSheets = [baseStyles.styleSheet!]
    root.innerHTML = `<button class="primary" disabled>Send</button>`
    document.body.append(host)
    const style = getComputedStyle(root.querySelector("button")!)
    expect(style.backgroundColor).to.equal("rgb(41, 45, 54)")
    expect(style.opacity).to.equal("1")
    host.remove()
  })
})
