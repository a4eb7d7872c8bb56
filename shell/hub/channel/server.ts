/**
 * The supervisor's end of the page channel: it accepts `chrome.runtime` Ports from extension
 * pages, decodes each request once by the message contract (a tool call with its tool's arguments), runs its method's handler, and streams mesh events to every
 * connected page. A page that goes away cancels its calls still in flight. Its Port is reached
 * through the channel's adapter (shell/client/port-endpoint.ts), and a reply that cannot be sent
 * becomes an error reply: the caller never waits for an answer that will not come.
 */
import { CHANNEL_PORT_NAME, type ChannelReply } from "../../../schemas/channel.ts"
import { portEndpoint, type PortEndpoint } from "../../client/port-endpoint.ts"
import type { WireError } from "../../../schemas/errors.ts"
import type { MeshEvent } from "../../../schemas/events.ts"
import { dispatch, type Handlers, type RequestDecoder } from "./handlers.ts"

export const serveChannel = (handlers: Handlers, decodeRequest: RequestDecoder): { broadcast(event: MeshEvent): void } => {
  const ports = new Set<PortEndpoint>()
  // Events wait for the end of the current task, so the events of one batch from an agent
  // worker cross to each page in one message; a reply first sends the events before it.
  const waiting = new Map<PortEndpoint, MeshEvent[]>()
  const post = (port: PortEndpoint, message: ChannelReply) => port.send(message)
  const flush = (port: PortEndpoint) => {
    const events = waiting.get(port)
    if (events === undefined) return
    waiting.delete(port)
    try {
      post(port, { type: "events", events })
    } catch {
      ports.delete(port)
    }
  }

  chrome.runtime.onConnect.addListener((connected) => {
    if (connected.name !== CHANNEL_PORT_NAME) return
    if (connected.sender?.id !== chrome.runtime.id) return connected.disconnect()
    const port = portEndpoint(connected)
    ports.add(port)
    const running = new Map<string, AbortController>()
    const send = (reply: Extract<ChannelReply, { type: "reply" }>) => {
      flush(port)
      try {
        post(port, reply)
      } catch (cause) {
        // The page went away between the call and the reply: nothing to tell. Else the caller
        // learns that its answer could not be sent, rather than waiting for ever.
        if (!ports.has(port)) return
        const error: WireError = { code: "send_failed", message: `The answer could not be sent to the page: ${String(cause)}` }
        try {
          post(port, { type: "reply", id: reply.id, ok: false, error })
        } catch {
          // Gone after all.
        }
      }
    }

    port.onMessage((raw) => {
      const decoded = decodeRequest(raw)
      if (!decoded.ok) {
        const id = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : ""
        const error: WireError =
          "error" in decoded
            ? decoded.error
            : { code: "invalid_input", message: `The supervisor does not understand this request: ${decoded.problem}` }
        send({ type: "reply", id, ok: false, error })
        return
      }
      const request = decoded.request
      if (request.type === "cancel") return running.get(request.id)?.abort()
      const controller = new AbortController()
      running.set(request.id, controller)
      dispatch(handlers, request, controller.signal)
        .then(
          (outcome) => send({ type: "reply", id: request.id, ...outcome }),
          (error: unknown) =>
            send({ type: "reply", id: request.id, ok: false, error: { code: "tool_failed", message: String(error) } satisfies WireError }),
        )
        .finally(() => running.delete(request.id))
    })

    port.onDisconnect(() => {
      ports.delete(port)
      waiting.delete(port)
      for (const controller of running.values()) controller.abort()
    })
  })

  return {
    broadcast(event) {
      for (const port of ports) {
        const events = waiting.get(port)
        if (events !== undefined) {
          events.push(event)
          continue
        }
        waiting.set(port, [event])
        queueMicrotask(() => flush(port))
      }
    },
  }
}
