/**
 * Ollama refuses requests whose `Origin` is `chrome-extension://…` unless the user sets
 * OLLAMA_ORIGINS. For the model providers that run on this machine (Ollama, and any provider
 * on a loopback address), a declarativeNetRequest rule drops the Origin header from this
 * extension's own requests to them, so they work out of the box. Pages are not affected: the
 * rule matches only requests that this extension initiates.
 */
import type { Settings } from "../../schemas/settings.ts"
import { migrateSettings, SETTINGS_KEY } from "../../schemas/settings-stored.ts"
import { Settings as decodeSettings } from "../../schemas/sw-contracts.decoders.ts"
import { countCodec } from "../../schemas/codec-count.ts"

const FIRST_RULE_ID = 1000
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"])

export const localModelOrigins = (settings: Settings): string[] => {
  const origins = new Set<string>()
  for (const provider of settings.providers) {
    let url: URL
    try {
      url = new URL(provider.baseUrl)
    } catch {
      continue
    }
    if (provider.kind === "ollama" || provider.preset === "ollama" || LOOPBACK.has(url.hostname)) origins.add(url.origin)
  }
  return [...origins]
}

export const syncLocalModelRules = async (): Promise<void> => {
  const stored = (await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] ?? {}
  countCodec("serviceWorker:settings.localModels")
  const settings = decodeSettings(migrateSettings(stored))
  const origins = settings.ok ? localModelOrigins(settings.value) : []
  const existing = await chrome.declarativeNetRequest.getDynamicRules()
  await chrome.declarativeNetRequest.updateDynamicRules({
    removeRuleIds: existing.filter((r) => r.id >= FIRST_RULE_ID).map((r) => r.id),
    addRules: origins.map((origin, i) => ({
      id: FIRST_RULE_ID + i,
      priority: 1,
      action: {
        type: chrome.declarativeNetRequest.RuleActionType.MODIFY_HEADERS,
        requestHeaders: [{ header: "origin", operation: chrome.declarativeNetRequest.HeaderOperation.REMOVE }],
      },
      condition: {
        urlFilter: `|${origin}/`,
        initiatorDomains: [chrome.runtime.id],
        resourceTypes: [chrome.declarativeNetRequest.ResourceType.XMLHTTPREQUEST, chrome.declarativeNetRequest.ResourceType.OTHER],
      },
    })),
  })
}
