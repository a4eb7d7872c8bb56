/**
 * The service worker: the router to the `chrome.*` APIs that no other context may call, the
 * keeper of the offscreen document, and the side panel's opener. It holds no state that
 * matters across its own restarts: Chrome may stop it whenever it is idle.
 */
import { Exit, Schema } from "effect"
import { toWire, Unavailable, type ToolError } from "../schemas/errors.ts"
import { ROUTER_MESSAGE_KIND, RouterRequest, type RouterReply } from "../schemas/router.ts"
import { readSettings, updateSettings } from "./settings-store.ts"

const OFFSCREEN_URL = "offscreen.html"

chrome.runtime.onInstalled.addListener(() => {
  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true })
})

let creating: Promise<void> | undefined

/** Creates the offscreen document unless it is there; concurrent callers share one creation. */
const ensureOffscreen = async (): Promise<void> => {
  const url = chrome.runtime.getURL(OFFSCREEN_URL)
  const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [url] })
  if (contexts.length > 0) return
  creating ??= chrome.offscreen
    .createDocument({
      url: OFFSCREEN_URL,
      reasons: [chrome.offscreen.Reason.WORKERS, chrome.offscreen.Reason.DOM_PARSER],
      justification: "Hosts the agent's supervisor and the workers that run its tools.",
    })
    .catch((error: unknown) => {
      // Another caller won the race: the document exists, which is all we wanted.
      if (!String(error).includes("Only a single offscreen")) throw error
    })
    .finally(() => (creating = undefined))
  await creating
}

const fail = (error: ToolError): RouterReply => ({ ok: false, error: toWire(error) })

const route = async (request: RouterRequest): Promise<RouterReply> => {
  switch (request.method) {
    case "mesh.ensure":
      await ensureOffscreen()
      return { ok: true, value: null }
    case "mesh.ping":
      return { ok: true, value: { startedAt } }
    case "settings.get":
      return { ok: true, value: await readSettings() }
    case "settings.update": {
      const result = await updateSettings(request.params)
      return result.ok ? result : fail(result.error)
    }
  }
}

const startedAt = Date.now()
const decodeRequest = Schema.decodeUnknownExit(RouterRequest)

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  if (typeof message !== "object" || message === null || (message as { kind?: unknown }).kind !== ROUTER_MESSAGE_KIND) return false
  // Only the extension's own contexts may use the router; content scripts and pages may not.
  if (sender.id !== chrome.runtime.id || (sender.url && !sender.url.startsWith(chrome.runtime.getURL("")))) return false
  const decoded = decodeRequest(message)
  if (Exit.isFailure(decoded)) {
    sendResponse(fail(new Unavailable({ message: "The router does not know this request." })))
    return false
  }
  route(decoded.value).then(sendResponse, (error: unknown) =>
    sendResponse(fail(new Unavailable({ message: `The service worker could not do ${decoded.value.method}: ${String(error)}` }))),
  )
  return true
})
