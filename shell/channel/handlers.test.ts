/** The supervisor's side of the message contract: a request decoded once by its method's schema, then its handler run. */
import { expect } from "chai"
import type { ChannelMethod } from "../../schemas/channel.ts"
import { serveInProcess, type Handlers } from "./handlers.ts"

/** Handlers that record what they were given (the dispatcher is the subject, not them). */
const recording = () => {
  const received: Array<{ method: string; params: unknown }> = []
  const handlers = new Proxy({} as Handlers, {
    get: (_target, method) => (params: unknown) => {
      received.push({ method: String(method), params })
      return { ok: true, value: method }
    },
  })
  return { handlers, received }
}

describe("serveInProcess", () => {
  it("hands the method's handler its parameters as decoded", async () => {
    const { handlers, received } = recording()
    const transport = serveInProcess(handlers, () => () => undefined)
    expect(await transport.request("conversations.rename", { conversationId: "c1", title: "Notes" })).to.deep.equal({
      ok: true,
      value: "conversations.rename",
    })
    expect(received).to.deep.equal([{ method: "conversations.rename", params: { conversationId: "c1", title: "Notes" } }])
  })

  it("refuses parameters that break the method's schema with invalid_input, and runs no handler", async () => {
    const { handlers, received } = recording()
    const transport = serveInProcess(handlers, () => () => undefined)
    const outcome = await transport.request("conversations.rename", { conversationId: "c1", title: "" })
    expect(outcome.ok).to.equal(false)
    expect(!outcome.ok && outcome.error.code).to.equal("invalid_input")
    expect(!outcome.ok && outcome.error.message).to.match(/^conversations\.rename: /)
    expect(received).to.deep.equal([])
  })

  it("refuses a method the contract does not have", async () => {
    const { handlers, received } = recording()
    const transport = serveInProcess(handlers, () => () => undefined)
    const outcome = await transport.request("conversations.explode" as ChannelMethod, {})
    expect(!outcome.ok && outcome.error.code).to.equal("invalid_input")
    expect(received).to.deep.equal([])
  })

  it("a method without parameters is dispatched without any", async () => {
    const { handlers, received } = recording()
    const transport = serveInProcess(handlers, () => () => undefined)
    expect((await transport.request("tools.list")).ok).to.equal(true)
    expect(received).to.deep.equal([{ method: "tools.list", params: undefined }])
  })
})
