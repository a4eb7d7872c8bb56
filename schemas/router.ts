/**
 * The service worker's router: the one door to the `chrome.*` APIs that only it may call, and
 * to the stored settings. Other contexts send `{ kind, method, params }` with
 * `chrome.runtime.sendMessage`, which also wakes a stopped service worker. Each method's
 * parameters are validated by its route's own schema (shell/sw/).
 */
import * as Schema from "effect/Schema"
import { WireError } from "./wire-error.ts"

export const ROUTER_MESSAGE_KIND = "agent-mesh/router"
/** The service worker to the offscreen document: the stored settings changed (shell/hub/settings-cache.ts). */
export const SETTINGS_CHANGED_KIND = "agent-mesh/settings-changed"

export const RouterReply = Schema.Union([
  Schema.Struct({ ok: Schema.Literal(true), value: Schema.Unknown }),
  Schema.Struct({ ok: Schema.Literal(false), error: WireError }),
])
export type RouterReply = typeof RouterReply.Type
