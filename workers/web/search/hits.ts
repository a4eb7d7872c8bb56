/** What every engine hands back, and the clean-up all of them share. */
import type * as Effect from "effect/Effect"
import type { Cancelled, ToolFailed } from "../../../schemas/errors.ts"
import type { SearchSettings } from "../../../schemas/settings.ts"
import type { ErrorCodeOf } from "../../../schemas/tool-definition.ts"
import type { WebSearchHit, webSearch } from "../../../schemas/tools/web.ts"

export type SearchHit = typeof WebSearchHit.Type

/** A search's own failure: one of the codes web_search declares. */
export type SearchFailed = ToolFailed<ErrorCodeOf<typeof webSearch>>

/** One search engine: the query's hits, at most `maxResults`, or why there are none. */
export type SearchEngine = (
  query: string,
  maxResults: number,
  settings: typeof SearchSettings.Type,
  signal: AbortSignal,
) => Effect.Effect<Array<SearchHit>, SearchFailed | Cancelled>

/** Collapses markup layout (newlines, indentation, no-break spaces) into single spaces. */
export const cleanText = (text: string | null | undefined): string => (text ?? "").replace(/\s+/g, " ").trim()

/** An absolute http(s) address, or undefined for anything else (javascript:, mailto:, garbage). */
export const httpUrl = (raw: string | null | undefined, base?: string): string | undefined => {
  if (!raw) return undefined
  try {
    const url = new URL(raw.trim(), base)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined
  } catch {
    return undefined
  }
}

/** Hits out of an API's result list: `fields` names where each entry keeps its title, address and snippet. */
export const hitsFrom = (
  entries: ReadonlyArray<Record<string, unknown>>,
  fields: { readonly title: string; readonly url: string; readonly snippet: string },
): Array<SearchHit> =>
  entries.flatMap((entry) => {
    const text = (key: string) => (typeof entry[key] === "string" ? entry[key] : undefined)
    const url = httpUrl(text(fields.url))
    return url === undefined ? [] : [{ title: cleanText(text(fields.title)), url, snippet: cleanText(text(fields.snippet)) }]
  })

/** Two addresses that differ only by a fragment, a trailing slash or the host's case name one page. */
const sameTargetKey = (url: string): string => {
  const u = new URL(url)
  u.hash = ""
  return u.href.replace(/\/$/, "")
}

/** Drops hits without a title or address and repeats of an earlier address, then keeps the first `max`. */
export const finishHits = (hits: Iterable<SearchHit>, max: number): Array<SearchHit> => {
  const seen = new Set<string>()
  const out: Array<SearchHit> = []
  for (const hit of hits) {
    if (out.length >= max) break
    if (hit.title === "" || hit.url === "") continue
    const key = sameTargetKey(hit.url)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(hit)
  }
  return out
}

/** JSON services sometimes start their body with a UTF-8 byte-order mark, which JSON.parse refuses. */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
