/**
 * The engines' HTTP requests: cancellable, failures named, and read like every network read of
 * the web group (../body.ts): capped in size, decoded in the page's own charset.
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import { Cancelled, ToolFailed } from "../../../schemas/errors.ts"
import { BodyTooLarge, decodeBody, readBody } from "../body.ts"
import { finishHits, stripBom, type SearchFailed, type SearchHit } from "./hits.ts"
import { fetchWithRetries, NETWORK_READS } from "../../runtime/retry-policy.ts"

/** The request never got an answer (DNS, refused connection, TLS, offline). */
export class Unreachable extends Data.TaggedError("Unreachable")<{
  readonly engine: string
  readonly url: string
  readonly reason: string
}> {
  toToolFailed(): SearchFailed {
    return new ToolFailed({
      code: "search_network_error",
      message: `${this.engine} could not be reached at ${originOf(this.url)} (${this.reason}). Check the network connection and the ${this.engine} endpoint in Settings (⋯ → Settings in the side panel), then retry.`,
    })
  }
}

export interface FetchedPage {
  readonly status: number
  /** The address after redirects: how a captcha redirect shows itself. */
  readonly url: string
  readonly contentType: string
  readonly text: string
}

export interface RequestPlan {
  /** The engine's name as the user knows it, for error messages. */
  readonly engine: string
  readonly url: string
  readonly init?: RequestInit
  /** The call's signal: aborted on cancel or timeout. */
  readonly signal: AbortSignal
}

/** Fetches and decodes one response; only a transport failure or an oversized answer fails (the caller judges statuses). */
export const fetchPage = (plan: RequestPlan): Effect.Effect<FetchedPage, Unreachable | Cancelled | SearchFailed> =>
  Effect.tryPromise({
    try: async (interrupted) => {
      const signal = AbortSignal.any([plan.signal, interrupted])
      const response = await fetchWithRetries(
        NETWORK_READS,
        () => fetch(plan.url, { ...plan.init, signal, credentials: "omit", cache: "no-store" }),
        signal,
      )
      const bytes = await readBody(response, signal)
      const contentType = response.headers.get("content-type") ?? ""
      return { status: response.status, url: response.url || plan.url, contentType, text: decodeBody(bytes, contentType) }
    },
    catch: (error) =>
      plan.signal.aborted
        ? new Cancelled({ tool: "web_search" })
        : error instanceof BodyTooLarge
          ? new ToolFailed({
              code: "search_response_too_large",
              message: `${plan.engine} answered from ${originOf(plan.url)} with more than ${error.limitBytes / 1024 / 1024} MB, which web_search does not read. Check the ${plan.engine} endpoint in Settings (⋯ → Settings in the side panel).`,
            })
          : new Unreachable({ engine: plan.engine, url: plan.url, reason: errorText(error) }),
  })

/** The page, or the search's failure: an engine that has no fallback says it could not reach the service. */
export const reachablePage = (plan: RequestPlan): Effect.Effect<FetchedPage, Cancelled | SearchFailed> =>
  fetchPage(plan).pipe(Effect.mapError((e) => (e._tag === "Unreachable" ? e.toToolFailed() : e)))

/** A search through a JSON API: its response read into hits (or the API's own error), the first `maxResults` kept. */
export const apiSearch = (
  plan: RequestPlan,
  read: (status: number, body: string) => Array<SearchHit> | SearchFailed,
  maxResults: number,
): Effect.Effect<Array<SearchHit>, Cancelled | SearchFailed> =>
  reachablePage(plan).pipe(
    Effect.flatMap((page) => {
      const hits = read(page.status, page.text)
      return hits instanceof ToolFailed ? Effect.fail(hits) : Effect.succeed(finishHits(hits, maxResults))
    }),
  )

export const originOf = (url: string): string => {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** A short, printable piece of an unexpected body, for error messages. */
export const excerpt = (text: string, length = 160): string => {
  const clean = text.replace(/\s+/g, " ").trim()
  return clean.length > length ? `${clean.slice(0, length)}…` : clean
}

/** An API's JSON body (a leading byte-order mark allowed), or the error saying it was not JSON. */
export const apiJson = (api: string, endpointSetting: string, status: number, body: string): Record<string, unknown> | SearchFailed => {
  let json: unknown
  try {
    json = JSON.parse(stripBom(body))
  } catch {
    return new ToolFailed({
      code: "search_api_error",
      message: `The ${api} answered HTTP ${status} with something other than JSON ("${excerpt(body, 100)}"). Check the ${endpointSetting} in Settings (⋯ → Settings in the side panel).`,
    })
  }
  return (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>
}
