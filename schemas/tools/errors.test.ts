/**
 * A tool's error codes are declared once, on its definition. Handlers can only fail with a
 * declared code (the type test at the end, checked by `npm run typecheck`); an error that comes
 * over a boundary as plain data is held to the same list at run time (`failureOf`); and the codes
 * the UI translates (`error_<code>` in _locales) are codes that exist.
 */
import { expect } from "chai"
import * as Effect from "effect/Effect"
import { Cancelled, NotFound, ToolFailed } from "../errors.ts"
import { MESH_ERROR_CODES } from "../mesh-error-codes.ts"
import { declaredCodes, declaresCode, failureOf, type ToolDefinition } from "../tool-definition.ts"
import type { Handler } from "../../workers/runtime/serve.ts"
import { agent } from "./agents.ts"
import { builtinTools } from "./index.ts"
import { listTabs } from "./tabs.ts"
import { webFetch } from "./web.ts"
import { MCP_CALL_ERRORS } from "../mcp.ts"
import { ERROR_FAMILIES } from "../../components/words.ts"

const LOCALES = ["en", "fr", "it", "ja", "nl", "uk"]

const translatedCodes = async (locale: string): Promise<string[]> => {
  const messages = (await (await fetch(`/_locales/${locale}/messages.json`)).json()) as Record<string, unknown>
  return Object.keys(messages)
    .filter((key) => key.startsWith("error_"))
    .map((key) => key.slice("error_".length))
    .sort()
}

describe("tool error codes: declared on the definitions", () => {
  it("every built-in tool declares its codes, each a snake_case code with a sentence for the model", () => {
    for (const tool of builtinTools as ReadonlyArray<ToolDefinition>) {
      expect(tool.errors, tool.name).to.be.an("object")
      for (const [code, meaning] of Object.entries(tool.errors)) {
        expect(code, `${tool.name}: ${code}`).to.match(/^[a-z][a-z0-9]*(_[a-z0-9]+)*(_<[a-z]+>)?$/)
        expect(meaning, `${tool.name}: ${code}`).to.match(/^[A-Z].{10,}[.)]$/)
      }
    }
  })

  it("no tool repeats a code of the mesh, which every tool may return", () => {
    for (const tool of builtinTools as ReadonlyArray<ToolDefinition>) {
      const repeated = declaredCodes(tool).filter((code) => Object.hasOwn(MESH_ERROR_CODES, code))
      expect(repeated, tool.name).to.deep.equal([])
    }
  })

  it("a `prefix_<what>` key declares every code with that prefix, and only those", () => {
    expect(declaresCode(agent, "model_http_500")).to.equal(true)
    expect(declaresCode(agent, "model_stalled")).to.equal(true)
    expect(declaresCode(agent, "model_")).to.equal(false)
    expect(declaresCode(agent, "step_limit")).to.equal(true)
    expect(declaresCode(agent, "http_error")).to.equal(false)
    expect(declaresCode(webFetch, "http_error")).to.equal(true)
    expect(declaresCode(listTabs, "http_error")).to.equal(false)
  })

  it("an error over a boundary keeps a declared or mesh code, and an undeclared code is reported as a defect", () => {
    const declared = failureOf(webFetch, { code: "too_large", message: "big" })
    expect(declared).to.be.instanceOf(ToolFailed)
    expect(declared).to.include({ code: "too_large", message: "big" })
    expect(failureOf(webFetch, { code: "not_found", message: "gone" })).to.be.instanceOf(NotFound)
    expect(failureOf(webFetch, { code: "cancelled", message: "stopped" })).to.be.instanceOf(Cancelled)
    expect(failureOf(webFetch, { code: "unavailable", message: "away" })).to.include({ code: "unavailable" })
    const undeclared = failureOf(listTabs, { code: "http_error", message: "HTTP 500" })
    expect(undeclared).to.include({ code: "tool_failed" })
    expect((undeclared as ToolFailed).message)
      .to.contain("http_error")
      .and.contain("HTTP 500")
  })

  it("every code the UI translates (error_<code>) exists, and every locale translates the same codes", async () => {
    const declared = builtinTools.flatMap((tool) => declaredCodes(tool))
    const known = new Set<string>([...Object.keys(MESH_ERROR_CODES), ...declared, ...Object.keys(MCP_CALL_ERRORS), ...ERROR_FAMILIES])
    // A declared family (`model_<failure>`) covers its members; `<code>_params` is a code's wording with its parameters.
    const families = declared.filter((code) => code.includes("<")).map((code) => new RegExp(`^${code.replace(/<[a-z]+>/, "[a-z0-9_]+")}$`))
    const exists = (code: string): boolean =>
      known.has(code) ||
      families.some((family) => family.test(code)) ||
      // The MCP settings' own codes (agent.mcp.add refusing a name, an address…), shell/hub/mcp.ts.
      code.startsWith("mcp_") ||
      (code.endsWith("_params") && exists(code.slice(0, -"_params".length)))
    const english = await translatedCodes("en")
    expect(english.length).to.be.greaterThan(0)
    expect(english.filter((code) => !exists(code))).to.deep.equal([])
    for (const locale of LOCALES) expect(await translatedCodes(locale), locale).to.deep.equal(english)
  })
})

// Type tests: checked by `npm run typecheck`, which fails if an expected error goes away.
export const declaredFailure: Handler<typeof listTabs> = () => Effect.fail(new ToolFailed({ code: "browser_error", message: "" }))
export const meshFailure: Handler<typeof listTabs> = () => Effect.fail(new ToolFailed({ code: "unavailable", message: "" }))
// @ts-expect-error list_tabs does not declare http_error: its handler cannot fail with it
export const undeclaredFailure: Handler<typeof listTabs> = () => Effect.fail(new ToolFailed({ code: "http_error", message: "" }))
export const patternFailure: Handler<typeof agent> = () => Effect.fail(new ToolFailed({ code: "model_http_429", message: "" }))
// @ts-expect-error a code of unknown value (a plain string) is not a declared code
export const untypedFailure: Handler<typeof agent> = () => Effect.fail(new ToolFailed({ code: String("x"), message: "" }))
