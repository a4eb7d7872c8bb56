/**
 * Routes that keep the MCP servers in chrome.storage.local, tokens included. Only the offscreen
 * document's registry (which shows pages the tokens masked) and each server's own worker
 * (`mcp.server`, which sends the token to that server's origin and nowhere else) read them.
 */
import { Effect, Schema } from "effect"
import { MCP_SERVERS_KEY, McpServer } from "../../schemas/mcp.ts"
import { NotFound, Unavailable } from "../../schemas/errors.ts"
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
          return server
            ? Effect.succeed({
                name: server.name,
                url: server.url,
                timeoutMs: server.timeoutMs,
                ...(server.token ? { token: server.token } : {}),
              })
            : Effect.fail(new NotFound({ message: `There is no MCP server "${name}".` }))
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
          await chrome.storage.local.set({ [MCP_SERVERS_KEY]: at < 0 ? [...all, server] : all.map((s, i) => (i === at ? server : s)) })
          return null
        },
        catch: storageError,
      }),
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
