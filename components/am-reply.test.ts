import { expect } from "chai"
import "./am-reply.ts"
import type { AmReply } from "./am-reply.ts"
import { MarkdownBlocks } from "./state/markdown-blocks.ts"

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
  return blocks.map((m) => ((m.shadowRoot ?? m).textContent ?? "").trim()).filter((text) => text !== "")
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

  it("shows a finished block in the element and nodes it streamed in, not in ones built anew", async () => {
    const reply = document.createElement("am-reply") as AmReply
    reply.streaming = true
    document.body.append(reply)
    const parts = ["First ", "paragraph, **bold**."]
    reply.deltas = { parts, count: parts.length }
    reply.text = parts.join("")
    await shown(reply)
    const tail = reply.shadowRoot!.querySelector("am-markdown.tail")!
    const paragraph = tail.querySelector("p")!
    parts.push("\n\n", "Second")
    reply.deltas = { parts, count: parts.length }
    reply.text = parts.join("")
    expect(await shown(reply)).to.deep.equal(["First paragraph, bold.", "Second"])
    const first = reply.shadowRoot!.querySelector("am-markdown")!
    // (Compared as booleans: chai's message for two unequal elements does not finish.)
    expect(first === tail, "the element the tail streamed in").to.equal(true)
    expect(first.classList.contains("tail")).to.equal(false)
    expect(first.hasAttribute("data-flush")).to.equal(true)
    expect(first.querySelector("p") === paragraph, "the paragraph's node").to.equal(true)
    expect(reply.shadowRoot!.querySelector("am-markdown.tail")!.textContent!.trim()).to.equal("Second")
    reply.remove()
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

  it("lays its blocks out where they would be as siblings, however they are grouped", async () => {
    const reply = document.createElement("am-reply") as AmReply
    reply.style.width = "400px"
    reply.text = text
    document.body.append(reply)
    // The reference: every block an am-markdown beside the others, with the gap between them.
    const reference = document.createElement("div")
    reference.style.width = "400px"
    const root = reference.attachShadow({ mode: "open" })
    root.innerHTML = "<style>am-markdown + am-markdown { margin-top: 8px; }</style>"
    const { done, tail } = new MarkdownBlocks().update(text)
    for (const block of [...done, tail]) {
      const m = document.createElement("am-markdown") as HTMLElement & { text: string }
      m.text = block
      root.append(m)
    }
    document.body.append(reference)
    await shown(reply)
    await Promise.all(
      [...root.querySelectorAll("am-markdown")].map((m) => (m as unknown as { updateComplete: Promise<unknown> }).updateComplete),
    )
    // Each group on screen once, as each is while it streams: an off-screen group is laid out at
    // the height it had when last rendered (content-visibility), which a group never shown lacks.
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    for (const group of reply.shadowRoot!.querySelectorAll(".blocks")) {
      group.scrollIntoView()
      await frame()
      await frame()
    }
    window.scrollTo(0, 0)
    await frame()
    const tops = (host: Element) => {
      const origin = host.getBoundingClientRect().top
      return [...host.shadowRoot!.querySelectorAll("am-markdown")].map((m) => Math.round(m.getBoundingClientRect().top - origin))
    }
    expect(done.length, "more blocks than a group holds").to.be.greaterThan(64)
    const groups = reply.shadowRoot!.querySelectorAll(".blocks")
    expect(groups[groups.length - 1]!.getBoundingClientRect().top, "a group off screen").to.be.greaterThan(innerHeight)
    expect(tops(reply)).to.deep.equal(tops(reference))
    expect(reply.getBoundingClientRect().height).to.equal(reference.getBoundingClientRect().height)
    reply.remove()
    reference.remove()
  })

  it("renders its blocks without a shadow root each, looking as a standalone am-markdown does", async () => {
    const sample = [
      "## A heading with `code`\n\n",
      "Words with **bold**, *em*, ~~del~~ and [a link](https://example.org/x).\n\n",
      "```ts\nconst x = 1 // one\n```\n\n",
      "| a | b |\n|---|--:|\n| 1 | 2 |\n\n",
      "- one\n- two\n\n",
      "> quoted\n\n",
      "1. first\n2. second\n",
    ].join("")
    const reply = document.createElement("am-reply") as AmReply
    reply.style.width = "400px"
    reply.text = sample
    document.body.append(reply)
    await reply.updateComplete
    const blocks = [...reply.shadowRoot!.querySelectorAll("am-markdown")] as unknown as Array<
      HTMLElement & { updateComplete: Promise<unknown>; highlighted: Promise<void> }
    >
    await Promise.all(blocks.map((m) => m.updateComplete))
    await Promise.all(blocks.map((m) => m.highlighted))
    expect(blocks.length).to.equal(7)
    expect(
      blocks.every((m) => m.shadowRoot === null),
      "no shadow root per block",
    ).to.equal(true)
    const look = (root: ParentNode) =>
      [...root.querySelectorAll(".md *")].map((el) => {
        const style = getComputedStyle(el)
        const box = el.getBoundingClientRect()
        return [
          el.localName,
          el.className,
          style.display,
          style.fontFamily,
          style.fontSize,
          style.fontWeight,
          style.fontStyle,
          style.color,
          style.backgroundColor,
          style.margin,
          style.padding,
          style.borderTop,
          style.whiteSpace,
          style.overflowWrap,
          Math.round(box.width),
          Math.round(box.height),
        ].join(" ")
      })
    for (const block of blocks) {
      const alone = document.createElement("am-markdown") as HTMLElement & {
        text: string
        updateComplete: Promise<unknown>
        highlighted: Promise<void>
      }
      alone.style.width = "400px"
      alone.toggleAttribute("data-flush", block.hasAttribute("data-flush"))
      alone.text = (block as unknown as { text: string }).text
      document.body.append(alone)
      await alone.updateComplete
      await alone.highlighted
      expect(look(block)).to.deep.equal(look(alone.shadowRoot!))
      expect(Math.round(block.getBoundingClientRect().height)).to.equal(Math.round(alone.getBoundingClientRect().height))
      alone.remove()
    }
    reply.remove()
  })
})
