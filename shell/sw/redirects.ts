/**
 * Where a redirect of one of our own requests points. A `fetch` with `redirect: "manual"` gives
 * an opaque-redirect response (status 0, no headers) even in an extension with host permissions,
 * so its Location cannot be read there (the Fetch standard hides it; Chromium does too, measured
 * in test/e2e/web-fetch-hops.test.ts). The browser's webRequest events do see it: this listener,
 * registered when the service worker starts (so Chrome wakes it for the event), keeps the
 * redirects of requests the extension itself made (no tab), and `web.redirectTarget` hands the
 * target to web_fetch, which then judges that hop before making it. The address each final
 * response came from is kept the same way (`web.responseAddress`).
 */
import * as Effect from "effect/Effect"
import { NotFound } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** How long a redirect is kept for its reader, and how long a reader waits for one to arrive. */
const KEEP_MS = 30_000
const WAIT_MS = 5_000
const MAX_KEPT = 500

interface Seen {
  readonly location: string
  readonly status: number
  readonly at: number
}

/** What the browser reports for one of our own requests, kept per URL until its reader takes it. */
class Mailbox<T extends { readonly at: number }> {
  private readonly kept = new Map<string, T[]>()
  private readonly waiting = new Map<string, Array<(s: T) => void>>()

  put(at: string, item: T): void {
    // Readers ask without the fragment, which the browser may or may not report.
    const url = at.split("#")[0]!
    const reader = this.waiting.get(url)?.shift()
    if (reader) return reader(item)
    this.prune(item.at)
    this.kept.set(url, [...(this.kept.get(url) ?? []), item])
  }

  private prune(now: number) {
    for (const [url, list] of this.kept) {
      const fresh = list.filter((s) => now - s.at < KEEP_MS)
      if (fresh.length === 0) this.kept.delete(url)
      else this.kept.set(url, fresh)
    }
    while (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!)
  }

  take(at: string): Promise<T | undefined> {
    const url = at.split("#")[0]!
    const first = this.kept.get(url)?.shift()
    if (first) return Promise.resolve(first)
    return new Promise((resolve) => {
      const readers = this.waiting.get(url) ?? []
      const timer = setTimeout(() => {
        const i = readers.indexOf(done)
        if (i >= 0) readers.splice(i, 1)
        if (readers.length === 0) this.waiting.delete(url)
        resolve(undefined)
      }, WAIT_MS)
      const done = (s: T) => {
        clearTimeout(timer)
        resolve(s)
      }
      readers.push(done)
      this.waiting.set(url, readers)
    })
  }
}

const redirects = new Mailbox<Seen>()
/** The address each final response came from: a public name may resolve to this machine or the intranet. */
const answers = new Mailbox<{ readonly ip: string | undefined; readonly at: number }>()

const ownOrigin = (): string => (typeof chrome !== "undefined" && chrome.runtime?.id ? `chrome-extension://${chrome.runtime.id}` : "")

const own = (details: { tabId: number; initiator?: string }) => details.tabId === -1 && details.initiator === ownOrigin()

if (typeof chrome !== "undefined" && chrome.webRequest?.onBeforeRedirect) {
  chrome.webRequest.onBeforeRedirect.addListener(
    (details) => {
      if (own(details)) redirects.put(details.url, { location: details.redirectUrl, status: details.statusCode, at: Date.now() })
    },
    { urls: ["http://*/*", "https://*/*"] },
  )
  chrome.webRequest.onResponseStarted.addListener(
    (details) => {
      if (own(details)) answers.put(details.url, { ip: details.ip, at: Date.now() })
    },
    { urls: ["http://*/*", "https://*/*"] },
  )
}

export const redirectRoutes = {
  /** The target of the redirect that a request of ours to `url` just received. */
  "web.redirectTarget": defineRoute({
    params: routeParams["web.redirectTarget"],
    handle: ({ url }) =>
      Effect.promise(() => redirects.take(url)).pipe(
        Effect.flatMap((s) =>
          s
            ? Effect.succeed({ location: s.location, status: s.status })
            : Effect.fail(new NotFound({ message: `No redirect of a request to ${url} was seen.` })),
        ),
      ),
  }),
  /**
   * The IP address the final response of a request of ours to `url` came from (absent when the
   * browser gave none, e.g. from its cache), so web_fetch can tell that a public-looking name
   * answered from this machine or the intranet.
   */
  "web.responseAddress": defineRoute({
    params: routeParams["web.responseAddress"],
    handle: ({ url }) => Effect.promise(() => answers.take(url)).pipe(Effect.map((a) => (a?.ip ? { ip: a.ip } : {}))),
  }),
}
