/**
 * API keys are kept in chrome.storage.local and shown to pages only masked. A settings update
 * that sends a masked key back means "keep the stored one". Only `providers.resolve` (used by
 * the agent worker, which sends the key to the provider's base URL and nowhere else) and the
 * search worker's `search.credentials` return them whole.
 */
import type { Settings } from "../../schemas/settings.ts"

const MASK = "••••"

export const maskKey = (key: string | undefined): string | undefined =>
  key === undefined || key === "" ? key : `${MASK}${key.length > 12 ? key.slice(-4) : ""}`

const isMasked = (value: unknown): boolean => typeof value === "string" && value.startsWith(MASK)

export const maskSettings = (settings: Settings): Settings => ({
  ...settings,
  providers: settings.providers.map((p) => (p.apiKey === undefined ? p : { ...p, apiKey: maskKey(p.apiKey)! })),
  search: {
    ...settings.search,
    ...(settings.search.bingApiKey !== undefined ? { bingApiKey: maskKey(settings.search.bingApiKey)! } : {}),
    ...(settings.search.googleApiKey !== undefined ? { googleApiKey: maskKey(settings.search.googleApiKey)! } : {}),
  },
})

/** Puts the stored keys back where a patch carries their masked form. */
export const unmaskPatch = (patch: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...patch }
  if (Array.isArray(patch.providers)) {
    const storedProviders = (Array.isArray(stored.providers) ? stored.providers : []) as Array<{ id?: unknown; apiKey?: unknown }>
    out.providers = patch.providers.map((p: unknown) => {
      const provider = p as { id?: unknown; apiKey?: unknown }
      if (!isMasked(provider?.apiKey)) return p
      const previous = storedProviders.find((s) => s.id === provider.id)
      const { apiKey: _masked, ...rest } = provider
      return previous?.apiKey === undefined ? rest : { ...rest, apiKey: previous.apiKey }
    })
  }
  if (typeof patch.search === "object" && patch.search !== null) {
    const search = { ...(patch.search as Record<string, unknown>) }
    const storedSearch = (stored.search ?? {}) as Record<string, unknown>
    for (const key of ["bingApiKey", "googleApiKey"]) if (isMasked(search[key])) search[key] = storedSearch[key]
    out.search = search
  }
  return out
}
