/**
 * web_fetch end to end: agent.tools.call in an extension page → supervisor → web worker → a
 * local fixture server, for each kind of response the spec names and each error it must report.
 */
import { after, before, test } from "node:test"
import assert from "node:assert/strict"
import { callTool, distDir, launchExtension, type ExtensionSession } from "./harness.ts"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import type { Page } from "playwright-core"
import { minimalPdf } from "../support/minimal-pdf.ts"
import { deflate, helvetica, pagesPdf, predefinedCMapFont, type0Font, type0Text, ucs2Text } from "../support/pdf-builder.ts"
import { readdir, readFile } from "node:fs/promises"
import path from "node:path"

/** A one-page PDF whose only content is `text` in Helvetica, with a correct cross-reference table. */
const makePdf = (text: string): Buffer => Buffer.from(minimalPdf(text), "latin1")

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the story explains, in plain and unhurried sentences, why the river flooded the valley that spring, and what the town did about it afterwards.</p>`

const ARTICLE = `<!doctype html><html><head><title>Flood season | Valley News</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
<main><article>
<h1>Flood season</h1>
${paragraph(1)}
<h2>What happened</h2>
${paragraph(2)}
<ul><li>Sandbags on Main Street</li><li>Boats for the school run</li></ul>
${paragraph(3)}
<p>See the <a href="/maps/flood.html">flood map</a> and <code>levels.csv</code>.</p>
<table><tr><th>Day</th><th>Level</th></tr><tr><td>Monday</td><td>3.1 m</td></tr></table>
<p><img src="/img/river.jpg" alt="The river at its peak"></p>
</article></main>
<footer><p>Copyright Valley News. All rights reserved. Contact us for licensing of our stories and photos.</p></footer>
</body></html>`

// What the workers' linkedom is built without or with a stand-in for (build.mjs, linkedomModules):
// a style sheet's parser, the canvas module; and the entities its HTML parser decodes.
const STYLED = `<!doctype html><html><head><title>Caf&eacute; notes</title>
<style>body { color: #333 } article p::first-letter { font-size: 2em }</style></head><body>
<article><h1>Caf&eacute; notes</h1>
${paragraph(1)}
<canvas width="10" height="10"></canvas>
<p>Fish &amp; chips cost &pound;9 &mdash; served with <style>p { margin: 0 }</style>tea &#x2615;.</p>
${paragraph(2)}
</article></body></html>`

let server: FixtureServer
let silent: FixtureServer
let session: ExtensionSession
let page: Page

const JAPANESE = "日本語のテキスト"
/** Two pages, RC4-encrypted with an empty user password: Helvetica in a FlateDecode stream, then a Type0 font. */
const richPdf = async (userPassword: string) =>
  Buffer.from(
    pagesPdf(
      [
        { dict: "/Filter /FlateDecode", stream: await deflate("BT /F1 18 Tf 72 700 Td (Compressed and encrypted) Tj ET") },
        `BT /F2 20 Tf 72 720 Td ${type0Text(JAPANESE, JAPANESE)} Tj ET`,
      ],
      { F1: helvetica, F2: type0Font(JAPANESE) },
      { encrypt: { userPassword, ownerPassword: "owner" } },
    ),
  )

before(async () => {
  server = await startFixtureServer({
    "/rich.pdf": { headers: { "content-type": "application/pdf" }, body: await richPdf("") },
    "/locked.pdf": { headers: { "content-type": "application/pdf" }, body: await richPdf("secret") },
    "/cmap.pdf": {
      headers: { "content-type": "application/pdf" },
      body: Buffer.from(
        pagesPdf([`BT /F1 20 Tf 72 720 Td ${ucs2Text(JAPANESE)} Tj ET`], { F1: predefinedCMapFont("UniJIS-UCS2-H", "Japan1") }),
      ),
    },
    "/article": { body: ARTICLE },
    "/styled": { body: STYLED },
    "/data.json": {
      headers: { "content-type": "application/json; charset=utf-8" },
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"valley","levels":[3.1,2.4],"ok":true}')]),
    },
    "/notes.txt": { headers: { "content-type": "text/plain" }, body: "line one\n  line two, indented\n<b>not html</b>\n" },
    "/report.pdf": { headers: { "content-type": "application/pdf" }, body: makePdf("Hello from a tiny PDF") },
    "/old": (_req, res) => void res.writeHead(302, { location: "/middle" }).end(),
    "/middle": (_req, res) => void res.writeHead(301, { location: "/article" }).end(),
    "/sjis": {
      headers: { "content-type": "text/html" },
      body: Buffer.concat([
        Buffer.from('<html><head><meta charset="Shift_JIS"><title>t</title></head><body><p>'),
        Buffer.from("93fa967b8cea82b182f182c982bf82cd", "hex"),
        Buffer.from("</p></body></html>"),
      ]),
    },
    "/gbk": {
      headers: { "content-type": "text/html" },
      body: Buffer.concat([
        Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gbk"></head><body><p>'),
        Buffer.from("d6d0cec4c4e3bac3", "hex"),
        Buffer.from("</p></body></html>"),
      ]),
    },
    "/cp1251": {
      headers: { "content-type": "text/plain; charset=windows-1251" },
      body: Buffer.from("cff0e8e2e5f22c20ece8f021", "hex"),
    },
    "/picture.png": { headers: { "content-type": "image/png" }, body: Buffer.from("89504e470d0a1a0a0000000d49484452", "hex") },
    "/broken": { status: 503, headers: { "content-type": "text/plain" }, body: "down for maintenance" },
  })
  // a server that accepts the request and never answers
  silent = await startFixtureServer({ "/hang": () => new Promise<void>(() => {}) })
  session = await launchExtension()
  page = await session.openPage("sidepanel.html")
})

after(async () => {
  await session?.close()
  await server?.close()
  await silent?.close()
})

const fetchOk = async (params: Record<string, unknown>, options: Record<string, unknown> = {}) => {
  const outcome = await callTool(page, "web_fetch", params, options)
  assert.ok(outcome.ok, `web_fetch failed: ${JSON.stringify(outcome)}`)
  return outcome.value
}

const fetchError = async (params: Record<string, unknown>, options: Record<string, unknown> = {}) => {
  const outcome = await callTool(page, "web_fetch", params, options)
  assert.equal(outcome.ok, false, `web_fetch should have failed: ${JSON.stringify(outcome)}`)
  return (outcome as { error: { code?: string; message?: string; parameter?: string } }).error
}

test("an HTML page comes back as the Markdown of its main content", async () => {
  const url = server.url("/article")
  const result = await fetchOk({ url })
  assert.equal(result.url, url)
  assert.equal(result.final_url, url)
  assert.equal(result.content_type, "text/html")
  assert.equal(result.truncated, false)
  const md = result.content
  assert.match(md, /^# Flood season \| Valley News\n/)
  assert.match(md, /^## What happened$/m)
  assert.match(md, /^- Sandbags on Main Street$/m)
  assert.ok(md.includes(`[flood map](${server.origin}/maps/flood.html)`), md)
  assert.ok(md.includes("`levels.csv`"), md)
  assert.match(md, /^\| Day \| Level \|$/m)
  assert.ok(md.includes(`![The river at its peak](${server.origin}/img/river.jpg)`), md)
  assert.ok(md.includes("Paragraph 3 of the story"), md)
  assert.ok(!md.includes("Weather"), "the navigation is dropped")
  assert.ok(!md.includes("Copyright Valley News"), "the footer is dropped")
})

test("a page with style sheets, a canvas and named entities is read, without its CSS", async () => {
  const md = (await fetchOk({ url: server.url("/styled") })).content
  assert.match(md, /^# Café notes\n/)
  assert.ok(md.includes("Fish & chips cost £9 — served with tea ☕."), md)
  assert.ok(md.includes("Paragraph 2 of the story"), md)
  assert.ok(!md.includes("color: #333") && !md.includes("margin: 0"), md)
})

test("redirects are followed and final_url is where they ended", async () => {
  const result = await fetchOk({ url: server.url("/old") })
  assert.equal(result.url, server.url("/old"))
  assert.equal(result.final_url, server.url("/article"))
  assert.ok(result.content.includes("Paragraph 1 of the story"))
})

test("JSON is parsed and formatted with two-space indents, BOM stripped", async () => {
  const result = await fetchOk({ url: server.url("/data.json") })
  assert.equal(result.content_type, "application/json")
  assert.equal(result.content, JSON.stringify({ name: "valley", levels: [3.1, 2.4], ok: true }, null, 2))
})

test("plain text is returned as it is", async () => {
  const result = await fetchOk({ url: server.url("/notes.txt") })
  assert.equal(result.content_type, "text/plain")
  assert.equal(result.content, "line one\n  line two, indented\n<b>not html</b>\n")
})

test("a PDF comes back as its text", async () => {
  const result = await fetchOk({ url: server.url("/report.pdf") })
  assert.equal(result.content_type, "application/pdf")
  assert.equal(result.content.trim(), "Hello from a tiny PDF")
})

test("an encrypted two-page PDF with a compressed stream and a Type0 font comes back as its text", async () => {
  const result = await fetchOk({ url: server.url("/rich.pdf") })
  assert.equal(result.content, `Compressed and encrypted\n\n${JAPANESE}`)
})

test("a PDF whose font is encoded by a predefined CMap (no ToUnicode) is read through the CMaps the extension ships", async () => {
  const result = await fetchOk({ url: server.url("/cmap.pdf") })
  assert.equal(result.content, JAPANESE)
})

test("a PDF locked with a user password is unreadable_content", async () => {
  const error = await fetchError({ url: server.url("/locked.pdf") })
  assert.equal(error.code, "unreadable_content")
  assert.match(error.message ?? "", /password-protected/)
})

test("the PDF parser's chunk holds no eval (the extension's CSP refuses it)", async () => {
  const chunks = (await readdir(path.join(distDir, "chunks"))).filter((f) => /^pdfjs-text-.*\.js$/.test(f))
  assert.equal(chunks.length, 1, `one parser chunk in ${distDir}/chunks`)
  const code = await readFile(path.join(distDir, "chunks", chunks[0]!), "utf8")
  assert.ok(!/\beval\s*\(|\bFunction\s*\(/.test(code.replaceAll(/\w+Function\s*\(/g, "")), "no eval( or Function( in it")
})

test("pages in Shift_JIS, GBK and windows-1251 are decoded", async () => {
  assert.ok((await fetchOk({ url: server.url("/sjis") })).content.includes("日本語こんにちは"))
  assert.ok((await fetchOk({ url: server.url("/gbk") })).content.includes("中文你好"))
  const cyrillic = await fetchOk({ url: server.url("/cp1251") })
  assert.equal(cyrillic.content, "Привет, мир!")
  assert.equal(cyrillic.content_type, "text/plain")
})

test("max_length cuts the content and sets truncated", async () => {
  const result = await fetchOk({ url: server.url("/notes.txt"), max_length: 8 })
  assert.equal(result.content, "line one")
  assert.equal(result.truncated, true)
  const whole = await fetchOk({ url: server.url("/notes.txt"), max_length: 1000 })
  assert.equal(whole.truncated, false)
})

test("HTTP errors report the status", async () => {
  const missing = await fetchError({ url: server.url("/nowhere") })
  assert.equal(missing.code, "http_error")
  assert.match(missing.message ?? "", /404 Not Found/)
  const down = await fetchError({ url: server.url("/broken") })
  assert.equal(down.code, "http_error")
  assert.match(down.message ?? "", /503 Service Unavailable/)
})

test("binary content is refused with its type named", async () => {
  const error = await fetchError({ url: server.url("/picture.png") })
  assert.equal(error.code, "unsupported_content_type")
  assert.match(error.message ?? "", /image\/png/)
})

test("a server that never answers ends in a timeout", async () => {
  const error = await fetchError({ url: silent.url("/hang") }, { timeoutMs: 1500 })
  assert.equal(error.code, "timeout")
})

test("only http and https URLs are fetched", async () => {
  for (const url of ["ftp://127.0.0.1/file.txt", "file:///etc/passwd", "javascript:alert(1)", "not a url"]) {
    const error = await fetchError({ url })
    assert.equal(error.code, "invalid_input", url)
    assert.equal(error.parameter, "url", url)
  }
  assert.equal(
    server.requests.some((r) => r.path.includes("file.txt")),
    false,
  )
})
