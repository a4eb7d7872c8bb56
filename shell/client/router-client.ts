/** How every context other than the service worker reaches its router. */
import { ROUTER_MESSAGE_KIND, type RouterReply } from "../../schemas/router.ts"
import type { RouterCall, RouterOutcome } from "../../workers/runtime/protocol.ts"

/**
 * A reply's value is typed by the route that answers: the service worker decoded the parameters
 * and its handler's type is the value's, so the one assertion of that type is here, at the door.
 */
export const callRouter: RouterCall = async (method, params) => {
  try {
    // sendMessage wakes the service worker if Chrome stopped it.
    const reply = (await chrome.runtime.sendMessage({ kind: ROUTER_MESSAGE_KIND, method, ...(params === undefined ? {} : { params }) })) as
      RouterReply | undefined
    return (
      (reply as RouterOutcome<typeof method> | undefined) ?? {
        ok: false,
        error: { code: "unavailable", message: `The service worker gave no answer to ${method}.` },
      }
    )
  } catch (error) {
    return { ok: false, error: { code: "unavailable", message: `The service worker could not be reached for ${method}: ${String(error)}` } }
  }
}
