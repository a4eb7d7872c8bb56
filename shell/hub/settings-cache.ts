/**
 * The offscreen document's door to the service worker's router, with the settings cached: every
 * tool call, confirmation and run reads them, and they change rarely. The cache is dropped when
 * the service worker says they changed (`SETTINGS_CHANGED_KIND`): it says so before it answers
 * the `settings.update` that changed them, so a caller that saw its update done never reads the
 * old settings here; and on any other change of the stored value (chrome.storage.onChanged).
 * An offscreen document cannot watch chrome.storage itself: only chrome.runtime is open to it.
 */
import type { RouterCall, RouterOutcome } from "../../workers/runtime/protocol.ts"

export interface SettingsCache {
  readonly router: RouterCall
  /** Forgets the cached settings: the next read asks the service worker. */
  readonly invalidate: () => void
}

export const cacheSettings = (router: RouterCall): SettingsCache => {
  let cached: Promise<RouterOutcome<"settings.get">> | undefined
  const read = (): Promise<RouterOutcome<"settings.get">> => {
    const reply = router("settings.get").then((r) => {
      // A failed read is not kept: the next caller tries again.
      if (!r.ok && cached === reply) cached = undefined
      return r
    })
    cached = reply
    return reply
  }
  return {
    // A method named "settings.get" is that method: its outcome is the one typed for it.
    router: (method, params) =>
      method === "settings.get" ? ((cached ?? read()) as Promise<RouterOutcome<typeof method>>) : router(method, params),
    invalidate: () => {
      cached = undefined
    },
  }
}
