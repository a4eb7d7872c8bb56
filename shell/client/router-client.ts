/** How every context other than the service worker reaches its router. */
import { ROUTER_MESSAGE_KIND, type RouterReply } from "../../schemas/router.ts"
import type { RouterMethod } from "../sw/router.ts"

export const callRouter = async (method: RouterMethod, params?: unknown): Promise<RouterReply> => {
  try {
    // sendMessage wakes the service worker if Chrome stopped it.
    const reply = (await chrome.runtime.sendMessage({ kind: ROUTER_MESSAGE_KIND, method, ...(params === undefined ? {} : { params }) })) as
      RouterReply | undefined
    return reply ?? { ok: false, error: { code: "unavailable", message: `The service worker gave no answer to ${method}.` } }
  } catch (error) {
    return { ok: false, error: { code: "unavailable", message: `The service worker could not be reached for ${method}: ${String(error)}` } }
  }
}
