import { expect } from "chai"
import {
  AgentError,
  Cancelled,
  fromWire,
  InvalidInput,
  NotFound,
  Timeout,
  toWire,
  ToolFailed,
  WorkerCrashed,
} from "../../schemas/errors.ts"

describe("the error union at a boundary", () => {
  it("maps each error once to the { code, message } the model sees", () => {
    expect(toWire(new InvalidInput({ tool: "web_fetch", parameter: "url", message: 'parameter "url": Expected string' }))).to.deep.equal({
      code: "invalid_input",
      message: 'web_fetch: parameter "url": Expected string',
      parameter: "url",
    })
    expect(toWire(new Timeout({ tool: "web_fetch", ms: 30_000 })).message).to.match(/30 s/)
    expect(toWire(new Timeout({ tool: "web_fetch", ms: 30_000 })).params, "the seconds, for the UI's wording").to.deep.equal(["30"])
    expect(toWire(new Cancelled({ tool: "x" })).code).to.equal("cancelled")
    expect(toWire(new ToolFailed({ code: "http_error", message: "404 Not Found" }))).to.deep.equal({
      code: "http_error",
      message: "404 Not Found",
    })
  })

  it("reads the wire form back without changing what the model sees", () => {
    for (const error of [
      new InvalidInput({ tool: "t", parameter: "p", message: "bad" }),
      new NotFound({ message: "no such file" }),
      new Cancelled({ tool: "t" }),
      new WorkerCrashed({ group: "g", message: "gone" }),
      new ToolFailed({ code: "http_error", message: "500" }),
    ]) {
      expect(toWire(fromWire("t", toWire(error)))).to.deep.equal(toWire(error))
    }
    expect(fromWire("t", toWire(new NotFound({ message: "x" })))._tag).to.equal("NotFound")
    expect(fromWire("t", toWire(new InvalidInput({ tool: "t", parameter: "p", message: "bad" })))._tag).to.equal("InvalidInput")
  })

  it("becomes an Error with code and message for promise APIs", () => {
    const error = new AgentError({ code: "not_found", message: "gone" })
    expect(error).to.be.instanceOf(Error)
    expect(error.code).to.equal("not_found")
    expect(JSON.parse(JSON.stringify(error))).to.deep.equal({ code: "not_found", message: "gone" })
  })

  it("keeps the parameters of its code's wording", () => {
    const error = new AgentError({ code: "timeout", message: "x did not finish within 5 s", params: ["5"] })
    expect(error.params).to.deep.equal(["5"])
    expect(JSON.parse(JSON.stringify(error)))
      .to.include({ code: "timeout" })
      .and.deep.include({ params: ["5"] })
  })
})
