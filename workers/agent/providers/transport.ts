/**
 * The HTTP side every protocol shares: one request whose waits (headers, each body read) are
 * bounded by the stall timeout and cut short by the caller's signal, and HTTP failures turned
 * into ProviderErrors whose messages carry the service's own explanation but never a secret.
 */
import { isRetryableStatus, parseRetryAfter } from "../../runtime/retry-policy.ts"
import { ProviderError, type ProviderConfig, type StreamOptions } from "./types.ts"

export const DEFAULT_STALL_TIMEOUT_MS = 60_000

export interface RequestArgs {
  readonly url: string
  readonly method?: "GET" | "POST"
  readonly headers: Record<string, string>
  readonly body?: unknown
  readonly signal?: AbortSignal
  readonly stallTimeoutMs?: number
  readonly fetch?: typeof fetch
  /** Strings that must never appear in an error message (the API key). */
  readonly secrets?: ReadonlyArray<string | undefined>
  /** The most bytes the response body may have; a body that grows past it fails with `too_large`. */
  readonly maxResponseBytes?: number
}

/** The default cap of one model response (a turn's whole stream, or a model list). */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024

/** An open response whose body is read under the same stall and abort rules as the request. */
export interface OpenResponse {
  readonly response: Response
  /** The body as decoded text pieces; throws ProviderError on stall, abort or a broken connection. */
  text(): AsyncGenerator<string>
  /** Releases the connection; safe to call more than once. */
  close(): void
}

export const cancelledError = (): ProviderError => new ProviderError("The request was cancelled.", { kind: "cancelled", retryable: false })

const stalledError = (ms: number, phase: string): ProviderError =>
  new ProviderError(`The model service sent nothing for ${formatMs(ms)} ${phase}; the request was abandoned.`, {
    kind: "stalled",
    retryable: true,
  })

/**
 * A redirect is never followed: the request carries the API key in its headers, and a service
 * that sends it on to another address (by mistake, or an attacker who controls the base URL's
 * server) would hand the key to whoever answers there. The browser does not reveal where a
 * refused redirect pointed, so the error names the provider's origin and the way out.
 */
const redirectError = (origin: string, status: number): ProviderError =>
  new ProviderError(
    `${origin} answered with a redirect${status ? ` (HTTP ${status})` : ""}, which is not followed, so the API key is never sent to another address. Set the provider's base URL to the address the service really answers at.`,
    { kind: "redirect", retryable: false },
  )

const tooLargeError = (limit: number): ProviderError =>
  new ProviderError(
    `The model service's response grew past ${formatBytes(limit)} (the limit of one response, in Settings) and was cut off.`,
    { kind: "too_large", retryable: false },
  )

const formatBytes = (n: number): string => (n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${n} bytes`)

const formatMs = (ms: number): string => (ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`)

/** Removes secrets, and anything shaped like a credential header, from text shown to people and models. */
export const redact = (text: string, secrets: ReadonlyArray<string | undefined> = []): string => {
  let out = text
  for (const secret of secrets) {
    if (secret !== undefined && secret.length > 0) out = out.split(secret).join("[redacted]")
  }
  return out.replace(/\b(Bearer|x-api-key:?)\s+[^\s"',}]+/gi, "$1 [redacted]")
}

/** The human part of an API error body: OpenAI `{error:{message}}`, Anthropic `{type:"error",error:{message}}`, Ollama `{error:"..."}`. */
export const errorBodyMessage = (body: string): string => {
  const trimmed = body.trim()
  if (trimmed === "") return ""
  try {
    const json = JSON.parse(trimmed) as unknown
    const found = messageIn(json)
    if (found !== undefined) return found
  } catch {
    // Not JSON: an HTML error page or plain text; shown shortened below.
  }
  const text = trimmed
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

const messageIn = (json: unknown): string | undefined => {
  if (Array.isArray(json)) return json.length > 0 ? messageIn(json[0]) : undefined
  if (typeof json !== "object" || json === null) return undefined
  const record = json as Record<string, unknown>
  const error = record["error"]
  if (typeof error === "string") return error
  if (typeof error === "object" && error !== null) {
    const inner = messageIn(error)
    if (inner !== undefined) return inner
  }
  if (typeof record["message"] === "string") return record["message"]
  if (typeof record["detail"] === "string") return record["detail"]
  return undefined
}

const hintFor = (status: number, message: string): string => {
  if (status === 401) return " Check the API key."
  if (status === 403 && message === "")
    return " The service refused this origin; for Ollama, allow the extension with OLLAMA_ORIGINS=chrome-extension://*."
  if (status === 403) return " Check the API key's permissions."
  if (status === 404) return " Check the base URL and the model name."
  if (status === 429) return " The service is rate-limiting; wait before retrying."
  return ""
}

export const httpError = async (
  response: Response,
  host: string,
  secrets: RequestArgs["secrets"],
  readBody: () => Promise<string>,
): Promise<ProviderError> => {
  let body = ""
  try {
    body = await readBody()
  } catch (error) {
    if (error instanceof ProviderError && error.details.kind === "cancelled") throw error
  }
  const message = errorBodyMessage(body)
  const status = response.status
  const retryAfterMs = parseRetryAfter(response.headers)
  const statusText = response.statusText ? ` ${response.statusText}` : ""
  const text = `${host} answered HTTP ${status}${statusText}${message ? `: ${message}` : "."}${hintFor(status, message)}`
  return new ProviderError(redact(text, secrets), {
    kind: "http",
    status,
    retryable: isRetryableStatus(status),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  })
}

/**
 * Sends the request and waits for a 2xx response. Every wait is raced against the stall
 * timer and the caller's signal, so a dead service or a stop button never leaves the caller
 * hanging; on any exit the fetch is aborted so the connection is released.
 */
export const openRequest = async (args: RequestArgs): Promise<OpenResponse> => {
  const stallMs = args.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS
  const signal = args.signal
  if (signal?.aborted) throw cancelledError()
  const controller = new AbortController()
  const onAbort = () => controller.abort()
  signal?.addEventListener("abort", onAbort, { once: true })
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    signal?.removeEventListener("abort", onAbort)
    controller.abort()
    reader?.cancel().catch(() => {})
  }

  /** Bounds one wait: the stall timer and the caller's signal both end it, and end the request. */
  const bounded = <T>(work: Promise<T>, phase: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        close()
        reject(cancelledError())
        return
      }
      const timer = setTimeout(() => {
        close()
        reject(stalledError(stallMs, phase))
      }, stallMs)
      const abort = () => {
        close()
        reject(cancelledError())
      }
      signal?.addEventListener("abort", abort, { once: true })
      work.then(resolve, reject).finally(() => {
        clearTimeout(timer)
        signal?.removeEventListener("abort", abort)
      })
      // The losing promise may still reject after the race is decided.
      work.catch(() => {})
    })

  const url = new URL(args.url)
  const doFetch = args.fetch ?? globalThis.fetch.bind(globalThis)
  let response: Response
  try {
    response = await bounded(
      doFetch(args.url, {
        method: args.method ?? "POST",
        headers: args.headers,
        ...(args.body !== undefined ? { body: JSON.stringify(args.body) } : {}),
        signal: controller.signal,
        redirect: "manual",
        // The key goes to the provider and nowhere else: no referrer, no cookies of its site.
        credentials: "omit",
        referrerPolicy: "no-referrer",
      }),
      "before answering",
    )
  } catch (error) {
    close()
    if (error instanceof ProviderError) throw error
    throw new ProviderError(
      redact(
        `Could not reach ${url.origin}: ${(error as Error)?.message ?? String(error)}. Check the base URL and that the service is running.`,
        args.secrets,
      ),
      { kind: "network", retryable: true },
    )
  }

  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    close()
    throw redirectError(url.origin, response.status)
  }

  const maxBytes = args.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  const readAll = async (): Promise<string> => {
    const chunks: Array<string> = []
    for await (const piece of text()) chunks.push(piece)
    return chunks.join("")
  }

  async function* text(): AsyncGenerator<string> {
    if (response.body === null) return
    reader = response.body.getReader()
    const decoder = new TextDecoder()
    let received = 0
    try {
      while (true) {
        let step: ReadableStreamReadResult<Uint8Array>
        try {
          step = await bounded(reader.read(), "while streaming")
        } catch (error) {
          if (error instanceof ProviderError) throw error
          throw new ProviderError(redact(`The connection broke mid-stream: ${(error as Error)?.message ?? String(error)}.`, args.secrets), {
            kind: "stream",
            retryable: true,
          })
        }
        if (step.done) break
        received += step.value.byteLength
        if (received > maxBytes) throw tooLargeError(maxBytes)
        const piece = decoder.decode(step.value, { stream: true })
        if (piece !== "") yield piece
      }
      const rest = decoder.decode()
      if (rest !== "") yield rest
    } finally {
      close()
    }
  }

  if (!response.ok) {
    const error = await httpError(response, url.host, args.secrets, readAll)
    close()
    throw error
  }
  return { response, text, close }
}

/** Opens one streamed turn: the request's own arguments, its caller's signal and the stream options. */
export const openStream = (
  args: Pick<RequestArgs, "url" | "headers" | "body" | "secrets">,
  signal: AbortSignal | undefined,
  options: StreamOptions = {},
): Promise<OpenResponse> => openRequest({ ...args, ...options, ...(signal ? { signal } : {}) })

/**
 * An event stream that is not one: some services (LM Studio) answer a failed request with a
 * 2xx and a JSON error body. Read as SSE it would look like a stream cut after no events and
 * be retried in vain; here its first character gives it away and it fails at once, with the
 * service's own message.
 */
export const eventStreamOnly = (open: OpenResponse, host: string, secrets: ReadonlyArray<string | undefined>): OpenResponse => ({
  ...open,
  async *text() {
    const pieces = open.text()
    let head = ""
    for await (const piece of pieces) {
      head += piece
      const first = head.trimStart()[0]
      if (first === undefined) continue
      if (first === "{" || first === "[") {
        for await (const more of pieces) head += more
        const error = /"error"\s*:/.test(head) ? errorBodyMessage(head) : ""
        const what = error ? `an error: ${error}` : `a JSON body (${errorBodyMessage(head).slice(0, 120)})`
        throw new ProviderError(redact(`${host} answered HTTP ${open.response.status} with ${what} instead of an event stream.`, secrets), {
          kind: "http",
          status: open.response.status,
          retryable: false,
        })
      }
      yield head
      yield* pieces
      return
    }
  },
})

/** JSON, and the key as a bearer token when there is one (OpenAI and the services that speak it; a proxy in front of Ollama). */
export const bearerHeaders = (config: ProviderConfig): Record<string, string> => ({
  "content-type": "application/json",
  ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
})

/** Reads a whole JSON response (model lists) under the same rules. */
export const requestJson = async (args: RequestArgs): Promise<unknown> => {
  const open = await openRequest(args)
  let body = ""
  try {
    for await (const piece of open.text()) body += piece
  } finally {
    open.close()
  }
  try {
    return JSON.parse(body) as unknown
  } catch {
    throw new ProviderError(`${new URL(args.url).host} answered with something that is not JSON: ${errorBodyMessage(body).slice(0, 120)}`, {
      kind: "protocol",
      retryable: false,
    })
  }
}

/** The error for a stream that ended before its protocol's terminator. */
export const cutOffError = (events: number, terminator: string): ProviderError =>
  new ProviderError(
    `The stream was cut off after ${events} event${events === 1 ? "" : "s"}, before ${terminator}; the answer is incomplete.`,
    {
      kind: "stream",
      retryable: true,
    },
  )

export const malformedChunkError = (events: number, data: string): ProviderError =>
  new ProviderError(
    `The model service sent a malformed chunk (event ${events + 1} is not valid JSON: ${data.length > 80 ? `${data.slice(0, 80)}…` : data}).`,
    { kind: "protocol", retryable: false },
  )

export const joinUrl = (baseUrl: string, path: string): string => `${baseUrl.replace(/\/+$/, "")}${path}`
