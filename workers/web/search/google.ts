/**
 * Google Custom Search JSON API (`key`, `cx`, `q`, `num`). Closed to new customers; existing
 * keys work until 2027-01-01, so the endpoint stays configurable for compatible services.
 */
import * as Effect from "effect/Effect"
import { ToolFailed } from "../../../schemas/errors.ts"
import { hitsFrom, type SearchHit, type SearchFailed, type SearchEngine } from "./hits.ts"
import { apiJson, apiSearch } from "./http.ts"

interface GoogleError {
  readonly code?: number
  readonly message?: string
  readonly status?: string
  readonly errors?: ReadonlyArray<{ readonly reason?: string }>
}

/** Reads a Custom Search response: its items, or the error it reports. */
export const readGoogleResponse = (status: number, body: string): Array<SearchHit> | SearchFailed => {
  const json = apiJson("Google Custom Search API", "Google endpoint", status, body)
  if (json instanceof ToolFailed) return json
  const record = json as {
    error?: GoogleError
    items?: ReadonlyArray<Record<string, unknown>>
  }
  if (status < 200 || status >= 300 || record.error !== undefined) return googleError(status, record.error)
  return hitsFrom(record.items ?? [], { title: "title", url: "link", snippet: "snippet" })
}

const googleError = (status: number, error: GoogleError | undefined): SearchFailed => {
  const reason = [error?.status, error?.errors?.[0]?.reason].filter(Boolean).join("/")
  const what = `The Google Custom Search API refused the search (HTTP ${status}${reason ? `, ${reason}` : ""})${error?.message ? `: ${error.message}` : "."}`
  const hint =
    status === 429 || /quota|rateLimit/i.test(reason)
      ? "The daily quota or rate limit is used up: wait before searching again, or choose another search engine in Settings (⋯ → Settings in the side panel)."
      : status === 400 || status === 401 || status === 403
        ? "Check the Google API key and the search engine ID (cx) in Settings (⋯ → Settings in the side panel), and that the Custom Search API is enabled for the key's project."
        : "Retry later, or choose another search engine in Settings (⋯ → Settings in the side panel)."
  return new ToolFailed({ code: "search_api_error", message: `${what.replace(/\.?$/, ".")} ${hint}` })
}

export const searchGoogle: SearchEngine = (query, maxResults, settings, signal) => {
  const key = settings.googleApiKey?.trim()
  const cx = settings.googleCseId?.trim()
  if (!key || !cx) {
    const missing = [!key && "API key", !cx && "search engine ID (cx)"].filter(Boolean).join(" and ")
    return Effect.fail(
      new ToolFailed({
        code: "missing_api_key",
        message: `Google Custom Search needs an API key and a search engine ID (cx); the ${missing} ${missing.includes(" and ") ? "are" : "is"} not set. Add them in Settings (⋯ → Settings in the side panel), or choose DuckDuckGo or Baidu there, which need none.`,
      }),
    )
  }
  const url = new URL(settings.googleEndpoint)
  url.searchParams.set("key", key)
  url.searchParams.set("cx", cx)
  url.searchParams.set("q", query)
  url.searchParams.set("num", String(maxResults))
  return apiSearch({ engine: "Google Custom Search", url: url.href, signal }, readGoogleResponse, maxResults)
}
