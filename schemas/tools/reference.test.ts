import { expect } from "chai"
import type { ToolDefinition } from "../tool-definition.ts"
import { builtinTools } from "./index.ts"
import { toolReference } from "./reference.ts"

describe("docs/tools.md: the tool reference written from the definitions", () => {
  it("is current (npm run docs writes it)", async () => {
    const committed = await (await fetch("/docs/tools.md")).text()
    expect(committed === toolReference(), "docs/tools.md differs from the definitions: run `npm run docs`").to.equal(true)
  })

  it("has a section for every tool, with each of its parameters and error codes", () => {
    const text = toolReference()
    for (const tool of builtinTools as ReadonlyArray<ToolDefinition>) {
      const start = text.indexOf(`\n## ${tool.name}\n`)
      expect(start, tool.name).to.be.greaterThan(-1)
      const end = text.indexOf("\n## ", start + 1)
      const section = text.slice(start, end === -1 ? undefined : end)
      for (const code of Object.keys(tool.errors)) expect(section, `${tool.name}: ${code}`).to.contain(`| \`${code}\` |`)
      const fields = (tool.parameters as unknown as { fields?: Record<string, unknown> }).fields ?? {}
      for (const name of Object.keys(fields)) expect(section, `${tool.name}: ${name}`).to.contain(`| \`${name}\` |`)
    }
  })

  it("is the same every time it is written", () => {
    expect(toolReference()).to.equal(toolReference())
  })
})
