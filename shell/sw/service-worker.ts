/**
 * The service worker: the router to the `chrome.*` APIs that no other context may call, the
 * keeper of the offscreen document, and the side panel's opener. It holds no state that
 * matters across its own restarts: Chrome may stop it whenever it is idle.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { InvalidInput, toWire, Unavailable, type ToolError } from "../../schemas/errors.ts"
import type { RouterReply } from "../../schemas/router.ts"
import { ROUTER_MESSAGE_KIND } from "../../schemas/router-kinds.ts"
import { SETTINGS_KEY } from "../../schemas/settings-stored.ts"
import { listenForAlarms } from "./alarms.ts"
import { listenForTabTriggers } from "./triggers.ts"
import { syncLocalModelRules } from "./local-model-origins.ts"
import { notifySettingsChanged } from "./settings-store.ts"
import { routes } from "./router.ts"
import type { Route } from "./route.ts"
import { countCodec } from "../../schemas/codec-count.ts"

// Routines' alarms, the browser's start and tab loads (docs/routines.md): listeners Chrome wants at once.
listenForAlarms()
listenForTabTriggers()

chrome.runtime.onInstalled.addListener(() => {
  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true })
})

// Local model servers (Ollama) must accept the extension's requests: keep their rules in step
// with the providers in the settings.
void syncLocalModelRules().catch((error: unknown) => console.warn("agent-mesh: local model rules:", error))
chrome.storage.onChanged.addListener((changes, area) => {
  if (!(area === "local" && SETTINGS_KEY in changes)) return
  void syncLocalModelRules().catch((error: unknown) => console.warn("agent-mesh: local model rules:", error))
  // settings.update has told the offscreen document already; this covers any other writer.
  void notifySettingsChanged()
})

/** A request once its envelope is checked: the route's parameters are decoded by the route's own schema, once. */
interface RouterRequest {
  readonly method: string
  readonly params: unknown
}

const route = (request: RouterRequest, sender: chrome.runtime.MessageSender): Effect.Effect<unknown, ToolError> => {
  const target = Object.hasOwn(routes, request.method) ? (routes as unknown as Record<string, Route>)[request.method] : undefined
  if (target === undefined) return Effect.fail(new Unavailable({ message: `The service worker has no route "${request.method}".` }))
  countCodec("serviceWorker:route.params")
  const params = target.params(request.params)
  if (!params.ok) {
    return Effect.fail(
      new InvalidInput({
        tool: request.method,
        message: params.issues.map((l) => `${l.path || "params"}: ${l.message}`).join("; ") || "invalid parameters",
      }),
    )
  }
  return target.handle(params.value, sender)
}

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  if ((message as { kind?: unknown } | null)?.kind !== ROUTER_MESSAGE_KIND) return false
  // Only the extension's own pages may use the router: content scripts (whose url is the web
  // page's) may not.
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(chrome.runtime.getURL(""))) return false
  const { method, params } = message as { method?: unknown; params?: unknown }
  if (typeof method !== "string") {
    sendResponse({
      ok: false,
      error: toWire(new InvalidInput({ tool: "router", message: "malformed router request" })),
    } satisfies RouterReply)
    return false
  }
  void Effect.runPromiseExit(route({ method, params }, sender)).then((exit) => {
    if (Exit.isSuccess(exit)) return sendResponse({ ok: true, value: exit.value } satisfies RouterReply)
    const failure = exit.cause.reasons.find(Cause.isFailReason)?.error
    const error = failure ?? new Unavailable({ message: `The service worker failed on ${method}: ${String(Cause.squash(exit.cause))}` })
    sendResponse({ ok: false, error: toWire(error) } satisfies RouterReply)
  })
  return true
})
