/**
 * The supervisor's side of the message contract (schemas/channel.ts): one typed handler per
 * method, and the one decode of a request where it is received — the page channel's server for
 * pages, `serveInProcess` for the offscreen document's own `agent`. Handlers get their
 * parameters decoded and never decode them again; `tools.call` gets the named tool's arguments
 * decoded too, by the tool's own parameter schema, in the same decode as its request.
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ChannelRequest, toolsCallRequest, type ChannelMethod, type ChannelParams, type ReplyOf } from "../../../schemas/channel.ts"
import { toWire, UnknownTool, type Outcome, type WireError } from "../../../schemas/errors.ts"
import { issueLines, strictParse, type IssueLine } from "../../../schemas/primitives.ts"
import type { ToolDefinition } from "../../../schemas/tool-definition.ts"
import { argumentLimitError, argumentsOf, invalidArguments } from "../../../schemas/tool-input.ts"
import type { MeshTransport } from "../../client/transport.ts"
import { countCodec } from "../../../schemas/codec-count.ts"

/** A `tools.call` as its handler gets it: the tool, and its arguments decoded by the tool's parameters. */
export interface ToolCallRequest {
  readonly definition: ToolDefinition
  readonly params: unknown
  readonly conversationId?: string
  readonly timeoutMs?: number
}

type HandlerParams = { readonly [M in ChannelMethod]: M extends "tools.call" ? ToolCallRequest : ChannelParams[M] }

/** Each method's handler, which answers with the contract's reply type. */
export type Handlers = {
  readonly [M in ChannelMethod]: (
    params: HandlerParams[M],
    signal: AbortSignal | undefined,
  ) => Outcome<ReplyOf<M>> | Promise<Outcome<ReplyOf<M>>>
}

export type DecodedRequest =
  | {
      [M in ChannelMethod]: { readonly type: "request"; readonly id: string; readonly method: M; readonly params: HandlerParams[M] }
    }[ChannelMethod]
  | { readonly type: "cancel"; readonly id: string }

export type Decoded =
  | { readonly ok: true; readonly request: DecodedRequest }
  /** The request itself is malformed: `problem` says how, for the receiver to word. */
  | { readonly ok: false; readonly problem: string }
  /** A well-formed request whose call cannot run: the error to reply with. */
  | { readonly ok: false; readonly error: WireError }

/** Decodes one request, once; a tool's definition is looked up by the name the request gives. */
export type RequestDecoder = (raw: unknown) => Decoded

const decodeChannelRequest = Schema.decodeUnknownExit(ChannelRequest)

const linesOf = (cause: Cause.Cause<Schema.SchemaError>): ReadonlyArray<IssueLine> => {
  const error = cause.reasons.find(Cause.isFailReason)?.error
  return error ? issueLines(error.issue) : []
}

/** Where a tool's arguments sit in a `tools.call` request: `params.params`. */
const ARGUMENTS_DEPTH = 2
const inArguments = (line: IssueLine) => line.segments[0] === "params" && line.segments[1] === "params"
const fromArguments = (line: IssueLine): IssueLine => {
  const segments = line.segments.slice(ARGUMENTS_DEPTH)
  return { ...line, segments, path: segments.join(".") }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

export const requestDecoder = (toolNamed: (name: string) => ToolDefinition | undefined): RequestDecoder => {
  const toolDecoders = new WeakMap<
    ToolDefinition,
    (raw: unknown) => Exit.Exit<Schema.Schema.Type<ReturnType<typeof toolsCallRequest>>, Schema.SchemaError>
  >()
  const toolDecoder = (definition: ToolDefinition) => {
    let decode = toolDecoders.get(definition)
    if (decode === undefined) {
      const codec = toolsCallRequest(definition.parameters) as unknown as Schema.Codec<
        Schema.Schema.Type<ReturnType<typeof toolsCallRequest>>,
        unknown
      >
      const decodeExit = Schema.decodeUnknownExit(codec)
      decode = (raw) => decodeExit(raw, strictParse)
      toolDecoders.set(definition, decode)
    }
    return decode
  }

  /** A call of a known tool: its request and its arguments in one decode. */
  const decodeToolCall = (raw: Record<string, unknown>, call: Record<string, unknown>, definition: ToolDefinition): Decoded => {
    // Before decoding, which walks the value recursively (as every later clone does).
    const tooBig = argumentLimitError(definition.name, call.params)
    if (tooBig) return { ok: false, error: toWire(tooBig) }
    const input =
      call.params === undefined || call.params === null ? { ...raw, params: { ...call, params: argumentsOf(call.params) } } : raw
    countCodec("offscreen:channel.request")
    const decoded = toolDecoder(definition)(input)
    if (Exit.isFailure(decoded)) {
      const lines = linesOf(decoded.cause)
      // The request's own fields first, as for any method: a call that is malformed is not judged by its tool.
      const outside = lines.filter((line) => !inArguments(line))
      if (outside.length > 0 || lines.length === 0)
        return {
          ok: false,
          problem: outside.map((l) => (l.path ? `${l.path}: ${l.message}` : l.message)).join("; ") || String(decoded.cause),
        }
      return { ok: false, error: toWire(invalidArguments(definition.name, lines.map(fromArguments))) }
    }
    const { id, params } = decoded.value
    const { name: _name, params: args, ...options } = params
    return { ok: true, request: { type: "request", id, method: "tools.call", params: { definition, params: args, ...options } } }
  }

  return (raw) => {
    if (isRecord(raw) && raw.type === "request" && raw.method === "tools.call" && isRecord(raw.params)) {
      const call = raw.params
      const definition = typeof call.name === "string" ? toolNamed(call.name) : undefined
      if (definition !== undefined) return decodeToolCall(raw, call, definition)
    }
    // Any other request, and a call of no known tool (whose name and options are still checked first, as for any).
    countCodec("offscreen:channel.request")
    const decoded = decodeChannelRequest(raw)
    if (Exit.isFailure(decoded)) return { ok: false, problem: String(decoded.cause) }
    const request = decoded.value
    if (request.type === "request" && request.method === "tools.call")
      return { ok: false, error: toWire(new UnknownTool({ tool: request.params.name })) }
    return { ok: true, request: request as DecodedRequest }
  }
}

/** Runs the handler of the request's method. */
export const dispatch = async <M extends ChannelMethod>(
  handlers: Handlers,
  request: { readonly method: M; readonly params: HandlerParams[M] },
  signal?: AbortSignal,
): Promise<Outcome<ReplyOf<M>>> => handlers[request.method](request.params, signal)

/** A transport for callers in the supervisor's own document: each request decoded once, like a page's. */
export const serveInProcess = (handlers: Handlers, decode: RequestDecoder, onEvent: MeshTransport["onEvent"]): MeshTransport => ({
  async request(method, params, signal) {
    const decoded = decode({ type: "request", id: "", method, ...(params === undefined ? {} : { params }) })
    if (!decoded.ok)
      return { ok: false, error: "error" in decoded ? decoded.error : { code: "invalid_input", message: `${method}: ${decoded.problem}` } }
    const request = decoded.request
    if (request.type !== "request") return { ok: false, error: { code: "invalid_input", message: `${method}: not a request` } }
    // The handler the decode picked is `method`'s, which Handlers types by the contract's reply.
    return (await dispatch(handlers, request, signal)) as Outcome<ReplyOf<typeof method>>
  },
  onEvent,
})
