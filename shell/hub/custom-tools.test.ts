/** Custom tools' arguments are checked against their JSON Schema in full, before any code runs. */
import { expect } from "chai"
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { issueLines, strictParse } from "../../schemas/primitives.ts"
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import { parametersSchemaIssues, parametersSchemaProblems } from "../../schemas/custom-tools.ts"
import { CustomTools } from "./custom-tools.ts"
import { routerFake } from "../../workers/runtime/test-support/router-fake.ts"

const parameters = {
  type: "object",
  properties: {
    count: { type: "integer", minimum: 1, maximum: 10 },
    code: { type: "string", pattern: "^[A-Z]{3}$" },
    colour: { $ref: "#/$defs/colour" },
    when: { type: "string", format: "date" },
    size: { oneOf: [{ type: "integer", multipleOf: 2 }, { enum: ["small", "large"] }] },
    tags: { type: "array", items: { type: "string", minLength: 2 }, maxItems: 3, uniqueItems: true },
    mail: { type: "string", format: "email" },
  },
  required: ["count"],
  additionalProperties: false,
  $defs: { colour: { enum: ["red", "green", "blue"] } },
}

const makeTools = async () => {
  let definitions: ReadonlyArray<ToolDefinition> = []
  const router = routerFake(async (method) => (method === "customTools.list" ? { ok: true, value: [] } : { ok: true, value: null }))
  const tools = new CustomTools({
    router,
    builtinNames: new Set(["web_fetch"]),
    run: async () => ({ ok: true, value: true, type: "boolean" }),
    cancel: async () => undefined,
    onChange: (d) => (definitions = d),
  })
  return { tools, definition: () => definitions[0]!, names: () => definitions.map((d) => d.name) }
}

/** The problems the supervisor would report (its own decoding), as "path: message" lines. */
const problems = (definition: ToolDefinition, args: unknown): string[] => {
  const exit = Schema.decodeUnknownExit(definition.parameters as Schema.Codec<unknown, unknown>)(args, strictParse)
  if (Exit.isSuccess(exit)) return []
  const error = exit.cause.reasons.find(Cause.isFailReason)?.error as Schema.SchemaError
  return issueLines(error.issue).map((l) => `${l.path}: ${l.message}`)
}

describe("custom tools: arguments against the full JSON Schema", () => {
  it("accepts arguments that meet every constraint", async () => {
    const { tools, definition } = await makeTools()
    expect((await tools.register({ name: "shop", description: "Orders things for the tests.", parameters, code: "return 1" })).ok).to.equal(
      true,
    )
    const good = { count: 3, code: "ABC", colour: "red", when: "2026-12-01", size: 4, tags: ["aa", "bb"], mail: "a@b.example" }
    expect(problems(definition(), good)).to.deep.equal([])
    expect(problems(definition(), { count: 1, size: "large" })).to.deep.equal([])
  })

  it("refuses each broken constraint, naming the argument", async () => {
    const { tools, definition } = await makeTools()
    await tools.register({ name: "shop", description: "Orders things for the tests.", parameters, code: "return 1" })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ count: 0 }, "count"],
      [{ count: 11 }, "count"],
      [{ count: 2.5 }, "count"],
      [{ count: 1, code: "abc" }, "code"],
      [{ count: 1, colour: "purple" }, "colour"],
      [{ count: 1, when: "2026-13-45" }, "when"],
      [{ count: 1, size: 3 }, "size"],
      [{ count: 1, size: "medium" }, "size"],
      [{ count: 1, tags: ["a"] }, "tags"],
      [{ count: 1, tags: ["aa", "aa"] }, "tags"],
      [{ count: 1, mail: "not an address" }, "mail"],
      [{ count: 1, extra: true }, ""],
      [{}, ""],
    ]
    for (const [args, where] of cases) {
      const found = problems(definition(), args)
      expect(found, JSON.stringify(args)).to.not.deep.equal([])
      if (where) expect(found.join("\n"), JSON.stringify(args)).to.contain(where)
    }
  })

  it("refuses at registration a schema whose $ref points nowhere or whose pattern is no regular expression", async () => {
    const { tools } = await makeTools()
    const dangling = await tools.register({
      name: "dangling",
      description: "A tool whose schema is broken.",
      parameters: { type: "object", properties: { a: { $ref: "#/$defs/missing" } } },
      code: "return 1",
    })
    expect(!dangling.ok && dangling.error).to.include({ code: "invalid_input", parameter: "parameters" })
    expect(!dangling.ok && dangling.error.message).to.match(/\$ref "#\/\$defs\/missing" does not point/)
    const badPattern = await tools.register({
      name: "bad_pattern",
      description: "A tool whose schema is broken.",
      parameters: { type: "object", properties: { a: { type: "string", pattern: "([a-z" } } },
      code: "return 1",
    })
    expect(!badPattern.ok && badPattern.error.message).to.match(/not a valid regular expression/)
  })

  it("shows the model the schema exactly as registered", async () => {
    const { tools, definition } = await makeTools()
    await tools.register({ name: "shop", description: "Orders things for the tests.", parameters, code: "return 1" })
    problems(definition(), { count: 1, colour: "red" })
    expect(definition().jsonSchema).to.deep.equal(parameters)
  })

  it("a tool turned off leaves the tools offered, unless a conversation turns it back on for itself", async () => {
    const { tools, names } = await makeTools()
    await tools.register({ name: "shop", description: "Orders things for the tests.", parameters, code: "return 1" })
    expect(names()).to.deep.equal(["shop"])
    await tools.setEnabled("shop", false)
    expect(names()).to.deep.equal([])
    await tools.setEnabled("shop", true, "c1")
    expect(names()).to.deep.equal(["shop"])
    expect([tools.enabledFor("shop", "c1"), tools.enabledFor("shop", "c2")]).to.deep.equal([true, false])
  })
})

describe("custom tools: the parameters schema's issues, as codes the settings page words", () => {
  it("names each issue by code and place, and the API's English says the same", () => {
    const schema = { type: "object", properties: { n: { type: "int" }, p: { type: "string", pattern: "([a" } }, required: ["m"] }
    expect(parametersSchemaIssues(schema)).to.deep.equal([
      { code: "unknown_type", at: "parameters.properties.n", value: '"int"' },
      { code: "required_unknown", at: "parameters", value: "m" },
    ])
    expect(parametersSchemaProblems(schema).join("; ")).to.match(/"int" is not a JSON Schema type.*required names "m"/)
    expect(parametersSchemaIssues({ type: "array" })).to.deep.equal([{ code: "type_not_object", at: "parameters" }])
    const [unusable] = parametersSchemaIssues({ type: "object", properties: { p: { type: "string", pattern: "([a" } } })
    expect(unusable).to.include({ code: "unusable", at: "parameters.properties.p" })
    expect(parametersSchemaIssues({ type: "object", properties: {} })).to.deep.equal([])
  })
})
