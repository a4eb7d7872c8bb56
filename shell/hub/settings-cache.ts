/**
 * The offscreen document's door to the service worker's router, with the settings cached: every
 * tool call, confirmation and run reads them, and they change rarely. The cache is dropped when
 * the service worker says they changed (`SETTINGS_CHANGED_KIND`): it says so before it answers
 * the `settings.update` that changed them, so a caller that saw its update done never reads the
 * old settings here; and on any other change of the stored value (chrome.storage.onChanged).
 * An offscreen document cannot watch chrome.storage itself: only chrome.runtime is open to it.
 */
import type { RouterReply } from "../../schemas/router.ts"
import type { RouterCall } from "../../workers/runtime/protocol.ts"

export interface SettingsCache {
  readonly router: RouterCall
  /** Forgets the cached settings: the next read asks the service worker. */
  readonly invalidate: () => void
}

export const cacheSettings = (router: RouterCall): SettingsCache => {
  let cached: Promise<RouterReply> | undefined
  const read = (): Promise<RouterReply> => {
    const reply = router("settings.get").then((r) => {
      // A failed read is not kept: the next caller tries again.
      if (!r.ok && cached === reply) cached = undefined
      return r
    })
    cached = reply
    return reply
  }
  return {
    router: (method, params) => (method === "settings.get" ? (cached ?? read()) : router(method, params)),
    invalidate: () => {
      cached = undefined
    },
  }
}
