/**
 * web_fetch: one GET of an http(s) URL, redirects followed, and the body turned into text
 * (see fetch-content.ts). Cookies are not sent: this is a fresh request, not the user's session
 * (get_tab_content reads what the user is logged in to). The 30 s limit is the supervisor's;
 * the request stops as soon as the call's signal aborts.
 * With `prompt`, the whole content is distilled by the summary model (workers/agent/distill.ts)
 * and `max_length` bounds the summary.
 */
import { Effect } from "effect"
import { Cancelled, InvalidInput, ToolFailed, type ToolError } from "../../schemas/errors.ts"
import { quoteInput } from "../../schemas/primitives.ts"
import type { webFetch } from "../../schemas/tools/web.ts"
import type { Handler } from "../mesh/serve.ts"
import { mediaTypeOf } from "./charset.ts"
import { effectiveMediaType, kindOfMediaType, readContent, truncate, type Reading } from "./fetch-content.ts"
import { reasonPhrase } from "./fetch-status.ts"
import { PdfError } from "./pdf.ts"
import { distill } from "../agent/distill.ts"

const TOOL = "web_fetch"
/** Bodies larger than this are refused rather than held in memory. */
export const MAX_BODY_BYTES = 25 * 1024 * 1024

const ACCEPT = "text/html,application/xhtml+xml,application/json;q=0.9,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5"

class Failure {
  constructor(readonly error: ToolError) {}
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
      message: `"${quoteInput(raw)}" is not an absolute URL; give a full http:// or https:// address.`,
    })
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return new InvalidInput({
      tool: TOOL,
      parameter: "url",
      message: `only http and https URLs can be fetched, not ${quoteInput(url.protocol.slice(0, -1), 40)}: ("${quoteInput(raw)}").`,
    })
  }
  return url
}

export const fetchHandler: Handler<typeof webFetch> = (params, context) => {
  const target = parseTarget(params.url)
  if (target instanceof InvalidInput) return Effect.fail(target)
  return Effect.tryPromise({
    try: async (interrupted) => {
      const signal = AbortSignal.any([context.signal, interrupted])
      if (params.prompt === undefined) return fetchAndRead(target, params.max_length, signal)
      const whole = await fetchAndRead(target, undefined, signal)
      const distilled = await distill(context.router, whole.content, params.prompt, params.max_length, signal)
      if (!distilled.ok) throw new Failure(new ToolFailed(distilled.error))
      return { ...whole, content: distilled.content, truncated: distilled.truncated }
    },
    catch: (error): ToolError => {
      if (error instanceof Failure) return error.error
      if (context.signal.aborted) return new Cancelled({ tool: TOOL })
      return new ToolFailed({
        code: "tool_failed",
        message: `web_fetch failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
      })
    },
  }).pipe(Effect.map((result) => ({ url: params.url, ...result })))
}

const fetchAndRead = async (target: URL, maxLength: number | undefined, signal: AbortSignal) => {
  const response = await request(target, signal)
  const finalUrl = response.url || target.href
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
  const read = { content_type: mediaType!, content: text, truncated, final_url: finalUrl }
  return reading.notice === undefined ? read : { ...read, notice: reading.notice }
}

const request = async (target: URL, signal: AbortSignal): Promise<Response> => {
  try {
    return await fetch(target, { signal, redirect: "follow", credentials: "omit", headers: { accept: ACCEPT } })
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

/** The whole body, refused past MAX_BODY_BYTES (whether or not Content-Length announced it). */
const readBody = async (response: Response, url: string, signal: AbortSignal): Promise<Uint8Array> => {
  const tooLarge = () =>
    new Failure(
      new ToolFailed({
        code: "too_large",
        message: `${quoteInput(String(url))} is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB; web_fetch does not read bodies that large.`,
      }),
    )
  const declared = Number(response.headers.get("content-length"))
  if (declared > MAX_BODY_BYTES) {
    void response.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (response.body === null) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      signal.throwIfAborted()
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > MAX_BODY_BYTES) throw tooLarge()
      chunks.push(value)
    }
  } catch (error) {
    void reader.cancel().catch(() => {})
    if (error instanceof Failure || signal.aborted) throw error
    throw new Failure(
      new ToolFailed({
        code: "network_error",
        message: `The connection to ${quoteInput(String(url))} broke while reading the response (${String(error)}).`,
      }),
    )
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
