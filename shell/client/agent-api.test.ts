/** `globalThis.agent` as the contract builds it: each method's arguments become its request, its reply the promise's value. */
import { expect } from "chai"
import { CHANNEL_METHODS, type ChannelMethod } from "../../schemas/channel.ts"
import type { Outcome } from "../../schemas/errors.ts"
import { makeAgentApi } from "./agent-api.ts"
import type { MeshTransport } from "./transport.ts"

/** A transport that records each request and answers with `answer` (the API over it is the subject). */
const recording = (answer: (method: ChannelMethod) => Outcome<unknown> = (method) => ({ ok: true, value: method })) => {
  const sent: Array<{ method: string; params: unknown; signal: AbortSignal | undefined }> = []
  const transport = {
    request: async (method: ChannelMethod, params?: unknown, signal?: AbortSignal) => {
      sent.push({ method, params, signal })
      return answer(method)
    },
    onEvent: () => () => undefined,
  } as MeshTransport
  return { agent: makeAgentApi(transport), sent }
}

describe("the developer API built from the contract", () => {
  it("sends a method's parameters by the names its face gives them, in order", async () => {
    const { agent, sent } = recording()
    await agent.conversations.rename("c1", "Notes")
    await agent.workspace.versions("notes/a.md")
    await agent.mcp.setEnabled("notes", false, { tool: "search" })
    expect(sent.map(({ method, params }) => ({ method, params }))).to.deep.equal([
      { method: "conversations.rename", params: { conversationId: "c1", title: "Notes" } },
      { method: "workspace.versions", params: { path: "notes/a.md" } },
      { method: "mcp.setEnabled", params: { name: "notes", enabled: false, tool: "search" } },
    ])
  })

  it("offers a method where its face says, and leaves out the optional parameters not given", async () => {
    const { agent, sent } = recording()
    await agent.stop("c1")
    await agent.confirm("k1", true)
    await agent.answer("q1", ["a", "b"])
    await agent.researchJobs.list()
    await agent.conversations.running()
    expect(sent.map(({ method, params }) => ({ method, params }))).to.deep.equal([
      { method: "chat.stop", params: { conversationId: "c1" } },
      { method: "confirmations.answer", params: { id: "k1", allow: true } },
      { method: "questions.answer", params: { id: "q1", answer: ["a", "b"] } },
      { method: "research.list", params: undefined },
      { method: "chat.running", params: undefined },
    ])
  })

  it("takes a whole object where a method has no ordered parameters, and the options' signal apart", async () => {
    const { agent, sent } = recording()
    const tool = { name: "shout", description: "Upper-cases", parameters: { type: "object" }, code: "return 1" }
    await agent.customTools.register(tool)
    const controller = new AbortController()
    await agent.tools.call("create_task", { subject: "a" }, { conversationId: "c1", signal: controller.signal })
    expect(sent[0]).to.deep.equal({ method: "customTools.register", params: tool, signal: undefined })
    expect(sent[1]).to.deep.equal({
      method: "tools.call",
      params: { name: "create_task", params: { subject: "a" }, conversationId: "c1" },
      signal: controller.signal,
    })
  })

  it("offers every method of the contract but those behind a run, and the runs beside them", () => {
    const { agent } = recording()
    const offered = (path: string) => path.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], agent)
    for (const [method, { face }] of Object.entries(CHANNEL_METHODS)) {
      if (face.api === false) expect(offered(method), method).to.equal(undefined)
      else expect(offered(face.api ?? method), method).to.be.a("function")
    }
    const runs = Object.entries(agent).filter(
      ([name, value]) => ["chat", "research", "spawn"].includes(name) && typeof value === "function",
    )
    expect(runs.map(([name]) => name)).to.have.members(["chat", "research", "spawn"])
  })

  it("resolves with the reply's value, and rejects with its error as an AgentError", async () => {
    const { agent } = recording((method) =>
      method === "mcp.remove" ? { ok: false, error: { code: "not_found", message: "There is no MCP server." } } : { ok: true, value: true },
    )
    expect(await agent.customTools.remove("x")).to.equal(true)
    const error = await agent.mcp.remove("x").then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).to.be.instanceOf(Error)
    expect(error).to.include({ name: "AgentError", code: "not_found", message: "There is no MCP server." })
  })
})
