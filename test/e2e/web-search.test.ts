/**
 * web_search end to end: `agent.tools.call` in the side panel, through the web worker under the
 * offscreen document, to a local server that stands in for each engine with the recorded real
 * pages of test/fixtures/search. Every field of every result is checked against the page.
 */
import { after, before, test } from "node:test"
import assert from "node:assert/strict"
import { readFile } from "node:fs/promises"
import path from "node:path"
import type { Page } from "playwright-core"
import { callTool, launchExtension, fixturesDir, type ExtensionSession, until } from "./harness.ts"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { einoHtml2025, openclawHtml2026, weatherLite2026 } from "../fixtures/search/approved-duckduckgo.ts"
import { baiduCaptchaPage, duckDuckGoChallengePage } from "../../workers/web/search/challenge-pages.ts"

const fixture = (file: string) => readFile(path.join(fixturesDir, "search", file), "utf8")
const BAIDU = "baidu/aql_baidu-lian-yun-gang-qi-yang-yue-zi-hui-suo-zhong-xin-jing-zhun-ke-hu-ying-xiao-key668-cn-1537259978"
const flat = (text: string) =>
  text
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim()
const json = (body: string, status = 200) => ({ status, headers: { "content-type": "application/json; charset=utf-8" }, body })

let session: ExtensionSession
let page: Page
let server: FixtureServer
let baiduExpected: { results: Array<{ title: string; snippet: string; url: string }> }
let bingBody: string
let googleBody: string

/** Requests to the stalling engine whose connection the extension has since closed. */
let stalledAndClosed = 0

/** Where the stand-in Baidu sends each redirect link (by its `url=` token). */
const landings = new Map<string, string>()

before(async () => {
  baiduExpected = JSON.parse(await fixture(`${BAIDU}.expected.json`))
  bingBody = await fixture("bing-api/semantic-kernel_bing_what_is_the_semantic_kernel.json")
  googleBody = await fixture("google-cse/semantic-kernel_google_what_is_the_semantic_kernel.json")
  server = await startFixtureServer({
    "/ddg/html-2025": { body: await fixture("duckduckgo/eino-ext_html_eino_results.html") },
    "/ddg/html-2026": { body: await fixture("duckduckgo/glassfox56_html_openclaw_uddg_2026.html") },
    "/ddg/html-none": { body: await fixture("duckduckgo/eino-ext_html_noresults_EOF.html") },
    "/ddg/lite": { body: await fixture("duckduckgo/simpleai_lite_weather_san_francisco.html") },
    "/ddg/challenge": { status: 202, body: duckDuckGoChallengePage },
    "/ddg/broken": { status: 500, headers: { "content-type": "text/html" }, body: "<html><body>Internal Server Error</body></html>" },
    "/baidu/s": { body: await fixture(`${BAIDU}.serp.html`) },
    "/link": (req, res) => {
      const token = new URL(req.url ?? "/", server.origin).searchParams.get("url") ?? ""
      const landing = landings.get(token)
      if (landing === undefined) return void res.writeHead(404).end()
      // One link answers as Baidu does for some clients: 200 and a refresh, not a 302.
      if (token.startsWith("_fUrm")) {
        return void res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            `<script>window.location.replace("${landing}")</script><noscript><META http-equiv="refresh" content="0;URL='${landing}'"></noscript>`,
          )
      }
      res.writeHead(302, { location: landing }).end()
    },
    "/landing": { body: "<html><body>landing</body></html>" },
    "/baidu-blocked/s": (_req, res) =>
      void res
        .writeHead(302, { location: `${server.origin}/static/captcha/tuxing.html?&logid=1&backurl=https%3A%2F%2Fwww.baidu.com%2Fs` })
        .end(),
    "/static/captcha/tuxing.html": { body: baiduCaptchaPage },
    // Never answers: only the caller giving up ends the request.
    "/ddg/stall": (_req, res) => void res.on("close", () => stalledAndClosed++),
    "/bing/search": json(bingBody),
    "/bing/error": json(await fixture("bing-api/bing-docs_websearch_v7_error_response.json"), 401),
    "/google/customsearch/v1": json(`\uFEFF${googleBody}`),
  })
  // Each result lands on a page of its own, except the third, which repeats the first.
  baiduExpected.results.forEach((r, i) => {
    const token = new URL(r.url).searchParams.get("url")!
    landings.set(token, `${server.origin}/landing?n=${i === 2 ? 0 : i}`)
  })
  session = await launchExtension()
  page = await session.openPage("sidepanel.html")
})

after(async () => {
  await session?.close()
  await server?.close()
})

const setSearch = (search: Record<string, unknown>) =>
  page.evaluate((search) => globalThis.agent.settings.update({ search } as never), search)

const search = async (params: Record<string, unknown>): Promise<Array<{ title: string; url: string; snippet: string }>> => {
  const outcome = await callTool(page, "web_search", params)
  assert.ok(outcome.ok, `web_search ${JSON.stringify(params)} failed: ${JSON.stringify(outcome)}`)
  return outcome.value as Array<{ title: string; url: string; snippet: string }>
}

const searchFails = async (params: Record<string, unknown>) => {
  const outcome = await callTool(page, "web_search", params)
  assert.ok(!outcome.ok, `web_search ${JSON.stringify(params)} should fail but returned ${JSON.stringify(outcome).slice(0, 300)}`)
  return outcome.error
}

const requestsTo = (prefix: string) => server.requests.filter((r) => r.path.startsWith(prefix))

test("DuckDuckGo html (2025 markup): the first 5 results by default, the query posted as the form does", async () => {
  await setSearch({
    engine: "duckduckgo",
    duckduckgoHtmlEndpoint: server.url("/ddg/html-2025"),
    duckduckgoLiteEndpoint: server.url("/ddg/lite"),
  })
  assert.deepEqual(await search({ query: "eino" }), einoHtml2025.slice(0, 5))
  const posted = requestsTo("/ddg/html-2025").at(-1)!
  assert.equal(posted.method, "POST")
  assert.equal(new URLSearchParams(posted.body.toString()).get("q"), "eino")
  assert.equal(requestsTo("/ddg/lite").length, 0)
})

test("DuckDuckGo html (2026 markup): uddg redirect links decoded to the real addresses", async () => {
  await setSearch({ engine: "duckduckgo", duckduckgoHtmlEndpoint: server.url("/ddg/html-2026") })
  assert.deepEqual(await search({ query: "openclaw", max_results: 10 }), openclawHtml2026)
})

test("DuckDuckGo's no-results page gives an empty array", async () => {
  await setSearch({ engine: "duckduckgo", duckduckgoHtmlEndpoint: server.url("/ddg/html-none") })
  assert.deepEqual(await search({ query: "testtesttesttesttesttesttesttesttesttesttest" }), [])
})

test("DuckDuckGo falls back to the lite page when html fails with HTTP 500, and when it answers with a challenge", async () => {
  await setSearch({
    engine: "duckduckgo",
    duckduckgoHtmlEndpoint: server.url("/ddg/broken"),
    duckduckgoLiteEndpoint: server.url("/ddg/lite"),
  })
  assert.deepEqual(await search({ query: "weather san francisco", max_results: 10 }), weatherLite2026)
  await setSearch({ duckduckgoHtmlEndpoint: server.url("/ddg/challenge") })
  const before = requestsTo("/ddg/lite").length
  assert.deepEqual(await search({ query: "weather san francisco", max_results: 3 }), weatherLite2026.slice(0, 3))
  assert.equal(requestsTo("/ddg/lite").length, before + 1)
})

test("a DuckDuckGo challenge on both pages is search_blocked, naming the engine and what to do", async () => {
  await setSearch({
    engine: "duckduckgo",
    duckduckgoHtmlEndpoint: server.url("/ddg/challenge"),
    duckduckgoLiteEndpoint: server.url("/ddg/challenge"),
  })
  const error = await searchFails({ query: "eino" })
  assert.equal(error.code, "search_blocked")
  assert.match(error.message!, /DuckDuckGo answered with a bot check/)
  assert.match(error.message!, /choose another search engine/)
})

test("DuckDuckGo failing on both pages is search_http_error with both statuses", async () => {
  await setSearch({
    engine: "duckduckgo",
    duckduckgoHtmlEndpoint: server.url("/ddg/broken"),
    duckduckgoLiteEndpoint: server.url("/ddg/missing"),
  })
  const error = await searchFails({ query: "eino" })
  assert.equal(error.code, "search_http_error")
  assert.match(error.message!, /HTTP 500/)
  assert.match(error.message!, /HTTP 404/)
})

test("Baidu: every result's title and snippet from the page, its redirect link followed to the real address, the repeat dropped", async () => {
  await setSearch({ engine: "baidu", baiduEndpoint: server.url("/baidu/s") })
  const hits = await search({ query: "连云港骐扬月子会所中心精准客户营销key668.cn", max_results: 10 })
  const expected = baiduExpected.results
    .map((r, i) => ({ title: flat(r.title), url: `${server.origin}/landing?n=${i}`, snippet: flat(r.snippet) }))
    .filter((_, i) => i !== 2)
  assert.deepEqual(hits, expected)
  const asked = new URL(requestsTo("/baidu/s").at(-1)!.path, server.origin)
  assert.equal(asked.searchParams.get("wd"), "连云港骐扬月子会所中心精准客户营销key668.cn")
})

test("Baidu follows only as many links as max_results needs", async () => {
  await setSearch({ engine: "baidu", baiduEndpoint: server.url("/baidu/s") })
  const before = requestsTo("/link").length
  const hits = await search({ query: "月子中心", max_results: 2 })
  assert.deepEqual(
    hits.map((h) => h.url),
    [`${server.origin}/landing?n=0`, `${server.origin}/landing?n=1`],
  )
  assert.equal(requestsTo("/link").length - before, 2)
})

test("Baidu's captcha redirect is search_blocked", async () => {
  await setSearch({ engine: "baidu", baiduEndpoint: server.url("/baidu-blocked/s") })
  const error = await searchFails({ query: "月子中心" })
  assert.equal(error.code, "search_blocked")
  assert.match(error.message!, /Baidu answered with its security check/)
})

test("Bing: web pages of the recorded response, the key sent in Ocp-Apim-Subscription-Key", async () => {
  await setSearch({ engine: "bing", bingEndpoint: server.url("/bing/search"), bingApiKey: "test-key-1" })
  const pages = JSON.parse(bingBody).webPages.value as Array<{ name: string; url: string; snippet: string }>
  assert.deepEqual(
    await search({ query: "What is the Semantic Kernel?", max_results: 7 }),
    pages.slice(0, 7).map((p) => ({ title: flat(p.name), url: p.url, snippet: flat(p.snippet) })),
  )
  const asked = requestsTo("/bing/search").at(-1)!
  assert.equal(asked.headers["ocp-apim-subscription-key"], "test-key-1")
  const url = new URL(asked.path, server.origin)
  assert.equal(url.searchParams.get("q"), "What is the Semantic Kernel?")
  assert.equal(url.searchParams.get("count"), "7")
})

test("Bing without a key is missing_api_key, and asks nothing of the server", async () => {
  await setSearch({ engine: "bing", bingEndpoint: server.url("/bing/search"), bingApiKey: "" })
  const before = requestsTo("/bing").length
  const error = await searchFails({ query: "x" })
  assert.equal(error.code, "missing_api_key")
  assert.match(error.message!, /Bing search needs an API key/)
  assert.equal(requestsTo("/bing").length, before)
})

test("Bing's error response is search_api_error with its codes and message", async () => {
  await setSearch({ engine: "bing", bingEndpoint: server.url("/bing/error"), bingApiKey: "wrong" })
  const error = await searchFails({ query: "x" })
  assert.equal(error.code, "search_api_error")
  assert.match(
    error.message!,
    /Bing Web Search API refused the search \(HTTP 401, InvalidAuthorization\/AuthorizationMissing\): Authorization is required\. Subscription key is not recognized\./,
  )
  assert.match(error.message!, /Check the Bing API key in Settings \(⋯ → Settings in the side panel\)/)
})

test("Google Custom Search: items of the recorded response (sent with a byte-order mark), asked with key, cx, q and num", async () => {
  await setSearch({
    engine: "google",
    googleEndpoint: server.url("/google/customsearch/v1"),
    googleApiKey: "gkey",
    googleCseId: "engine-1",
  })
  const items = JSON.parse(googleBody).items as Array<{ title: string; link: string; snippet: string }>
  assert.deepEqual(
    await search({ query: "What is the Semantic Kernel?" }),
    items.map((i) => ({ title: flat(i.title), url: i.link, snippet: flat(i.snippet) })),
  )
  const url = new URL(requestsTo("/google/customsearch/v1").at(-1)!.path, server.origin)
  assert.deepEqual(Object.fromEntries(url.searchParams), { key: "gkey", cx: "engine-1", q: "What is the Semantic Kernel?", num: "5" })
})

test("a search stopped by its timeout ends its request to the engine", async () => {
  await setSearch({
    engine: "duckduckgo",
    duckduckgoHtmlEndpoint: server.url("/ddg/stall"),
    duckduckgoLiteEndpoint: server.url("/ddg/stall"),
  })
  const outcome = await callTool(page, "web_search", { query: "eino" }, { timeoutMs: 300 })
  assert.ok(!outcome.ok)
  assert.equal(outcome.error.code, "timeout")
  await until(() => stalledAndClosed > 0, "the stalled engine request to be closed")
  assert.equal(stalledAndClosed, 1, "the request to the engine was left open")
  assert.equal(requestsTo("/ddg/stall").length, 1, "the lite page was asked after the call had stopped")
})

test("max_results above 10 is refused before anything is asked", async () => {
  const error = await searchFails({ query: "x", max_results: 11 })
  assert.equal(error.code, "invalid_input")
  assert.equal(error.parameter, "max_results")
})
