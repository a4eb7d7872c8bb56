import { expect } from "chai"
import { routerFake } from "../../workers/runtime/test-support/router-fake.ts"
import { distill, splitParts } from "./distill.ts"
import { scripted } from "../../workers/agent/providers/test-support.ts"

describe("splitParts", () => {
  it("cuts at paragraph ends, keeps everything, and respects the size", () => {
    const text = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} ${"word ".repeat(20)}`).join("\n\n")
    const parts = splitParts(text, 500)
    expect(parts.length).to.be.greaterThan(1)
    for (const part of parts) expect(part.length).to.be.at.most(500)
    expect(parts.join(" ").replace(/\s+/g, " ")).to.equal(text.replace(/\s+/g, " "))
    expect(parts[1]!.startsWith("Paragraph")).to.equal(true)
  })
  it("leaves short text whole", () => {
    expect(splitParts("short", 100)).to.deep.equal(["short"])
  })
})

describe("distill's time limit", () => {
  const routerFor = (baseUrl: string, summaryTimeoutMs: number) =>
    routerFake(async (method) => {
      if (method === "settings.get")
        return { ok: true, value: { summaryModel: { providerId: "p", model: "m" }, summaryTimeoutMs, model: { stallTimeoutMs: 60_000 } } }
      if (method === "providers.resolve") return { ok: true, value: { kind: "openai", baseUrl } }
      return { ok: false, error: { code: "not_found", message: method } }
    })

  it("a summary that outlasts its own limit fails with summary_timeout, not timeout or summary_failed", async () => {
    const server = await scripted([{ delayMs: 10_000, text: "too late" }])
    const outcome = await distill(
      routerFor(server.baseUrl("openai"), 300),
      "The ferry leaves at 6:15.",
      "When?",
      undefined,
      new AbortController().signal,
    )
    expect(outcome.ok).to.equal(false)
    expect(!outcome.ok && outcome.error.code).to.equal("summary_timeout")
    expect(!outcome.ok && outcome.error.message).to.match(/0\.3 s/)
  })

  it("the caller's cancellation is still a cancellation", async () => {
    const server = await scripted([{ delayMs: 10_000, text: "too late" }])
    const controller = new AbortController()
    const pending = distill(routerFor(server.baseUrl("openai"), 60_000), "text", "When?", undefined, controller.signal)
    // Cancel once the model has the request, so the abort reaches the model call itself.
    while ((await server.requests()).length === 0) await new Promise((r) => setTimeout(r, 20))
    controller.abort()
    const outcome = await pending
    expect(!outcome.ok && outcome.error.code).to.equal("cancelled")
  })

  it("a summary within its limit is the answer", async () => {
    const server = await scripted([{ text: "At 6:15." }])
    const outcome = await distill(
      routerFor(server.baseUrl("openai"), 5_000),
      "The ferry leaves at 6:15.",
      "When?",
      undefined,
      new AbortController().signal,
    )
    expect(outcome).to.deep.equal({ ok: true, content: "At 6:15.", truncated: false })
  })
})
