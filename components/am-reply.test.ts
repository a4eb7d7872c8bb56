import { expect } from "chai"
import "./am-reply.ts"
import type { AmReply } from "./am-reply.ts"

const linksIn = (reply: Element): string[] =>
  [...reply.shadowRoot!.querySelectorAll("am-markdown")].flatMap((m) =>
    [...(m.shadowRoot ?? m).querySelectorAll("a")].map((a) => a.getAttribute("href") ?? ""),
  )

describe("am-reply", () => {
  it("resolves a link whose reference is defined in a later block, as the whole reply would", async () => {
    const reply = document.createElement("am-reply") as AmReply
    document.body.append(reply)
    reply.text = "See [the docs][d] first.\n\nMore text here.\n\n[d]: https://example.org/docs\n"
    await reply.updateComplete
    for (const m of reply.shadowRoot!.querySelectorAll("am-markdown"))
      await (m as unknown as { updateComplete: Promise<unknown> }).updateComplete
    expect(linksIn(reply)).to.include("https://example.org/docs")
    reply.remove()
  })
})
