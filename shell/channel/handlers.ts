/**
 * The supervisor's side of the message contract (schemas/channel.ts): one typed handler per
 * method, and the one decode of a request where it is received — the page channel's server for
 * pages, `serveInProcess` for the offscreen document's own `agent`. Handlers get their
 * parameters decoded and never decode them again.
 */
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ChannelRequest, type ChannelMethod, type ChannelParams } from "../../schemas/channel.ts"
import type { MeshOutcome, MeshTransport } from "../agent-api.ts"
import { countCodec } from "../../schemas/codec-count.ts"

export type Handlers = {
  readonly [M in ChannelMethod]: (params: ChannelParams[M], signal: AbortSignal | undefined) => MeshOutcome | Promise<MeshOutcome>
}

const decodeChannelRequest = Schema.decodeUnknownExit(ChannelRequest)
export const decodeRequest = (raw: unknown) => {
  countCodec("offscreen:channel.request")
  return decodeChannelRequest(raw)
}

/** Runs the handler of the request's method. */
export const dispatch = async <M extends ChannelMethod>(
  handlers: Handlers,
  request: { readonly method: M; readonly params: ChannelParams[M] },
  signal?: AbortSignal,
): Promise<MeshOutcome> => handlers[request.method](request.params, signal)

/** A transport for callers in the supervisor's own document: each request decoded once, like a page's. */
export const serveInProcess = (handlers: Handlers, onEvent: MeshTransport["onEvent"]): MeshTransport => ({
  async request(method, params, signal) {
    const decoded = decodeRequest({ type: "request", id: "", method, ...(params === undefined ? {} : { params }) })
    if (Exit.isFailure(decoded)) return { ok: false, error: { code: "invalid_input", message: `${method}: ${String(decoded.cause)}` } }
    const request = decoded.value
    return request.type === "request" ? dispatch(handlers, request, signal) : { ok: true, value: null }
  },
  onEvent,
})
