/** What the offscreen document lists as each tool's parameters: the generated schemas, not Effect's generator at run time. */
import { expect } from "chai"
import * as Schema from "effect/Schema"
import { modelParameters } from "./model-parameters.ts"
import { defineTool } from "./tool-definition.ts"
import { parametersJsonSchema } from "./tool-json-schema.ts"
import { builtinTools } from "./tools/index.ts"

const tool = (name: string, jsonSchema?: Record<string, unknown>) =>
  defineTool({
    name,
    group: "custom",
    description: "A tool.",
    annotations: { worksOn: "custom", readOnly: true, destructive: false, openWorld: false },
    parameters: Schema.Struct({ n: Schema.Number }),
    result: Schema.Number,
    timeoutMs: 1_000,
    errors: {},
    ...(jsonSchema ? { jsonSchema } : {}),
  })

describe("modelParameters", () => {
  it("gives every built-in tool the schema its definition generates", () => {
    expect(builtinTools.length).to.be.greaterThan(16)
    for (const definition of builtinTools)
      expect(modelParameters(definition), definition.name).to.deep.equal(parametersJsonSchema(definition))
  })

  it("gives a definition that brings its own JSON Schema that one", () => {
    const own = { type: "object", properties: { q: { type: "string" } } }
    expect(modelParameters(tool("web_fetch", own))).to.equal(own)
  })

  it("refuses a definition it has no schema for, naming it", () => {
    expect(() => modelParameters(tool("not_generated"))).to.throw(/"not_generated".*npm run docs/)
    expect(() => modelParameters(tool("toString"))).to.throw(/"toString"/)
  })
})
