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

/** A key kept for a URL goes to that URL's origin only; unparsable URLs share no origin. */
const sameOrigin = (a: unknown, b: unknown): boolean => {
  if (typeof a !== "string" || typeof b !== "string") return false
  try {
    return new URL(a).origin === new URL(b).origin
  } catch {
    return false
  }
}

/** Which stored keys a patch let go: their address moved to another origin while the key came back masked. */
export interface DroppedKey {
  /** The provider's id, or "search.bingApiKey" / "search.googleApiKey". */
  readonly key: string
  /** The origin the key was stored for, and the one it will not be sent to. */
  readonly from: string
  readonly to: string
}

const originOf = (url: unknown): string => {
  try {
    return new URL(String(url)).origin
  } catch {
    return String(url)
  }
}

/** The search keys, each with the setting that says where it is sent. */
const SEARCH_KEYS = [
  { key: "bingApiKey", url: "bingEndpoint", defaultUrl: "https://api.bing.microsoft.com/v7.0/search" },
  { key: "googleApiKey", url: "googleEndpoint", defaultUrl: "https://www.googleapis.com/customsearch/v1" },
] as const

/**
 * Puts the stored keys back where a patch carries their masked form, unless the address the
 * key is sent to moved to another origin: a masked key means "keep the one you have", never
 * "send it somewhere new", so there the key is dropped (the user gives it again if the new
 * address deserves it) and reported.
 */
export const unmaskPatch = (
  patch: Record<string, unknown>,
  stored: Record<string, unknown>,
): { readonly patch: Record<string, unknown>; readonly dropped: ReadonlyArray<DroppedKey> } => {
  const out = { ...patch }
  const dropped: Array<DroppedKey> = []
  if (Array.isArray(patch.providers)) {
    const storedProviders = (Array.isArray(stored.providers) ? stored.providers : []) as Array<{
      id?: unknown
      apiKey?: unknown
      baseUrl?: unknown
    }>
    out.providers = patch.providers.map((p: unknown) => {
      const provider = p as { id?: unknown; apiKey?: unknown; baseUrl?: unknown }
      if (!isMasked(provider?.apiKey)) return p
      const previous = storedProviders.find((s) => s.id === provider.id)
      const { apiKey: _masked, ...rest } = provider
      if (previous?.apiKey === undefined) return rest
      const baseUrl = provider.baseUrl ?? previous.baseUrl
      if (!sameOrigin(previous.baseUrl, baseUrl)) {
        dropped.push({ key: String(provider.id), from: originOf(previous.baseUrl), to: originOf(baseUrl) })
        return rest
      }
      return { ...rest, apiKey: previous.apiKey }
    })
  }
  if (typeof patch.search === "object" && patch.search !== null) {
    const search = { ...(patch.search as Record<string, unknown>) }
    const storedSearch = (stored.search ?? {}) as Record<string, unknown>
    for (const { key, url, defaultUrl } of SEARCH_KEYS) {
      // A new key given with the patch goes where the patch says.
      if (search[key] !== undefined && search[key] !== null && !isMasked(search[key])) continue
      const before = storedSearch[url] ?? defaultUrl
      // `null` puts the endpoint back to its default; absent leaves it where it was.
      const after = url in search ? (search[url] ?? defaultUrl) : before
      const moved = !sameOrigin(before, after)
      if (isMasked(search[key]) && !moved && storedSearch[key] !== undefined) search[key] = storedSearch[key]
      else if (moved && storedSearch[key] !== undefined) {
        // The patch is merged key by key: only `null` removes the stored key, whether the patch
        // sent it masked or left it out (the options page saves an endpoint field on its own).
        dropped.push({ key: `search.${key}`, from: originOf(before), to: originOf(after) })
        search[key] = null
      } else if (isMasked(search[key])) delete search[key]
    }
    out.search = search
  }
  return { patch: out, dropped }
}
