/**
 * Routes that keep the MCP servers in chrome.storage.local, tokens included. Only the offscreen
 * document's registry (which shows pages the tokens masked) and each server's own worker
 * (`mcp.server`, which sends the token to that server's origin and nowhere else) read them.
 */
import { Effect, Schema } from "effect"
import { MCP_SERVERS_KEY, McpOAuthState, McpServer, originOf } from "../../schemas/mcp.ts"
import { NotFound, ToolFailed, Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"

const storageError = (error: unknown) => new Unavailable({ message: `The MCP servers could not be read or written: ${String(error)}` })

const readAll = async (): Promise<McpServer[]> => {
  const raw = (await chrome.storage.local.get(MCP_SERVERS_KEY))[MCP_SERVERS_KEY]
  return Array.isArray(raw) ? raw.filter((s): s is McpServer => Schema.is(McpServer)(s)) : []
}

export const mcpRoutes = {
  "mcp.list": defineRoute({
    params: Schema.optional(Schema.Unknown),
    handle: () => Effect.tryPromise({ try: readAll, catch: storageError }),
  }),
  /** One server's address, token and time limit, for its worker. */
  "mcp.server": defineRoute({
    params: Schema.Struct({ name: Schema.String }),
    handle: ({ name }) =>
      Effect.tryPromise({ try: readAll, catch: storageError }).pipe(
        Effect.flatMap((all) => {
          const server = all.find((s) => s.name === name)
          if (!server) return Effect.fail(new NotFound({ message: `There is no MCP server "${name}".` }))
          const { enabled: _e, tools: _t, pending: _p, removed: _r, createdAt: _c, transport: _k, ...connection } = server
          return Effect.succeed({
            ...connection,
            ...(server.auth === "oauth" ? { redirectUrl: chrome.identity.getRedirectURL("mcp") } : {}),
          })
        }),
      ),
  }),
  "mcp.put": defineRoute({
    params: McpServer,
    handle: (server) =>
      Effect.tryPromise({
        try: async () => {
          const all = await readAll()
          const at = all.findIndex((s) => s.name === server.name)
          // What OAuth left stays while the server keeps its origin, its kind of OAuth and its client
          // (the registry never holds it): tokens of one client are not presented as another's.
          const stored = all[at]
          const keep =
            stored?.oauth &&
            server.auth !== undefined &&
            server.auth === stored.auth &&
            originOf(stored.url) === originOf(server.url) &&
            server.clientId === stored.clientId &&
            server.issuer === stored.issuer &&
            server.clientMetadataUrl === stored.clientMetadataUrl
          const { oauth: _given, ...rest } = server
          const next: McpServer = keep ? { ...rest, oauth: stored.oauth! } : rest
          await chrome.storage.local.set({ [MCP_SERVERS_KEY]: at < 0 ? [...all, next] : all.map((s, i) => (i === at ? next : s)) })
          return null
        },
        catch: storageError,
      }),
  }),
  /** The registration and tokens OAuth gave a server's worker, kept beside the server. */
  "mcp.saveAuth": defineRoute({
    params: Schema.Struct({ name: Schema.String, ...McpOAuthState.fields }),
    handle: ({ name, ...state }) =>
      Effect.tryPromise({ try: readAll, catch: storageError }).pipe(
        Effect.flatMap((all): Effect.Effect<null, NotFound | Unavailable> => {
          const server = all.find((s) => s.name === name)
          if (!server) return Effect.fail(new NotFound({ message: `There is no MCP server "${name}".` }))
          const next = { ...server, oauth: { ...server.oauth, ...state } }
          return Effect.tryPromise({
            try: () => chrome.storage.local.set({ [MCP_SERVERS_KEY]: all.map((s) => (s.name === name ? next : s)) }),
            catch: storageError,
          }).pipe(Effect.as(null))
        }),
      ),
  }),
  /**
   * OAuth's authorization step: the authorization server's page in a window of the browser's own
   * (chrome.identity.launchWebAuthFlow); resolves with the address it sent the user back to.
   */
  "mcp.authorize": defineRoute({
    params: Schema.Struct({ url: Schema.String }),
    handle: ({ url }) =>
      Effect.tryPromise({
        try: async () => {
          const redirect = await chrome.identity.launchWebAuthFlow({ url, interactive: true })
          if (!redirect) throw new Error("no address came back")
          return redirect
        },
        catch: (error) =>
          new ToolFailed({ code: "mcp_auth_failed", message: `The MCP server's authorization did not complete: ${String(error)}` }),
      }),
  }),
  /** Where OAuth sends the user back (https://<extension id>.chromiumapp.org/mcp). */
  "mcp.redirectUrl": defineRoute({
    params: Schema.optional(Schema.Unknown),
    handle: () => Effect.sync(() => chrome.identity.getRedirectURL("mcp")),
  }),
  "mcp.delete": defineRoute({
    params: Schema.Struct({ name: Schema.String }),
    handle: ({ name }) =>
      Effect.tryPromise({
        try: async () => {
          await chrome.storage.local.set({ [MCP_SERVERS_KEY]: (await readAll()).filter((s) => s.name !== name) })
          return null
        },
        catch: storageError,
      }),
  }),
}
