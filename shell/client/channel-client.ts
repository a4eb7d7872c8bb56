/**
 * A page's end of the channel to the supervisor. It asks the service worker to make sure the
 * offscreen document exists, connects a Port to it, and reconnects on the next request if the
 * document went away (calls in flight at that moment fail with `unavailable`).
 */
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { CHANNEL_PORT_NAME, ChannelEvents, type ChannelReply } from "../../schemas/channel.ts"
import { inParts, PartJoiner } from "../../schemas/channel-parts.ts"
import type { WireError } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import type { MeshMethod, MeshOutcome, MeshTransport } from "./agent-api.ts"
import { callRouter } from "./router-client.ts"
import { countCodec } from "../../schemas/codec-count.ts"

const decodeEvents = Schema.decodeUnknownExit(ChannelEvents)

export class ChannelClient implements MeshTransport {
  private port: chrome.runtime.Port | undefined
  private connecting: Promise<chrome.runtime.Port> | undefined
  private readonly pending = new Map<string, (outcome: MeshOutcome) => void>()
  private readonly listeners = new Set<(event: MeshEvent) => void>()
  private readonly disconnectListeners = new Set<() => void>()
  private counter = 0
  /** Large messages arrive in parts (schemas/channel-parts.ts); one joiner per Port. */
  private joiner = new PartJoiner()

  onEvent(listener: (event: MeshEvent) => void): () => void {
    this.listeners.add(listener)
    void this.connect().catch(() => undefined)
    return () => this.listeners.delete(listener)
  }

  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener)
    return () => this.disconnectListeners.delete(listener)
  }

  async request(method: MeshMethod, params?: unknown, signal?: AbortSignal): Promise<MeshOutcome> {
    if (signal?.aborted) return cancelled(method)
    let port: chrome.runtime.Port
    try {
      port = await this.connect()
    } catch (error) {
      return { ok: false, error: { code: "unavailable", message: `The agent's supervisor could not be reached: ${String(error)}` } }
    }
    const id = `r${++this.counter}`
    return new Promise<MeshOutcome>((resolve) => {
      const onAbort = () => port.postMessage({ type: "cancel", id })
      this.pending.set(id, (outcome) => {
        signal?.removeEventListener("abort", onAbort)
        resolve(outcome)
      })
      signal?.addEventListener("abort", onAbort, { once: true })
      try {
        for (const part of inParts({ type: "request", id, method, ...(params === undefined ? {} : { params }) }, id)) port.postMessage(part)
      } catch (cause) {
        // A request the Port refuses is an error at the caller, never a silent wait.
        this.pending.delete(id)
        signal?.removeEventListener("abort", onAbort)
        resolve({ ok: false, error: { code: "send_failed", message: `${method} could not be sent to the supervisor: ${String(cause)}` } })
      }
    })
  }

  private connect(): Promise<chrome.runtime.Port> {
    if (this.port) return Promise.resolve(this.port)
    this.connecting ??= (async () => {
      const ensured = await callRouter("mesh.ensure")
      if (!ensured.ok) throw new Error(ensured.error.message)
      const port = chrome.runtime.connect({ name: CHANNEL_PORT_NAME })
      this.joiner = new PartJoiner()
      port.onMessage.addListener((part: unknown) => {
        const whole = this.joiner.accept(part)
        if (whole !== undefined) this.receive(whole.message)
      })
      port.onDisconnect.addListener(() => {
        if (this.port === port) this.port = undefined
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
      this.port = port
      return port
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

const cancelled = (method: string): MeshOutcome => ({ ok: false, error: { code: "cancelled", message: `${method} was cancelled.` } })
