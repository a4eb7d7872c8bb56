/**
 * The channel's one adapter to a `chrome.runtime` Port, used by both its ends (channel-client.ts
 * in pages, shell/hub/channel/server.ts in the offscreen document): the only code that posts on
 * the Port. A message larger than a Port carries travels in parts (schemas/channel-parts.ts) and
 * is handed on whole.
 */
import { inParts, PartJoiner } from "../../schemas/channel-parts.ts"

export interface PortEndpoint {
  /** Sends one message, in parts when large; throws when the Port refuses it (closed, or not cloneable). */
  send(message: unknown): void
  /** Each whole message that arrives. */
  onMessage(listener: (message: unknown) => void): void
  onDisconnect(listener: () => void): void
}

export const portEndpoint = (port: chrome.runtime.Port): PortEndpoint => {
  const joiner = new PartJoiner()
  // A part's key is unique per sender: this end's count of what it sent.
  let sent = 0
  return {
    send(message) {
      for (const part of inParts(message, `m${++sent}`)) port.postMessage(part)
    },
    onMessage(listener) {
      port.onMessage.addListener((part: unknown) => {
        const whole = joiner.accept(part)
        if (whole !== undefined) listener(whole.message)
      })
    },
    onDisconnect(listener) {
      port.onDisconnect.addListener(() => listener())
    },
  }
}
