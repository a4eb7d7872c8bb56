import { expect } from "chai"
import { builtinTools } from "./index.ts"

const fieldsOf = (schema: unknown): string[] => Object.keys((schema as { fields?: Record<string, unknown> }).fields ?? {})

describe("tool cards", () => {
  it("every built-in tool says how a person sees its calls, naming only fields it has", () => {
    for (const tool of builtinTools) {
      expect(tool.card, `${tool.name} has a card`).to.not.equal(undefined)
      for (const path of tool.card?.subject ?? []) {
        const [where, name] = path.split(".") as ["params" | "result", string]
        const fields = fieldsOf(where === "params" ? tool.parameters : tool.result)
        expect(fields, `${tool.name}: ${path}`).to.include(name)
      }
    }
  })
})
