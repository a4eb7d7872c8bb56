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

  it("streamed block by block, shows every finished block once and in order, and starts over for a new text", async () => {
    const reply = document.createElement("am-reply") as AmReply
    reply.streaming = true
    document.body.append(reply)
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}.`)
    let text = ""
    for (const p of paragraphs) {
      text += `${p}\n\n`
      reply.text = text
      await reply.updateComplete
    }
    const shown = async () => {
      const blocks = [...reply.shadowRoot!.querySelectorAll("am-markdown.done")]
      for (const m of blocks) await (m as unknown as { updateComplete: Promise<unknown> }).updateComplete
      return blocks.map((m) => m.shadowRoot!.textContent!.trim())
    }
    // The last paragraph is the open tail until another block starts.
    expect(await shown()).to.deep.equal(paragraphs.slice(0, -1))
    reply.text = "Other.\n\nWords.\n\n"
    await reply.updateComplete
    expect(await shown()).to.deep.equal(["Other."])
    reply.remove()
  })
})
