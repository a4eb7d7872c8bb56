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

/** What a reply shows: each block's text, in order, after every block rendered. */
const shown = async (reply: AmReply): Promise<string[]> => {
  await reply.updateComplete
  const blocks = [...reply.shadowRoot!.querySelectorAll("am-markdown")] as unknown as Array<
    HTMLElement & { updateComplete: Promise<unknown> }
  >
  await Promise.all(blocks.map((m) => m.updateComplete))
  return blocks.map((m) => (m.shadowRoot!.textContent ?? "").trim()).filter((text) => text !== "")
}

describe("am-reply streamed as deltas", () => {
  // More blocks than one group of finished blocks holds.
  const text = Array.from({ length: 75 }, (_, i) =>
    i % 3 === 0 ? `## Part ${i}\n\n` : i % 3 === 1 ? `Words of part ${i}.\n\n` : `- item ${i}\n- next\n\n`,
  ).join("")

  it("shows what the whole text shows, and keeps showing it once the saved text replaces the deltas", async () => {
    const whole = document.createElement("am-reply") as AmReply
    whole.text = text
    document.body.append(whole)
    const streamed = document.createElement("am-reply") as AmReply
    streamed.streaming = true
    document.body.append(streamed)
    const parts: string[] = []
    for (let i = 0; i < text.length; i += 7) {
      parts.push(text.slice(i, i + 7))
      streamed.deltas = { parts, count: parts.length }
      streamed.text = parts.join("")
      if (parts.length % 9 === 0) await streamed.updateComplete
    }
    const expected = await shown(whole)
    expect(expected.length).to.be.greaterThan(70)
    expect(await shown(streamed)).to.deep.equal(expected)
    streamed.deltas = undefined
    streamed.streaming = false
    expect(await shown(streamed)).to.deep.equal(expected)
    whole.remove()
    streamed.remove()
  })

  it("starts again when the deltas start again (a retry voids what streamed)", async () => {
    const reply = document.createElement("am-reply") as AmReply
    reply.streaming = true
    document.body.append(reply)
    const first = ["One.\n\n", "Two.\n\n", "Three"]
    reply.deltas = { parts: first, count: 3 }
    reply.text = first.join("")
    await shown(reply)
    const again = ["Other.\n\n", "Text"]
    reply.deltas = { parts: again, count: 2 }
    reply.text = again.join("")
    expect(await shown(reply)).to.deep.equal(["Other.", "Text"])
    reply.remove()
  })
})
