/**
 * Local servers for end-to-end tests: web pages, search engines and model servers, each on
 * 127.0.0.1 with a port of its own. A route answers with a body, or handles the request itself
 * (to stream, to stall, to redirect). Every request is logged for assertions.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>
export type Route = RouteHandler | { readonly status?: number; readonly headers?: Record<string, string>; readonly body: string | Buffer }

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage["headers"]
  readonly body: Buffer
  readonly at: number
}

export interface FixtureServer {
  readonly origin: string
  readonly requests: LoggedRequest[]
  url(path: string): string
  route(path: string, route: Route): void
  close(): Promise<void>
}

export const startFixtureServer = async (routes: Record<string, Route> = {}): Promise<FixtureServer> => {
  const table = new Map(Object.entries(routes))
  const requests: LoggedRequest[] = []
  const sockets = new Set<import("node:net").Socket>()
  const handle = async (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, headers: req.headers, body, at: Date.now() })
    const route = table.get(url.pathname + url.search) ?? table.get(url.pathname)
    if (route === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`no fixture at ${url.pathname}`)
      return
    }
    if (typeof route === "function") {
      await route(req, res, body)
      return
    }
    res.writeHead(route.status ?? 200, { "content-type": "text/html; charset=utf-8", ...route.headers }).end(route.body)
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))))
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    url: (path) => origin + path,
    route: (path, route) => void table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
