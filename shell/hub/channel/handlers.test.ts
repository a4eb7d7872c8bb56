/** The supervisor's side of the message contract: a request decoded once by its method's schema, then its handler run. */
import { expect } from "chai"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import type { ChannelMethod } from "../../../schemas/channel.ts"
import { CODEC_COUNTS_KEY } from "../../../schemas/codec-count.ts"
import { toWire } from "../../../schemas/errors.ts"
import { issueLines, strictParse } from "../../../schemas/primitives.ts"
import { argumentsOf, invalidArguments } from "../../../schemas/tool-input.ts"
import { createTask } from "../../../schemas/tools/tasks.ts"
import { requestDecoder, serveInProcess, type Handlers } from "./handlers.ts"

const decode = requestDecoder((name) => (name === createTask.name ? createTask : undefined))
const serve = (handlers: Handlers) => serveInProcess(handlers, decode, () => () => undefined)

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
    const transport = serve(handlers)
    expect(await transport.request("conversations.rename", { conversationId: "c1", title: "Notes" })).to.deep.equal({
      ok: true,
      value: "conversations.rename",
    })
    expect(received).to.deep.equal([{ method: "conversations.rename", params: { conversationId: "c1", title: "Notes" } }])
  })

  it("refuses parameters that break the method's schema with invalid_input, and runs no handler", async () => {
    const { handlers, received } = recording()
    const transport = serve(handlers)
    const outcome = await transport.request("conversations.rename", { conversationId: "c1", title: "" })
    expect(outcome.ok).to.equal(false)
    expect(!outcome.ok && outcome.error.code).to.equal("invalid_input")
    expect(!outcome.ok && outcome.error.message).to.match(/^conversations\.rename: /)
    expect(received).to.deep.equal([])
  })

  it("refuses a method the contract does not have", async () => {
    const { handlers, received } = recording()
    const transport = serve(handlers)
    const outcome = await transport.request("conversations.explode" as ChannelMethod, {})
    expect(!outcome.ok && outcome.error.code).to.equal("invalid_input")
    expect(received).to.deep.equal([])
  })

  it("a method without parameters is dispatched without any", async () => {
    const { handlers, received } = recording()
    const transport = serve(handlers)
    expect((await transport.request("tools.list")).ok).to.equal(true)
    expect(received).to.deep.equal([{ method: "tools.list", params: undefined }])
  })
})

/** The error the supervisor gives for a tool's arguments decoded alone (shell/hub/supervisor.ts). */
const aloneError = (params: unknown) => {
  const decoded = Schema.decodeUnknownExit(createTask.parameters as Schema.Codec<unknown, unknown>)(argumentsOf(params), strictParse)
  if (Exit.isSuccess(decoded)) throw new Error("the arguments were expected to be refused")
  const error = decoded.cause.reasons.find((r) => r._tag === "Fail")?.error as Schema.SchemaError
  return toWire(invalidArguments(createTask.name, issueLines(error.issue)))
}

const decodes = () => {
  const counts = ((globalThis as Record<string, unknown>)[CODEC_COUNTS_KEY] ?? {}) as Record<string, number>
  return counts["offscreen:channel.request"] ?? 0
}

describe("tools.call", () => {
  it("hands the handler the tool and its arguments as the tool's schema decodes them, in one decode of the request", async () => {
    const { handlers, received } = recording()
    const before = decodes()
    const outcome = await serve(handlers).request("tools.call", { name: "create_task", params: { subject: "a" }, conversationId: "c1" })
    expect(outcome).to.deep.equal({ ok: true, value: "tools.call" })
    expect(decodes() - before).to.equal(1)
    expect(received).to.deep.equal([
      { method: "tools.call", params: { definition: createTask, params: { subject: "a" }, conversationId: "c1" } },
    ])
  })

  it("takes absent and null arguments as none", async () => {
    const { handlers, received } = recording()
    const outcome = await serve(handlers).request("tools.call", { name: "create_task", params: null })
    // create_task needs a subject: the arguments were decoded as {} (not refused as "not an object").
    expect(outcome).to.deep.equal({ ok: false, error: aloneError({}) })
    expect(received).to.deep.equal([])
  })

  for (const [what, params] of [
    ["a wrong type", { subject: 5 }],
    ["a missing parameter", {}],
    ["an extra parameter and a wrong type", { subject: 5, colour: "red" }],
    ["a nested bad value", { subject: "a", description: { text: 1 } }],
    ["arguments that are not an object", [1, 2]],
  ] as const) {
    it(`refuses ${what} with the error the tool's schema alone gives, and runs no handler`, async () => {
      const { handlers, received } = recording()
      const outcome = await serve(handlers).request("tools.call", { name: "create_task", params })
      expect(outcome).to.deep.equal({ ok: false, error: aloneError(params) })
      expect(received).to.deep.equal([])
    })
  }

  it("names the parameter that is too deep before decoding it", async () => {
    const { handlers, received } = recording()
    let deep: unknown = "bottom"
    for (let i = 0; i < 100; i++) deep = [deep]
    const outcome = await serve(handlers).request("tools.call", { name: "create_task", params: { subject: "a", description: deep } })
    expect(!outcome.ok && outcome.error).to.include({ code: "invalid_input", parameter: "description" })
    expect(received).to.deep.equal([])
  })

  it("refuses a tool that does not exist with unknown_tool", async () => {
    const { handlers, received } = recording()
    const outcome = await serve(handlers).request("tools.call", { name: "no_such_tool", params: {} })
    expect(!outcome.ok && outcome.error.code).to.equal("unknown_tool")
    expect(!outcome.ok && outcome.error.message).to.contain('"no_such_tool"')
    expect(received).to.deep.equal([])
  })

  for (const [what, options] of [
    ["a conversation id that is not a string", { conversationId: 42 }],
    ["a time limit that is not above 0", { timeoutMs: 0 }],
    ["an option the request does not have", { colour: "red" }],
  ] as const) {
    it(`refuses ${what} as a malformed request, before judging the arguments`, async () => {
      const { handlers, received } = recording()
      const outcome = await serve(handlers).request("tools.call", { name: "create_task", params: { subject: 5 }, ...options })
      expect(!outcome.ok && outcome.error.code).to.equal("invalid_input")
      expect(!outcome.ok && outcome.error.message).to.match(/^tools\.call: /)
      expect(!outcome.ok && outcome.error.message).to.contain(Object.keys(options)[0])
      expect(!outcome.ok && "parameter" in outcome.error).to.equal(false)
      expect(received).to.deep.equal([])
    })
  }

  it("refuses a call of a tool that does not exist with malformed options as a malformed request", async () => {
    const { handlers } = recording()
    const outcome = await serve(handlers).request("tools.call", { name: "no_such_tool", params: {}, timeoutMs: -1 })
    expect(!outcome.ok && outcome.error.code).to.equal("invalid_input")
  })
})
