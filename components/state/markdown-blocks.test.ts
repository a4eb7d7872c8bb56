import { expect } from "chai"
import { renderMarkdown } from "../markdown.ts"
import { MarkdownBlocks, withoutUnfinishedTable } from "./markdown-blocks.ts"

const reply = [
  "# Plan\n\n",
  "First a paragraph with **bold** text.\n\n",
  "```ts\nconst a = 1\n\nconst b = 2\n```\n\n",
  "| a | b |\n|---|---|\n| 1 | 2 |\n\n",
  "- one\n- two\n  continued\n\n",
  "1. first\n2. second\n\n",
  "> a quote\n\n",
  "The end.",
].join("")

/** Streams `text` into a splitter one piece at a time, as the deltas come. */
const stream = (text: string, size: number) => {
  const blocks = new MarkdownBlocks()
  let result = blocks.update("")
  const seen: string[][] = []
  for (let i = size; i < text.length + size; i += size) {
    result = blocks.update(text.slice(0, i))
    seen.push([...result.done])
  }
  return { result, seen }
}

describe("MarkdownBlocks", () => {
  it("splits a streamed reply into blocks that, rendered one by one, show what the whole reply shows", () => {
    for (const size of [1, 3, 17]) {
      const { result } = stream(reply, size)
      expect(result.done.join("") + result.tail).to.equal(reply)
      const byBlock = [...result.done, result.tail].map((b) => renderMarkdown(b)).join("")
      const strip = (html: string) => html.replace(/\s+/g, "")
      expect(strip(byBlock), `deltas of ${size}`).to.equal(strip(renderMarkdown(reply)))
    }
  })

  it("never changes a block once it is finished", () => {
    const { seen } = stream(reply, 1)
    for (let i = 1; i < seen.length; i++) {
      const before = seen[i - 1]!
      expect(seen[i]!.slice(0, before.length)).to.deep.equal(before)
    }
    expect(seen.at(-1)!.length).to.be.greaterThan(5)
  })

  it("keeps an unclosed code fence open, however long it grows", () => {
    const blocks = new MarkdownBlocks()
    const code = "Intro.\n\n```py\n" + "x = 1\n\n".repeat(200)
    const result = blocks.update(code)
    expect(result.done).to.deep.equal(["Intro.\n\n"])
    expect(result.tail.startsWith("```py")).to.equal(true)
  })

  it("gives the same blocks for the text appended delta by delta as for the text so far given each time", () => {
    for (const size of [1, 3, 17]) {
      const appended = new MarkdownBlocks()
      const given = new MarkdownBlocks()
      let result = appended.update("")
      for (let i = 0; i < reply.length; i += size) {
        result = appended.append(reply.slice(i, i + size))
        const whole = given.update(reply.slice(0, i + size))
        expect([...result.done, result.tail], `after ${i + size} characters in deltas of ${size}`).to.deep.equal([
          ...whole.done,
          whole.tail,
        ])
      }
      // The saved text that ends the stream continues it: nothing is redone.
      const done = result.done
      expect(appended.update(reply).done).to.equal(done)
    }
  })

  it("starts again when the text is not a continuation (a retry voids what streamed)", () => {
    const blocks = new MarkdownBlocks()
    const before = blocks.update("One.\n\nTwo.\n\nThree").done
    const result = blocks.update("Other.\n\nText")
    expect(result.done).to.deep.equal(["Other.\n\n"])
    expect(result.done, "a new array: the blocks shown before are gone").not.to.equal(before)
    expect(result.tail).to.equal("Text")
  })
})

describe("a table while it streams", () => {
  it("is held back until its delimiter row arrives, so raw | cells are never shown", () => {
    expect(withoutUnfinishedTable("Prices:\n\n| plan")).to.equal("Prices:\n")
    expect(withoutUnfinishedTable("Prices:\n\n| plan | price |\n|")).to.equal("Prices:\n")
    expect(withoutUnfinishedTable("| plan | price |\n|---")).to.equal("| plan | price |\n|---")
    expect(withoutUnfinishedTable("| plan | price |\n|---|---|\n| Pro | 9 € |\n| Te")).to.equal(
      "| plan | price |\n|---|---|\n| Pro | 9 € |\n| Te",
    )
    expect(withoutUnfinishedTable("No table here.")).to.equal("No table here.")
  })
})
