/**
 * The service worker's router: the one door to the `chrome.*` APIs that only it may call, and
 * to the stored settings. Other contexts send `{ kind, method, params }` with
 * `chrome.runtime.sendMessage`, which also wakes a stopped service worker. Each method's
 * parameters are decoded by the generated decoder of its schema (schemas/sw-contracts.ts).
 */
import * as Schema from "effect/Schema"
import { WireError } from "./wire-error.ts"

export { ROUTER_MESSAGE_KIND, SETTINGS_CHANGED_KIND } from "./router-kinds.ts"

export const RouterReply = Schema.Union([
  Schema.Struct({ ok: Schema.Literal(true), value: Schema.Unknown }),
  Schema.Struct({ ok: Schema.Literal(false), error: WireError }),
])
export type RouterReply = typeof RouterReply.Type
