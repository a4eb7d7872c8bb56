/**
 * web_fetch: one GET of an http(s) URL, redirects followed one hop at a time (each hop to another
 * origin judged by the consent rule before it is made: redirects.ts, docs/security.md), and the body turned into text
 * (see fetch-content.ts). Cookies are not sent: this is a fresh request, not the user's session
 * (get_tab_content reads what the user is logged in to). The request's 30 s limit is enforced
 * here, because with `prompt` the supervisor's limit also covers the summary: the whole content
 * is then returned, for the hub to distill with the summary model (shell/hub/distill.ts) under a
 * limit of its own, and `max_length` bounds the summary. The request stops as soon as the call's signal aborts.
 */
import * as Effect from "effect/Effect"
import { Cancelled, InvalidInput, Timeout, ToolFailed } from "../../schemas/errors.ts"
import { failureOf, type ToolErrorOf } from "../../schemas/tool-definition.ts"
import { notAbsoluteHint } from "../../schemas/openable-url.ts"
import { quoteInput } from "../../schemas/primitives.ts"
import { webFetch } from "../../schemas/tools/web.meta.ts"
import type { Handler, ToolContext } from "../runtime/serve.ts"
import { BodyTooLarge, MAX_BODY_BYTES, readBody as readCappedBody } from "./body.ts"
import { mediaTypeOf } from "./charset.ts"
import { effectiveMediaType, kindOfMediaType, readContent, truncate, type Reading } from "./fetch-content.ts"
import { reasonPhrase } from "./fetch-status.ts"
import { PdfError } from "./pdf.ts"
import { fetchWithRetries, NETWORK_READS } from "../runtime/retry-policy.ts"

const TOOL = "web_fetch"
export { MAX_BODY_BYTES }

const ACCEPT = "text/html,application/xhtml+xml,application/json;q=0.9,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5"

class Failure {
  constructor(readonly error: ToolErrorOf<typeof webFetch>) {}
}

/** The URL, if it is an absolute http or https address. */
export const parseTarget = (raw: string): URL | InvalidInput => {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return new InvalidInput({
      tool: TOOL,
      parameter: "url",
      message: `"${quoteInput(raw)}" is not an absolute URL.${notAbsoluteHint(raw.trim())} Give a full http:// or https:// address.`,
    })
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return new InvalidInput({
      tool: TOOL,
      parameter: "url",
      message: `only http and https URLs can be fetched, not ${quoteInput(url.protocol.slice(0, -1), 40)}: ("${quoteInput(raw)}").`,
    })
  }
  if (url.username !== "" || url.password !== "") {
    return new InvalidInput({
      tool: TOOL,
      parameter: "url",
      message: "the URL must not contain a user name or password (user:pass@): they would be sent as a header.",
    })
  }
  return url
}

/** Redirects followed before giving up. */
export const MAX_REDIRECTS = 10

/** Where a hop may go next: what the browser saw, checked like the first address. */
type Hop = (from: URL, signal: AbortSignal) => Promise<URL>

export const fetchHandler: Handler<typeof webFetch> = (params, context) => {
  const target = parseTarget(params.url)
  if (target instanceof InvalidInput) return Effect.fail(target)
  const requestDeadline = AbortSignal.timeout(webFetch.timeoutMs)
  return Effect.tryPromise({
    try: async (interrupted) => {
      const signal = AbortSignal.any([context.signal, interrupted])
      const requestSignal = AbortSignal.any([signal, requestDeadline])
      const next = nextHop(context)
      const answered = answeredFrom(context)
      // With a prompt the whole content goes back, for the hub to distill.
      return fetchAndRead(target, params.prompt === undefined ? params.max_length : undefined, requestSignal, next, answered)
    },
    catch: (error): ToolErrorOf<typeof webFetch> => {
      if (error instanceof Failure) return error.error
      if (context.signal.aborted) return new Cancelled({ tool: TOOL })
      if (requestDeadline.aborted) return new Timeout({ tool: TOOL, ms: webFetch.timeoutMs })
      return new ToolFailed({
        code: "tool_failed",
        message: `web_fetch failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
      })
    },
  }).pipe(Effect.map((result) => ({ url: params.url, ...result })))
}

const fetchAndRead = async (
  target: URL,
  maxLength: number | undefined,
  signal: AbortSignal,
  next: Hop,
  answered: (url: string) => Promise<string | undefined>,
) => {
  const { response, finalUrl } = await follow(target, signal, next)
  if (!response.ok) {
    void response.body?.cancel().catch(() => {})
    const text = response.statusText || reasonPhrase(response.status)
    throw new Failure(
      new ToolFailed({ code: "http_error", message: `HTTP ${response.status}${text ? ` ${text}` : ""} from ${quoteInput(finalUrl)}.` }),
    )
  }
  const contentType = response.headers.get("content-type")
  const headerType = mediaTypeOf(contentType)
  const bytes = await readBody(response, finalUrl, signal)
  const mediaType = effectiveMediaType(headerType, bytes)
  const kind = mediaType === undefined ? undefined : kindOfMediaType(mediaType)
  if (kind === undefined) {
    const named = mediaType ?? (headerType || "binary data of no declared type")
    throw new Failure(
      new ToolFailed({
        code: "unsupported_content_type",
        message: `${finalUrl} is ${named}, which web_fetch cannot turn into text; it reads HTML, JSON, plain text and PDF.`,
      }),
    )
  }
  let reading: Reading
  try {
    reading = await readContent(kind, bytes, { mediaType: mediaType!, contentType, url: finalUrl, signal })
  } catch (error) {
    if (error instanceof PdfError)
      throw new Failure(new ToolFailed({ code: "unreadable_content", message: `${finalUrl}: ${error.message}.` }))
    // Elements nested deeper than the walkers' stack: a hostile or broken page.
    if (error instanceof RangeError) {
      throw new Failure(
        new ToolFailed({
          code: "unreadable_content",
          message: `${quoteInput(finalUrl)}: the page's elements are nested too deeply to read (${error.message}).`,
        }),
      )
    }
    throw error
  }
  const { text, truncated } = truncate(reading.text, maxLength)
  const address = await answered(finalUrl)
  const read = { content_type: mediaType!, content: text, truncated, final_url: finalUrl, ...(address ? { address } : {}) }
  return reading.notice === undefined ? read : { ...read, notice: reading.notice }
}

/**
 * The redirect's target from the service worker (the opaque-redirect response hides it), refused
 * when it is not a plain http(s) address, and judged when it leaves the origin it comes from.
 */
const nextHop =
  (context: Pick<ToolContext, "callId" | "router" | "host">): Hop =>
  async (from) => {
    const key = new URL(from.href)
    key.hash = ""
    const seen = await context.router("web.redirectTarget", { url: key.href })
    const location = seen.ok ? seen.value.location : undefined
    if (typeof location !== "string")
      throw new Failure(
        new ToolFailed({
          code: "redirect_unreadable",
          message: `${quoteInput(from.href)} redirected, and where to could not be read; it was not followed.`,
        }),
      )
    const to = parseTarget(new URL(location, from).href)
    if (to instanceof InvalidInput)
      throw new Failure(
        new ToolFailed({
          code: "redirect_refused",
          message: `${quoteInput(from.href)} redirected to an address web_fetch does not follow: ${to.message}`,
        }),
      )
    if (to.origin !== from.origin) {
      const verdict = await context.host.judgeHop(context.callId, TOOL, to.href)
      if (!verdict.ok)
        throw new Failure(
          failureOf(webFetch, {
            code: verdict.error.code,
            message: `The redirect to ${quoteInput(to.href)} was not followed. ${verdict.error.message}`,
          }),
        )
    }
    return to
  }

/**
 * The IP address the final response came from, as the browser reported it: a public-looking
 * name may resolve to this machine or the intranet, and what such a server says is the user's.
 */
const answeredFrom =
  (context: Pick<ToolContext, "router">) =>
  async (url: string): Promise<string | undefined> => {
    const key = new URL(url)
    key.hash = ""
    const reply = await context.router("web.responseAddress", { url: key.href })
    const ip = reply.ok ? reply.value.ip : undefined
    return typeof ip === "string" ? ip : undefined
  }

/** Requests the target hop by hop; the last response and its address. */
const follow = async (target: URL, signal: AbortSignal, next: Hop): Promise<{ response: Response; finalUrl: string }> => {
  let current = target
  for (let hop = 0; ; hop++) {
    const response = await request(current, signal)
    if (response.type !== "opaqueredirect") return { response, finalUrl: current.href }
    if (hop === MAX_REDIRECTS)
      throw new Failure(
        new ToolFailed({ code: "too_many_redirects", message: `${quoteInput(target.href)} redirected more than ${MAX_REDIRECTS} times.` }),
      )
    current = await next(current, signal)
  }
}

const request = async (target: URL, signal: AbortSignal): Promise<Response> => {
  try {
    return await fetchWithRetries(
      NETWORK_READS,
      () => fetch(target, { signal, redirect: "manual", credentials: "omit", cache: "no-store", headers: { accept: ACCEPT } }),
      signal,
    )
  } catch (error) {
    if (signal.aborted) throw error
    // fetch reports every network failure as the same TypeError; name the host so the model can judge.
    throw new Failure(
      new ToolFailed({
        code: "network_error",
        message: `Could not fetch ${quoteInput(target.href)}: the server did not answer (${error instanceof Error ? error.message : String(error)}). Check the address, or try again later.`,
      }),
    )
  }
}

/** The whole body (body.ts's cap), its failures as this tool's errors. */
const readBody = async (response: Response, url: string, signal: AbortSignal): Promise<Uint8Array> => {
  try {
    return await readCappedBody(response, signal)
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new Failure(
        new ToolFailed({
          code: "too_large",
          message: `${quoteInput(String(url))} is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB; web_fetch does not read bodies that large.`,
        }),
      )
    }
    if (signal.aborted) throw error
    throw new Failure(
      new ToolFailed({
        code: "network_error",
        message: `The connection to ${quoteInput(String(url))} broke while reading the response (${String(error)}).`,
      }),
    )
  }
}
