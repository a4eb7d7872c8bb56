/**
 * A page's end of the channel to the supervisor. It asks the service worker to make sure the
 * offscreen document exists, connects a Port to it, and reconnects on the next request if the
 * document went away (calls in flight at that moment fail with `unavailable`).
 */
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { CHANNEL_PORT_NAME, ChannelEvents, type ChannelMethod, type ChannelReply, type ReplyOf } from "../../schemas/channel.ts"
import type { Outcome, WireError } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import { portEndpoint, type PortEndpoint } from "./port-endpoint.ts"
import { callRouter } from "./router-client.ts"
import type { MeshTransport } from "./transport.ts"
import { countCodec } from "../../schemas/codec-count.ts"

const decodeEvents = Schema.decodeUnknownExit(ChannelEvents)

export class ChannelClient implements MeshTransport {
  private endpoint: PortEndpoint | undefined
  private connecting: Promise<PortEndpoint> | undefined
  private readonly pending = new Map<string, (outcome: Outcome<unknown>) => void>()
  private readonly listeners = new Set<(event: MeshEvent) => void>()
  private readonly disconnectListeners = new Set<() => void>()
  private counter = 0

  onEvent(listener: (event: MeshEvent) => void): () => void {
    this.listeners.add(listener)
    void this.connect().catch(() => undefined)
    return () => this.listeners.delete(listener)
  }

  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener)
    return () => this.disconnectListeners.delete(listener)
  }

  async request<M extends ChannelMethod>(method: M, params?: unknown, signal?: AbortSignal): Promise<Outcome<ReplyOf<M>>> {
    if (signal?.aborted) return { ok: false, error: { code: "cancelled", message: `${method} was cancelled.` } }
    let endpoint: PortEndpoint
    try {
      endpoint = await this.connect()
    } catch (error) {
      return { ok: false, error: { code: "unavailable", message: `The agent's supervisor could not be reached: ${String(error)}` } }
    }
    const id = `r${++this.counter}`
    const outcome = await new Promise<Outcome<unknown>>((resolve) => {
      const onAbort = () => endpoint.send({ type: "cancel", id })
      this.pending.set(id, (outcome) => {
        signal?.removeEventListener("abort", onAbort)
        resolve(outcome)
      })
      signal?.addEventListener("abort", onAbort, { once: true })
      try {
        endpoint.send({ type: "request", id, method, ...(params === undefined ? {} : { params }) })
      } catch (cause) {
        // A request the Port refuses is an error at the caller, never a silent wait.
        this.pending.delete(id)
        signal?.removeEventListener("abort", onAbort)
        resolve({ ok: false, error: { code: "send_failed", message: `${method} could not be sent to the supervisor: ${String(cause)}` } })
      }
    })
    // The door's one assertion: the hub's handler of `method` is typed by the contract's reply
    // type, and the Port joins two of the extension's own documents (schemas/channel.ts).
    return outcome as Outcome<ReplyOf<M>>
  }

  private connect(): Promise<PortEndpoint> {
    if (this.endpoint) return Promise.resolve(this.endpoint)
    this.connecting ??= (async () => {
      const ensured = await callRouter("mesh.ensure")
      if (!ensured.ok) throw new Error(ensured.error.message)
      const endpoint = portEndpoint(chrome.runtime.connect({ name: CHANNEL_PORT_NAME }))
      endpoint.onMessage((message) => this.receive(message))
      endpoint.onDisconnect(() => {
        if (this.endpoint === endpoint) this.endpoint = undefined
        const lost: WireError = {
          code: "unavailable",
          message: "The connection to the agent's supervisor was lost (the offscreen document closed); try again.",
        }
        for (const settle of this.pending.values()) settle({ ok: false, error: lost })
        this.pending.clear()
        // A copy: a listener may unsubscribe while they run.
        for (const listener of Array.from(this.disconnectListeners)) listener()
        // Event listeners expect a live stream: reconnect for them.
        if (this.listeners.size > 0) setTimeout(() => void this.connect().catch(() => undefined), 100)
      })
      this.endpoint = endpoint
      return endpoint
    })().finally(() => (this.connecting = undefined))
    return this.connecting
  }

  private receive(raw: unknown): void {
    // Sent by the channel server of the extension's offscreen document, as ChannelReply types it:
    // of its messages only the events are decoded here (schemas/channel.ts says why).
    const message = raw as ChannelReply
    if (message.type === "events") {
      countCodec("page:channel.events")
      const decoded = decodeEvents(message.events)
      if (Exit.isFailure(decoded)) return console.warn("agent-mesh: dropped malformed events from the supervisor")
      // A copy: a listener may unsubscribe while they run (agent.chat() does at run_finished).
      const listeners = Array.from(this.listeners)
      for (const event of decoded.value) for (const listener of listeners) if (this.listeners.has(listener)) listener(event)
      return
    }
    const settle = this.pending.get(message.id)
    if (!settle) return
    this.pending.delete(message.id)
    settle(message.ok ? { ok: true, value: message.value } : { ok: false, error: message.error })
  }
}
