/**
 * Baidu, read from its result page (`/s?wd=`). Its result links are redirects through
 * `www.baidu.com/link?url=…`; the real address comes from the result's `mu` attribute when it
 * carries one, otherwise from following the redirect. A bot check is a redirect to
 * wappass.baidu.com's captcha ("百度安全验证").
 */
import * as Effect from "effect/Effect"
import { Cancelled, ToolFailed } from "../../../schemas/errors.ts"
import { cleanText, finishHits, httpUrl, type SearchHit, type SearchFailed, type SearchEngine } from "./hits.ts"
import { hasClass, parseHtml } from "./html.ts"
import { reachablePage } from "./http.ts"
import { counted } from "../../../schemas/plural.ts"

/** One organic result as the page shows it: `link` is still Baidu's redirect, `landing` the real address when the page gives it. */
export interface BaiduEntry {
  readonly title: string
  readonly snippet: string
  readonly link: string
  readonly landing?: string
}

export type BaiduReading =
  | { readonly kind: "entries"; readonly entries: ReadonlyArray<BaiduEntry> }
  | { readonly kind: "blocked" }
  | { readonly kind: "unrecognised" }

const BAIDU_HOSTS = /(^|\.)baidu\.com$/

/** Where Baidu sends a bot: the captcha on wappass.baidu.com (a stand-in server keeps the path). */
export const isBaiduCaptcha = (url: string): boolean => {
  try {
    const u = new URL(url)
    return u.hostname.startsWith("wappass.") || u.pathname.includes("/static/captcha")
  } catch {
    return false
  }
}

/** Baidu's click-through link: `/link?url=` for results, `/baidu.php?url=` for ads. */
const redirectKind = (url: string): "result" | "ad" | undefined => {
  const u = new URL(url)
  if (u.pathname === "/link" && u.searchParams.has("url")) return "result"
  if (u.pathname === "/baidu.php") return "ad"
  return undefined
}

/** Sponsored results: the old EC_ containers, the `data-tuiguang` ("promotion") marks, and the "广告" label. */
const isAd = (container: Element): boolean =>
  hasClass(container, "EC_result", "ec_tuiguang_container", "ec-tuiguang") ||
  container.hasAttribute("data-tuiguang") ||
  container.querySelector("[data-tuiguang], .ec-tuiguang, .ec_tuiguang_link") !== null ||
  Array.from(container.querySelectorAll("span, a")).some((e) => cleanText(e.textContent) === "广告")

const SNIPPET_SELECTORS = [".c-abstract", "[class*='content-right']", ".c-span-last .c-color-text", "[data-module='abstract']"]

export const parseBaiduPage = (html: string, pageUrl: string): BaiduReading => {
  const doc = parseHtml(html)
  if (cleanText(doc.title).includes("百度安全验证") || doc.querySelector("#captcha, .vcode-body, form[action*='wappass']") !== null) {
    return { kind: "blocked" }
  }
  const column = doc.querySelector("#content_left")
  if (column === null) return doc.querySelector(".nors, #noresult") === null ? { kind: "unrecognised" } : { kind: "entries", entries: [] }
  const entries: Array<BaiduEntry> = []
  for (const container of column.querySelectorAll(".result, .result-op")) {
    // Cards nest results inside results: only the outermost one is a row of the list.
    const outer = container.parentElement?.closest(".result, .result-op")
    if (outer != null && column.contains(outer)) continue
    if (isAd(container)) continue
    const anchor = container.querySelector("h3 a[href]")
    const link = httpUrl(anchor?.getAttribute("href"), pageUrl)
    if (anchor === null || link === undefined) continue
    if (redirectKind(link) === "ad") continue
    const mu = httpUrl(container.getAttribute("mu"))
    // Cards without a page of their own carry a placeholder such as http://nourl.ubs.baidu.com/…;
    // a card whose title links straight to a page (Baike, Zhidao) needs no redirect followed.
    const landing =
      mu !== undefined && !new URL(mu).hostname.startsWith("nourl.") ? mu : redirectKind(link) === undefined ? link : undefined
    const snippetElement = SNIPPET_SELECTORS.map((s) => container.querySelector(s)).find((e) => e !== null)
    const entry = { title: cleanText(anchor.textContent), snippet: cleanText(snippetElement?.textContent), link }
    entries.push(landing === undefined ? entry : { ...entry, landing })
  }
  return { kind: "entries", entries }
}

/**
 * The real address behind a redirect page that answers 200 instead of 3xx: Baidu sends some
 * clients `<meta http-equiv="refresh" content="0;URL='…'">` or `window.location.replace("…")`.
 */
export const landingInBody = (body: string): string | undefined => {
  const found =
    /location\.replace\(\s*["']([^"']+)["']/i.exec(body)?.[1] ??
    /location(?:\.href)?\s*=\s*["']([^"']+)["']/i.exec(body)?.[1] ??
    /http-equiv=["']?refresh["']?[^>]*?url\s*=\s*'?([^'">]+)/i.exec(body)?.[1]
  return httpUrl(found?.replace(/\\\//g, "/"))
}

type Resolution = { readonly url: string } | { readonly blocked: true } | undefined

/**
 * Follows one redirect link. Browsers hide `Location` from `redirect: "manual"` (an opaque
 * response), so the request follows the redirect and the answer's `response.url` is read; the
 * landing page's body is not downloaded.
 */
const followRedirect = (link: string, engineOrigin: string, signal: AbortSignal): Effect.Effect<Resolution> =>
  Effect.tryPromise({
    try: async (interrupted): Promise<Resolution> => {
      const stop = AbortSignal.any([signal, interrupted, AbortSignal.timeout(REDIRECT_TIMEOUT_MS)])
      const response = await fetch(link, { redirect: "follow", credentials: "omit", signal: stop, cache: "no-store" })
      if (isBaiduCaptcha(response.url)) {
        void response.body?.cancel()
        return { blocked: true }
      }
      if (response.redirected && response.url !== link && !isEngineRedirect(response.url, engineOrigin)) {
        void response.body?.cancel()
        return { url: response.url }
      }
      const landing = response.ok ? landingInBody((await response.text()).slice(0, 20_000)) : undefined
      return landing === undefined || isEngineRedirect(landing, engineOrigin) ? undefined : { url: landing }
    },
    catch: () => undefined,
  }).pipe(Effect.orElseSucceed(() => undefined))

const REDIRECT_TIMEOUT_MS = 6_000

/** Another hop through Baidu (or its stand-in), not a page: following ended too early. */
const isEngineRedirect = (url: string, engineOrigin: string): boolean => {
  const u = new URL(url)
  return redirectKind(url) !== undefined && (BAIDU_HOSTS.test(u.hostname) || u.origin === engineOrigin)
}

/**
 * The page names Baidu's public host in its links; they are followed through the configured
 * endpoint's origin instead, so a stand-in or proxy keeps working and http links go out as
 * https when the endpoint is https.
 */
export const throughEndpoint = (link: string, endpoint: string): string => {
  const u = new URL(link)
  if (!BAIDU_HOSTS.test(u.hostname) || redirectKind(link) === undefined) return link
  const base = new URL(endpoint)
  return new URL(u.pathname + u.search, base.origin).href
}

export const searchBaidu: SearchEngine = (query, maxResults, settings, signal) =>
  Effect.gen(function* () {
    const url = new URL(settings.baiduEndpoint)
    url.searchParams.set("wd", query)
    url.searchParams.set("ie", "utf-8")
    const page = yield* reachablePage({ engine: "Baidu", url: url.href, signal })
    if (isBaiduCaptcha(page.url)) return yield* Effect.fail(blocked())
    if (page.status < 200 || page.status >= 300) {
      return yield* Effect.fail(
        new ToolFailed({
          code: "search_http_error",
          message: `Baidu answered HTTP ${page.status} instead of a result page. Retry later, check the Baidu endpoint in Settings (⋯ → Settings in the side panel), or choose another search engine.`,
        }),
      )
    }
    const reading = parseBaiduPage(page.text, page.url)
    if (reading.kind === "blocked") return yield* Effect.fail(blocked())
    if (reading.kind === "unrecognised") {
      return yield* Effect.fail(
        new ToolFailed({
          code: "search_bad_response",
          message: `Baidu sent a page that is not a result page (from ${page.url}). Check the Baidu endpoint in Settings (⋯ → Settings in the side panel), or choose another search engine.`,
        }),
      )
    }
    return yield* resolveEntries(reading.entries, maxResults, settings.baiduEndpoint, signal)
  })

/**
 * Resolves just enough links for `maxResults` distinct hits: a batch the size of what is
 * missing, in parallel, again while duplicates or dead links leave the list short.
 */
const resolveEntries = (
  entries: ReadonlyArray<BaiduEntry>,
  maxResults: number,
  endpoint: string,
  signal: AbortSignal,
): Effect.Effect<Array<SearchHit>, SearchFailed | Cancelled> =>
  Effect.gen(function* () {
    const resolved: Array<SearchHit> = []
    let next = 0
    let failed = 0
    let sawCaptcha = false
    let hits: Array<SearchHit> = []
    while (next < entries.length && hits.length < maxResults) {
      const batch = entries.slice(next, next + (maxResults - hits.length))
      next += batch.length
      const outcomes = yield* Effect.forEach(
        batch,
        (entry) =>
          entry.landing !== undefined
            ? Effect.succeed<Resolution>({ url: entry.landing })
            : followRedirect(throughEndpoint(entry.link, endpoint), new URL(endpoint).origin, signal),
        { concurrency: "unbounded" },
      )
      outcomes.forEach((outcome, i) => {
        if (outcome !== undefined && "url" in outcome)
          resolved.push({ title: batch[i]!.title, url: outcome.url, snippet: batch[i]!.snippet })
        else {
          failed++
          sawCaptcha ||= outcome !== undefined
        }
      })
      hits = finishHits(resolved, maxResults)
      // Links abandoned because the call was stopped are not dead links.
      if (signal.aborted) return yield* Effect.fail(new Cancelled({ tool: "web_search" }))
    }
    if (hits.length === 0 && failed > 0) {
      return yield* Effect.fail(
        sawCaptcha
          ? blocked()
          : new ToolFailed({
              code: "search_links_unresolved",
              message: `Baidu found ${counted(entries.length, "result", "results")}, but none of its redirect links (www.baidu.com/link?url=…) led to a page: the real addresses are unknown. Retry later, or choose another search engine in Settings (⋯ → Settings in the side panel).`,
            }),
      )
    }
    return hits
  })

const blocked = () =>
  new ToolFailed({
    code: "search_blocked",
    message:
      "Baidu answered with its security check (a captcha on wappass.baidu.com) instead of results. Wait a few minutes before searching again, or choose another search engine (DuckDuckGo, Bing or Google) in Settings (⋯ → Settings in the side panel).",
  })
