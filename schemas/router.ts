/**
 * The service worker's router: the one door to the `chrome.*` APIs that only it may call, and
 * to the stored settings. Other contexts send `{ kind: "router", method, params }` with
 * `chrome.runtime.sendMessage`, which also wakes a stopped service worker.
 */
import { Schema } from "effect"
import { WireError } from "./errors.ts"

export const ROUTER_MESSAGE_KIND = "agent-mesh/router"

export const RouterRequest = Schema.Union([
  Schema.Struct({ kind: Schema.Literal(ROUTER_MESSAGE_KIND), method: Schema.Literal("mesh.ensure") }),
  Schema.Struct({ kind: Schema.Literal(ROUTER_MESSAGE_KIND), method: Schema.Literal("mesh.ping") }),
  Schema.Struct({ kind: Schema.Literal(ROUTER_MESSAGE_KIND), method: Schema.Literal("settings.get") }),
  Schema.Struct({ kind: Schema.Literal(ROUTER_MESSAGE_KIND), method: Schema.Literal("settings.update"), params: Schema.Unknown }),
])
export type RouterRequest = typeof RouterRequest.Type
export type RouterMethod = RouterRequest["method"]

export const RouterReply = Schema.Union([
  Schema.Struct({ ok: Schema.Literal(true), value: Schema.Unknown }),
  Schema.Struct({ ok: Schema.Literal(false), error: WireError }),
])
export type RouterReply = typeof RouterReply.Type
