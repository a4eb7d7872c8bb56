import { expect } from "chai"
import { builtinTools } from "./index.ts"

const fieldsOf = (schema: unknown): string[] => Object.keys((schema as { fields?: Record<string, unknown> }).fields ?? {})

type Messages = Record<string, { message: string }>

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

  // The label a tool is shown by is written once, in English, on its card; _locales/ translate it.
  it("every built-in tool's card has an English label, which is English's tool_<name> where the locales have one", async () => {
    const english = (await (await fetch("/_locales/en/messages.json")).json()) as Messages
    const untranslated: string[] = []
    for (const tool of builtinTools) {
      const label = tool.card?.label ?? ""
      expect(label.trim(), `${tool.name}: its card has no label (card: { label: "…" } in its definition)`).to.not.equal("")
      const message = english[`tool_${tool.name}`]?.message
      if (message === undefined) untranslated.push(`${tool.name} ("${label}")`)
      else expect(message, `${tool.name}: _locales/en's tool_${tool.name} and the card's label`).to.equal(label)
    }
    // Not a failure: each language shows the English label until the translations are written.
    if (untranslated.length)
      console.warn(
        `Tools shown by their English label in every language, for want of translations: ${untranslated.join(", ")}. ` +
          `Add tool_<name> (its message the card's label, translated) to _locales/{en,fr,it,ja,nl,uk}/messages.json.`,
      )
  })
})
