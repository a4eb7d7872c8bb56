/**
 * The custom tools, beside the supervisor: registered through `agent.customTools` (or the
 * management page), kept in chrome.storage.local by the service worker, offered to the model
 * beside the built-in tools, and run in the sandbox (an opaque origin with no extension API and
 * no storage) with their arguments and the workspace blobs those arguments name.
 */
import * as Schema from "effect/Schema"
import { CUSTOM_TOOL_NAME, CustomTool, parametersSchemaProblems } from "../../schemas/custom-tools.ts"
import { compileJsonSchema } from "../../schemas/json-schema.ts"
import type { Outcome } from "../../schemas/errors.ts"
import type { CustomToolInfo } from "../../schemas/channel-types.ts"
import { defineTool, type ToolDefinition } from "../../schemas/tool-definition.ts"
import type { SandboxInputs } from "../sandbox/sandbox.ts"
import { storedList, type RouterCall, type SandboxOutcome } from "../../workers/runtime/protocol.ts"
import type { InProcessHandler } from "./supervisor.ts"

export const CUSTOM_TOOL_TIMEOUT_MS = 30_000

/** What a custom tool's code can fail with in the sandbox, beside the mesh's codes (timeout, cancelled). */
export const CUSTOM_TOOL_ERRORS = {
  script_error: "The tool's code threw (the message has the error and its stack).",
  sandbox_crashed: "The sandbox stopped while the tool ran (most often it used too much memory); it was reset.",
  sandbox_memory: "The sandbox passed its memory cap (a setting, 256 MiB by default) and was stopped and reset.",
} as const

export interface CustomToolsOptions {
  readonly router: RouterCall
  readonly builtinNames: ReadonlySet<string>
  readonly run: (runId: string, code: string, timeoutMs: number, inputs: SandboxInputs) => Promise<SandboxOutcome>
  readonly cancel: (runId: string) => Promise<void>
  /** Told every time the set of tools changes. */
  readonly onChange: (definitions: ReadonlyArray<ToolDefinition>) => void
}

type Stored = typeof CustomTool.Type & { readonly overrides?: Readonly<Record<string, boolean>> }

const invalid = (message: string, parameter?: string): Outcome<never> => ({
  ok: false,
  error: { code: "invalid_input", message: `customTools.register: ${message}`, ...(parameter ? { parameter } : {}) },
})

/** The code as the body of an async function of `args`, so that `return` gives the result. */
const program = (code: string) => `return await (async (args, readBlob) => {\n${code}\n})(self.args, self.readBlob)`

export class CustomTools {
  private tools = new Map<string, Stored>()

  constructor(private readonly options: CustomToolsOptions) {}

  async load(): Promise<void> {
    const stored = await storedList(this.options.router, "customTools.list")
    this.tools = new Map(stored.map((t) => [t.name, t]))
    this.options.onChange(this.definitions())
  }

  list(): ReadonlyArray<Stored> {
    return [...this.tools.values()]
  }

  async register(input: unknown): Promise<Outcome<CustomToolInfo>> {
    if (typeof input !== "object" || input === null) return invalid("give { name, description, parameters, code }")
    const spec = input as Record<string, unknown>
    const name = spec.name
    if (typeof name !== "string" || !CUSTOM_TOOL_NAME.test(name))
      return invalid(`name must be 1 to 64 letters, digits, _ or -, starting with a letter; got ${JSON.stringify(name)}`, "name")
    if (this.options.builtinNames.has(name)) return invalid(`"${name}" is the name of a built-in tool; choose another name`, "name")
    if (typeof spec.description !== "string" || spec.description.trim().length === 0)
      return invalid("description must say, for the model, what the tool does and when to use it", "description")
    const problems = parametersSchemaProblems(spec.parameters)
    if (problems.length) return invalid(`the parameters are not a usable JSON Schema: ${problems.join("; ")}`, "parameters")
    if (typeof spec.code !== "string" || spec.code.trim().length === 0)
      return invalid("code must be JavaScript: the body of an async function of args that returns the result", "code")
    // Compile without running: a syntax error is refused now, with its message.
    const check = await this.options.run(
      `check-${crypto.randomUUID()}`,
      `(async (args, readBlob) => {\n${spec.code}\n}); return true`,
      5_000,
      {},
    )
    if (!check.ok) return invalid(`the code does not compile: ${check.error.message}`, "code")
    const previous = this.tools.get(name)
    const tool: Stored = {
      name,
      description: spec.description,
      parameters: spec.parameters as Record<string, unknown>,
      code: spec.code,
      enabled: typeof spec.enabled === "boolean" ? spec.enabled : true,
      createdAt: previous?.createdAt ?? Date.now(),
      ...(previous?.overrides ? { overrides: previous.overrides } : {}),
    }
    const saved = await this.save(tool)
    return saved.ok ? { ok: true, value: this.describe(tool) } : saved
  }

  async remove(name: string): Promise<Outcome<boolean>> {
    if (!this.tools.has(name)) return { ok: false, error: { code: "not_found", message: `There is no custom tool "${name}".` } }
    const reply = await this.options.router("customTools.delete", { name })
    if (!reply.ok) return reply
    this.tools.delete(name)
    this.options.onChange(this.definitions())
    return { ok: true, value: true }
  }

  /** Turns a tool on or off: for every conversation, or for one (which then overrides the default). */
  async setEnabled(name: string, enabled: boolean, conversationId?: string): Promise<Outcome<CustomToolInfo>> {
    const tool = this.tools.get(name)
    if (!tool) return { ok: false, error: { code: "not_found", message: `There is no custom tool "${name}".` } }
    const next: Stored =
      conversationId === undefined ? { ...tool, enabled } : { ...tool, overrides: { ...tool.overrides, [conversationId]: enabled } }
    const saved = await this.save(next)
    return saved.ok ? { ok: true, value: this.describe(next) } : saved
  }

  /** Whether a conversation's model is offered this tool (built-in tools always are). */
  enabledFor(name: string, conversationId: string): boolean {
    const tool = this.tools.get(name)
    if (!tool) return true
    return tool.overrides?.[conversationId] ?? tool.enabled
  }

  /**
   * The tools offered: one turned off leaves the tool list (as an MCP server turned off does),
   * unless a conversation turned it back on for itself.
   */
  definitions(): ReadonlyArray<ToolDefinition> {
    const offered = this.list().filter((tool) => tool.enabled || Object.values(tool.overrides ?? {}).some(Boolean))
    return offered.map((tool) => {
      // Checked when registered; one stored by an older build that no longer compiles refuses every call.
      const compiled = compileJsonSchema(tool.parameters)
      const check = (args: unknown) => {
        const problems = compiled.ok
          ? compiled.compiled.problems(args ?? {})
          : [{ path: [], message: `the tool's parameters schema is not usable (${compiled.problems.join("; ")}); register it again` }]
        return problems.length === 0 ? undefined : problems.map((p) => ({ path: [...p.path], issue: p.message }))
      }
      return defineTool({
        name: tool.name,
        group: "custom",
        description: tool.description,
        annotations: {
          worksOn: "custom",
          readOnly: false,
          destructive: false,
          openWorld: false,
          // Its code is the user's, its result theirs; what it does with its arguments is up to it.
          flow: { reads: ["private"], sendsTo: "tool" },
        },
        parameters: Schema.Unknown.check(Schema.makeFilter(check)),
        result: Schema.Unknown,
        timeoutMs: CUSTOM_TOOL_TIMEOUT_MS + 2_000,
        errors: CUSTOM_TOOL_ERRORS,
        jsonSchema: tool.parameters,
      })
    })
  }

  /** Runs a custom tool's code in the sandbox. */
  readonly handler: InProcessHandler = async (request, signal) => {
    const tool = this.tools.get(request.tool)
    if (!tool) return { ok: false, error: { code: "not_found", message: `There is no custom tool "${request.tool}".` } }
    const runId = `custom-${crypto.randomUUID()}`
    const onAbort = () => void this.options.cancel(runId)
    signal.addEventListener("abort", onAbort, { once: true })
    try {
      const outcome = await this.options.run(runId, program(tool.code), CUSTOM_TOOL_TIMEOUT_MS, {
        args: request.params,
        blobs: await blobsIn(request.params),
      })
      if (outcome.ok) return { ok: true, value: outcome.value }
      return { ok: false, error: { ...outcome.error, message: `${request.tool} (a custom tool) failed: ${outcome.error.message}` } }
    } finally {
      signal.removeEventListener("abort", onAbort)
    }
  }

  private describe(tool: Stored) {
    const { code: _code, ...rest } = tool
    return { ...rest, codeLength: tool.code.length }
  }

  private async save(tool: Stored): Promise<Outcome<null>> {
    const reply = await this.options.router("customTools.put", tool)
    if (!reply.ok) return reply
    this.tools.set(tool.name, tool)
    this.options.onChange(this.definitions())
    return { ok: true, value: null }
  }
}

/** The workspace blob URLs among the arguments, read here (same origin) for the sandbox (which can't). */
const blobsIn = async (args: unknown): Promise<Record<string, Blob>> => {
  const urls = new Set<string>()
  const walk = (v: unknown) => {
    if (typeof v === "string" && v.startsWith(`blob:${location.origin}/`)) urls.add(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk)
  }
  walk(args)
  const out: Record<string, Blob> = {}
  for (const url of urls) {
    try {
      out[url] = await (await fetch(url)).blob()
    } catch {
      // A revoked or foreign URL: readBlob will say it is not available.
    }
  }
  return out
}
