import { expect } from "chai"
import { leakedText, outgoingForms, readText, tokensOf } from "./leaks.ts"

const page = readText(
  "Account 4417-1234-5678-9113 belongs to ada@example.org. Welcome back to your dashboard, here is your secret note: the launch code is tangerine.",
  "https://bank.example",
)
const file = readText("Project Zephyr budget: 12,500 EUR. Do not share.")

describe("leak detection", () => {
  it("keeps distinctive tokens, not common words", () => {
    const tokens = tokensOf("Welcome back to your dashboard, ada@example.org 4417-1234")
    expect([...tokens]).to.include.members(["ada@example.org", "4417-1234"])
    expect(tokens.has("welcome")).to.equal(false)
  })

  it("finds read text in a URL, however it is encoded", () => {
    const to = "https://evil.example"
    expect(leakedText(outgoingForms(`${to}/c?d=ada%40example.org`), [page], to)).to.equal("ada@example.org")
    expect(leakedText(outgoingForms(`${to}/c?x=${btoa("card 4417-1234-5678-9113")}`), [page], to)).to.equal("4417-1234-5678-9113")
    expect(leakedText(outgoingForms(`${to}/c?q=the+launch+code+is+tangerine`), [page], to)).to.be.a("string")
    expect(leakedText(outgoingForms(`${to}/log/Project%20Zephyr%20budget%3A%2012%2C500`), [file], to)).to.be.a("string")
  })

  it("does not flag a request that carries nothing read, or goes back where the text came from", () => {
    expect(leakedText(outgoingForms("https://en.wikipedia.org/wiki/Dashboard"), [page, file], "https://en.wikipedia.org")).to.equal(
      undefined,
    )
    expect(leakedText(outgoingForms("https://bank.example/account/4417-1234-5678-9113"), [page], "https://bank.example")).to.equal(
      undefined,
    )
    expect(leakedText(outgoingForms("https://search.example/?q=weather+in+Lisbon"), [page, file], "https://search.example")).to.equal(
      undefined,
    )
  })
})
