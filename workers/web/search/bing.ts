/**
 * Bing Web Search API v7 (header `Ocp-Apim-Subscription-Key`). Microsoft retired the public
 * service in August 2025; the endpoint stays configurable for compatible services.
 */
import * as Effect from "effect/Effect"
import { ToolFailed } from "../../../schemas/errors.ts"
import { hitsFrom, type SearchHit, type SearchFailed, type SearchEngine } from "./hits.ts"
import { apiJson, apiSearch } from "./http.ts"

interface BingError {
  readonly code?: string
  readonly subCode?: string
  readonly message?: string
  readonly moreDetails?: string
}

/** Reads a Bing response: its web results, or the error it reports (by status or by `_type`). */
export const readBingResponse = (status: number, body: string): Array<SearchHit> | SearchFailed => {
  const json = apiJson("Bing Web Search API", "Bing endpoint", status, body)
  if (json instanceof ToolFailed) return json
  const record = json as {
    _type?: string
    errors?: ReadonlyArray<BingError>
    webPages?: { value?: ReadonlyArray<Record<string, unknown>> }
  }
  if (status < 200 || status >= 300 || record._type === "ErrorResponse") return bingError(status, record.errors?.[0])
  return hitsFrom(record.webPages?.value ?? [], { title: "name", url: "url", snippet: "snippet" })
}

const bingError = (status: number, error: BingError | undefined): SearchFailed => {
  const codes = [error?.code, error?.subCode].filter(Boolean).join("/")
  const said = [error?.message, error?.moreDetails].filter(Boolean).join(" ")
  const what = `The Bing Web Search API refused the search (HTTP ${status}${codes ? `, ${codes}` : ""})${said ? `: ${said}` : "."}`
  const hint =
    status === 401 || status === 403 || /Authorization/i.test(codes)
      ? "Check the Bing API key in Settings (⋯ → Settings in the side panel) (the public Bing API was retired in August 2025; a compatible service needs its own key and endpoint), or choose another search engine."
      : status === 429
        ? "The key's rate limit or quota is used up: wait before searching again, or choose another search engine in Settings (⋯ → Settings in the side panel)."
        : "Retry later, or choose another search engine in Settings (⋯ → Settings in the side panel)."
  return new ToolFailed({ code: "search_api_error", message: `${what.replace(/\.?$/, ".")} ${hint}` })
}

export const searchBing: SearchEngine = (query, maxResults, settings, signal) => {
  const key = settings.bingApiKey?.trim()
  if (!key) {
    return Effect.fail(
      new ToolFailed({
        code: "missing_api_key",
        message:
          "Bing search needs an API key, and none is set. Add the Bing API key in Settings (⋯ → Settings in the side panel), or choose DuckDuckGo or Baidu there, which need none.",
      }),
    )
  }
  const url = new URL(settings.bingEndpoint)
  url.searchParams.set("q", query)
  url.searchParams.set("count", String(maxResults))
  // Raw text without highlighting markers: the snippet goes to the model as plain text.
  url.searchParams.set("textDecorations", "false")
  url.searchParams.set("textFormat", "Raw")
  return apiSearch(
    { engine: "Bing", url: url.href, init: { headers: { "Ocp-Apim-Subscription-Key": key } }, signal },
    readBingResponse,
    maxResults,
  )
}
