/**
 * The MCP servers, beside the supervisor in the offscreen document: added through `agent.mcp`
 * (or the options page), kept in chrome.storage.local by the service worker, each served by a
 * worker of its own (`mcp:<server>`, workers/mcp/worker.ts) that the supervisor starts, watches
 * and replaces like every tool group's. Their tools are offered to the model beside the built-in
 * ones as `<server>__<tool>`, but only as the user accepted them: a tool the server added or
 * whose description, schema or hints changed since is held back until `accept` (tool poisoning).
 */
import * as Schema from "effect/Schema"
import type { Outcome, WireError } from "../../schemas/errors.ts"
import {
  diffTools,
  MCP_DEFAULT_TIMEOUT_MS,
  MCP_MAX_TIMEOUT_MS,
  MCP_MIN_TIMEOUT_MS,
  MCP_SERVER_NAME,
  mcpDefinition,
  mcpServerOf,
  mcpToolName,
  McpServerSpec,
  type McpKeptTool,
  type McpServer,
} from "../../schemas/mcp.ts"
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import type { McpConnectionConfig, McpListing, McpWorkerApi } from "../../workers/mcp/worker.ts"
import { storedList, type RouterCall } from "../../workers/runtime/protocol.ts"
import type { McpServerInfo, McpTestResult } from "../../schemas/channel-types.ts"

export interface McpServersOptions {
  readonly router: RouterCall
  /** The worker of one server (started if needed), from the supervisor. */
  readonly worker: (key: string) => Promise<{
    tools(): Promise<Outcome<McpListing>>
    configure(config: McpConnectionConfig): Promise<void> | void
    close(): Promise<void>
  }>
  /** Ends a server's worker (removed, or a test done). */
  readonly end: (key: string) => void
  /** Told every time the set of tools changes. */
  readonly onChange: (definitions: ReadonlyArray<ToolDefinition>) => void
}

const MASK = "••••"
const maskToken = (token: string | undefined) => (token ? `${MASK}${token.length > 12 ? token.slice(-4) : ""}` : undefined)

const failure = (code: string, message: string, parameter?: string): { ok: false; error: WireError } => ({
  ok: false,
  error: { code, message, ...(parameter ? { parameter } : {}) },
})

const keyOf = (name: string) => `mcp:${name}`

/** What a server's worker is given of it: no tools, nothing OAuth left (a test starts afresh). */
export const connectionOf = (server: McpServer): McpConnectionConfig => {
  const { enabled: _e, tools: _t, pending: _p, removed: _r, createdAt: _c, transport: _k, oauth: _o, ...connection } = server
  return connection
}

const httpAddress = (text: string): URL | undefined => {
  try {
    const url = new URL(text)
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password ? url : undefined
  } catch {
    return undefined
  }
}

export class McpServers {
  private servers = new Map<string, McpServer>()

  constructor(private readonly options: McpServersOptions) {}

  async load(): Promise<void> {
    // What OAuth left stays with the router and the server's worker, never here.
    const stored = (await storedList(this.options.router, "mcp.list")).map(({ oauth: _oauth, ...s }) => s)
    this.servers = new Map(stored.map((s) => [s.name, s]))
    this.changed()
    // What each server lists now is compared with what the user accepted, before the model sees it.
    for (const server of stored) if (server.enabled) void this.refresh(server.name)
  }

  list(): ReadonlyArray<McpServerInfo> {
    return [...this.servers.values()].map((s) => this.describe(s))
  }

  /** Checks a spec and makes it a server's settings (without tools), or says what is wrong with it. */
  private parse(input: unknown, previous?: McpServer): Outcome<McpServer> {
    if (!Schema.is(McpServerSpec)(input))
      return failure(
        "invalid_input",
        "mcp: give { name, url, token?, auth?, clientId?, clientSecret?, privateKey?, keyAlgorithm?, issuer?, clientMetadataUrl?, timeoutMs? }",
      )
    const spec = input
    if (!MCP_SERVER_NAME.test(spec.name))
      return failure(
        "mcp_bad_name",
        `mcp: name must be 1 to 24 letters, digits or -, starting with a letter; got ${JSON.stringify(spec.name)}`,
        "name",
      )
    let url: URL
    try {
      url = new URL(spec.url)
    } catch {
      return failure("mcp_bad_url", `mcp: url must be an http(s) address; got ${JSON.stringify(spec.url)}`, "url")
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password)
      return failure("mcp_bad_url", "mcp: url must be an http(s) address without a user name or password", "url")
    const timeoutMs = spec.timeoutMs ?? previous?.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS
    if (!Number.isInteger(timeoutMs) || timeoutMs < MCP_MIN_TIMEOUT_MS || timeoutMs > MCP_MAX_TIMEOUT_MS)
      return failure(
        "mcp_bad_timeout",
        `mcp: timeoutMs must be a whole number from ${MCP_MIN_TIMEOUT_MS} to ${MCP_MAX_TIMEOUT_MS}`,
        "timeoutMs",
      )
    // A masked secret sent back keeps the stored one, while the server stays on the same origin.
    const sameOrigin = previous !== undefined && new URL(previous.url).origin === url.origin
    const secret = (given: string | undefined, stored: string | undefined) =>
      given?.startsWith(MASK) === true ? (sameOrigin ? stored : undefined) : given || undefined
    const token = secret(spec.token, previous?.token)
    const client = this.parseClient(spec, {
      clientSecret: secret(spec.clientSecret, previous?.clientSecret),
      privateKey: secret(spec.privateKey, previous?.privateKey),
    })
    if (!client.ok) return client
    return {
      ok: true,
      value: {
        name: spec.name,
        url: url.href,
        ...(token ? { token } : {}),
        ...(spec.auth ? { auth: spec.auth } : {}),
        ...client.value,
        enabled: spec.enabled ?? previous?.enabled ?? true,
        timeoutMs,
        tools: previous?.tools ?? [],
        pending: previous?.pending ?? [],
        createdAt: previous?.createdAt ?? Date.now(),
      },
    }
  }

  /**
   * The OAuth client's settings (docs/mcp.md): a pre-registered client (id, and a secret or a
   * private key), the authorization server they are for, or a Client ID Metadata Document's
   * address; the machine-to-machine grant needs a client id and one credential.
   */
  private parseClient(
    spec: McpServerSpec,
    secrets: { clientSecret: string | undefined; privateKey: string | undefined },
  ): Outcome<Partial<McpServer>> {
    const clientId = spec.clientId?.trim() || undefined
    const { clientSecret, privateKey } = secrets
    const oauth = spec.auth === "oauth" || spec.auth === "client_credentials"
    const given = clientId ?? clientSecret ?? privateKey ?? spec.issuer ?? spec.clientMetadataUrl
    if (given !== undefined && !oauth)
      return failure("mcp_bad_client", 'mcp: OAuth client settings need auth "oauth" or "client_credentials"', "auth")
    if ((clientSecret !== undefined || privateKey !== undefined) && clientId === undefined)
      return failure("mcp_bad_client", "mcp: a client secret or private key needs its clientId", "clientId")
    if (clientSecret !== undefined && privateKey !== undefined)
      return failure("mcp_bad_client", "mcp: give a clientSecret or a privateKey, not both", "privateKey")
    if (spec.auth === "client_credentials" && (clientId === undefined || (clientSecret === undefined && privateKey === undefined)))
      return failure(
        "mcp_bad_client",
        "mcp: client_credentials needs a clientId and a clientSecret or a privateKey",
        clientId ? "clientSecret" : "clientId",
      )
    if (privateKey !== undefined && !/^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----\s*$/.test(privateKey.trim()))
      return failure("mcp_bad_client", "mcp: privateKey must be a PKCS#8 PEM key (-----BEGIN PRIVATE KEY-----)", "privateKey")
    if (spec.issuer !== undefined && clientId === undefined)
      return failure("mcp_bad_client", "mcp: issuer names the authorization server of a clientId; give the clientId", "clientId")
    if (spec.issuer !== undefined && !httpAddress(spec.issuer))
      return failure("mcp_bad_client", "mcp: issuer must be the authorization server's http(s) address", "issuer")
    if (spec.clientMetadataUrl !== undefined) {
      // The specification's Client ID Metadata Documents: an https address with a path, which is the client id.
      const at = httpAddress(spec.clientMetadataUrl)
      if (at?.protocol !== "https:" || at.pathname === "/" || spec.auth !== "oauth")
        return failure(
          "mcp_bad_client",
          'mcp: clientMetadataUrl must be an https address with a path, with auth "oauth"',
          "clientMetadataUrl",
        )
    }
    return {
      ok: true,
      value: {
        ...(clientId !== undefined ? { clientId } : {}),
        ...(clientSecret !== undefined ? { clientSecret } : {}),
        ...(privateKey !== undefined ? { privateKey: privateKey.trim(), keyAlgorithm: spec.keyAlgorithm ?? "ES256" } : {}),
        ...(spec.issuer !== undefined ? { issuer: spec.issuer } : {}),
        ...(spec.clientMetadataUrl !== undefined ? { clientMetadataUrl: spec.clientMetadataUrl } : {}),
      },
    }
  }

  /**
   * Connects to a server and lists its tools, without keeping it (the options page shows them
   * before the user adds it), or, given the name of a kept server only, lists what it offers now.
   */
  async test(input: unknown): Promise<Outcome<McpTestResult>> {
    const named = typeof input === "object" && input !== null ? (input as { name?: unknown }).name : undefined
    const kept = typeof named === "string" ? this.servers.get(named) : undefined
    if (kept && Object.keys(input as object).length === 1) {
      const refreshed = await this.refresh(kept.name)
      return refreshed
    }
    const parsed = this.parse(input, kept)
    if (!parsed.ok) return parsed
    // A colon is in no server's name: a test's worker is never a kept server's (ended after it).
    const key = `mcp:test:${crypto.randomUUID()}`
    try {
      const worker = await this.options.worker(key)
      await worker.configure(connectionOf(parsed.value))
      const listed = await worker.tools()
      await worker.close()
      return listed
    } finally {
      this.options.end(key)
    }
  }

  /**
   * Keeps a server and accepts the tools it lists now, which the user was shown (its test, or
   * this call's result); its tools are offered from then on. A server already kept is updated
   * (its address, token or time limit), and its tools listed again (changes held back).
   */
  async add(input: unknown): Promise<Outcome<McpServerInfo>> {
    const named = typeof input === "object" && input !== null ? (input as { name?: unknown }).name : undefined
    const previous = typeof named === "string" ? this.servers.get(named) : undefined
    const parsed = this.parse(input, previous)
    if (!parsed.ok) return parsed
    const server = parsed.value
    const saved = await this.save(server)
    if (!saved.ok) return saved
    // A new address or token: the worker connects again.
    this.options.end(keyOf(server.name))
    const listed = await (await this.options.worker(keyOf(server.name))).tools()
    if (!listed.ok) {
      // The worker holds the settings that failed: the next one reads the restored server.
      this.options.end(keyOf(server.name))
      if (previous) await this.restore(previous)
      else await this.remove(server.name)
      return listed
    }
    const listing = listed.value
    if (previous) {
      // An update answers as an add does (docs/developer-api.md): with the server, not its listing.
      const applied = await this.apply(server.name, listing)
      return applied.ok ? { ok: true, value: this.describe(this.servers.get(server.name)!) } : applied
    }
    // What the user was shown is what they accept: a tool that differs by now waits like a change.
    const shown = (input as { shown?: ReadonlyArray<McpKeptTool> }).shown
    const { offered, pending } = shown
      ? diffTools(
          shown.map((t) => ({ ...t, enabled: true })),
          listing.tools,
        )
      : { offered: listing.tools.map((t) => ({ ...t, enabled: true })), pending: [] }
    const tools: McpKeptTool[] = [
      ...offered.map((t) => ({ ...t, enabled: true })),
      // A tool listed now but changed since it was shown keeps its shown form until accepted.
      ...(shown ?? [])
        .filter((t) => pending.some((p) => p.name === t.name && p.change === "changed"))
        .map((t) => ({ ...t, enabled: true })),
    ]
    const added = await this.save({ ...server, transport: listing.transport, tools, pending })
    return added.ok ? { ok: true, value: this.describe(this.servers.get(server.name)!) } : added
  }

  async remove(name: string): Promise<Outcome<boolean>> {
    if (!this.servers.has(name)) return failure("not_found", `There is no MCP server "${name}".`)
    this.options.end(keyOf(name))
    const reply = await this.options.router("mcp.delete", { name })
    if (!reply.ok) return reply
    this.servers.delete(name)
    this.changed()
    return { ok: true, value: true }
  }

  /**
   * Turns a server, or one of its tools (`tool`: the server's name for it), on or off: for every
   * conversation, or for one (`conversationId`, which then overrides the default).
   */
  async setEnabled(
    name: string,
    enabled: boolean,
    options: { tool?: string; conversationId?: string } = {},
  ): Promise<Outcome<McpServerInfo>> {
    const server = this.servers.get(name)
    if (!server) return failure("not_found", `There is no MCP server "${name}".`)
    if (options.tool !== undefined && !server.tools.some((t) => t.name === options.tool))
      return failure("not_found", `The MCP server "${name}" has no accepted tool "${options.tool}".`, "tool")
    const change = (t: McpKeptTool): McpKeptTool =>
      options.tool !== undefined && t.name !== options.tool
        ? t
        : options.conversationId === undefined
          ? { ...t, enabled }
          : { ...t, overrides: { ...t.overrides, [options.conversationId]: enabled } }
    const next: McpServer =
      options.tool === undefined && options.conversationId === undefined
        ? { ...server, enabled }
        : { ...server, tools: server.tools.map(change) }
    const saved = await this.save(next)
    if (saved.ok && next.enabled && !server.enabled) void this.refresh(name)
    return saved.ok ? { ok: true, value: this.describe(next) } : saved
  }

  /** Accepts what a server lists now (its held-back changes); the changed tools are offered again. */
  async accept(name: string): Promise<Outcome<McpServerInfo>> {
    const server = this.servers.get(name)
    if (!server) return failure("not_found", `There is no MCP server "${name}".`)
    const byName = new Map(server.tools.map((t) => [t.name, t]))
    const gone = new Set(server.removed ?? [])
    const tools: McpKeptTool[] = [
      ...server.tools.filter((t) => !gone.has(t.name) && !server.pending.some((p) => p.name === t.name)),
      ...server.pending.map(({ change: _change, ...t }) => {
        const old = byName.get(t.name)
        return { ...t, enabled: old?.enabled ?? true, ...(old?.overrides ? { overrides: old.overrides } : {}) }
      }),
    ]
    const { removed: _removed, ...rest } = server
    const next: McpServer = { ...rest, tools, pending: [] }
    const saved = await this.save(next)
    return saved.ok ? { ok: true, value: this.describe(next) } : saved
  }

  /** Lists a server's tools again (it said they changed, or it was turned on) and holds back what changed. */
  async refresh(name: string): Promise<Outcome<McpTestResult>> {
    const server = this.servers.get(name)
    if (!server) return failure("not_found", `There is no MCP server "${name}".`)
    const listed = await (await this.options.worker(keyOf(name))).tools()
    if (!listed.ok) return listed
    return this.apply(name, listed.value)
  }

  private async apply(name: string, listing: McpListing): Promise<Outcome<McpTestResult>> {
    const server = this.servers.get(name)
    if (!server) return failure("not_found", `There is no MCP server "${name}".`)
    const diff = diffTools(server.tools, listing.tools)
    const { removed: _removed, ...rest } = server
    const next: McpServer = {
      ...rest,
      transport: listing.transport,
      pending: diff.pending,
      ...(diff.removed.length ? { removed: diff.removed } : {}),
    }
    const saved = await this.save(next)
    return saved.ok ? { ok: true, value: { tools: listing.tools, transport: listing.transport, server: this.describe(next) } } : saved
  }

  /** Whether a conversation's model is offered this tool (tools of no MCP server always are). */
  enabledFor(toolName: string, conversationId: string): boolean {
    const serverName = mcpServerOf(toolName)
    const server = serverName === undefined ? undefined : this.servers.get(serverName)
    if (!server) return true
    const tool = server.tools.find((t) => mcpToolName(server.name, t.name) === toolName)
    if (!tool) return true
    return server.enabled && (tool.overrides?.[conversationId] ?? tool.enabled)
  }

  /** The tools offered: each server's accepted tools, minus those it changed, removed, or that are off. */
  definitions(): ReadonlyArray<ToolDefinition> {
    const out: ToolDefinition[] = []
    for (const server of this.servers.values()) {
      if (!server.enabled) continue
      for (const tool of this.offered(server)) out.push(mcpDefinition(server, tool))
    }
    return out
  }

  private offered(server: McpServer): McpKeptTool[] {
    const held = new Set([...server.pending.map((p) => p.name), ...(server.removed ?? [])])
    return server.tools.filter((t) => !held.has(t.name))
  }

  private describe(server: McpServer): McpServerInfo {
    const { token, clientSecret, privateKey, ...rest } = server
    const masked = { token: maskToken(token), clientSecret: maskToken(clientSecret), privateKey: privateKey ? MASK : undefined }
    return {
      ...rest,
      ...Object.fromEntries(Object.entries(masked).filter(([, v]) => v !== undefined)),
      offered: server.enabled
        ? this.offered(server)
            .filter((t) => t.enabled)
            .map((t) => mcpToolName(server.name, t.name))
        : [],
    }
  }

  /** Puts a server back as it was before a failed update, with what OAuth left (which only the router has). */
  private async restore(previous: McpServer): Promise<void> {
    const reply = await this.options.router("mcp.restore", { name: previous.name, url: previous.url })
    if (!reply.ok || reply.value !== true) {
      await this.save(previous)
      return
    }
    this.servers.set(previous.name, previous)
    this.changed()
  }

  private async save(server: McpServer): Promise<Outcome<null>> {
    const reply = await this.options.router("mcp.put", server)
    if (!reply.ok) return reply
    this.servers.set(server.name, server)
    this.changed()
    return { ok: true, value: null }
  }

  private changed(): void {
    this.options.onChange(this.definitions())
  }
}

export type { McpWorkerApi }
