/** A conversation's saved images kept within their budget (ConversationStore.keepImagesWithin). */
import { expect } from "chai"
import { ConversationStore } from "./store.ts"
import { IMAGE_LEFT_OUT } from "./images.ts"

const image = (fill: string) => ({ mediaType: "image/png", data: fill.repeat(4000), width: 10, height: 10 }) // 3,000 bytes

describe("the images a conversation keeps", () => {
  it("drops the oldest images past the budget, keeps every message and says what went", async () => {
    const store = await ConversationStore.open(`agent-mesh-test-${crypto.randomUUID()}`)
    await store.create({ id: "c" })
    for (const [i, fill] of ["A", "B", "C"].entries())
      await store.append("c", {
        runId: "r",
        message: { role: "tool", toolCallId: `t${i}`, name: "capture_tab", content: `shot ${i}`, images: [image(fill)] },
      })
    expect(await store.keepImagesWithin("c", 6_500)).to.equal(1)
    const messages = await store.messages("c")
    expect(messages).to.have.length(3)
    const [first, second, third] = messages.map((m) => m.message as { content: string; images?: Array<{ data: string }> })
    expect(first!.images).to.equal(undefined)
    expect(first!.content).to.equal(`shot 0\n${IMAGE_LEFT_OUT}`)
    expect(second!.images![0]!.data[0]).to.equal("B")
    expect(third!.images![0]!.data[0]).to.equal("C")
    expect(await store.keepImagesWithin("c", 6_500)).to.equal(0)
  })
})
