/**
 * MCP tool arguments for the fuzz suite: a real MCP server built with the SDK on 127.0.0.1,
 * whose tools have input schemas of different shapes (bounds, enums, arrays, nested objects,
 * unions, no parameters), and cases made from those schemas: valid calls, and calls broken
 * along one property each. Whether a call is acceptable is decided by another validator than the
 * extension's (the SDK's Ajv, as a server would check), so a disagreement shows as a
 * validation miss rather than being agreed with.
 */
import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js"
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv"
import { MCP_CALL_ERRORS, mcpToolName } from "../../../schemas/mcp.ts"
import { ANY_JSON, HUGE_STRINGS, ODD_STRINGS, type Value } from "./catalogue.ts"
import type { FuzzCase } from "./mutate.ts"
import type { Rng } from "./prng.ts"
import { expand } from "./values.ts"

/** The server's name in the extension: its tools are `fz__<tool>`. */
export const MCP_FUZZ_SERVER = "fz"
/** A call's time limit at the server (the worker's), short: every tool answers at once. */
export const MCP_FUZZ_TIMEOUT_MS = 5_000

const TOOLS: Tool[] = (
  [
    {
      name: "lookup",
      description: "Looks words up.",
      inputSchema: {
        type: "object",
        properties: { query: { type: "string", minLength: 1, maxLength: 64 }, limit: { type: "integer", minimum: 1, maximum: 20 } },
        required: ["query"],
        additionalProperties: false,
      },
    },
    {
      name: "schedule",
      description: "Plans an item.",
      inputSchema: {
        type: "object",
        properties: {
          title: { type: "string" },
          priority: { type: "string", enum: ["low", "normal", "high"] },
          tags: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 5, uniqueItems: true },
          at: { type: "number", exclusiveMinimum: 0 },
        },
        required: ["title", "priority"],
        additionalProperties: false,
      },
    },
    {
      // Extra keys allowed (the JSON Schema default), a nested object and a union.
      name: "configure",
      description: "Sets options.",
      inputSchema: {
        type: "object",
        properties: {
          options: {
            type: "object",
            properties: { depth: { type: "integer", minimum: 0, maximum: 8 }, label: { type: ["string", "null"] } },
            required: ["depth"],
            additionalProperties: false,
          },
          mode: { anyOf: [{ const: "auto" }, { type: "integer", minimum: 1 }] },
          enabled: { type: "boolean" },
        },
        required: ["options"],
      },
    },
    { name: "ping", description: "Takes nothing.", inputSchema: { type: "object", properties: {}, additionalProperties: false } },
  ] as Tool[]
).map((t) => ({ ...t, annotations: { readOnlyHint: true } }))

export const mcpFuzzTools = TOOLS.map((t) => mcpToolName(MCP_FUZZ_SERVER, t.name))
const schemaOf = new Map<string, Tool["inputSchema"]>(TOOLS.map((t) => [mcpToolName(MCP_FUZZ_SERVER, t.name), t.inputSchema]))

const ajv = new AjvJsonSchemaValidator()
const validators = new Map([...schemaOf].map(([name, schema]) => [name, ajv.getValidator(schema as never)]))

/** Whether a server checking the schema itself would take these arguments (absent and null count as `{}`). */
export const mcpContractAccepts = (tool: string, params: unknown): boolean =>
  validators.get(tool)!(params === undefined || params === null ? {} : expand(params)).valid

/** What the verdict needs of an MCP tool: the codes it may fail with and its parameters' names. */
export const mcpContract = (tool: string) => ({
  declares: (code: string) => code in MCP_CALL_ERRORS,
  parameters: Object.keys((schemaOf.get(tool)?.properties as Record<string, unknown> | undefined) ?? {}),
})

const validOf: Record<string, (rng: Rng) => Record<string, Value>> = {
  lookup: (rng) => ({ query: rng.pick(["milk", "é😀", "a", "x".repeat(64)]), ...(rng.chance(0.5) ? { limit: rng.int(1, 20) } : {}) }),
  schedule: (rng) => ({
    title: rng.pick(["", "Review", "\u202Eevil", "a\u0000b"]),
    priority: rng.pick(["low", "normal", "high"]),
    ...(rng.chance(0.5) ? { tags: rng.sample(["a", "b", "c", "d"], rng.int(0, 4)) } : {}),
    ...(rng.chance(0.5) ? { at: rng.pick([0.5, 1, 1e9]) } : {}),
  }),
  configure: (rng) => ({
    options: { depth: rng.int(0, 8), ...(rng.chance(0.5) ? { label: rng.pick(["x", null]) } : {}) },
    ...(rng.chance(0.5) ? { mode: rng.pick(["auto", 1, 7]) } : {}),
    ...(rng.chance(0.5) ? { enabled: rng.chance(0.5) } : {}),
    // Allowed by this schema: an extra key reaches the server as given.
    ...(rng.chance(0.3) ? { note: "extra" } : {}),
  }),
  ping: () => ({}),
}

/** Values breaking one property of a valid call: each with the names it touches. */
const breakings = (tool: string, rng: Rng): Array<{ params: Value; mutation: string; touched: string[] }> => {
  const base = validOf[tool]!(rng)
  const props = Object.entries((schemaOf.get(`${MCP_FUZZ_SERVER}__${tool}`)!.properties ?? {}) as Record<string, { type?: unknown }>)
  const out: Array<{ params: Value; mutation: string; touched: string[] }> = []
  const withValue = (key: string, value: Value) => {
    const params: Record<string, Value> = {}
    for (const [k, v] of Object.entries({ ...base, [key]: value }))
      Object.defineProperty(params, k, { value: v, enumerable: true, writable: true, configurable: true })
    return params
  }
  for (const [key, schema] of props) {
    const type = schema.type
    const wrong = ANY_JSON.filter((v) =>
      type === "string" ? typeof v !== "string" : type === "integer" || type === "number" ? typeof v !== "number" : typeof v !== "object",
    )
    out.push({ params: withValue(key, rng.pick(wrong)), mutation: `wrong-type:${key}`, touched: [key] })
    out.push({ params: withValue(key, rng.pick(ODD_STRINGS)), mutation: `odd-string:${key}`, touched: [key] })
  }
  for (const key of (schemaOf.get(`${MCP_FUZZ_SERVER}__${tool}`)!.required ?? []) as string[]) {
    const { [key]: _dropped, ...rest } = base
    out.push({ params: rest, mutation: `missing:${key}`, touched: [key] })
  }
  const extra = rng.pick(["extra", "__proto__", "constructor", ""])
  out.push({ params: withValue(extra, 1), mutation: `extra:${JSON.stringify(extra)}`, touched: [extra] })
  out.push({ params: rng.pick([[], "text", 42, true]), mutation: "not-object", touched: [] })
  const specific: Record<string, Array<[string, Value, string]>> = {
    lookup: [
      ["query", "", "empty"],
      ["query", "x".repeat(65), "too-long"],
      ["limit", rng.pick([0, 21, 1.5, -1, 2 ** 53 + 2]), "out-of-range"],
      ["query", rng.pick(HUGE_STRINGS), "huge-string"],
    ],
    schedule: [
      ["priority", rng.pick(["LOW", "urgent", ""]), "bad-enum"],
      ["tags", ["a", "a"], "not-unique"],
      ["tags", ["a", "b", "c", "d", "e", "f"], "too-many"],
      ["tags", [""], "empty-item"],
      ["at", rng.pick([0, -1]), "out-of-range"],
      ["title", rng.pick(HUGE_STRINGS), "huge-string"],
    ],
    configure: [
      ["options", { depth: 9 }, "nested-out-of-range"],
      ["options", { depth: 1, other: true }, "nested-extra"],
      ["options", { label: "x" }, "nested-missing"],
      ["options", { depth: 1, label: 5 }, "nested-wrong-type"],
      ["mode", rng.pick(["manual", 0, 1.5]), "no-branch"],
    ],
    ping: [],
  }
  for (const [key, value, mutation] of specific[tool] ?? [])
    out.push({ params: withValue(key, value), mutation: `${mutation}:${key}`, touched: [key] })
  return out
}

/**
 * `count` cases over the server's tools: a valid call of each tool at least twice, the rest
 * drawn from the breakings of every tool (seeded: the same seed gives the same cases).
 */
export const mcpCases = (rng: Rng, count: number, firstId: number, only?: ReadonlyArray<string>): FuzzCase[] => {
  const tools = TOOLS.map((t) => t.name).filter((t) => !only || only.includes(mcpToolName(MCP_FUZZ_SERVER, t)))
  if (tools.length === 0) return []
  const made: Array<Omit<FuzzCase, "id" | "options" | "optionsInvalid" | "timeoutMs">> = []
  for (const tool of tools)
    for (let i = 0; i < 2; i++)
      made.push({ tool: mcpToolName(MCP_FUZZ_SERVER, tool), params: validOf[tool]!(rng), mutations: ["valid"], touched: [] })
  const broken = tools.flatMap((tool) =>
    breakings(tool, rng).map((b) => ({
      tool: mcpToolName(MCP_FUZZ_SERVER, tool),
      params: b.params,
      mutations: [b.mutation],
      touched: b.touched,
    })),
  )
  made.push(...rng.sample(broken, Math.max(0, Math.min(broken.length, count - made.length))))
  return made.slice(0, count).map((c, i) => ({ ...c, id: firstId + i, options: {}, optionsInvalid: false, timeoutMs: MCP_FUZZ_TIMEOUT_MS }))
}

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      try {
        const text = Buffer.concat(chunks).toString("utf8")
        resolve(text ? JSON.parse(text) : undefined)
      } catch (error) {
        reject(error)
      }
    })
    req.on("error", reject)
  })

/** The MCP server of the fuzz suite: every tool answers with the arguments it received, which it records. */
export const startFuzzMcpServer = async () => {
  const received: Array<{ name: string; arguments: unknown }> = []
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const servers = new Set<Server>()
  const http = createServer((req, res) => {
    void (async () => {
      if (new URL(req.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") return void res.writeHead(404).end()
      const id = req.headers["mcp-session-id"]
      const body = req.method === "POST" ? await readBody(req) : undefined
      let transport = typeof id === "string" ? sessions.get(id) : undefined
      if (!transport) {
        if (typeof id === "string") return void res.writeHead(404).end()
        const server = new Server({ name: "fuzz", version: "1.0.0" }, { capabilities: { tools: {} } })
        server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }))
        server.setRequestHandler(CallToolRequestSchema, async (request) => {
          received.push({ name: request.params.name, arguments: request.params.arguments })
          return { content: [{ type: "text", text: JSON.stringify(request.params.arguments ?? {}).slice(0, 200) }] }
        })
        servers.add(server)
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => void sessions.set(sid, transport!),
        })
        await server.connect(transport)
      }
      await transport.handleRequest(req, res, body)
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    received,
    close: async () => {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeAllConnections()
      await closed
      for (const s of servers) void s.close().catch(() => undefined)
    },
  }
}
