/**
 * DuckDuckGo, read from its script-free pages: the html endpoint first, the lite endpoint when
 * html fails (an error status, a bot check, a page we cannot read). Both have carried direct
 * links (2025) and `//duckduckgo.com/l/?uddg=<target>` redirect links (2026); ads point at
 * `duckduckgo.com/y.js`.
 */
import * as Effect from "effect/Effect"
import { Cancelled, ToolFailed } from "../../../schemas/errors.ts"
import { cleanText, finishHits, httpUrl, type SearchHit, type SearchFailed, type SearchEngine } from "./hits.ts"
import { hasClass, parseHtml } from "./html.ts"
import { excerpt, fetchPage, originOf, type Unreachable } from "./http.ts"
import { counted } from "../../../schemas/plural.ts"

/** What one result page turned out to be. */
export type PageReading =
  { readonly kind: "hits"; readonly hits: ReadonlyArray<SearchHit> } | { readonly kind: "blocked" } | { readonly kind: "unrecognised" }

const DDG_BASE = "https://duckduckgo.com/"

/** The real target of a result link; undefined for ads and DuckDuckGo's own pages. */
export const duckDuckGoTarget = (href: string | null): string | undefined => {
  const url = httpUrl(href, DDG_BASE)
  if (url === undefined) return undefined
  const u = new URL(url)
  if (!/(^|\.)duckduckgo\.com$/.test(u.hostname)) return url
  if (u.pathname === "/l/" || u.pathname === "/l") return httpUrl(u.searchParams.get("uddg"))
  // y.js is the ad click-through; any other duckduckgo.com link is navigation, not a result.
  return undefined
}

/**
 * The bot check DuckDuckGo serves instead of results (HTTP 200 or 202). Judged by its markup
 * only: a results page about "anomaly detection" must not look like one.
 */
export const isDuckDuckGoChallenge = (doc: Document): boolean =>
  doc.querySelector("form#challenge-form, #challenge-form, .anomaly-modal, .anomaly-modal__modal, [class*='anomaly-modal']") !== null ||
  doc.querySelector("script[src*='anomaly'], form[action*='anomaly']") !== null

export const parseDuckDuckGoHtml = (html: string): PageReading => {
  const doc = parseHtml(html)
  if (isDuckDuckGoChallenge(doc)) return { kind: "blocked" }
  const container = doc.querySelector("#links, .serp__results, .results")
  const saysNoResults = doc.querySelector(".result--no-result, .no-results") !== null
  if (container === null && !saysNoResults) return { kind: "unrecognised" }
  const hits: Array<SearchHit> = []
  for (const row of doc.querySelectorAll(".result")) {
    if (hasClass(row, "result--ad", "result--no-result") || row.querySelector(".badge--ad, .result__badge--ad") !== null) continue
    const link = row.querySelector("a.result__a")
    const url = duckDuckGoTarget(link?.getAttribute("href") ?? null)
    if (link === null || url === undefined) continue
    const snippet = cleanText(row.querySelector(".result__snippet")?.textContent)
    // A page with no results still lists one placeholder row ("EOF", no snippet) before saying so.
    if (saysNoResults && snippet === "") continue
    hits.push({ title: cleanText(link.textContent), url, snippet })
  }
  return { kind: "hits", hits }
}

export const parseDuckDuckGoLite = (html: string): PageReading => {
  const doc = parseHtml(html)
  if (isDuckDuckGoChallenge(doc)) return { kind: "blocked" }
  const hits: Array<SearchHit & { snippet: string }> = []
  // Lite lays a result out as table rows: the link row, then a snippet row, then the address row.
  for (const cell of doc.querySelectorAll("a.result-link, td.result-snippet")) {
    if (cell.localName === "a") {
      const row = cell.closest("tr")
      const sponsored = row !== null && (hasClass(row, "result-sponsored") || row.querySelector(".result-sponsored") !== null)
      const url = duckDuckGoTarget(cell.getAttribute("href"))
      hits.push({ title: cleanText(cell.textContent), url: sponsored || url === undefined ? "" : url, snippet: "" })
    } else if (hits.length > 0 && hits[hits.length - 1]!.snippet === "") {
      hits[hits.length - 1]!.snippet = cleanText(cell.textContent)
    }
  }
  const searchForm = doc.querySelector("input[name='q']") !== null
  if (hits.length === 0 && !searchForm) return { kind: "unrecognised" }
  return { kind: "hits", hits: hits.filter((h) => h.url !== "") }
}

interface Attempt {
  readonly endpoint: string
  readonly reading:
    | PageReading
    | { readonly kind: "http"; readonly status: number; readonly body: string }
    | { readonly kind: "unreachable"; readonly error: Unreachable }
}

const askEndpoint = (
  endpoint: string,
  parse: (html: string) => PageReading,
  query: string,
  signal: AbortSignal,
): Effect.Effect<Attempt, Cancelled | SearchFailed> =>
  fetchPage({
    engine: "DuckDuckGo",
    url: endpoint,
    // The same form post the pages themselves make.
    init: { method: "POST", body: new URLSearchParams({ q: query, b: "" }) },
    signal,
  }).pipe(
    Effect.map((page): Attempt => {
      if (page.status === 200 || page.status === 202) return { endpoint, reading: parse(page.text) }
      // 403 and 429 are how DuckDuckGo turns away traffic it takes for a bot.
      if (page.status === 403 || page.status === 429) return { endpoint, reading: { kind: "blocked" } }
      return { endpoint, reading: { kind: "http", status: page.status, body: page.text } }
    }),
    Effect.catchTag("Unreachable", (error) => Effect.succeed<Attempt>({ endpoint, reading: { kind: "unreachable", error } })),
  )

export const searchDuckDuckGo: SearchEngine = (query, maxResults, settings, signal) =>
  Effect.gen(function* () {
    const html = yield* askEndpoint(settings.duckduckgoHtmlEndpoint, parseDuckDuckGoHtml, query, signal)
    if (html.reading.kind === "hits") return finishHits(html.reading.hits, maxResults)
    const lite = yield* askEndpoint(settings.duckduckgoLiteEndpoint, parseDuckDuckGoLite, query, signal)
    if (lite.reading.kind === "hits") return finishHits(lite.reading.hits, maxResults)
    return yield* Effect.fail(failureOf([html, lite]))
  })

const failureOf = (attempts: ReadonlyArray<Attempt>): SearchFailed => {
  const told = attempts.map((a) => `${originOf(a.endpoint)}: ${describe(a.reading)}`).join("; ")
  if (attempts.some((a) => a.reading.kind === "blocked")) {
    return new ToolFailed({
      code: "search_blocked",
      message: `DuckDuckGo answered with a bot check (captcha) instead of results (${told}). Wait a few minutes before searching again, or choose another search engine (Bing, Google or Baidu) in Settings (⋯ → Settings in the side panel).`,
    })
  }
  const unreachable = attempts.map((a) => a.reading).filter((r) => r.kind === "unreachable")
  if (unreachable.length === attempts.length) {
    return new ToolFailed({
      code: "search_network_error",
      message: `DuckDuckGo could not be reached (${told}). Check the network connection and the DuckDuckGo endpoints in Settings (⋯ → Settings in the side panel), then retry.`,
    })
  }
  if (attempts.every((a) => a.reading.kind === "unrecognised")) {
    return new ToolFailed({
      code: "search_bad_response",
      message: `DuckDuckGo sent pages that are not result pages (${told}). Check the DuckDuckGo endpoints in Settings (⋯ → Settings in the side panel), or choose another search engine.`,
    })
  }
  return new ToolFailed({
    code: "search_http_error",
    message: `DuckDuckGo search failed on both its html and lite pages (${told}). Retry later, check the DuckDuckGo endpoints in Settings (⋯ → Settings in the side panel), or choose another search engine.`,
  })
}

const describe = (reading: Attempt["reading"]): string => {
  switch (reading.kind) {
    case "blocked":
      return "bot check"
    case "unrecognised":
      return "not a result page"
    case "http":
      // An HTML error page says nothing useful in 80 characters; a plain-text one may.
      return `HTTP ${reading.status}${reading.body && !reading.body.trimStart().startsWith("<") ? ` "${excerpt(reading.body, 80)}"` : ""}`
    case "unreachable":
      return `unreachable: ${reading.error.reason}`
    case "hits":
      return counted(reading.hits.length, "result", "results")
  }
}
