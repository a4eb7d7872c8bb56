/**
 * A scripted local model server for tests, speaking the real wire formats: OpenAI Chat
 * Completions (SSE ending in `data: [DONE]`), Anthropic Messages (SSE with `event:` lines) and
 * Ollama's native chat (NDJSON), plus their model listings. Each chat request takes the next
 * scripted step: a recorded fixture replayed as it is, an answer synthesized the way the real
 * service chunks it, or a fault (an HTTP error, a cut connection, a stall, a delay).
 *
 * Two ways in:
 * - `startModelServer()` — its own node http server on 127.0.0.1 (end-to-end tests);
 * - `modelServerMiddleware()` — koa-style middleware for web-test-runner, mounted at `/__model/`,
 *   so unit tests in Chromium share one instance: `POST /__model/__script` with the steps as
 *   JSON opens a fresh session (answered at `/__model/@<session>/...` and, until the next
 *   script, at `/__model/...`); `GET /__model/__requests` (or `/__model/@<session>/__requests`)
 *   returns the request log.
 */
import http from "node:http"
import { readFile } from "node:fs/promises"

const FIXTURES = new URL("../fixtures/llm/", import.meta.url)

/**
 * @typedef {{ inputTokens?: number, outputTokens?: number, cachedInputTokens?: number, cacheWriteTokens?: number }} StepUsage
 * @typedef {{ id?: string, name: string, arguments?: unknown }} StepToolCall
 * @typedef {object} Answer
 * @property {string | string[]} [text] the answer; an array is sent as exactly those deltas
 * @property {string | string[]} [reasoning] reasoning (OpenAI `reasoning_content`, Anthropic thinking block, Ollama `thinking`)
 * @property {string} [signature] Anthropic thinking signature (default derived from the reasoning)
 * @property {string} [redactedThinking] Anthropic: a `redacted_thinking` block with this data
 * @property {string | string[]} [refusal] OpenAI `delta.refusal`
 * @property {StepToolCall[]} [toolCalls]
 * @property {string} [finish] the stop reason in the protocol's own words (`length`, `max_tokens`, ...)
 * @property {StepUsage} [usage]
 * @property {{ type?: string, message: string, code?: number }} [streamError] an error sent inside the stream instead of its end
 * @typedef {object} Faults
 * @property {number} [cutAfter] the connection ends after this many events, without the terminator
 * @property {number} [stallAfter] sends this many events, then goes silent until the client leaves
 * @property {number} [delayMs] waits this long before answering (stops waiting if the client leaves)
 * @property {number} [durationMs] spreads the answer's events evenly over about this long (a model's pace)
 * @property {{ name: string, count: number }} [gate] holds the answer until `count` requests for steps
 *   of the same gate have arrived, so a test can show that parallel agents' requests overlap
 * @typedef {Answer & Faults & { fixture?: string, raw?: string[], fallback?: boolean, when?: string }} AnswerStep
 *   `raw`: events written exactly as given (for services' odd shapes no fixture records);
 *   `when`: the step answers only a request whose first user message (an agent's task) contains
 *   this text, so parallel agents can be scripted apart; other steps are taken in order
 * @typedef {{ status: number, headers?: Record<string, string>, body?: unknown, delayMs?: number, fallback?: boolean }} ErrorStep
 * @typedef {AnswerStep | ErrorStep} Step
 * @typedef {{ method: string, path: string, headers: Record<string, string | string[] | undefined>, body: any, at: number, status?: number, clientClosed?: boolean, lastByteAt?: number }} LoggedRequest
 *   `lastByteAt`: when the answer's last event was written (Date.now())
 * @typedef {{ refuseExtensionOrigins?: boolean, models?: string[] | null, requireKey?: string, respond?: Responder, strict?: boolean }} SessionOptions
 *   `strict`: chat requests are refused (HTTP 400) as strict real servers refuse them (`strictProblem`)
 *   `models: null` makes the listings answer 404, like services that have none; `respond` picks
 *   the step from the request itself when no scripted step is queued (a model that follows the
 *   conversation, as the demo does), before the fallback
 * @typedef {(body: any, protocol: Protocol) => Step | undefined} Responder
 * @typedef {"openai" | "anthropic" | "ollama"} Protocol
 * @typedef {object} ModelServer a scripted model server on 127.0.0.1, as the tests drive it
 * @property {string} origin
 * @property {(kind: Protocol) => string} baseUrl the base URL a provider of that protocol is given
 * @property {(steps: Step[]) => void} script the answers of the next requests, in order
 * @property {LoggedRequest[]} requests every request so far
 * @property {() => Record<string, number>} gateCounts how many requests reached each gate
 * @property {(name: string) => void} openGate lets every request held at that gate through
 * @property {() => Promise<void>} close
 */

/** @type {AnswerStep} */
const DEFAULT_FALLBACK = { text: "This is a scripted answer." }

class Session {
  /** @param {SessionOptions} options */
  constructor(options = {}) {
    this.options = options
    /** @type {Step[]} */
    this.queue = []
    /** @type {Step} */
    this.fallback = DEFAULT_FALLBACK
    /** @type {LoggedRequest[]} */
    this.requests = []
    this.counter = 0
    /** @type {Map<string, { arrived: number, open: Promise<void>, release: () => void }>} */
    this.gates = new Map()
  }

  /** @param {Step[]} steps */
  script(steps) {
    for (const step of steps) {
      if (step.fallback) this.fallback = { ...step, fallback: false }
      else this.queue.push(step)
    }
  }

  /**
   * Resolves once `gate.count` requests have reached the gate (or this client left).
   * @param {{ name: string, count: number }} gate @param {Promise<void>} closed
   */
  passGate(gate, closed) {
    const entry = this.gate(gate.name)
    entry.arrived += 1
    if (entry.arrived >= gate.count) entry.release()
    return Promise.race([entry.open, closed])
  }

  /** Lets every request held at this gate (and any that comes later) through, whatever its count. */
  openGate(/** @type {string} */ name) {
    this.gate(name).release()
  }

  /** @param {string} name */
  gate(name) {
    let entry = this.gates.get(name)
    if (entry === undefined) {
      /** @type {() => void} */
      let release = () => undefined
      const open = new Promise((resolve) => (release = () => resolve(undefined)))
      entry = { arrived: 0, open, release }
      this.gates.set(name, entry)
    }
    return entry
  }

  /** How many requests reached each gate. */
  gateCounts() {
    return Object.fromEntries([...this.gates].map(([name, g]) => [name, g.arrived]))
  }

  /** @param {unknown} body @param {Protocol} protocol @returns {Step} */
  next(body, protocol) {
    const task = firstUserMessage(body)
    const at = this.queue.findIndex((step) => !("when" in step) || step.when === undefined || task.includes(step.when))
    return (at < 0 ? undefined : this.queue.splice(at, 1)[0]) ?? this.options.respond?.(body, protocol) ?? this.fallback
  }
}

/** The first user message of a chat request in any of the three formats, as text. */
const firstUserMessage = (/** @type {any} */ body) => {
  const messages = Array.isArray(body?.messages) ? body.messages : []
  const first = messages.find((/** @type {any} */ m) => m?.role === "user")
  if (first === undefined) return ""
  return typeof first.content === "string" ? first.content : JSON.stringify(first.content)
}

/** @param {http.IncomingMessage} req */
const readBody = (req) =>
  new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on("data", (c) => chunks.push(c))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/** @param {string} text */
const parseJson = (text) => {
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** @param {string} path @returns {{ protocol: Protocol, kind: "chat" | "models" } | undefined} */
const routeOf = (path) => {
  if (path.endsWith("/chat/completions")) return { protocol: "openai", kind: "chat" }
  if (path.endsWith("/messages")) return { protocol: "anthropic", kind: "chat" }
  if (path.endsWith("/api/chat")) return { protocol: "ollama", kind: "chat" }
  if (path.endsWith("/api/tags")) return { protocol: "ollama", kind: "models" }
  if (path.endsWith("/models")) return { protocol: "openai", kind: "models" }
  return undefined
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
}

/** Words with their trailing space, so text arrives in several deltas as services send it. */
const pieces = (/** @type {string | string[] | undefined} */ value) =>
  value === undefined ? [] : Array.isArray(value) ? value : (value.match(/\S+\s*|\s+/g) ?? [])

/** Tool arguments as fragments of a few characters, cut mid-token as real streams do. */
const fragments = (/** @type {string} */ json, size = 7) => {
  const out = []
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size))
  return out
}

/** @param {unknown} data @param {string} [event] */
const sse = (data, event) => `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`

/** @param {AnswerStep} step @param {any} body @param {number} n */
const synthesizeOpenAi = (step, body, n) => {
  const base = {
    id: `chatcmpl-scripted${n}`,
    object: "chat.completion.chunk",
    created: 1700000000 + n,
    model: body?.model ?? "test-model",
    system_fingerprint: null,
  }
  const chunk = (/** @type {object} */ delta, /** @type {string | null} */ finish = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  })
  const events = [sse(chunk({ role: "assistant", content: "", refusal: null }))]
  for (const piece of pieces(step.reasoning)) events.push(sse(chunk({ content: null, reasoning_content: piece })))
  for (const piece of pieces(step.text)) events.push(sse(chunk({ content: piece })))
  for (const piece of pieces(step.refusal)) events.push(sse(chunk({ refusal: piece })))
  ;(step.toolCalls ?? []).forEach((call, index) => {
    events.push(
      sse(
        chunk({
          tool_calls: [
            { index, id: call.id ?? `call_scripted${n}_${index}`, type: "function", function: { name: call.name, arguments: "" } },
          ],
        }),
      ),
    )
    const json = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {})
    for (const part of fragments(json)) events.push(sse(chunk({ tool_calls: [{ index, function: { arguments: part } }] })))
  })
  if (step.streamError) {
    events.push(
      sse({
        error: { message: step.streamError.message, type: step.streamError.type ?? "server_error", code: step.streamError.code ?? null },
      }),
    )
    return events
  }
  events.push(sse(chunk({}, step.finish ?? (step.toolCalls?.length ? "tool_calls" : "stop"))))
  // Like OpenAI: usage comes in a last chunk with no choices, and only when asked for.
  if (body?.stream_options?.include_usage) {
    const u = usageOf(step)
    events.push(
      sse({
        ...base,
        choices: [],
        usage: {
          prompt_tokens: u.inputTokens,
          completion_tokens: u.outputTokens,
          total_tokens: u.inputTokens + u.outputTokens,
          prompt_tokens_details: { cached_tokens: u.cachedInputTokens ?? 0 },
        },
      }),
    )
  }
  events.push(sse("[DONE]"))
  return events
}

/** @param {AnswerStep} step */
const usageOf = (step) => ({ inputTokens: 12, outputTokens: 7, ...step.usage })

/** @param {AnswerStep} step @param {any} body @param {number} n */
const synthesizeAnthropic = (step, body, n) => {
  const u = usageOf(step)
  const events = [
    sse(
      {
        type: "message_start",
        message: {
          id: `msg_scripted${n}`,
          type: "message",
          role: "assistant",
          model: body?.model ?? "test-model",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: u.inputTokens,
            cache_creation_input_tokens: u.cacheWriteTokens ?? 0,
            cache_read_input_tokens: u.cachedInputTokens ?? 0,
            output_tokens: 1,
          },
        },
      },
      "message_start",
    ),
  ]
  let index = 0
  const block = (/** @type {object} */ start, /** @type {object[]} */ deltas) => {
    events.push(sse({ type: "content_block_start", index, content_block: start }, "content_block_start"))
    for (const delta of deltas) events.push(sse({ type: "content_block_delta", index, delta }, "content_block_delta"))
    events.push(sse({ type: "content_block_stop", index }, "content_block_stop"))
    index++
  }
  if (step.reasoning !== undefined) {
    const text = pieces(step.reasoning)
    const signature = step.signature ?? Buffer.from(`scripted-signature:${text.join("")}`).toString("base64")
    block({ type: "thinking", thinking: "", signature: "" }, [
      ...text.map((thinking) => ({ type: "thinking_delta", thinking })),
      { type: "signature_delta", signature },
    ])
  }
  if (step.redactedThinking !== undefined) block({ type: "redacted_thinking", data: step.redactedThinking }, [])
  events.push(sse({ type: "ping" }, "ping"))
  if (step.text !== undefined)
    block(
      { type: "text", text: "" },
      pieces(step.text).map((text) => ({ type: "text_delta", text })),
    )
  ;(step.toolCalls ?? []).forEach((call, i) => {
    const json = typeof call.arguments === "string" ? call.arguments : call.arguments === undefined ? "" : JSON.stringify(call.arguments)
    block({ type: "tool_use", id: call.id ?? `toolu_scripted${n}_${i}`, name: call.name, input: {} }, [
      { type: "input_json_delta", partial_json: "" },
      ...fragments(json).map((partial_json) => ({ type: "input_json_delta", partial_json })),
    ])
  })
  if (step.streamError) {
    events.push(
      sse({ type: "error", error: { type: step.streamError.type ?? "overloaded_error", message: step.streamError.message } }, "error"),
    )
    return events
  }
  const stop = step.finish ?? (step.toolCalls?.length ? "tool_use" : "end_turn")
  events.push(
    sse(
      { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: u.outputTokens } },
      "message_delta",
    ),
  )
  events.push(sse({ type: "message_stop" }, "message_stop"))
  return events
}

/** @param {AnswerStep} step @param {any} body */
const synthesizeOllama = (step, body) => {
  const u = usageOf(step)
  const line = (/** @type {object} */ fields) =>
    `${JSON.stringify({ model: body?.model ?? "test-model", created_at: new Date().toISOString(), ...fields })}\n`
  const events = []
  for (const thinking of pieces(step.reasoning)) events.push(line({ message: { role: "assistant", content: "", thinking }, done: false }))
  for (const content of pieces(step.text)) events.push(line({ message: { role: "assistant", content }, done: false }))
  if (step.toolCalls?.length) {
    const calls = step.toolCalls.map((call) => ({
      ...(call.id ? { id: call.id } : {}),
      function: { name: call.name, ...(call.arguments !== undefined ? { arguments: call.arguments } : {}) },
    }))
    events.push(line({ message: { role: "assistant", content: "", tool_calls: calls }, done: false }))
  }
  if (step.streamError) {
    events.push(`${JSON.stringify({ error: step.streamError.message })}\n`)
    return events
  }
  events.push(
    line({
      message: { role: "assistant", content: "" },
      done_reason: step.finish ?? "stop",
      done: true,
      total_duration: 1000000,
      prompt_eval_count: u.inputTokens,
      eval_count: u.outputTokens,
    }),
  )
  return events
}

/**
 * A recorded stream as a list of events: raw SSE files split at their blank lines, JSON-lines
 * captures wrapped in the request's protocol.
 * @param {string} name @param {Protocol} protocol
 */
const fixtureEvents = async (name, protocol) => {
  const url = new URL(name, FIXTURES)
  if (!url.href.startsWith(FIXTURES.href)) throw new Error(`fixture outside the fixtures folder: ${name}`)
  const text = await readFile(url, "utf8")
  if (name.endsWith(".chunks.jsonl") || name.endsWith(".ndjson")) {
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "")
    if (protocol === "ollama") return lines.map((l) => `${l}\n`)
    if (protocol === "anthropic") return lines.map((l) => sse(l, JSON.parse(l).type))
    return [...lines.map((l) => sse(l)), sse("[DONE]")]
  }
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== "")
    .map((block) => `${block.replace(/\r\n/g, "\n")}\n\n`)
}

/** @param {number} ms @param {Promise<void>} closed */
const wait = (ms, closed) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    void closed.then(() => {
      clearTimeout(timer)
      resolve(undefined)
    })
  })

/** @param {Session} session @param {http.IncomingMessage} req @param {Protocol} protocol */
const keyProblem = (session, req, protocol) => {
  const required = session.options.requireKey
  if (!required) return undefined
  const presented =
    protocol === "anthropic" && req.headers["x-api-key"] !== undefined
      ? String(req.headers["x-api-key"])
      : String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "")
  if (presented === required) return undefined
  // Echoes the whole presented key, harsher than the real services, to prove clients redact it.
  if (protocol === "anthropic")
    return { type: "error", error: { type: "authentication_error", message: `invalid x-api-key: ${presented}` } }
  if (protocol === "ollama") return { error: `unauthorized key ${presented}` }
  return {
    error: { message: `Incorrect API key provided: ${presented}.`, type: "invalid_request_error", param: null, code: "invalid_api_key" },
  }
}

const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/

/** @param {unknown} value */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * What a strict server refuses in a chat request's history, as it says it: vLLM re-parses every
 * replayed `function.arguments` and needs a JSON object; LM Studio needs non-empty call ids;
 * Anthropic needs unique `tool_use` ids matching its pattern, each answered by a `tool_result`
 * in the next message, and inputs that are objects; Ollama needs arguments that are objects.
 * @param {any} body @param {Protocol} protocol @returns {string | undefined}
 */
export const strictProblem = (body, protocol) => {
  const messages = Array.isArray(body?.messages) ? body.messages : []
  if (protocol === "anthropic") {
    const seen = new Set()
    for (const [i, message] of messages.entries()) {
      if (!Array.isArray(message?.content)) continue
      for (const [j, block] of message.content.entries()) {
        if (block?.type !== "tool_use") continue
        const at = `messages.${i}.content.${j}`
        if (typeof block.id !== "string" || !ANTHROPIC_ID.test(block.id))
          return `${at}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`
        if (seen.has(block.id)) return `${at}: \`tool_use\` ids must be unique`
        seen.add(block.id)
        if (!isObject(block.input)) return `${at}.tool_use.input: Input should be a valid dictionary`
        const next = messages[i + 1]
        const answered =
          Array.isArray(next?.content) &&
          next.content.some((/** @type {any} */ b) => b?.type === "tool_result" && b.tool_use_id === block.id)
        if (!answered) return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${block.id}`
      }
    }
    return undefined
  }
  for (const [i, message] of messages.entries()) {
    for (const [j, call] of (Array.isArray(message?.tool_calls) ? message.tool_calls : []).entries()) {
      const args = call?.function?.arguments
      if (protocol === "ollama") {
        if (!isObject(args))
          return `messages[${i}].tool_calls[${j}].function.arguments: cannot unmarshal into Go value of type api.ToolCallFunctionArguments`
        continue
      }
      if (typeof call?.id !== "string" || call.id === "")
        return `messages[${i}].tool_calls[${j}].id: tool call id must be a non-empty string`
      let parsed
      try {
        parsed = JSON.parse(args)
      } catch (error) {
        return /** @type {Error} */ (error).message
      }
      if (!isObject(parsed)) return `messages[${i}].tool_calls[${j}].function.arguments: arguments must be a JSON object`
    }
  }
  return undefined
}

/** A strict server's refusal in its protocol's error shape. @param {string} message @param {Protocol} protocol */
const strictRefusal = (message, protocol) =>
  protocol === "anthropic"
    ? { type: "error", error: { type: "invalid_request_error", message } }
    : protocol === "ollama"
      ? { error: message }
      : { error: { message, type: "BadRequestError", param: null, code: 400 } }

/**
 * Serves one request for a session (path already stripped of any mount prefix).
 * @param {Session} session @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string} path
 */
const serve = async (session, req, res, path) => {
  /** @type {Promise<void>} */
  const closed = new Promise((resolve) => res.once("close", () => resolve()))
  const method = req.method ?? "GET"
  const refused = session.options.refuseExtensionOrigins && String(req.headers.origin ?? "").startsWith("chrome-extension://")
  if (method === "OPTIONS") {
    res.writeHead(refused ? 403 : 204, refused ? {} : CORS).end()
    return
  }
  const raw = await readBody(req)
  /** @type {LoggedRequest} */
  const entry = { method, path, headers: { ...req.headers }, body: parseJson(raw), at: Date.now() }
  session.requests.push(entry)
  void closed.then(() => {
    if (!res.writableFinished) entry.clientClosed = true
  })
  const reply = (/** @type {number} */ status, /** @type {unknown} */ body, /** @type {Record<string, string>} */ headers = {}) => {
    entry.status = status
    const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body)
    res.writeHead(status, { ...CORS, ...(typeof body === "object" ? { "content-type": "application/json" } : {}), ...headers })
    res.end(text)
  }

  // Like Ollama without OLLAMA_ORIGINS: an empty 403 for extension origins.
  if (refused) return reply(403, undefined)

  const route = routeOf(path)
  if (route === undefined) return reply(404, { error: { message: `The scripted model server has no route ${method} ${path}.` } })
  const protocol = route.kind === "models" && req.headers["anthropic-version"] !== undefined ? "anthropic" : route.protocol
  const denied = keyProblem(session, req, protocol)
  if (denied) return reply(401, denied)

  if (route.kind === "models") {
    if (method !== "GET") return reply(405, { error: { message: "use GET" } })
    if (session.options.models === null) return reply(404, { error: { message: "This server lists no models." } })
    const models = session.options.models ?? ["test-model", "test-model-mini"]
    if (route.protocol === "ollama") {
      return reply(200, {
        models: models.map((name) => ({ name, model: name, modified_at: "2025-01-01T00:00:00Z", size: 1, digest: "0", details: {} })),
      })
    }
    if (protocol === "anthropic") {
      const data = models.map((id) => ({ type: "model", id, display_name: id, created_at: "2025-01-01T00:00:00Z" }))
      return reply(200, { data, has_more: false, first_id: models[0] ?? null, last_id: models[models.length - 1] ?? null })
    }
    return reply(200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 1700000000, owned_by: "scripted" })) })
  }

  if (method !== "POST") return reply(405, { error: { message: "use POST" } })
  const problem = session.options.strict ? strictProblem(entry.body, protocol) : undefined
  if (problem !== undefined) return reply(400, strictRefusal(problem, protocol))
  const step = session.next(entry.body, protocol)
  const n = ++session.counter
  if ("gate" in step && step.gate) {
    await session.passGate(step.gate, closed)
    if (res.destroyed || res.writableEnded) return
  }
  if (step.delayMs) {
    await wait(step.delayMs, closed)
    if (res.destroyed || res.writableEnded) return
  }
  if ("status" in step && typeof step.status === "number") return reply(step.status, step.body, step.headers ?? {})

  /** @type {AnswerStep} */
  const answer = /** @type {AnswerStep} */ (step)
  /** @type {string[]} */
  let events
  try {
    if (answer.raw) events = answer.raw
    else if (answer.fixture) events = await fixtureEvents(answer.fixture, protocol)
    else if (protocol === "anthropic") events = synthesizeAnthropic(answer, entry.body, n)
    else if (protocol === "ollama") events = synthesizeOllama(answer, entry.body)
    else events = synthesizeOpenAi(answer, entry.body, n)
  } catch (error) {
    return reply(500, {
      error: { message: `The scripted model server could not build the answer: ${/** @type {Error} */ (error).message}` },
    })
  }
  const ndjson = protocol === "ollama" || answer.fixture?.endsWith(".ndjson")
  entry.status = 200
  res.writeHead(200, { ...CORS, "content-type": ndjson ? "application/x-ndjson" : "text/event-stream", "cache-control": "no-cache" })
  res.flushHeaders()
  const limit = Math.min(events.length, answer.cutAfter ?? answer.stallAfter ?? events.length)
  const startedAt = Date.now()
  for (let i = 0; i < limit; i++) {
    if (res.destroyed) return
    res.write(events[i])
    const ahead = answer.durationMs ? startedAt + ((i + 1) / limit) * answer.durationMs - Date.now() : 0
    // A turn of the event loop between events, so they reach the client as separate reads.
    await new Promise((resolve) => (ahead >= 1 ? setTimeout(resolve, ahead) : setImmediate(resolve)))
  }
  entry.lastByteAt = Date.now()
  if (answer.stallAfter !== undefined) await closed
  if (!res.destroyed) res.end()
}

/**
 * @param {SessionOptions} [options]
 * @returns {Promise<ModelServer>}
 */
export const startModelServer = async (options = {}) => {
  const session = new Session(options)
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    serve(session, req, res, path).catch((error) => {
      if (!res.headersSent) res.writeHead(500, CORS)
      res.end(String(error))
    })
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)))
  const address = /** @type {import("node:net").AddressInfo} */ (server.address())
  const origin = `http://127.0.0.1:${address.port}`
  return {
    origin,
    baseUrl: (kind) => (kind === "ollama" ? origin : `${origin}/v1`),
    script: (steps) => session.script(steps),
    requests: session.requests,
    gateCounts: () => session.gateCounts(),
    openGate: (/** @type {string} */ name) => session.openGate(name),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * web-test-runner (koa) middleware serving scripted sessions under `/__model/`.
 * `POST /__model/__script` takes the steps (an array, or `{ steps, models?, requireKey?,
 * refuseExtensionOrigins? }`) and answers `{ session, prefix }`.
 * @param {string} [mount]
 */
export const modelServerMiddleware = (mount = "/__model") => {
  /** @type {Map<string, Session>} */
  const sessions = new Map()
  let current = new Session()
  let count = 0
  /** @param {any} ctx @param {() => Promise<unknown>} next */
  return async function modelServer(ctx, next) {
    const path = /** @type {string} */ (ctx.path)
    if (path !== mount && !path.startsWith(`${mount}/`)) return next()
    let rest = path.slice(mount.length)
    let session = current
    const named = /^\/@([\w-]+)(\/.*|$)/.exec(rest)
    if (named) {
      const found = sessions.get(named[1] ?? "")
      if (found === undefined) {
        ctx.status = 404
        ctx.body = { error: { message: `no scripted session ${named[1]}` } }
        return
      }
      session = found
      rest = named[2] || "/"
    }
    if (rest === "/__script" && ctx.method === "POST") {
      const payload = parseJson(await readBody(ctx.req))
      const { steps = [], ...options } = Array.isArray(payload) ? { steps: payload } : (payload ?? {})
      const id = `s${++count}-${Math.random().toString(36).slice(2, 8)}`
      const fresh = new Session(options)
      fresh.script(steps)
      sessions.set(id, fresh)
      current = fresh
      ctx.body = { session: id, prefix: `${mount}/@${id}` }
      return
    }
    if (rest === "/__requests") {
      ctx.body = session.requests
      return
    }
    ctx.respond = false
    await serve(session, ctx.req, ctx.res, rest).catch((error) => {
      if (!ctx.res.headersSent) ctx.res.writeHead(500)
      ctx.res.end(String(error))
    })
  }
}
