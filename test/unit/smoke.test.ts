import { expect } from "chai"
import { Schema } from "effect"
import { parametersJsonSchema, defineTool } from "../../schemas/tool-definition.ts"

describe("tool definitions", () => {
  it("generates a closed JSON Schema from the parameters", () => {
    const tool = defineTool({
      name: "demo", group: "tasks", description: "demo", timeoutMs: 1000,
      annotations: { readOnly: true, destructive: false, openWorld: false },
      parameters: Schema.Struct({ a: Schema.String }), result: Schema.Unknown,
    })
    const json = parametersJsonSchema(tool)
    expect(json).to.deep.include({ type: "object", additionalProperties: false, required: ["a"] })
  })
  it("can read the shared spec", async () => {
    const text = await (await fetch("/__shared/spec/builtin-tools.md")).text()
    expect(text).to.contain("### web_fetch")
  })
})
