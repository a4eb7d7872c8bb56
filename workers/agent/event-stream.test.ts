import { expect } from "chai"
import type { ConversationEvent } from "../../schemas/events.ts"
import { EventReceiver, EventSender } from "./event-stream.ts"

const delta = (text: string, runId = "r1"): ConversationEvent => ({ type: "text_delta", conversationId: "c", runId, delta: text })
const started: ConversationEvent = { type: "run_started", conversationId: "c", runId: "r1", prompt: "hi" }

const pair = () => {
  const channel = new MessageChannel()
  const delivered: ConversationEvent[] = []
  const receiver = new EventReceiver(channel.port1, (event) => delivered.push(event))
  return { sender: new EventSender(channel.port2), receiver, delivered }
}

describe("a run's event stream", () => {
  it("joins consecutive deltas of one run, keeps every other event and the order", async () => {
    const { sender, receiver, delivered } = pair()
    sender.emit(started)
    for (const word of ["a ", "b ", "c "]) sender.emit(delta(word))
    sender.emit({ type: "reasoning_delta", conversationId: "c", runId: "r1", delta: "think" })
    sender.emit(delta("d"))
    sender.emit(delta("other run", "r2"))
    const sent = sender.flush()
    expect(sent).to.equal(5)
    await receiver.reached(sent)
    expect(delivered.map((e) => ("delta" in e ? `${e.type}:${e.delta}` : e.type))).to.deep.equal([
      "run_started",
      "text_delta:a b c ",
      "reasoning_delta:think",
      "text_delta:d",
      "text_delta:other run",
    ])
  })

  it("sends on its own after a few milliseconds, and reached() waits for the count", async () => {
    const { sender, receiver, delivered } = pair()
    sender.emit(started)
    let done = false
    const waiting = receiver.reached(1).then(() => (done = true))
    expect(done).to.equal(false)
    await waiting
    expect(delivered.length).to.equal(1)
  })

  it("a closed stream releases whoever waits, and delivers nothing more", async () => {
    const { sender, receiver, delivered } = pair()
    const waiting = receiver.reached(3)
    receiver.close()
    await waiting
    sender.emit(started)
    sender.flush()
    await receiver.reached(1)
    expect(delivered).to.deep.equal([])
  })

  it("a delta given a long window waits, but any other event takes it along at once, in order", async () => {
    const { sender, receiver, delivered } = pair()
    sender.emit(delta("lane words"), 600_000)
    sender.emit(started, 600_000)
    // Within the test's timeout only if the second event shortened the wait to BATCH_MS.
    await receiver.reached(2)
    expect(delivered.map((e) => e.type)).to.deep.equal(["text_delta", "run_started"])
    sender.emit(delta("more"), 600_000)
    const sent = sender.flush()
    await receiver.reached(sent)
    expect(delivered.at(-1)).to.include({ type: "text_delta", delta: "more" })
  })
})
