/**
 * Routes that keep the MCP servers in chrome.storage.local, tokens included. Only the offscreen
 * document's registry (which shows pages the tokens masked) and each server's own worker
 * (`mcp.server`, which sends the token to that server's origin and nowhere else) read them.
 */
import * as Effect from "effect/Effect"
import type { McpServer, McpSession } from "../../schemas/mcp.ts"
import { MCP_SERVERS_KEY } from "../../schemas/storage-keys.ts"
import { originOf } from "../../schemas/url-origin.ts"
import { NotFound, ToolFailed, Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"
import { listRoute, storedList } from "./stored-list.ts"
import { routeParams, stored } from "../../schemas/sw-contracts.decoders.ts"

const storageError = (error: unknown) => new Unavailable({ message: `The MCP servers could not be read or written: ${String(error)}` })

/**
 * The Streamable HTTP session each kept server's worker is in (Mcp-Session-Id and the protocol
 * version agreed), so a worker that replaces a crashed or stuck one goes on in the same session.
 * In chrome.storage.session: memory only, gone with the browser, as the sessions are.
 */
const SESSIONS_KEY = "mcpSessions"
type Sessions = Record<string, McpSession>
const readSessions = async (): Promise<Sessions> => {
  const raw = (await chrome.storage.session.get(SESSIONS_KEY))[SESSIONS_KEY]
  return typeof raw === "object" && raw !== null ? (raw as Sessions) : {}
}
const forgetSession = async (name: string) => {
  const { [name]: _gone, ...rest } = await readSessions()
  await chrome.storage.session.set({ [SESSIONS_KEY]: rest })
}

/**
 * What the last `mcp.put` of each server replaced, sign-in included, until `mcp.restore` puts it
 * back: the registry never holds what OAuth left, so it could not restore a server whose update
 * failed without it. Memory only: an update and its undo are one `add`.
 */
const replaced = new Map<string, McpServer>()

const readAll = storedList(MCP_SERVERS_KEY, stored.mcpServer)

export const mcpRoutes = {
  "mcp.list": listRoute(routeParams["mcp.list"], readAll, storageError),
  /** One server's address, token and time limit, for its worker. */
  "mcp.server": defineRoute({
    params: routeParams["mcp.server"],
    handle: ({ name }) =>
      Effect.tryPromise({ try: async () => ({ all: await readAll(), sessions: await readSessions() }), catch: storageError }).pipe(
        Effect.flatMap(({ all, sessions }) => {
          const server = all.find((s) => s.name === name)
          if (!server) return Effect.fail(new NotFound({ message: `There is no MCP server "${name}".` }))
          const { enabled: _e, tools: _t, pending: _p, removed: _r, createdAt: _c, transport: _k, ...connection } = server
          const session = sessions[name]
          return Effect.succeed({
            ...connection,
            ...(server.auth === "oauth" ? { redirectUrl: chrome.identity.getRedirectURL("mcp") } : {}),
            ...(session && stored.mcpSession(session).ok ? { session } : {}),
          })
        }),
      ),
  }),
  "mcp.put": defineRoute({
    params: routeParams["mcp.put"],
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
          // Another address or other credentials: the next worker starts a session of its own.
          const same = (k: "url" | "token" | "auth" | "clientId" | "clientSecret" | "privateKey") => stored?.[k] === server[k]
          if (!(["url", "token", "auth", "clientId", "clientSecret", "privateKey"] as const).every(same)) await forgetSession(server.name)
          await chrome.storage.local.set({ [MCP_SERVERS_KEY]: at < 0 ? [...all, next] : all.map((s, i) => (i === at ? next : s)) })
          if (stored) replaced.set(server.name, stored)
          else replaced.delete(server.name)
          return null
        },
        catch: storageError,
      }),
  }),
  /**
   * Puts back the server the last `mcp.put` of its name replaced (an update that failed); false
   * when there is none, or when another put came between and what it replaced is not at `url`.
   */
  "mcp.restore": defineRoute({
    params: routeParams["mcp.restore"],
    handle: ({ name, url }) =>
      Effect.tryPromise({
        try: async () => {
          const previous = replaced.get(name)
          replaced.delete(name)
          if (previous?.url !== url) return false
          const all = await readAll()
          const at = all.findIndex((s) => s.name === name)
          await chrome.storage.local.set({ [MCP_SERVERS_KEY]: at < 0 ? [...all, previous] : all.map((s, i) => (i === at ? previous : s)) })
          return true
        },
        catch: storageError,
      }),
  }),
  /** The registration and tokens OAuth gave a server's worker, kept beside the server. */
  "mcp.saveAuth": defineRoute({
    params: routeParams["mcp.saveAuth"],
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
    params: routeParams["mcp.authorize"],
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
    params: routeParams["mcp.redirectUrl"],
    handle: () => Effect.sync(() => chrome.identity.getRedirectURL("mcp")),
  }),
  /** The session a server's worker is in now (none: it ended it, or the server forgot it). */
  "mcp.saveSession": defineRoute({
    params: routeParams["mcp.saveSession"],
    handle: ({ name, session }) =>
      Effect.tryPromise({
        try: async () => {
          if (!session) await forgetSession(name)
          else await chrome.storage.session.set({ [SESSIONS_KEY]: { ...(await readSessions()), [name]: session } })
          return null
        },
        catch: storageError,
      }),
  }),
  "mcp.delete": defineRoute({
    params: routeParams["mcp.delete"],
    handle: ({ name }) =>
      Effect.tryPromise({
        try: async () => {
          await forgetSession(name)
          replaced.delete(name)
          await chrome.storage.local.set({ [MCP_SERVERS_KEY]: (await readAll()).filter((s) => s.name !== name) })
          return null
        },
        catch: storageError,
      }),
  }),
}
