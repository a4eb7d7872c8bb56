import { expect } from "chai"
import type { MeshEvent } from "../../schemas/events.ts"
import type { AgentApi } from "../../shell/client/agent-api.ts"
import { ChatStore } from "./chat.ts"

/** An agent API with nothing saved and nothing running, whose events the test sends. */
const fakeAgent = () => {
  let listener: ((event: MeshEvent) => void) | undefined
  const none = () => Promise.resolve([])
  const agent = {
    onEvent: (l: (event: MeshEvent) => void) => ((listener = l), () => (listener = undefined)),
    settings: { get: () => Promise.resolve(undefined) },
    conversations: { list: none, running: none, get: () => Promise.resolve(null) },
    tools: { list: none, call: none },
    questions: { pending: none },
    confirmations: { pending: none },
    researchJobs: { list: none },
    spawnJobs: { list: none },
  } as unknown as AgentApi
  return { agent, send: (event: MeshEvent) => listener!(event) }
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))

const laneDelta = (agentId: string, delta: string): MeshEvent => ({
  type: "sub_agent_event",
  agentId,
  agentType: "general",
  event: { type: "text_delta", conversationId: `sub:${agentId}`, runId: `r-${agentId}`, delta },
})

describe("the chat store", () => {
  it("shows a lane's streamed text once per frame, and a lane's delta does not push the reply's deltas out early", async () => {
    const store = new ChatStore()
    const { agent, send } = fakeAgent()
    await store.connect(agent)
    send(laneDelta("a1", "first "))
    const lanesBefore = store.spawnLanes.get()
    for (const word of ["second ", "third"]) send(laneDelta("a1", word))
    expect(store.spawnLanes.get()).to.equal(lanesBefore, "nothing is shown before the frame")
    await frame()
    expect(store.spawnLanes.get()["a1"]?.current).to.equal("✎ first second third")

    // Another event takes the deltas before it along, in order.
    send(laneDelta("a1", " fourth"))
    send({
      type: "sub_agent_event",
      agentId: "a1",
      agentType: "general",
      event: { type: "tool_call_started", callId: "c1", tool: "web_fetch", conversationId: "sub:a1", params: {} },
    })
    expect(store.spawnLanes.get()["a1"]?.current).to.equal("web_fetch")
    expect(store.spawnLanes.get()["a1"]?.tools.map((t) => t.tool)).to.deep.equal(["web_fetch"])
    store.disconnect()
  })

  it("a message asks for the model picked, else none: the agent reads the default as its settings hold it then", async () => {
    const store = new ChatStore()
    const { agent } = fakeAgent()
    const asked: Array<{ model?: unknown }> = []
    const settings = {
      defaultModel: { providerId: "old", model: "small" },
      providers: [{ id: "old", name: "old", kind: "openai", baseUrl: "http://127.0.0.1:9/v1" }],
    }
    Object.assign(agent, {
      settings: { get: () => Promise.resolve(settings) },
      chat: (_text: string, options: { model?: unknown }) => (asked.push(options), { result: new Promise(() => undefined) }),
    })
    await store.connect(agent)
    expect(store.effectiveModel()).to.deep.equal({ providerId: "old", model: "small" }, "the panel shows the default it knows")
    store.send("hello")
    expect(asked[0]).to.not.have.property("model")
    store.pickedModel.set({ providerId: "other", model: "big" })
    store.send("again")
    expect(asked[1]?.model).to.deep.equal({ providerId: "other", model: "big" })
    store.disconnect()
  })

  it("a lane's delta between the reply's deltas leaves the reply's text waiting for the frame", async () => {
    const store = new ChatStore()
    const { agent, send } = fakeAgent()
    await store.connect(agent)
    store.newConversation()
    await store.open("conv")
    send({ type: "run_started", conversationId: "conv", runId: "r1", prompt: "hi" })
    send({ type: "text_delta", conversationId: "conv", runId: "r1", delta: "Hel" })
    send(laneDelta("a1", "lane words"))
    send({ type: "text_delta", conversationId: "conv", runId: "r1", delta: "lo" })
    expect(store.view.get().live?.text).to.equal("")
    await frame()
    expect(store.view.get().live?.text).to.equal("Hello")
    expect(store.spawnLanes.get()["a1"]?.current).to.equal("✎ lane words")
    store.disconnect()
  })
})
