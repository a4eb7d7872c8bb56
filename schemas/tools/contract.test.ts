/**
 * Spec conformance of the built-in tools. The expected contract is not copied here: it is
 * parsed from docs/builtin-tools.md, and the JSON Schema that the
 * model sees for every tool is compared with it, parameter by parameter. Renaming a parameter,
 * dropping a default, changing a type or an enum in either the spec or the schemas fails here.
 */
import { expect } from "chai"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { issueLines, strictParse, type IssueLine } from "../primitives.ts"
import type { ToolDefinition } from "../tool-definition.ts"
import { parametersJsonSchema } from "../tool-json-schema.ts"
import { builtinTools, toolByName, isBuiltinToolName, type BuiltinToolName } from "./index.ts"

// -------------------------------------------------------------------------------------------------
// The spec parser

type SpecType = "string" | "number" | "boolean" | "string[]"

interface SpecParameter {
  readonly name: string
  readonly type: SpecType
  readonly required: boolean
  readonly enum?: ReadonlyArray<string>
  readonly default?: string | number | boolean
  readonly maximum?: number
  /** The spec's words, for messages. */
  readonly meaning: string
}

interface SpecTool {
  readonly name: string
  readonly parameters: ReadonlyArray<SpecParameter>
  /** The section's full text, for checks on its prose. */
  readonly text: string
}

interface Table {
  readonly header: ReadonlyArray<string>
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
}

const splitRow = (line: string): Array<string> =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim())

const isSeparatorRow = (cells: ReadonlyArray<string>) => cells.every((cell) => /^:?-{3,}:?$/.test(cell))

const unquoteName = (cell: string) => cell.replace(/`/g, "").trim()

/** `"a"` / `"b"` / `"c"` (or "a" or "b") → ["a", "b", "c"]; undefined when the text is not such a list. */
const quotedList = (text: string): Array<string> | undefined => {
  const t = text.trim()
  if (!/^`?"[^"]*"`?(\s*(\/|,|or)\s*`?"[^"]*"`?)*$/.test(t)) return undefined
  return [...t.matchAll(/"([^"]*)"/g)].map((m) => m[1]!)
}

const parseType = (raw: string, where: string): { type: SpecType; enum?: Array<string> } => {
  const t = raw.replace(/`/g, "").trim()
  if (t === "string" || t === "number" || t === "boolean" || t === "string[]") return { type: t }
  const values = quotedList(raw)
  if (values !== undefined && values.length >= 2) return { type: "string", enum: values }
  throw new Error(`${where}: unknown spec type ${JSON.stringify(raw)}`)
}

/** Reads defaults, enums and bounds out of a parameter's "meaning" words. */
const parseMeaning = (
  meaning: string,
  otherTables: ReadonlyArray<Table>,
  name: string,
): { enum?: Array<string>; default?: string | number | boolean; maximum?: number } => {
  const out: { enum?: Array<string>; default?: string | number | boolean; maximum?: number } = {}
  let rest = meaning
  // `"auto"` (default): the marked value of an enum is the default.
  const marked = /`"([^"]*)"`\s*\(default\)/.exec(meaning)
  // default `"general"`, default true, default 5 (a literal right after "default"; "default: the
  // active tab" states behaviour, not a value, and gives no JSON default).
  const quotedDefault = /\bdefault:?\s+`"([^"]*)"`/.exec(meaning)
  const literalDefault = /\bdefault:?\s+(true|false|-?\d+(?:\.\d+)?)\b/.exec(meaning)
  if (marked) out.default = marked[1]!
  else if (quotedDefault) {
    out.default = quotedDefault[1]!
    rest = rest.replace(quotedDefault[0], "")
  } else if (literalDefault) {
    const v = literalDefault[1]!
    out.default = v === "true" ? true : v === "false" ? false : Number(v)
  }
  // Quoted values left in the meaning are the allowed values.
  const quoted = [...rest.matchAll(/`"([^"]*)"`/g)].map((m) => m[1]!)
  if (quoted.length >= 2) out.enum = quoted
  else if (quoted.length === 1) throw new Error(`${name}: a single quoted value in ${JSON.stringify(meaning)}`)
  // "(below)": the values are the first column of the section's table headed by the parameter.
  if (/\(below\)/.test(meaning)) {
    const table = otherTables.find((t) => unquoteName(t.header[0] ?? "") === name)
    if (table === undefined) throw new Error(`${name}: "(below)" but no table headed "${name}"`)
    out.enum = table.rows.map((row) => unquoteName(row[0] ?? ""))
    const defaultRow = table.rows.find((row) => row.some((cell) => /\(default\)/.test(cell)))
    if (defaultRow !== undefined) {
      const tableDefault = unquoteName(defaultRow[0] ?? "")
      if (out.default !== undefined && out.default !== tableDefault) {
        throw new Error(`${name}: the table's default ${tableDefault} contradicts ${String(out.default)}`)
      }
      out.default = tableDefault
    }
  }
  const atMost = /\bat most (\d+)\b/.exec(meaning)
  if (atMost) out.maximum = Number(atMost[1])
  return out
}

/** The inline forms: `tab_id` (number, required), `path` (string, optional; default: ...): words. */
const inlineParameter = /`(\w+)`\s*\(([^()]*?),\s*(required|optional)\s*(?:;\s*([^()]*))?\)(?::\s*([^;]+?)(?=;|\.\s|\.$|$))?/g

export const parseSpec = (markdown: string): Array<SpecTool> => {
  const lines = markdown.split(/\r?\n/)
  const sections: Array<{ name: string; lines: Array<string> }> = []
  let current: { name: string; lines: Array<string> } | undefined
  for (const line of lines) {
    const tool = /^###\s+(\S+)\s*$/.exec(line)
    if (tool) {
      current = { name: tool[1]!, lines: [] }
      sections.push(current)
    } else if (/^#{1,3}\s/.test(line)) {
      current = undefined
    } else if (current) {
      current.lines.push(line)
    }
  }
  return sections.map(({ name, lines: body }) => {
    const tables: Array<Table> = []
    const prose: Array<string> = []
    let inCode = false
    for (let i = 0; i < body.length; i++) {
      const line = body[i]!
      if (line.trim().startsWith("```")) inCode = !inCode
      if (!inCode && line.trim().startsWith("|")) {
        const block: Array<Array<string>> = []
        while (i < body.length && body[i]!.trim().startsWith("|")) block.push(splitRow(body[i++]!))
        i--
        const [header, ...rest] = block
        tables.push({ header: header!, rows: rest.filter((r) => !isSeparatorRow(r)) })
      } else if (!inCode) {
        prose.push(line)
      }
    }
    const text = body.join("\n")
    const parameterTables = tables.filter((t) => t.header[0]?.toLowerCase() === "parameter")
    if (parameterTables.length > 1) throw new Error(`${name}: more than one parameter table`)
    const others = tables.filter((t) => t.header[0]?.toLowerCase() !== "parameter")
    const parameters: Array<SpecParameter> = []
    const table = parameterTables[0]
    if (table !== undefined) {
      const col = (label: string) => {
        const index = table.header.findIndex((h) => h.toLowerCase() === label)
        if (index < 0) throw new Error(`${name}: the parameter table has no "${label}" column`)
        return index
      }
      const [cName, cType, cRequired, cMeaning] = [col("parameter"), col("type"), col("required"), col("meaning")]
      for (const row of table.rows) {
        const pName = unquoteName(row[cName] ?? "")
        const required = (row[cRequired] ?? "").toLowerCase()
        if (required !== "yes" && required !== "no") throw new Error(`${name}.${pName}: required is "${required}"`)
        const meaning = row[cMeaning] ?? ""
        const type = parseType(row[cType] ?? "", `${name}.${pName}`)
        const fromMeaning = parseMeaning(meaning, others, pName)
        parameters.push({
          name: pName,
          required: required === "yes",
          meaning,
          ...type,
          ...fromMeaning,
          ...(type.enum ? { enum: type.enum } : {}),
        })
      }
    } else {
      const words = prose.join(" ")
      for (const m of words.matchAll(inlineParameter)) {
        const [, pName, rawType, req, afterSemicolon, afterColon] = m
        const meaning = [afterSemicolon, afterColon].filter((s) => s !== undefined && s.trim() !== "").join("; ")
        const type = parseType(rawType!, `${name}.${pName}`)
        const fromMeaning = parseMeaning(meaning, others, pName!)
        parameters.push({
          name: pName!,
          required: req === "required",
          meaning,
          ...type,
          ...fromMeaning,
          ...(type.enum ? { enum: type.enum } : {}),
        })
      }
      if (parameters.length === 0 && !/\bNo parameters\b/i.test(words)) {
        throw new Error(`${name}: neither a parameter table, inline parameters, nor "No parameters"`)
      }
    }
    const names = parameters.map((p) => p.name)
    if (new Set(names).size !== names.length) throw new Error(`${name}: a parameter is listed twice`)
    return { name, parameters, text }
  })
}

// -------------------------------------------------------------------------------------------------
// What is ours (the brief, not the spec): bounds and non-empty rules beyond the spec's words.

const oursMinimum: Readonly<Record<string, number>> = {
  "web_fetch.max_length": 1,
  "web_search.max_results": 1,
  "get_tab_content.max_length": 1,
  "opfs_read.offset": 1,
  "opfs_read.limit": 1,
}
/** opfs_read's 200 comes from the spec's prose ("pages of at most 200 lines"), checked below. */
const oursMaximum: Readonly<Record<string, number>> = { "opfs_read.limit": 200 }

const nonEmpty = new Set([
  "web_fetch.url",
  "web_search.query",
  "open_tab.url",
  "execute_script.code",
  "opfs_write.path",
  "opfs_read.path",
  "opfs_delete.path",
  "ask_user.question",
  "agent.prompt",
  "create_task.subject",
  "update_task.task_id",
  "update_task.subject",
])

const expectedAnnotations: Readonly<Record<string, Record<string, boolean>>> = {
  web_fetch: { readOnly: true, destructive: false, openWorld: true },
  web_search: { readOnly: true, destructive: false, openWorld: true },
  get_tab_content: { readOnly: true, destructive: false, openWorld: true },
  list_tabs: { readOnly: true, destructive: false },
  open_tab: { readOnly: false, destructive: false, openWorld: true },
  close_tab: { readOnly: false, destructive: true },
  activate_tab: { readOnly: false, destructive: false },
  // Neither destroys anything: what they replace or remove is kept for the user to restore.
  opfs_write: { readOnly: false, destructive: false },
  opfs_read: { readOnly: true, destructive: false },
  opfs_list: { readOnly: true, destructive: false },
  opfs_delete: { readOnly: false, destructive: false },
  ask_user: { readOnly: true, destructive: false, needsUser: true },
  execute_script: { readOnly: false, destructive: true, openWorld: true },
  agent: { spawnsAgent: true, openWorld: true },
  create_task: { readOnly: true, destructive: false, openWorld: false },
  update_task: { readOnly: true, destructive: false, openWorld: false },
  list_tasks: { readOnly: true, destructive: false, openWorld: false },
}

const expectedTimeouts: Readonly<Record<string, number>> = {
  web_fetch: 30_000,
  web_search: 15_000,
  get_tab_content: 30_000,
  list_tabs: 10_000,
  open_tab: 35_000,
  close_tab: 10_000,
  activate_tab: 10_000,
  opfs_write: 10_000,
  opfs_read: 10_000,
  opfs_list: 10_000,
  opfs_delete: 10_000,
  // ask_user and agent wait as long as their settings say (5 and 10 minutes by default, at most
  // an hour each); the tool's own limit is that ceiling plus a grace for the answer to arrive.
  ask_user: 60 * 60_000 + 5_000,
  execute_script: 35_000,
  agent: 60 * 60_000 + 5_000,
  create_task: 10_000,
  update_task: 10_000,
  list_tasks: 10_000,
}

/**
 * The definitions of the tools docs/builtin-tools.md specifies, which these tests hold to it; a
 * tool beyond the spec has its definition as its only declaration, and the checks of every tool.
 */
const specTools = builtinTools.filter((t) => t.name in expectedTimeouts)

/** Tools the description must point to (what to call next), and words it must mention. */
const descriptionMentions: Partial<Record<BuiltinToolName, ReadonlyArray<string>>> = {
  web_search: ["web_fetch"],
  web_fetch: ["get_tab_content"],
  list_tabs: ["tab_id", "get_tab_content", "activate_tab", "close_tab"],
  get_tab_content: ["selector", "execute_script"],
  opfs_read: ["offset", "limit", "next_offset"],
  create_task: ["update_task", "list_tasks"],
}

// -------------------------------------------------------------------------------------------------
// Helpers

type JsonObject = Record<string, unknown>

const propertiesOf = (json: JsonObject): Record<string, JsonObject> => (json.properties ?? {}) as Record<string, JsonObject>

const jsonTypeOf = (property: JsonObject): string => {
  if (property.type === "array") {
    const items = property.items as JsonObject | undefined
    return `${String(items?.type)}[]`
  }
  return String(property.type)
}

const decode = (definition: ToolDefinition, input: unknown) =>
  Schema.decodeUnknownResult(definition.parameters as Schema.Codec<unknown>)(input, strictParse)

const decodes = (name: BuiltinToolName, input: unknown): unknown => {
  const result = decode(toolByName(name), input)
  if (Result.isFailure(result)) {
    expect.fail(`${name} refused ${JSON.stringify(input)}: ${JSON.stringify(issueLines(result.failure.issue))}`)
  }
  return (result as Result.Success<unknown, unknown>).success
}

const refuses = (name: BuiltinToolName, input: unknown): ReadonlyArray<IssueLine> => {
  const result = decode(toolByName(name), input)
  if (Result.isSuccess(result)) expect.fail(`${name} accepted ${JSON.stringify(input)}`)
  return issueLines((result as Result.Failure<unknown, Schema.SchemaError>).failure.issue)
}

const expectNamed = (lines: ReadonlyArray<IssueLine>, parameter: string) => {
  expect(lines.length, "at least one issue").to.be.greaterThan(0)
  expect(
    lines.some((line) => line.path === parameter || line.path.startsWith(`${parameter}.`)),
    `an issue names "${parameter}": ${JSON.stringify(lines)}`,
  ).to.equal(true)
  for (const line of lines) expect(line.message).to.be.a("string").and.not.equal("")
}

// -------------------------------------------------------------------------------------------------
// The tests

describe("built-in tools: the spec parser", () => {
  it("reads the tables, inline forms, enums, defaults and bounds", () => {
    const tools = parseSpec(
      [
        "## Group",
        "### alpha",
        "| parameter | type | required | meaning |",
        "|---|---|---|---|",
        "| q | string | yes | words |",
        "| n | number | no | count: default 5, at most 10 |",
        '| m | string | no | `"x"` / `"y"` (default): how |',
        '| k | string | no | kind (below), default `"b"` |',
        "",
        "| k | use |",
        "|---|---|",
        "| a | one |",
        "| b | two (default) |",
        "### beta",
        'Does it. `id` (number, required); `s` (`"p"` / `"q"`, optional);',
        "`path` (string, optional; default: the root): a path.",
        "### gamma",
        "No parameters; returns things.",
      ].join("\n"),
    )
    expect(tools.map((t) => t.name)).to.deep.equal(["alpha", "beta", "gamma"])
    const [alpha, beta, gamma] = tools
    expect(alpha!.parameters.map(({ meaning: _, ...p }) => p)).to.deep.equal([
      { name: "q", required: true, type: "string" },
      { name: "n", required: false, type: "number", default: 5, maximum: 10 },
      { name: "m", required: false, type: "string", default: "y", enum: ["x", "y"] },
      { name: "k", required: false, type: "string", default: "b", enum: ["a", "b"] },
    ])
    expect(beta!.parameters.map(({ meaning: _, ...p }) => p)).to.deep.equal([
      { name: "id", required: true, type: "number" },
      { name: "s", required: false, type: "string", enum: ["p", "q"] },
      { name: "path", required: false, type: "string" },
    ])
    expect(gamma!.parameters).to.deep.equal([])
    expect(() => parseSpec("### delta\nJust words.")).to.throw(/delta/)
  })
})

describe("built-in tools: the contract of docs/builtin-tools.md", () => {
  let spec: Array<SpecTool> = []
  let specText = ""

  before(async () => {
    const response = await fetch("/docs/builtin-tools.md")
    expect(response.ok, "the contract is served at /docs/builtin-tools.md").to.equal(true)
    specText = await response.text()
    spec = parseSpec(specText)
  })

  it("defines each of the 17 tools of the spec", () => {
    expect(spec).to.have.length(17)
    expect(Object.keys(expectedTimeouts).sort()).to.deep.equal(spec.map((t) => t.name).sort())
    expect(specTools.map((t) => t.name).sort()).to.deep.equal(spec.map((t) => t.name).sort())
    expect(new Set(builtinTools.map((t) => t.name)).size, "no name twice").to.equal(builtinTools.length)
  })

  it("finds every tool by name, and no other", () => {
    for (const tool of builtinTools) {
      expect(toolByName(tool.name)).to.equal(tool)
      expect(isBuiltinToolName(tool.name)).to.equal(true)
    }
    expect(toolByName("no_such_tool")).to.equal(undefined)
    expect(isBuiltinToolName("no_such_tool")).to.equal(false)
  })

  it("reads the spec as expected in the places that matter most", () => {
    // Guards the parser itself against the real document: if these fail, fix the parser first.
    const param = (tool: string, name: string) => spec.find((t) => t.name === tool)?.parameters.find((p) => p.name === name)
    expect(param("web_search", "max_results")).to.include({ type: "number", required: false, default: 5, maximum: 10 })
    expect(param("open_tab", "active")).to.include({ type: "boolean", default: true })
    expect(param("opfs_read", "mode")).to.deep.include({ default: "auto", enum: ["text", "blob", "auto"] })
    expect(param("ask_user", "options")).to.include({ type: "string[]", required: false })
    expect(param("agent", "type")).to.deep.include({ default: "general", enum: ["researcher", "page_operator", "general"] })
    expect(param("close_tab", "tab_id")).to.include({ type: "number", required: true })
    expect(param("opfs_list", "path")).to.include({ type: "string", required: false })
    expect(param("opfs_list", "path")?.default).to.equal(undefined)
    expect(param("execute_script", "tab_id")?.default).to.equal(undefined)
    expect(param("update_task", "status")).to.deep.include({ enum: ["pending", "in_progress", "completed"], required: false })
    expect(spec.find((t) => t.name === "list_tasks")?.parameters).to.deep.equal([])
    // The source of opfs_read's limit bound.
    expect(spec.find((t) => t.name === "opfs_read")?.text).to.match(/pages of at most 200 lines/)
  })

  it("has a non-empty description for every tool", () => {
    for (const tool of builtinTools) {
      expect(tool.description.trim(), tool.name).to.not.equal("")
      expect(tool.description.length, `${tool.name}: a real description`).to.be.greaterThan(60)
      for (const word of descriptionMentions[tool.name] ?? []) {
        expect(tool.description, `${tool.name} mentions ${word}`).to.contain(word)
      }
    }
  })

  it("annotates every tool of the spec truthfully and gives it its time limit", () => {
    for (const tool of specTools) {
      expect(tool.annotations, tool.name).to.include(expectedAnnotations[tool.name])
      expect(tool.timeoutMs, tool.name).to.equal(expectedTimeouts[tool.name])
    }
    for (const tool of builtinTools) {
      const sub = tool.annotations.needsUser === true || tool.annotations.spawnsAgent === true
      expect(sub, `${tool.name}: only ask_user and agent are kept from sub-agents`).to.equal(
        tool.name === "ask_user" || tool.name === "agent",
      )
    }
  })

  it("puts every tool of the spec in its worker group", () => {
    const groups = Object.fromEntries(specTools.map((t) => [t.name, t.group]))
    expect(groups).to.deep.equal({
      web_fetch: "web",
      web_search: "web",
      get_tab_content: "page",
      list_tabs: "tabs",
      open_tab: "tabs",
      close_tab: "tabs",
      activate_tab: "tabs",
      opfs_write: "workspace",
      opfs_read: "workspace",
      opfs_list: "workspace",
      opfs_delete: "workspace",
      ask_user: "interaction",
      execute_script: "page",
      agent: "agents",
      create_task: "tasks",
      update_task: "tasks",
      list_tasks: "tasks",
    })
  })

  describe("parameters, field by field", () => {
    // One test per tool, generated from the names the definitions claim; each is checked against
    // the spec section of the same name (a missing section fails).
    for (const definition of specTools) {
      it(definition.name, () => {
        const expected = spec.find((t) => t.name === definition.name)
        expect(expected, `a spec section "### ${definition.name}"`).to.not.equal(undefined)
        const json = parametersJsonSchema(definition)
        const where = (p?: string) => (p === undefined ? definition.name : `${definition.name}.${p}`)

        expect(json.type, where()).to.equal("object")
        expect(json.additionalProperties, where()).to.equal(false)
        expect(json, `${where()}: no $ref or combinator at the top`).to.not.have.any.keys("$ref", "anyOf", "oneOf", "allOf", "not")

        const properties = propertiesOf(json)
        expect(Object.keys(properties).sort(), `${where()}: parameter names`).to.deep.equal(expected!.parameters.map((p) => p.name).sort())
        expect([...((json.required as Array<string> | undefined) ?? [])].sort(), `${where()}: required`).to.deep.equal(
          expected!.parameters
            .filter((p) => p.required)
            .map((p) => p.name)
            .sort(),
        )

        for (const p of expected!.parameters) {
          const property = properties[p.name]!
          const at = `${where(p.name)} (spec: ${p.type}, ${p.required ? "required" : "optional"}; "${p.meaning}")`
          expect(property, at).to.not.have.any.keys("$ref", "anyOf", "oneOf", "allOf")
          expect(jsonTypeOf(property), `${at}: type`).to.equal(p.type)
          expect(property.description, `${at}: description`).to.be.a("string")
          expect((property.description as string).trim(), `${at}: description`).to.not.equal("")

          if (p.enum !== undefined) expect(property.enum, `${at}: enum`).to.deep.equal(p.enum)
          else expect(property.enum, `${at}: no enum`).to.equal(undefined)

          if (p.default !== undefined) {
            expect(property.default, `${at}: default`).to.deep.equal(p.default)
            expect(p.required, `${at}: a parameter with a default is optional`).to.equal(false)
          } else {
            expect(property.default, `${at}: no default`).to.equal(undefined)
          }

          const key = `${definition.name}.${p.name}`
          expect(property.maximum, `${at}: maximum`).to.equal(p.maximum ?? oursMaximum[key])
          expect(property.minimum, `${at}: minimum`).to.equal(oursMinimum[key])
          expect(property.minLength, `${at}: minLength`).to.equal(nonEmpty.has(key) ? 1 : undefined)
          expect(property, `${at}: no exclusive bounds`).to.not.have.any.keys("exclusiveMinimum", "exclusiveMaximum")
        }
      })
    }
  })
})

describe("built-in tools: decoding arguments", () => {
  it("applies the spec's defaults", () => {
    expect(decodes("web_search", { query: "effect schema" })).to.deep.equal({ query: "effect schema", max_results: 5 })
    expect(decodes("open_tab", { url: "https://example.com" })).to.deep.equal({
      url: "https://example.com",
      active: true,
      wait_until_loaded: true,
    })
    expect(decodes("opfs_read", { path: "notes.md" })).to.deep.equal({ path: "notes.md", mode: "auto" })
    expect(decodes("ask_user", { question: "Which one?", options: ["a", "b"] })).to.deep.equal({
      question: "Which one?",
      options: ["a", "b"],
      multiple: false,
    })
    expect(decodes("agent", { prompt: "Find the release date." })).to.deep.equal({
      prompt: "Find the release date.",
      type: "general",
    })
  })

  it("keeps given values over defaults, and accepts every valid form", () => {
    expect(decodes("web_search", { query: "q", max_results: 10 })).to.deep.equal({ query: "q", max_results: 10 })
    expect(decodes("open_tab", { url: "u", tab_id: 4, active: false, window_id: 2, wait_until_loaded: false })).to.deep.equal({
      url: "u",
      tab_id: 4,
      active: false,
      window_id: 2,
      wait_until_loaded: false,
    })
    expect(decodes("opfs_read", { path: "/a/b.txt", mode: "text", offset: 201, limit: 200 })).to.include({ limit: 200, offset: 201 })
    expect(decodes("web_fetch", { url: "https://example.com", prompt: "prices", max_length: 1 })).to.include({ max_length: 1 })
    expect(decodes("execute_script", { code: "1 + 1", target: "sandbox" })).to.deep.equal({ code: "1 + 1", target: "sandbox" })
    expect(decodes("update_task", { task_id: "t1", status: "completed" })).to.deep.equal({ task_id: "t1", status: "completed" })
    expect(decodes("list_tasks", {})).to.deep.equal({})
    expect(decodes("opfs_list", {})).to.deep.equal({})
    expect(decodes("list_tabs", { url_pattern: "github\\.com", audible: true })).to.deep.equal({
      url_pattern: "github\\.com",
      audible: true,
    })
    expect(decodes("agent", { prompt: "p", type: "researcher", tab_id: 7, description: "research" })).to.include({ type: "researcher" })
  })

  it("refuses a wrong type, naming the parameter", () => {
    expectNamed(refuses("close_tab", { tab_id: "12" }), "tab_id")
    expectNamed(refuses("open_tab", { url: "u", active: "yes" }), "active")
    expectNamed(refuses("ask_user", { question: "q", options: ["a", 2] }), "options")
    expectNamed(refuses("web_fetch", { url: 42 }), "url")
    expectNamed(refuses("get_tab_content", { tab_id: 1.5 }), "tab_id")
    expectNamed(refuses("list_tabs", { window_id: Number.NaN }), "window_id")
  })

  it("refuses a missing required parameter, naming it", () => {
    expectNamed(refuses("web_search", {}), "query")
    expectNamed(refuses("execute_script", { code: "1" }), "target")
    expectNamed(refuses("opfs_write", { path: "a.txt" }), "content")
    expectNamed(refuses("activate_tab", {}), "tab_id")
    expectNamed(refuses("update_task", { status: "pending" }), "task_id")
  })

  it("refuses an unknown enum value, naming the parameter", () => {
    expectNamed(refuses("opfs_read", { path: "a", mode: "binary" }), "mode")
    expectNamed(refuses("execute_script", { code: "1", target: "isolated" }), "target")
    expectNamed(refuses("agent", { prompt: "p", type: "planner" }), "type")
    expectNamed(refuses("update_task", { task_id: "t1", status: "done" }), "status")
  })

  it("refuses values out of range, naming the parameter", () => {
    expectNamed(refuses("web_search", { query: "q", max_results: 11 }), "max_results")
    expectNamed(refuses("web_search", { query: "q", max_results: 0 }), "max_results")
    expectNamed(refuses("opfs_read", { path: "a", limit: 201 }), "limit")
    expectNamed(refuses("opfs_read", { path: "a", offset: 0 }), "offset")
    expectNamed(refuses("web_fetch", { url: "u", max_length: 0 }), "max_length")
    expectNamed(refuses("get_tab_content", { tab_id: 1, max_length: -5 }), "max_length")
  })

  it("refuses empty strings where a value is needed, naming the parameter", () => {
    expectNamed(refuses("web_fetch", { url: "" }), "url")
    expectNamed(refuses("web_search", { query: "" }), "query")
    expectNamed(refuses("execute_script", { code: "", target: "page" }), "code")
    expectNamed(refuses("opfs_delete", { path: "" }), "path")
    expectNamed(refuses("ask_user", { question: "" }), "question")
    expectNamed(refuses("agent", { prompt: "" }), "prompt")
    expectNamed(refuses("create_task", { subject: "" }), "subject")
  })

  it("refuses an unknown key, naming it", () => {
    expectNamed(refuses("web_fetch", { url: "u", timeout: 5 }), "timeout")
    expectNamed(refuses("close_tab", { tab_id: 1, force: true }), "force")
    expectNamed(refuses("list_tasks", { all: true }), "all")
    expectNamed(refuses("opfs_list", { path: "/", recursive: true }), "recursive")
  })

  it("reports every problem at once", () => {
    const lines = refuses("open_tab", { tab_id: "x", active: 1, extra: null })
    for (const parameter of ["url", "tab_id", "active", "extra"]) expectNamed(lines, parameter)
  })

  it("refuses what is not an object", () => {
    for (const input of [null, 5, "text", ["a"]]) {
      refuses("list_tasks", input)
      refuses("opfs_list", input)
      refuses("web_search", input)
    }
  })
})

describe("built-in tools: result schemas", () => {
  const accepts = (name: BuiltinToolName, value: unknown) => {
    const result = Schema.decodeUnknownResult(toolByName(name).result as Schema.Top as Schema.Codec<unknown>)(value, strictParse)
    if (Result.isFailure(result)) expect.fail(`${name} result refused: ${JSON.stringify(issueLines(result.failure.issue))}`)
  }
  const rejects = (name: BuiltinToolName, value: unknown) => {
    const result = Schema.decodeUnknownResult(toolByName(name).result as Schema.Top as Schema.Codec<unknown>)(value, strictParse)
    expect(Result.isFailure(result), `${name} result ${JSON.stringify(value)} must be refused`).to.equal(true)
  }

  it("accepts the spec's example results", () => {
    accepts("web_fetch", {
      url: "https://example.com",
      content_type: "text/html",
      content: "Extracted body content...",
      truncated: false,
      final_url: "https://example.com/redirected",
    })
    accepts("web_search", [{ title: "Search result title", url: "https://example.com/result", snippet: "Result summary text..." }])
    accepts("get_tab_content", {
      tab_id: 123,
      url: "https://example.com",
      title: "Page title",
      content: "Structured content...",
      truncated: false,
      used_selector: "main",
    })
    accepts("ask_user", { answer: "The user's answer text" })
    accepts("ask_user", { answer: null, reason: "timeout" })
    accepts("ask_user", { answer: ["a", "b"] })
  })

  it("accepts our result shapes", () => {
    accepts("web_fetch", {
      url: "u",
      content_type: "text/html",
      content: "c",
      truncated: false,
      final_url: "f",
      notice: { code: "paywall" },
    })
    accepts("list_tabs", [{ tab_id: 1, window_id: 2, url: "u", title: "t", active: true, audible: false, status: "complete" }])
    accepts("open_tab", { tab_id: 1, window_id: 2, url: "u", title: "t", status: "loading" })
    accepts("close_tab", { tab_id: 1, closed: true })
    accepts("activate_tab", { tab_id: 1, window_id: 2, active: true })
    accepts("opfs_write", { path: "a.txt", size: 3 })
    accepts("opfs_read", { path: "a.txt", content: "x", total_lines: 400, offset: 1, limit: 200, next_offset: 201 })
    accepts("opfs_read", { path: "a.txt", content: "x", total_lines: 1, offset: 1, limit: 200 })
    accepts("opfs_read", { path: "a.png", blob_url: "blob:chrome-extension://x/y", size: 10, mime_type: "image/png" })
    accepts("opfs_list", [
      { name: "a.txt", kind: "file", size: 3 },
      { name: "d", kind: "directory" },
    ])
    accepts("opfs_delete", { path: "a.txt", deleted: true })
    accepts("execute_script", { result: { a: [1, "x", null] }, type: "object" })
    accepts("execute_script", { result: null, type: "undefined", truncated: true })
    accepts("agent", { agent_id: "a1", type: "researcher", answer: "done", steps: 4 })
    accepts("create_task", { task_id: "t1", subject: "s", status: "pending" })
    accepts("update_task", { task_id: "t1", subject: "s", description: "d", status: "completed" })
    accepts("list_tasks", [{ task_id: "t1", subject: "s", status: "in_progress" }])
  })

  it("refuses results that break the shapes", () => {
    rejects("web_fetch", { url: "u", content_type: "t", content: "c", final_url: "f" })
    rejects("web_fetch", { url: "u", content_type: "t", content: "c", truncated: false, final_url: "f", notice: { code: "blocked" } })
    rejects("close_tab", { tab_id: 1, closed: false })
    rejects("opfs_list", [{ name: "a", kind: "link" }])
    rejects("ask_user", { answer: null, reason: "bored" })
    rejects("create_task", { task_id: "t1", subject: "s", status: "done" })
  })
})
