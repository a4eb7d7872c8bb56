// The scripted model server (test/support/model-server.mjs) over HTTP/2, for benchmarks: hosted
// model services speak HTTP/2, and over HTTP/1.1 Chromium opens at most 6 connections per host.
import { spawnSync } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import http2 from "node:http2"
import { tmpdir } from "node:os"
import path from "node:path"
import { Readable } from "node:stream"
import { modelServerMiddleware } from "../../test/support/model-server.mjs"

/**
 * The scripted model server over HTTP/2 with a throwaway self-signed certificate (Chromium
 * speaks HTTP/2 only over TLS), serving test/support/model-server.mjs's middleware.
 */
export const startHttp2ModelServer = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "agent-mesh-bench-tls-"))
  const keyFile = path.join(dir, "key.pem")
  const certFile = path.join(dir, "cert.pem")
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "pipe" },
  )
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`)
  const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)])
  await rm(dir, { recursive: true, force: true })
  const mount = "/model"
  const middleware = modelServerMiddleware(mount)
  // The middleware is koa-style: give it the few fields of a koa context it reads and writes.
  const handle = async (method, url, req, res) => {
    const ctx = { path: new URL(url, "https://127.0.0.1").pathname, method, req, res, respond: true, status: undefined, body: undefined }
    await middleware(ctx, async () => {
      ctx.status = 404
      ctx.body = { error: { message: `nothing at ${url}` } }
    })
    return ctx
  }
  const server = http2.createSecureServer({ key, cert }, (req, res) => {
    handle(req.method, req.url, req, res).then(
      (ctx) => {
        if (ctx.respond === false) return
        res.writeHead(ctx.status ?? 200, { "content-type": "application/json", "access-control-allow-origin": "*" })
        res.end(JSON.stringify(ctx.body ?? null))
      },
      (error) => {
        if (!res.headersSent) res.writeHead(500)
        res.end(String(error))
      },
    )
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `https://127.0.0.1:${server.address().port}`
  let requests = []
  return {
    protocol: "h2",
    baseUrl: () => `${origin}${mount}/v1`,
    // Each script opens a fresh session of the middleware; its request log is a live array.
    async script(steps) {
      await handle("POST", `${mount}/__script`, Readable.from([Buffer.from(JSON.stringify(steps))]), undefined)
      requests = (await handle("GET", `${mount}/__requests`, undefined, undefined)).body
    },
    get requests() {
      return requests
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
