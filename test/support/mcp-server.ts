/**
 * A real MCP server for the tests, built with the same SDK as the extension's client, on
 * 127.0.0.1: Streamable HTTP (stateful sessions) or the older HTTP+SSE transport. It records
 * what it was asked (calls, cancellations, the Authorization headers it saw) and can change a
 * tool's description, telling connected clients (`notifications/tools/list_changed`).
 */
import { createHash, randomUUID, verify, type KeyObject } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js"

export interface McpTestServer {
  readonly url: string
  /** Every tool call, in order: its name and arguments. */
  readonly calls: Array<{ name: string; arguments: unknown }>
  /** The tool calls whose cancellation the server received (notifications/cancelled). */
  readonly cancelled: string[]
  /** The calls of `slow` that started and wait to be cancelled. */
  readonly waiting: string[]
  /** The Authorization header of every HTTP request (undefined when there was none). */
  readonly authorizations: Array<string | undefined>
  /** Session ids the server gave (Streamable HTTP). */
  readonly sessions: string[]
  /** The Mcp-Session-Id header of every Streamable HTTP request (undefined when there was none). */
  readonly requestSessions: Array<string | undefined>
  /** With `oauth`: what its authorization server did, and every request it received. */
  readonly oauth: {
    registrations: number
    authorizations: number
    pkceVerified: number
    refreshes: number
    readonly requests: ReadonlyArray<{ path: string; authorization: string | undefined; body: string }>
    expireAccess(): void
    /** The protected resource's metadata names another authorization server from now on. */
    nameAuthorizationServer(origin: string): void
  }
  /** Changes a tool's description and tells every connected client. */
  setDescription(tool: string, description: string): Promise<void>
  close(): Promise<void>
}

const TOOLS: Tool[] = [
  {
    name: "search_notes",
    description: "Search the user's notes by words; returns matching notes.",
    inputSchema: {
      type: "object",
      properties: { query: { type: "string", minLength: 1 }, limit: { type: "integer", minimum: 1, maximum: 10 } },
      required: ["query"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    // No annotations: the client must assume the worst (destructive, open world).
    name: "delete_note",
    description: "Delete a note by its id.",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  },
  {
    name: "slow",
    description: "Waits until it is cancelled.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
  },
]

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      try {
        resolve(text ? JSON.parse(text) : undefined)
      } catch (error) {
        reject(error)
      }
    })
    req.on("error", reject)
  })

/** A client registered beforehand at the authorization server, and what else it allows. */
export interface PreRegisteredClient {
  readonly clientId: string
  readonly clientSecret: string
  readonly redirectUri?: string
  /** How the client may authenticate at the token endpoint (default: client_secret_basic). */
  readonly methods?: ReadonlyArray<"client_secret_basic" | "client_secret_post" | "private_key_jwt">
  /** With private_key_jwt: the key the client's assertions must be signed with (ES256). */
  readonly publicKey?: KeyObject
  /** Dynamic registration offered too (default: not). */
  readonly registration?: boolean
  /** The machine-to-machine grant instead of the authorization code. */
  readonly clientCredentials?: boolean
}

const JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

/**
 * The client a private_key_jwt assertion (RFC 7523) authenticates: an ES256 JWT signed with the
 * client's key, issued by and about the client, for this server's issuer or token endpoint, unexpired.
 */
const assertedBy = (assertion: string, client: PreRegisteredClient, tokenEndpoint: string): string | undefined => {
  const [header, payload, signature] = assertion.split(".")
  if (client.publicKey === undefined || signature === undefined) return undefined
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: client.publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  )
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { iss?: string; sub?: string; aud?: string; exp?: number }
  const audience = [tokenEndpoint, new URL(tokenEndpoint).origin]
  const valid = signed && claims.iss === client.clientId && claims.sub === client.clientId && audience.includes(claims.aud ?? "")
  return valid && (claims.exp ?? 0) > Date.now() / 1000 ? client.clientId : undefined
}

/**
 * A local OAuth 2.1 authorization server on an origin of its own: metadata (RFC 8414), dynamic
 * client registration (RFC 7591), authorization code with PKCE S256 (approved at once, as if the
 * user clicked "allow"), refresh tokens; or a pre-registered client that authenticates at the
 * token endpoint with its secret, for the code or the client_credentials grant. Every request it
 * receives is recorded (path, Authorization header, body).
 */
export const startAuthorizationServer = async (client?: PreRegisteredClient) => {
  const clients = new Map<string, { redirect_uris: string[] }>()
  if (client) clients.set(client.clientId, { redirect_uris: client.redirectUri ? [client.redirectUri] : [] })
  const methods = client?.methods ?? ["client_secret_basic"]
  const requests: Array<{ path: string; authorization: string | undefined; body: string }> = []
  /** The client a token request authenticates as (its secret checked as the metadata allows), or undefined. */
  const authenticated = (req: IncomingMessage, p: URLSearchParams): string | undefined => {
    if (!client) return p.get("client_id") ?? undefined
    const basic = req.headers.authorization?.startsWith("Basic ")
      ? Buffer.from(req.headers.authorization.slice(6), "base64").toString()
      : undefined
    if (basic !== undefined && methods.includes("client_secret_basic"))
      return basic === `${client.clientId}:${client.clientSecret}` ? client.clientId : undefined
    if (methods.includes("client_secret_post") && p.get("client_secret") === client.clientSecret && p.get("client_id") === client.clientId)
      return client.clientId
    if (methods.includes("private_key_jwt") && p.get("client_assertion_type") === JWT_BEARER)
      return assertedBy(p.get("client_assertion") ?? "", client, `${origin}/token`)
    return undefined
  }
  const codes = new Map<string, { challenge: string; client: string; redirect: string }>()
  const access = new Set<string>()
  const refresh = new Set<string>()
  const stats = { registrations: 0, authorizations: 0, pkceVerified: 0, refreshes: 0 }
  const issue = () => {
    const pair = { access_token: randomUUID(), refresh_token: randomUUID(), token_type: "Bearer", expires_in: 3600 }
    access.add(pair.access_token)
    refresh.add(pair.refresh_token)
    return pair
  }
  const json = (res: ServerResponse, status: number, body: unknown) =>
    void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin)
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      requests.push({ path: url.pathname + url.search, authorization: req.headers.authorization, body })
      if (url.pathname === "/.well-known/oauth-authorization-server")
        return json(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          ...(!client || client.registration ? { registration_endpoint: `${origin}/register` } : {}),
          response_types_supported: ["code"],
          grant_types_supported: client?.clientCredentials ? ["client_credentials"] : ["authorization_code", "refresh_token"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: client ? methods : ["none"],
        })
      if (url.pathname === "/register" && req.method === "POST" && (!client || client.registration)) {
        const metadata = JSON.parse(body) as { redirect_uris: string[] }
        const id = randomUUID()
        clients.set(id, metadata)
        stats.registrations++
        return json(res, 201, { ...metadata, client_id: id, client_id_issued_at: Math.floor(Date.now() / 1000) })
      }
      if (url.pathname === "/authorize") {
        const p = url.searchParams
        const client = clients.get(p.get("client_id") ?? "")
        const redirect = p.get("redirect_uri") ?? ""
        if (!client || !client.redirect_uris.includes(redirect) || p.get("code_challenge_method") !== "S256" || !p.get("code_challenge"))
          return json(res, 400, { error: "invalid_request" })
        const code = randomUUID()
        codes.set(code, { challenge: p.get("code_challenge")!, client: p.get("client_id")!, redirect })
        stats.authorizations++
        const back = new URL(redirect)
        back.searchParams.set("code", code)
        back.searchParams.set("state", p.get("state") ?? "")
        return void res.writeHead(302, { location: back.href }).end()
      }
      if (url.pathname === "/token" && req.method === "POST") {
        const p = new URLSearchParams(body)
        const who = authenticated(req, p)
        if (!who) return json(res, 401, { error: "invalid_client" })
        if (p.get("grant_type") === "client_credentials" && client?.clientCredentials) return json(res, 200, issue())
        if (p.get("grant_type") === "authorization_code") {
          const grant = codes.get(p.get("code") ?? "")
          codes.delete(p.get("code") ?? "")
          const verifier = p.get("code_verifier") ?? ""
          const challenge = createHash("sha256").update(verifier).digest("base64url")
          if (!grant || grant.challenge !== challenge || grant.client !== who) return json(res, 400, { error: "invalid_grant" })
          stats.pkceVerified++
          return json(res, 200, issue())
        }
        if (p.get("grant_type") === "refresh_token" && refresh.delete(p.get("refresh_token") ?? "")) {
          stats.refreshes++
          return json(res, 200, issue())
        }
        return json(res, 400, { error: "invalid_grant" })
      }
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return {
    origin,
    stats,
    requests,
    valid: (header: string | undefined) => header?.startsWith("Bearer ") === true && access.has(header.slice(7)),
    expireAccess: () => access.clear(),
    close: () => new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve()))),
  }
}

export const startMcpServer = async (options: {
  transport: "streamable_http" | "sse"
  token?: string
  /** Behind OAuth 2.1, with a local authorization server on another origin (with this client registered beforehand). */
  oauth?: boolean | PreRegisteredClient
}): Promise<McpTestServer> => {
  const authorization = options.oauth ? await startAuthorizationServer(options.oauth === true ? undefined : options.oauth) : undefined
  /** The authorization server the protected resource's metadata names (another, once changed). */
  let named = authorization?.origin
  const tools = TOOLS.map((t) => ({ ...t }))
  const calls: McpTestServer["calls"] = []
  const cancelled: string[] = []
  const waiting: string[] = []
  const authorizations: Array<string | undefined> = []
  const sessions: string[] = []
  const requestSessions: Array<string | undefined> = []
  const servers = new Set<Server>()

  const newServer = () => {
    const server = new Server({ name: "notes-test", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } })
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }))
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const { name, arguments: args } = request.params
      calls.push({ name, arguments: args })
      if (name === "search_notes") {
        const query = String((args as { query?: unknown })?.query)
        return {
          content: [{ type: "text", text: `Note 7: "Buy milk" matches ${JSON.stringify(query)}.` }],
          structuredContent: { matches: [{ id: "7", title: "Buy milk" }] },
        }
      }
      if (name === "delete_note") return { content: [{ type: "text", text: `Deleted note ${String((args as { id?: unknown })?.id)}.` }] }
      if (name === "slow") {
        const id = String(extra.requestId)
        waiting.push(id)
        await new Promise<void>((resolve) => {
          if (extra.signal.aborted) resolve()
          extra.signal.addEventListener("abort", () => resolve(), { once: true })
        })
        cancelled.push(name)
        return { content: [{ type: "text", text: "cancelled" }] }
      }
      return { content: [{ type: "text", text: `No tool ${name}.` }], isError: true }
    })
    servers.add(server)
    server.onclose = () => servers.delete(server)
    return server
  }

  let port = 0
  const streamable = new Map<string, StreamableHTTPServerTransport>()
  const legacy = new Map<string, SSEServerTransport>()

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    authorizations.push(req.headers.authorization)
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    if (authorization && url.pathname.startsWith("/.well-known/oauth-protected-resource"))
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ resource: `http://127.0.0.1:${port}/mcp`, authorization_servers: [named] }))
    if (authorization && !authorization.valid(req.headers.authorization)) {
      res
        .writeHead(401, {
          "www-authenticate": `Bearer resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp"`,
        })
        .end()
      return
    }
    if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401, { "www-authenticate": "Bearer" }).end()
      return
    }
    if (options.transport === "sse") {
      if (req.method === "GET" && url.pathname === "/mcp") {
        const transport = new SSEServerTransport("/messages", res)
        legacy.set(transport.sessionId, transport)
        res.on("close", () => legacy.delete(transport.sessionId))
        await newServer().connect(transport)
        return
      }
      if (req.method === "POST" && url.pathname === "/messages") {
        const transport = legacy.get(url.searchParams.get("sessionId") ?? "")
        if (!transport) return void res.writeHead(404).end()
        await transport.handlePostMessage(req, res, await readBody(req))
        return
      }
      // Not Streamable HTTP: a POST to the server's address is refused, and the client falls back.
      res.writeHead(405).end()
      return
    }
    if (url.pathname !== "/mcp") return void res.writeHead(404).end()
    const sessionId = req.headers["mcp-session-id"]
    requestSessions.push(typeof sessionId === "string" ? sessionId : undefined)
    const body = req.method === "POST" ? await readBody(req) : undefined
    let transport = typeof sessionId === "string" ? streamable.get(sessionId) : undefined
    if (!transport) {
      if (typeof sessionId === "string") return void res.writeHead(404).end()
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.push(id)
          streamable.set(id, transport!)
        },
      })
      transport.onclose = () => {
        if (transport!.sessionId) streamable.delete(transport!.sessionId)
      }
      await newServer().connect(transport)
    }
    await transport.handleRequest(req, res, body)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve))
  port = (http.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    cancelled,
    waiting,
    authorizations,
    sessions,
    requestSessions,
    oauth: {
      get registrations() {
        return authorization?.stats.registrations ?? 0
      },
      get authorizations() {
        return authorization?.stats.authorizations ?? 0
      },
      get pkceVerified() {
        return authorization?.stats.pkceVerified ?? 0
      },
      get refreshes() {
        return authorization?.stats.refreshes ?? 0
      },
      get requests() {
        return authorization?.requests ?? []
      },
      expireAccess: () => authorization?.expireAccess(),
      nameAuthorizationServer: (origin) => void (named = origin),
    },
    async setDescription(tool, description) {
      const found = tools.find((t) => t.name === tool)
      if (found) found.description = description
      await Promise.all([...servers].map((s) => s.sendToolListChanged().catch(() => undefined)))
    },
    async close() {
      // Open streams (a client's GET stream) end with their connections.
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeAllConnections()
      await closed
      await authorization?.close()
      for (const s of servers) void s.close().catch(() => undefined)
    },
  }
}
