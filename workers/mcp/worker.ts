/**
 * The MCP group: one worker per MCP server (named `agent-mesh:mcp:<server>` by the supervisor),
 * holding one connection to it through the official SDK (@modelcontextprotocol/sdk): Streamable
 * HTTP, falling back to the older HTTP+SSE transport when the server answers 4xx to it. The
 * session id the server gives is kept by the transport for every request of the connection.
 * Each call runs under the server's time limit and is cancellable: aborting it makes the SDK send
 * `notifications/cancelled` for the request. `notifications/tools/list_changed` is passed on as
 * an `mcp_tools_changed` event, and the offscreen document lists the tools again.
 *
 * The token (bearer) is read from the router for this server only, added here to requests for
 * the server's own origin and nowhere else; redirects are never followed (`redirect: "manual"`),
 * so it cannot cross one. It never appears in a result or an error.
 */
import * as Comlink from "comlink"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { ToolListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker"
import { UnauthorizedError, type AddClientAuthentication, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js"
import { createPrivateKeyJwtAuth } from "@modelcontextprotocol/sdk/client/auth-extensions.js"
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js"
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js"
import type { Outcome, WireError } from "../../schemas/errors.ts"
import { mcpToolName, type McpAuth, type McpTool, type McpTransportKind } from "../../schemas/mcp.ts"
import type { CallOutcome, CallRequest, HostServices, ToolWorkerApi } from "../runtime/protocol.ts"
import { faultInjection } from "../runtime/fault-injection.ts"

/** What the worker needs of its server; the token stays in this worker. */
export interface McpConnectionConfig {
  readonly name: string
  readonly url: string
  readonly token?: string
  readonly timeoutMs: number
  /** OAuth 2.1 instead of a token: what it left before, and where it sends the user back. */
  readonly auth?: McpAuth
  readonly oauth?: { readonly clientInformation?: unknown; readonly tokens?: unknown }
  readonly redirectUrl?: string
  /** The OAuth client's own settings (schemas/mcp.ts): secrets that stay in this worker. */
  readonly clientId?: string
  readonly clientSecret?: string
  readonly privateKey?: string
  readonly keyAlgorithm?: string
  readonly issuer?: string
  readonly clientMetadataUrl?: string
  /** The Streamable HTTP session the previous worker of this server was in (router `mcp.saveSession`). */
  readonly session?: { readonly sessionId: string; readonly protocolVersion?: string }
}

export interface McpListing {
  readonly tools: ReadonlyArray<McpTool>
  readonly transport: McpTransportKind
  readonly server?: { readonly name: string; readonly version: string }
}

/** What the offscreen document asks of a server's worker beside tool calls. */
export interface McpWorkerApi extends ToolWorkerApi {
  /** Gives the worker its server (a test: nothing is kept, even under a kept server's name); otherwise it asks the router. */
  configure(config: McpConnectionConfig): void
  /** Connects if needed and lists the server's tools. */
  tools(): Promise<Outcome<McpListing>>
  /** Ends the session (an HTTP DELETE for Streamable HTTP) and the connection. */
  close(): Promise<void>
}

class McpFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const instanceName = self.name.replace(/^agent-mesh:mcp:/, "")
let host: HostServices | undefined
let config: McpConnectionConfig | undefined
/** Given by `configure` (a server being tested): nothing of it is kept, its session neither. */
let configured = false
let connection: Promise<{ client: Client; transport: McpTransportKind }> | undefined
/** Our tool name → the server's, from the last listing. */
let names = new Map<string, string>()
const running = new Map<string, AbortController>()

const configOf = async (): Promise<McpConnectionConfig> => {
  if (config) return config
  if (!host) throw new McpFailure("unavailable", "The MCP worker was not given a host.")
  const reply = await host.router("mcp.server", { name: instanceName })
  if (!reply.ok) throw new McpFailure(reply.error.code, reply.error.message)
  config = reply.value
  return config
}

/**
 * OAuth 2.1 as the MCP specification asks (the SDK does discovery of the protected resource's and
 * the authorization server's metadata, dynamic client registration, PKCE, refresh); this is where
 * it keeps things (the router, beside the server) and how the user is sent to authorise: a
 * window of the browser's own, opened by the service worker (chrome.identity.launchWebAuthFlow).
 * With the client's own settings (schemas/mcp.ts) it registers nothing: a pre-registered client,
 * a Client ID Metadata Document's address as the client id when the authorization server takes
 * one, and for machine-to-machine servers the client_credentials grant (no redirect, no person).
 */
class ExtensionOAuth implements OAuthClientProvider {
  private verifier = ""
  private expectedState = ""
  /** The address the authorization server sent the user back to, once the user went. */
  authorization: Promise<string> | undefined
  private information: OAuthClientInformationMixed | undefined
  /** What the authorization server's metadata says it accepts at its token endpoint (seen by the guarded fetch). */
  tokenAuthMethods: ReadonlyArray<string> = []
  /** Its token endpoint: the one address a client secret, a Basic header or a signed assertion may go to. */
  tokenEndpoint: string | undefined
  private current: OAuthTokens | undefined
  readonly clientMetadataUrl: string | undefined
  readonly prepareTokenRequest: ((scope?: string) => URLSearchParams) | undefined
  readonly addClientAuthentication: AddClientAuthentication | undefined

  constructor(
    private readonly server: McpConnectionConfig,
    private readonly redirect: string | undefined,
  ) {
    const stored = server.oauth?.clientInformation as OAuthClientInformationMixed | undefined
    if (server.clientId !== undefined) {
      // A client registered beforehand: its settings, bound to the authorization server named in
      // them or, failing that, to the first one that accepted them (the SDK's `issuer` stamp).
      const stamp = stored?.client_id === server.clientId ? stored.issuer : undefined
      const issuer = server.issuer ?? stamp
      this.information = {
        client_id: server.clientId,
        ...(server.clientSecret !== undefined ? { client_secret: server.clientSecret } : {}),
        ...(issuer ? { issuer } : {}),
      }
    } else this.information = stored
    this.current = server.oauth?.tokens as OAuthTokens | undefined
    this.clientMetadataUrl = server.clientMetadataUrl
    this.prepareTokenRequest =
      server.auth === "client_credentials"
        ? (scope) => new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) })
        : undefined
    this.addClientAuthentication =
      server.privateKey !== undefined && server.clientId !== undefined
        ? createPrivateKeyJwtAuth({
            issuer: server.clientId,
            subject: server.clientId,
            privateKey: server.privateKey,
            alg: server.keyAlgorithm ?? "ES256",
          })
        : undefined
  }

  get redirectUrl() {
    return this.redirect
  }
  get clientMetadata(): OAuthClientMetadata {
    if (this.server.auth === "client_credentials")
      return {
        client_name: "Agent Mesh",
        redirect_uris: [],
        grant_types: ["client_credentials"],
        token_endpoint_auth_method: this.server.privateKey !== undefined ? "private_key_jwt" : "client_secret_basic",
      }
    return {
      client_name: "Agent Mesh",
      redirect_uris: this.redirect ? [this.redirect] : [],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      // A public client when the authorization server allows it (PKCE proves the code is ours);
      // otherwise the secret it issues is kept like the tokens and sent as its metadata asks.
      token_endpoint_auth_method: ["none", "client_secret_basic", "client_secret_post"].find(
        (m) => this.tokenAuthMethods.length === 0 || this.tokenAuthMethods.includes(m),
      )!,
    }
  }
  state() {
    this.expectedState = crypto.randomUUID()
    return this.expectedState
  }
  clientInformation() {
    return this.information
  }
  async saveClientInformation(information: OAuthClientInformationMixed) {
    // The SDK registers anew where the stored client is bound elsewhere; a pre-registered client
    // is the user's choice, so another authorization server is refused instead.
    if (this.server.clientId !== undefined && information.client_id !== this.server.clientId)
      throw new McpFailure(
        "mcp_auth_failed",
        `The MCP server "${this.server.name}" named an authorization server its OAuth client is not registered at.`,
      )
    this.information = information
    // The secret is the user's setting, kept apart: what is stored beside the tokens is the rest.
    const { client_secret: _secret, ...kept } = information as OAuthClientInformationMixed & { client_secret?: string }
    await this.keep({ clientInformation: this.server.clientId !== undefined ? kept : information })
  }
  tokens() {
    return this.current
  }
  async saveTokens(tokens: OAuthTokens) {
    this.current = tokens
    await this.keep({ tokens })
  }
  redirectToAuthorization(url: URL) {
    if (!this.redirect)
      throw new McpFailure(
        "mcp_auth_failed",
        `The MCP server "${this.server.name}" asked for a person to sign in; its client uses client_credentials.`,
      )
    this.authorization = host!.router("mcp.authorize", { url: url.href }).then((reply) => {
      if (!reply.ok) throw new McpFailure(reply.error.code, reply.error.message)
      return String(reply.value)
    })
    this.authorization.catch(() => undefined)
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") this.current = undefined
    // A pre-registered client stays what the user set.
    if ((scope === "all" || scope === "client") && this.server.clientId === undefined) this.information = undefined
  }
  /** The code the authorization server sent back, if the state is the one this flow sent. */
  codeFrom(address: string): string {
    const back = new URL(address)
    const code = back.searchParams.get("code")
    if (back.searchParams.get("state") !== this.expectedState || !code)
      throw new McpFailure(
        "mcp_auth_failed",
        `The MCP server's authorization came back without a valid code (${back.searchParams.get("error") ?? "state mismatch"}).`,
      )
    return code
  }
  /**
   * A server being tested is not kept: what it gets lives in this worker only, even when it is
   * tested under a kept server's name (another address or client would overwrite that server's
   * sign-in). A kept server's worker writes under its own instance name, not a name it was given.
   */
  private async keep(state: { clientInformation?: unknown; tokens?: unknown }) {
    if (configured) return
    await host?.router("mcp.saveAuth", { name: instanceName, ...state }).catch(() => undefined)
  }
}

let oauth: ExtensionOAuth | undefined
const oauthFor = async (server: McpConnectionConfig): Promise<ExtensionOAuth | undefined> => {
  if (server.auth === undefined) return undefined
  if (oauth) return oauth
  // Machine to machine: no person, so nowhere to send one back to.
  if (server.auth === "client_credentials") return (oauth = new ExtensionOAuth(server, undefined))
  let redirect = server.redirectUrl
  if (!redirect) {
    const reply = await host!.router("mcp.redirectUrl")
    if (!reply.ok) throw new McpFailure(reply.error.code, reply.error.message)
    redirect = String(reply.value)
  }
  oauth = new ExtensionOAuth(server, redirect)
  return oauth
}

/** Whether a request carries the OAuth client's credentials in its body (client_secret_post, private_key_jwt). */
const carriesClientCredentials = (body: unknown): boolean => {
  const form = body instanceof URLSearchParams ? body : typeof body === "string" ? new URLSearchParams(body) : undefined
  return form !== undefined && (form.has("client_secret") || form.has("client_assertion"))
}

/**
 * The only fetch the SDK gets: no cookies, no referrer, no redirect followed (a redirect could
 * carry the token elsewhere). The server's origin only, with the token added here; with OAuth,
 * also the authorization server's (metadata, registration, tokens), with no Authorization header
 * but the client's own (Basic) at the token endpoint its metadata names: the client secret and
 * the signed assertion go there and nowhere else.
 */
const guardedFetch =
  (server: McpConnectionConfig) =>
  async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const origin = new URL(server.url).origin
    const url = new URL(input instanceof Request ? input.url : String(input))
    const own = url.origin === origin
    if (!own && server.auth === undefined)
      throw new McpFailure("mcp_origin", `The MCP server "${server.name}" pointed to ${url.origin}; only ${origin} is contacted.`)
    const headers = new Headers(input instanceof Request ? input.headers : undefined)
    for (const [k, v] of new Headers(init?.headers)) headers.set(k, v)
    // Without the authorization server's metadata (a 2025-03-26 server) the SDK uses /token at the server's own origin.
    const tokenEndpoint =
      oauth !== undefined && url.href === (oauth.tokenEndpoint ?? new URL("/token", origin).href) && init?.method === "POST"
    if (!tokenEndpoint && carriesClientCredentials(init?.body))
      throw new McpFailure("mcp_origin", `The MCP server "${server.name}": the OAuth client's credentials go to its token endpoint only.`)
    // The SDK's header carries an OAuth access token (to the server's origin only) or, at the
    // token endpoint, the client's id and secret (client_secret_basic).
    const given = headers.get("authorization")
    headers.delete("authorization")
    if (own && server.token) headers.set("authorization", `Bearer ${server.token}`)
    else if (tokenEndpoint && given?.startsWith("Basic ")) headers.set("authorization", given)
    else if (own && server.auth !== undefined && given?.startsWith("Bearer ")) headers.set("authorization", given)
    const response = await fetch(url, {
      ...init,
      headers,
      redirect: "manual",
      credentials: "omit",
      referrerPolicy: "no-referrer",
      cache: "no-store",
    }).catch((error: unknown) => {
      if (init?.signal?.aborted) throw error
      throw new McpFailure("mcp_unreachable", `The MCP server "${server.name}" (${origin}) could not be reached: ${messageOf(error)}`)
    })
    // The authorization server's metadata: how it wants the client to authenticate at its token endpoint, and where that is.
    if (oauth && response.ok && /\/\.well-known\/(oauth-authorization-server|openid-configuration)/.test(url.pathname)) {
      const metadata = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { token_endpoint_auth_methods_supported?: unknown; token_endpoint?: unknown }
      if (Array.isArray(metadata.token_endpoint_auth_methods_supported))
        oauth.tokenAuthMethods = metadata.token_endpoint_auth_methods_supported.filter((m): m is string => typeof m === "string")
      if (typeof metadata.token_endpoint === "string" && URL.canParse(metadata.token_endpoint))
        oauth.tokenEndpoint = new URL(metadata.token_endpoint).href
    }
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400))
      throw new McpFailure(
        "mcp_redirect",
        `The MCP server "${server.name}" answered with a redirect, which is not followed (the token would go with it); set its URL to the address it answers at.`,
      )
    // With OAuth, a refusal starts (or refreshes) the authorization: the SDK handles it.
    if ((response.status === 401 || response.status === 403) && server.auth === undefined)
      throw new McpFailure(
        "mcp_unauthorized",
        `The MCP server "${server.name}" refused the request (HTTP ${response.status}): check its token.`,
      )
    return response
  }

const newClient = (server: McpConnectionConfig) => {
  const client = new Client(
    { name: "agent-mesh", version: "0.1.0" },
    // The SDK's default validator (Ajv) compiles schemas to code, which the extension's CSP forbids.
    { capabilities: {}, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  )
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    host?.emit({ type: "mcp_tools_changed", server: server.name })
  })
  return client
}

/** A 4xx from Streamable HTTP (other than an auth refusal) means an older server: try HTTP+SSE. */
const olderServer = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code
  return typeof code === "number" && code >= 400 && code < 500 && code !== 401 && code !== 403
}

const connect = async (): Promise<{ client: Client; transport: McpTransportKind }> => {
  const server = await configOf()
  const fetch = guardedFetch(server)
  const url = new URL(server.url)
  const authProvider = await oauthFor(server)
  const streamable = async () => {
    if (server.session && !configured) {
      const resumed = await resume(server, server.session, { fetch, ...(authProvider ? { authProvider } : {}) })
      if (resumed) return resumed
    }
    const client = newClient(server)
    const transport = new StreamableHTTPClientTransport(url, { fetch, ...(authProvider ? { authProvider } : {}) })
    try {
      await client.connect(transport, { timeout: server.timeoutMs })
      return client
    } catch (error) {
      await client.close().catch(() => undefined)
      // OAuth sent the user to authorise: once they are back, the code is exchanged and the
      // connection made again with the tokens.
      if (!(error instanceof UnauthorizedError) || !authProvider?.authorization) throw error
      const code = authProvider.codeFrom(await authProvider.authorization)
      authProvider.authorization = undefined
      await transport.finishAuth(code)
      const again = newClient(server)
      await again.connect(new StreamableHTTPClientTransport(url, { fetch, authProvider }), { timeout: server.timeoutMs })
      return again
    }
  }
  try {
    const client = await streamable()
    client.onclose = () => void (connection = undefined)
    const transport = client.transport as StreamableHTTPClientTransport
    if (transport.sessionId && !configured)
      await keepSession({
        sessionId: transport.sessionId,
        ...(transport.protocolVersion ? { protocolVersion: transport.protocolVersion } : {}),
      })
    return { client, transport: "streamable_http" }
  } catch (error) {
    if (!olderServer(error)) throw error
  }
  const legacy = newClient(server)
  await legacy.connect(new SSEClientTransport(url, { fetch, eventSourceInit: { fetch }, ...(authProvider ? { authProvider } : {}) }), {
    timeout: server.timeoutMs,
  })
  legacy.onclose = () => void (connection = undefined)
  return { client: legacy, transport: "sse" }
}

/** Tells the router which session this server's worker is in, for the next worker (none: ended). */
const keepSession = async (session?: { sessionId: string; protocolVersion?: string }) => {
  await host?.router("mcp.saveSession", { name: instanceName, ...(session ? { session } : {}) }).catch(() => undefined)
}

/**
 * Goes on in the session a replaced worker was in: the SDK skips `initialize` for a transport
 * given a session id; a ping shows the server still knows the session (it answers 404 once it
 * has forgotten it, and a new one starts); then the stream of the server's notifications opens
 * again (`resumeStream` without an event id is the plain GET stream).
 */
const resume = async (
  server: McpConnectionConfig,
  session: { sessionId: string; protocolVersion?: string },
  options: { fetch: ReturnType<typeof guardedFetch>; authProvider?: OAuthClientProvider },
): Promise<Client | undefined> => {
  const client = newClient(server)
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { ...options, sessionId: session.sessionId })
  if (session.protocolVersion) transport.setProtocolVersion(session.protocolVersion)
  try {
    await client.connect(transport, { timeout: server.timeoutMs })
    await client.ping({ timeout: server.timeoutMs })
  } catch {
    await client.close().catch(() => undefined)
    await keepSession()
    return undefined
  }
  void transport.resumeStream("").catch(() => undefined)
  return client
}

/**
 * A request, and once more if the server asked for more than it was given (a 401 or a 403 with a
 * wider scope, "step-up"): the user authorises again in between.
 */
const authorised = async <A>(client: Client, request: () => Promise<A>): Promise<A> => {
  try {
    return await request()
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || !oauth?.authorization || !(client.transport instanceof StreamableHTTPClientTransport))
      throw error
    const code = oauth.codeFrom(await oauth.authorization)
    oauth.authorization = undefined
    await client.transport.finishAuth(code)
    return request()
  }
}

const connected = () => {
  connection ??= connect()
  connection.catch(() => (connection = undefined))
  return connection
}

const list = async (): Promise<McpListing> => {
  const { client, transport } = await connected()
  const tools: McpTool[] = []
  let cursor: string | undefined
  do {
    const timeout = (await configOf()).timeoutMs
    const page = await authorised(client, () => client.listTools(cursor ? { cursor } : {}, { timeout }))
    for (const t of page.tools)
      tools.push({
        name: t.name,
        ...(t.title ? { title: t.title } : {}),
        description: t.description ?? "",
        inputSchema: t.inputSchema as Record<string, unknown>,
        ...(t.annotations ? { annotations: t.annotations } : {}),
      })
    cursor = page.nextCursor
  } while (cursor && tools.length < 1000)
  const server = await configOf()
  names = new Map(tools.map((t) => [mcpToolName(server.name, t.name), t.name]))
  const info = client.getServerVersion()
  return { tools, transport, ...(info ? { server: { name: info.name, version: info.version } } : {}) }
}

/** The content of a result as text the model reads; pictures and binary data are named, not inlined. */
const contentText = (result: CallToolResult): string =>
  (result.content ?? [])
    .map((c) => {
      switch (c.type) {
        case "text":
          return c.text
        case "resource":
          return "text" in c.resource && typeof c.resource.text === "string" ? c.resource.text : `[resource ${c.resource.uri}]`
        case "resource_link":
          return `[${c.name}](${c.uri})`
        default:
          return `[${c.type}${"mimeType" in c && c.mimeType ? ` ${c.mimeType}` : ""}]`
      }
    })
    .join("\n\n")

const wireOf = (error: unknown, server: string): WireError => {
  if (error instanceof McpFailure) return { code: error.code, message: error.message }
  if (error instanceof UnauthorizedError)
    return { code: "mcp_unauthorized", message: `The MCP server "${server}" refused the request: its authorization failed.` }
  // The authorization server refused the client or the grant (its own error code in the message).
  if (error instanceof OAuthError)
    return { code: "mcp_auth_failed", message: `The MCP server "${server}": its authorization server refused: ${error.errorCode}` }
  const code = (error as { code?: unknown }).code
  // The SDK's McpError: -32001 is its request timeout.
  if (code === -32001) return { code: "timeout", message: `The MCP server "${server}" did not answer in time.` }
  if (typeof code === "number" && code < 0)
    return { code: "mcp_error", message: `The MCP server "${server}" answered with an error: ${messageOf(error)}` }
  if (typeof code === "number")
    return { code: "mcp_http", message: `The MCP server "${server}" answered HTTP ${code}: ${messageOf(error)}` }
  // A failure inside the guarded fetch, wrapped by the SDK.
  const cause = (error as { cause?: unknown }).cause
  if (cause instanceof McpFailure) return { code: cause.code, message: cause.message }
  return { code: "mcp_unreachable", message: `The MCP server "${server}" could not be used: ${messageOf(error)}` }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

const api: McpWorkerApi = {
  init(hostProxy) {
    host = hostProxy
  },
  configure(given) {
    config = given
    configured = true
    oauth = undefined
  },
  async tools(): Promise<Outcome<McpListing>> {
    try {
      return { ok: true, value: await list() }
    } catch (error) {
      return { ok: false, error: wireOf(error, config?.name ?? instanceName) }
    }
  },
  async close() {
    const open = connection
    connection = undefined
    if (!open) return
    const { client } = await open.catch(() => ({ client: undefined }))
    if (!client) return
    const transport = client.transport
    if (transport instanceof StreamableHTTPClientTransport) {
      await transport.terminateSession().catch(() => undefined)
      if (!configured) await keepSession()
    }
    await client.close().catch(() => undefined)
  },
  async call(request: CallRequest): Promise<CallOutcome> {
    const controller = new AbortController()
    running.set(request.callId, controller)
    try {
      const server = await configOf()
      if (!names.has(request.tool)) await list()
      const name = names.get(request.tool)
      if (name === undefined)
        return {
          ok: false,
          error: { code: "not_found", message: `The MCP server "${server.name}" no longer has the tool ${request.tool}.` },
        }
      const { client } = await connected()
      const result = await authorised(
        client,
        () =>
          client.callTool({ name, arguments: (request.params ?? {}) as Record<string, unknown> }, undefined, {
            signal: controller.signal,
            timeout: server.timeoutMs,
          }) as Promise<CallToolResult>,
      )
      const text = contentText(result)
      if (result.isError) return { ok: false, error: { code: "mcp_tool_error", message: text || `${request.tool} failed.` } }
      return {
        ok: true,
        value: { content: text, ...(result.structuredContent !== undefined ? { structured: result.structuredContent } : {}) },
      }
    } catch (error) {
      if (controller.signal.aborted) return { ok: false, error: { code: "cancelled", message: `${request.tool} was cancelled.` } }
      return { ok: false, error: wireOf(error, config?.name ?? instanceName) }
    } finally {
      running.delete(request.callId)
    }
  },
  cancel(callId) {
    running.get(callId)?.abort()
  },
  ping: () => "pong",
  // an MCP server's worker starts with its server, and connects on its first request
  warm: async () => undefined,
  async deliver() {
    return { ok: false, error: { code: "not_found", message: "MCP calls wait for nothing from outside." } }
  },
  ...faultInjection,
}

Comlink.expose(api)
