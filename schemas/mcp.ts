/**
 * MCP servers as tools (docs/mcp.md): what is kept of a server (its address, its token, the tool
 * descriptions the user accepted), and how each of its tools becomes one of ours: named
 * `<server>__<tool>`, its JSON Schema checked in full before every call (json-schema.ts, as for
 * custom tools), its annotations mapped to ours with the worst case assumed where it says nothing.
 */
import * as Schema from "effect/Schema"
import { compileJsonSchema } from "./json-schema.ts"
import { defineTool, type ToolDefinition } from "./tool-definition.ts"
import { originOf } from "./url-origin.ts"

export { MCP_SERVERS_KEY } from "./storage-keys.ts"
/** A server's name: the prefix of its tools' names, so short, and without the `__` that separates them. */
export const MCP_SERVER_NAME = /^[a-zA-Z][a-zA-Z0-9-]{0,23}$/
export const MCP_TOOL_SEPARATOR = "__"
/** A call's time limit: the default, and the bounds of a server's setting. */
export const MCP_DEFAULT_TIMEOUT_MS = 60_000
export const MCP_MIN_TIMEOUT_MS = 1_000
export const MCP_MAX_TIMEOUT_MS = 30 * 60_000
/** The supervisor's margin over a server's limit: the worker's own deadline fires first and says so. */
export const MCP_TIMEOUT_MARGIN_MS = 2_000

/** The hints an MCP server gives about a tool (the specification's ToolAnnotations); all optional. */
export const McpToolAnnotations = Schema.Struct({
  title: Schema.optionalKey(Schema.String),
  readOnlyHint: Schema.optionalKey(Schema.Boolean),
  destructiveHint: Schema.optionalKey(Schema.Boolean),
  idempotentHint: Schema.optionalKey(Schema.Boolean),
  openWorldHint: Schema.optionalKey(Schema.Boolean),
})

/** A tool as its server describes it: what the user is shown and accepts. */
export const McpTool = Schema.Struct({
  name: Schema.String,
  title: Schema.optionalKey(Schema.String),
  description: Schema.String,
  inputSchema: Schema.Record(Schema.String, Schema.Unknown),
  annotations: Schema.optionalKey(McpToolAnnotations),
})
export type McpTool = typeof McpTool.Type

/** A tool of a server as it is kept: the accepted description, and whether conversations have it. */
export const McpKeptTool = Schema.Struct({
  ...McpTool.fields,
  enabled: Schema.Boolean,
  /** Per conversation, overriding `enabled`. */
  overrides: Schema.optionalKey(Schema.Record(Schema.String, Schema.Boolean)),
})
export type McpKeptTool = typeof McpKeptTool.Type

/** A change the server made to its tools, held back until the user accepts it. */
export const McpPendingTool = Schema.Struct({
  ...McpTool.fields,
  change: Schema.Literals(["added", "changed"]),
})
export type McpPendingTool = typeof McpPendingTool.Type

export const McpTransportKind = Schema.Literals(["streamable_http", "sse"])
export type McpTransportKind = typeof McpTransportKind.Type

/**
 * What OAuth 2.1 left with the extension (docs/mcp.md): the client registration it made at the
 * authorization server, and the tokens. Secrets: only the server's own worker reads them.
 */
export const McpOAuthState = Schema.Struct({
  clientInformation: Schema.optionalKey(Schema.Unknown),
  tokens: Schema.optionalKey(Schema.Unknown),
})
export type McpOAuthState = typeof McpOAuthState.Type

/**
 * How a server is authorised besides a plain token: "oauth", OAuth 2.1's authorization code with
 * PKCE (a person signs in); "client_credentials", a machine-to-machine grant with the client's own
 * credentials (no person, no browser window).
 */
export const McpAuth = Schema.Literals(["oauth", "client_credentials"])
export type McpAuth = typeof McpAuth.Type

/** The signing algorithms of a private key for `private_key_jwt` (the ones the SDK signs with). */
export const MCP_KEY_ALGORITHMS = ["ES256", "ES384", "RS256", "PS256"] as const

/**
 * The OAuth client's settings, when the user has them (docs/mcp.md): a client registered
 * beforehand at the authorization server (`clientId`, with `clientSecret` or a `privateKey` for
 * `private_key_jwt`), the authorization server those are for (`issuer`), or the https address of a
 * Client ID Metadata Document the user publishes (`clientMetadataUrl`). The secret and the key are
 * kept like tokens: masked for pages, read only by the server's worker, sent only to the
 * authorization server's token endpoint.
 */
const McpClientFields = {
  clientId: Schema.optionalKey(Schema.String),
  clientSecret: Schema.optionalKey(Schema.String),
  privateKey: Schema.optionalKey(Schema.String),
  keyAlgorithm: Schema.optionalKey(Schema.Literals(MCP_KEY_ALGORITHMS)),
  issuer: Schema.optionalKey(Schema.String),
  clientMetadataUrl: Schema.optionalKey(Schema.String),
}

export const McpServer = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  /** A bearer token, sent to the URL's origin only; pages see it masked. */
  token: Schema.optionalKey(Schema.String),
  auth: Schema.optionalKey(McpAuth),
  ...McpClientFields,
  oauth: Schema.optionalKey(McpOAuthState),
  enabled: Schema.Boolean,
  timeoutMs: Schema.Number,
  /** The transport that answered last (Streamable HTTP first, the older HTTP+SSE otherwise). */
  transport: Schema.optionalKey(McpTransportKind),
  tools: Schema.Array(McpKeptTool),
  /** Tools the server added or changed since the user accepted its list: not offered until accepted. */
  pending: Schema.Array(McpPendingTool),
  /** Tools the server no longer lists. */
  removed: Schema.optionalKey(Schema.Array(Schema.String)),
  createdAt: Schema.Number,
})
export type McpServer = typeof McpServer.Type

/**
 * The Streamable HTTP session a kept server's worker is in (Mcp-Session-Id and the protocol
 * version agreed), kept by the service worker (shell/sw/mcp.ts).
 */
export const McpSession = Schema.Struct({ sessionId: Schema.String, protocolVersion: Schema.optionalKey(Schema.String) })
export type McpSession = typeof McpSession.Type

/** What `agent.mcp.add` and `test` take. */
export const McpServerSpec = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  token: Schema.optionalKey(Schema.String),
  auth: Schema.optionalKey(McpAuth),
  ...McpClientFields,
  timeoutMs: Schema.optionalKey(Schema.Number),
  enabled: Schema.optionalKey(Schema.Boolean),
  /**
   * The tools the user was shown (a test's result): only these, unchanged, are accepted when the
   * server is added; anything else it lists by then is held back. Absent: what it lists now.
   */
  shown: Schema.optionalKey(Schema.Array(McpTool)),
})
export type McpServerSpec = typeof McpServerSpec.Type

/** A tool name the model accepts (letters, digits, _ and -, at most 64), made from the server's and the tool's. */
export const mcpToolName = (server: string, tool: string): string =>
  `${server}${MCP_TOOL_SEPARATOR}${tool.replace(/[^a-zA-Z0-9_-]/g, "_")}`.slice(0, 64)

/** The server of one of our tool names, when it is an MCP tool's. */
export const mcpServerOf = (name: string): string | undefined => {
  const at = name.indexOf(MCP_TOOL_SEPARATOR)
  return at > 0 ? name.slice(0, at) : undefined
}

/** The fields that make a tool what the user accepted: any change to them is held back. */
export const toolFingerprint = (tool: McpTool): string =>
  stableJson({ title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations })

const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )

/**
 * Compares what a server lists now with what the user accepted: the tools to offer (accepted and
 * unchanged), the changes to hold back, and the names it no longer lists.
 */
export const diffTools = (
  accepted: ReadonlyArray<McpKeptTool>,
  listed: ReadonlyArray<McpTool>,
): { offered: McpKeptTool[]; pending: McpPendingTool[]; removed: string[] } => {
  const byName = new Map(accepted.map((t) => [t.name, t]))
  const offered: McpKeptTool[] = []
  const pending: McpPendingTool[] = []
  for (const tool of listed) {
    const kept = byName.get(tool.name)
    if (kept === undefined) pending.push({ ...tool, change: "added" })
    else if (toolFingerprint(kept) !== toolFingerprint(tool)) pending.push({ ...tool, change: "changed" })
    else offered.push(kept)
  }
  const names = new Set(listed.map((t) => t.name))
  return { offered, pending, removed: accepted.filter((t) => !names.has(t.name)).map((t) => t.name) }
}

/** The JSON Schema the model sees for a tool (its `$schema` dropped: the models' APIs reject some). */
const modelSchema = (schema: Record<string, unknown>): Record<string, unknown> => {
  const { $schema: _dialect, ...rest } = schema
  return rest.type === undefined ? { type: "object", ...rest } : rest
}

/**
 * One MCP tool as one of ours. Its hints are the server's claims, so they can only add care:
 * - `readOnlyHint: true` makes it read-only (a researcher sub-agent may use it); without it a
 *   tool is destructive unless `destructiveHint: false` (the specification's defaults), and a
 *   destructive call waits for the user's yes (rule: the tool's name).
 * - Every call sends its arguments to the server, and what comes back may be the user's (their
 *   account there) and may say anything: the flow rule counts its result as private and
 *   untrusted and its call as carrying data to the server's origin, `openWorldHint` or not (a
 *   closed-world tool still hands its arguments to the server, whose hints are its own word).
 * - Its results reach the model as untrusted (`openWorld`).
 */
/** What a call to a server's tool may fail with, besides the codes every tool may return. */
export const MCP_CALL_ERRORS = {
  mcp_unreachable: "The MCP server could not be reached; try again later or tell the user.",
  mcp_unauthorized: "The MCP server refused the credentials: the user must sign in again or change the token in Settings.",
  mcp_auth_failed: "Signing in to the MCP server failed.",
  mcp_redirect: "The MCP server answered with a redirect, which is not followed (credentials never cross one).",
  mcp_http: "The MCP server answered with an HTTP error (the message has its status).",
  mcp_error: "The MCP server answered with a protocol error (the message has it).",
  mcp_tool_error: "The tool ran and reported an error (the message has the server's words, untrusted).",
  mcp_tools_changed: "The server changed this tool since the user accepted it: it is held back until the user accepts the change.",
} as const

export const mcpDefinition = (server: McpServer, tool: McpKeptTool): ToolDefinition => {
  const compiled = compileJsonSchema(tool.inputSchema)
  const check = (args: unknown) => {
    const problems = compiled.ok
      ? compiled.compiled.problems(args ?? {})
      : [{ path: [], message: `the tool's input schema is not usable (${compiled.problems.join("; ")})` }]
    return problems.length === 0 ? undefined : problems.map((p) => ({ path: [...p.path], issue: p.message }))
  }
  const hints = tool.annotations ?? {}
  const readOnly = hints.readOnlyHint === true
  const name = mcpToolName(server.name, tool.name)
  return defineTool({
    name,
    group: "mcp",
    worker: `mcp:${server.name}`,
    description: tool.description || tool.title || tool.name,
    annotations: {
      worksOn: "mcp",
      readOnly,
      destructive: !readOnly && hints.destructiveHint !== false,
      openWorld: true,
      flow: { reads: ["private", "untrusted"], sendsTo: { origin: originOf(server.url) } },
    },
    parameters: Schema.Unknown.check(Schema.makeFilter(check)),
    result: McpResult,
    timeoutMs: server.timeoutMs + MCP_TIMEOUT_MARGIN_MS,
    // A researcher gets the tools its server calls read-only; a page operator none (docs/mcp.md).
    subAgents: readOnly ? ["researcher"] : [],
    errors: MCP_CALL_ERRORS,
    jsonSchema: modelSchema(tool.inputSchema),
    card: { subject: [], result: "markdown" },
  })
}

/** What a call gives the model: the text of its content, and its structured content when it has some. */
export const McpResult = Schema.Struct({
  content: Schema.String,
  structured: Schema.optionalKey(Schema.Unknown),
})
export type McpResult = typeof McpResult.Type

export { originOf }
