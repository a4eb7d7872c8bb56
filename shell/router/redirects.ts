/**
 * Where a redirect of one of our own requests points. A `fetch` with `redirect: "manual"` gives
 * an opaque-redirect response (status 0, no headers) even in an extension with host permissions,
 * so its Location cannot be read there (the Fetch standard hides it; Chromium does too, measured
 * in test/e2e/web-fetch-hops.test.ts). The browser's webRequest events do see it: this listener,
 * registered when the service worker starts (so Chrome wakes it for the event), keeps the
 * redirects of requests the extension itself made (no tab), and `web.redirectTarget` hands the
 * target to web_fetch, which then judges that hop before making it.
 */
import { Effect, Schema } from "effect"
import { NotFound } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"

/** How long a redirect is kept for its reader, and how long a reader waits for one to arrive. */
const KEEP_MS = 30_000
const WAIT_MS = 5_000
const MAX_KEPT = 500

interface Seen {
  readonly location: string
  readonly status: number
  readonly at: number
}

const seen = new Map<string, Seen[]>()
const waiting = new Map<string, Array<(s: Seen) => void>>()

const ownOrigin = (): string => (typeof chrome !== "undefined" && chrome.runtime?.id ? `chrome-extension://${chrome.runtime.id}` : "")

const prune = (now: number) => {
  for (const [url, list] of seen) {
    const fresh = list.filter((s) => now - s.at < KEEP_MS)
    if (fresh.length === 0) seen.delete(url)
    else seen.set(url, fresh)
  }
  while (seen.size > MAX_KEPT) seen.delete(seen.keys().next().value!)
}

const record = (details: chrome.webRequest.OnBeforeRedirectDetails) => {
  if (details.tabId !== -1 || details.initiator !== ownOrigin()) return
  const s: Seen = { location: details.redirectUrl, status: details.statusCode, at: Date.now() }
  const reader = waiting.get(details.url)?.shift()
  if (reader) return reader(s)
  prune(s.at)
  seen.set(details.url, [...(seen.get(details.url) ?? []), s])
}

if (typeof chrome !== "undefined" && chrome.webRequest?.onBeforeRedirect) {
  chrome.webRequest.onBeforeRedirect.addListener(record, { urls: ["http://*/*", "https://*/*"] })
}

const take = (url: string): Promise<Seen | undefined> => {
  const list = seen.get(url)
  const first = list?.shift()
  if (first) return Promise.resolve(first)
  return new Promise((resolve) => {
    const readers = waiting.get(url) ?? []
    const timer = setTimeout(() => {
      const i = readers.indexOf(done)
      if (i >= 0) readers.splice(i, 1)
      if (readers.length === 0) waiting.delete(url)
      resolve(undefined)
    }, WAIT_MS)
    const done = (s: Seen) => {
      clearTimeout(timer)
      resolve(s)
    }
    readers.push(done)
    waiting.set(url, readers)
  })
}

export const redirectRoutes = {
  /** The target of the redirect that a request of ours to `url` just received. */
  "web.redirectTarget": defineRoute({
    params: Schema.Struct({ url: Schema.String }),
    handle: ({ url }) =>
      Effect.promise(() => take(url)).pipe(
        Effect.flatMap((s) =>
          s
            ? Effect.succeed({ location: s.location, status: s.status })
            : Effect.fail(new NotFound({ message: `No redirect of a request to ${url} was seen.` })),
        ),
      ),
  }),
}
