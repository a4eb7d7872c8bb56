import { expect } from "chai"
import { CARD_COUNT_NOUNS } from "../tool-definition.ts"
import { builtinTools } from "./index.ts"

type Shape = { fields?: Record<string, unknown>; members?: ReadonlyArray<Shape>; ast?: { _tag?: string } }

/** A struct's fields, or those of any member of a union (opfs_read's text or blob result). */
const fieldsOf = (schema: unknown): string[] => {
  const shape = schema as Shape
  return [...Object.keys(shape.fields ?? {}), ...(shape.members ?? []).flatMap(fieldsOf)]
}
const fieldOf = (schema: unknown, name: string): unknown => {
  const shape = schema as Shape
  return shape.fields?.[name] ?? (shape.members ?? []).map((member) => fieldOf(member, name)).find((field) => field !== undefined)
}
const isList = (schema: unknown): boolean => (schema as Shape).ast?._tag === "Arrays"

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

  it("a card names a thing by an id only while its call runs: the result's name for it comes first (tabs are named by the panel)", () => {
    let ids = 0
    for (const tool of builtinTools) {
      const subject = tool.card?.subject ?? []
      subject.forEach((path, at) => {
        if (!/^params\.\w+_id$/.test(path) || path === "params.tab_id") return
        ids++
        expect(
          subject.slice(0, at).some((p) => p.startsWith("result.")),
          `${tool.name}: ${path} after a field of its result that names the thing`,
        ).to.equal(true)
      })
    }
    expect(ids).to.be.greaterThan(0)
  })

  it("what a card shows of a result names a field the result has: a list or a number", () => {
    let outcomes = 0
    for (const tool of builtinTools) {
      for (const outcome of tool.card?.outcome ?? []) {
        outcomes++
        const path = "bytes" in outcome ? outcome.bytes : outcome.count
        if (path === "result") {
          expect(isList(tool.result), `${tool.name}: its result is a list to count`).to.equal(true)
          continue
        }
        const name = path.slice("result.".length)
        expect(fieldsOf(tool.result), `${tool.name}: ${path}`).to.include(name)
        const tag = (fieldOf(tool.result, name) as Shape | undefined)?.ast?._tag
        expect(["Number", "Arrays"], `${tool.name}: ${path} is a number or a list`).to.include(tag)
      }
    }
    expect(outcomes, "some cards show what their call came to").to.be.greaterThan(3)
  })

  it("every noun a card counts by is worded in English, in both forms", async () => {
    const english = (await (await fetch("/_locales/en/messages.json")).json()) as Messages
    for (const noun of CARD_COUNT_NOUNS)
      for (const form of ["one", "other"]) expect(english[`toolCount_${noun}_${form}`]?.message, `${noun} ${form}`).to.include("$count$")
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
