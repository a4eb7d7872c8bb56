/**
 * The fence (docs/security.md, "The fence"): while a conversation holds both private and
 * untrusted data, every navigation of a tab its agents opened or drove — the main frame and
 * frames, whatever started it (an HTTP redirect, a script, a meta refresh, a form, a link) — to
 * a site the conversation has not allowed is blocked by the browser itself: one
 * declarativeNetRequest session rule per conversation, scoped by `tabIds`, with the allowed
 * sites as `excludedRequestDomains` (a domain there covers its sub-domains and every port, as
 * cookies do). The offscreen document decides (it sends each conversation's tabs and allowed
 * sites on every change, `fence.set`); this module only enforces and reports. A tab that a
 * fenced tab opens (window.open, a link to a new tab) joins its fence. A blocked main-frame
 * navigation leaves the tab on the extension's page saying what was stopped and why; a blocked
 * frame shows the browser's own page in its place.
 */
import * as Effect from "effect/Effect"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** Session rule ids: a conversation's fence, and one call's passage for the request the user allowed. */
const FENCE_FIRST = 2_000_000
/** Each fence's second rule (its id is the block rule's plus this): the sandbox on the pages it loads. */
const SANDBOX_OFFSET = 500_000
const PASSAGE_FIRST = 3_000_000
/**
 * The fence's pages may not open windows: a CSP sandbox without `allow-popups`, added to every
 * document a fenced tab loads, so that window.open and target=_blank cannot start a navigation
 * in a tab the fence does not know yet (a new tab joins the fence only after it exists).
 */
const SANDBOX =
  "sandbox allow-scripts allow-same-origin allow-forms allow-modals allow-downloads allow-pointer-lock allow-presentation allow-top-navigation-by-user-activation"
const SLOTS_KEY = "fence.slots"
export const BLOCKED_PAGE = "blocked.html"

const FRAMES: chrome.declarativeNetRequest.ResourceType[] = ["main_frame", "sub_frame"] as chrome.declarativeNetRequest.ResourceType[]

/** DNR takes lower-case ASCII domains (punycode) and IPv4 addresses; an IPv6 site stays fenced. */
const domains = (sites: ReadonlyArray<string>) => [...new Set(sites.map((s) => s.toLowerCase()).filter((s) => /^[a-z0-9.-]+$/.test(s)))]

/** The host of an http(s) URL, lower case, without a trailing dot. */
const hostOf = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    return u.protocol === "http:" || u.protocol === "https:" ? u.hostname.toLowerCase().replace(/\.+$/, "") : undefined
  } catch {
    return undefined
  }
}

/** Whether a URL's host is one of the domains or under one (DNR's and cookies' rule). */
export const coveredBy = (allowed: ReadonlyArray<string>, url: string): boolean => {
  const host = hostOf(url)
  return host !== undefined && allowed.some((d) => host === d || host.endsWith(`.${d}`))
}

/** Rule changes one at a time: ids are handed out and rules rewritten from what was read. */
let queue: Promise<unknown> = Promise.resolve()
const serial = <A>(work: () => Promise<A>): Promise<A> => {
  const next = queue.then(work)
  queue = next.catch(() => undefined)
  return next
}

/** conversationId → its rule's id, kept for the browser session (this worker may restart; the rules outlive it). */
const slots = async (): Promise<Record<string, number>> =>
  ((await chrome.storage.session.get(SLOTS_KEY))[SLOTS_KEY] as Record<string, number> | undefined) ?? {}

const fenceRules = async () =>
  (await chrome.declarativeNetRequest.getSessionRules()).filter((r) => r.id >= FENCE_FIRST && r.id < FENCE_FIRST + SANDBOX_OFFSET)

export interface Fence {
  readonly ruleId: number
  readonly tabs: ReadonlyArray<number>
  readonly allowed: ReadonlyArray<string>
}

/** The fences a tab is inside (a tab two conversations drove is inside both). */
export const fencesOf = async (tabId: number): Promise<Fence[]> =>
  (await fenceRules())
    .filter((r) => r.condition.tabIds?.includes(tabId))
    .map((r) => ({ ruleId: r.id, tabs: r.condition.tabIds ?? [], allowed: r.condition.excludedRequestDomains ?? [] }))

const fenceRule = (id: number, tabs: ReadonlyArray<number>, allowed: ReadonlyArray<string>): chrome.declarativeNetRequest.Rule[] => [
  {
    id,
    priority: 1,
    action: { type: "block" as chrome.declarativeNetRequest.RuleActionType },
    condition: { tabIds: [...tabs], resourceTypes: FRAMES, ...(allowed.length > 0 ? { excludedRequestDomains: [...allowed] } : {}) },
  },
  {
    id: id + SANDBOX_OFFSET,
    // Above a passage's "allow" (2), which would otherwise switch header changes off.
    priority: 3,
    action: {
      type: "modifyHeaders" as chrome.declarativeNetRequest.RuleActionType,
      responseHeaders: [
        { header: "content-security-policy", operation: "append" as chrome.declarativeNetRequest.HeaderOperation, value: SANDBOX },
      ],
    },
    condition: { tabIds: [...tabs], resourceTypes: FRAMES },
  },
]

/**
 * Sets a conversation's fence: `allowed` null lifts it (the conversation holds less than both
 * labels, allows everything, or the rule is off). A tab once inside stays inside while it lasts.
 */
export const setFence = (conversationId: string, tabs: ReadonlyArray<number>, allowed: ReadonlyArray<string> | null): Promise<void> =>
  serial(async () => {
    const kept = await slots()
    const existing = kept[conversationId]
    if (allowed === null) {
      if (existing === undefined) return
      await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [existing, existing + SANDBOX_OFFSET] })
      delete kept[conversationId]
      await chrome.storage.session.set({ [SLOTS_KEY]: kept })
      return
    }
    const rules = await fenceRules()
    const id = existing ?? firstFree(rules.map((r) => r.id).concat(Object.values(kept)))
    const before = rules.find((r) => r.id === id)?.condition.tabIds ?? []
    const all = [...new Set([...before, ...tabs])]
    if (existing === undefined) await chrome.storage.session.set({ [SLOTS_KEY]: { ...kept, [conversationId]: id } })
    await chrome.declarativeNetRequest.updateSessionRules({
      removeRuleIds: [id, id + SANDBOX_OFFSET],
      addRules: all.length === 0 ? [] : fenceRule(id, all, domains(allowed)),
    })
  })

const firstFree = (used: ReadonlyArray<number>): number => {
  const taken = new Set(used)
  let id = FENCE_FIRST
  while (taken.has(id)) id++
  return id
}

/** Puts a tab inside every fence of another (a window.open from a fenced tab). */
const join = (from: number, tabId: number): Promise<void> =>
  serial(async () => {
    const fences = await fencesOf(from)
    if (fences.length === 0) return
    await chrome.declarativeNetRequest.updateSessionRules({
      removeRuleIds: fences.flatMap((f) => [f.ruleId, f.ruleId + SANDBOX_OFFSET]),
      addRules: fences.flatMap((f) => fenceRule(f.ruleId, [...new Set([...f.tabs, tabId])], f.allowed)),
    })
  })

let passages = 0
/**
 * Lets one call's navigation through its tab's fence: the request the user allowed (or that the
 * flow rule let go), with the hops it makes within the same host and its sub-domains, while the
 * call lasts. A hop elsewhere stays blocked unless the fence allows its site: the service worker
 * keeps no Public Suffix List (the hub names the allowed sites), so the passage is the narrower
 * host, not the site.
 */
export const openPassage = async (tabId: number, url: string): Promise<() => Promise<void>> => {
  const site = hostOf(url)
  if (site === undefined || domains([site]).length === 0 || (await fencesOf(tabId)).length === 0) return async () => undefined
  const id = PASSAGE_FIRST + (passages++ % 1_000_000)
  await chrome.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [id],
    addRules: [
      {
        id,
        priority: 2,
        action: { type: "allow" as chrome.declarativeNetRequest.RuleActionType },
        condition: { tabIds: [tabId], requestDomains: domains([site]), resourceTypes: FRAMES },
      },
    ],
  })
  return () => chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id] }).catch(() => undefined)
}

/** The fence that stopped a navigation of this tab to this URL, if one did. */
export const stoppedBy = async (tabId: number, url: string): Promise<Fence | undefined> =>
  (await fencesOf(tabId)).find((f) => !coveredBy(f.allowed, url))

/** The page a stopped tab is left on: it names what was stopped. */
export const blockedPage = (url: string): string => chrome.runtime.getURL(`${BLOCKED_PAGE}?${new URLSearchParams({ url })}`)

export const isBlockedPage = (url: string): boolean => typeof chrome !== "undefined" && url.startsWith(chrome.runtime.getURL(BLOCKED_PAGE))

/**
 * Leaves a stopped tab on the fence's page. Chrome may drop a navigation asked of a tab that is
 * still settling the one it just lost (measured: a blocked form submission), so it is asked
 * again until the tab shows the page, a few times.
 */
/** How long a stopped tab is asked to show the fence's page (a loaded machine may drop several asks). */
const SHOW_STOPPED_MS = 15_000

const showStopped = async (tabId: number, url: string): Promise<void> => {
  const deadline = Date.now() + SHOW_STOPPED_MS
  for (let attempt = 1; Date.now() < deadline; attempt++) {
    const tab = await chrome.tabs.update(tabId, { url: blockedPage(url) }).catch(() => undefined)
    if (tab === undefined) return
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 100 * attempt)))
    const now = await chrome.tabs.get(tabId).catch(() => undefined)
    // Committed, not only asked for: the browser's error page for the blocked request may still commit over it.
    if (now === undefined || (isBlockedPage(now.url ?? "") && !now.pendingUrl)) return
  }
}

if (typeof chrome !== "undefined" && chrome.webRequest?.onErrorOccurred) {
  chrome.webRequest.onErrorOccurred.addListener(
    (d) => {
      // A stopped frame shows the browser's own "blocked" page inside the page; a stopped tab, ours.
      if (d.error !== "net::ERR_BLOCKED_BY_CLIENT" || d.tabId < 0) return
      void stoppedBy(d.tabId, d.url).then((fence) => (fence ? showStopped(d.tabId, d.url) : undefined))
    },
    { urls: ["http://*/*", "https://*/*"], types: ["main_frame"] },
  )
}
if (typeof chrome !== "undefined" && chrome.webNavigation?.onCreatedNavigationTarget) {
  chrome.webNavigation.onCreatedNavigationTarget.addListener((d) => void join(d.sourceTabId, d.tabId).catch(() => undefined))
}

export const fenceRoutes = {
  /** The offscreen document's word on one conversation's fence. */
  "fence.set": defineRoute({
    params: routeParams["fence.set"],
    handle: ({ conversationId, tabs, allowed }) => Effect.promise(() => setFence(conversationId, tabs, allowed)),
  }),
}
