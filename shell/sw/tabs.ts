/** Routes to chrome.tabs and chrome.windows for the tab tools (worker group "tabs"). */
import * as Effect from "effect/Effect"
import { InvalidInput, NotFound, ToolFailed, type ToolError } from "../../schemas/errors.ts"
import type { OpenTabResult, TabInfo } from "../../schemas/tools/tabs.ts"
import type { TypeOf } from "../../schemas/decode-plan.ts"
import { checkOpenableUrl } from "../../schemas/openable-url.ts"
import { isBlockedPage, openPassage, stoppedBy } from "./fence.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** How long open_tab waits for a page to load before it answers with status "loading". */
export const LOAD_WAIT_LIMIT_MS = 30_000

export const tabInfo = (tab: chrome.tabs.Tab): typeof TabInfo.Type => ({
  tab_id: tab.id ?? chrome.tabs.TAB_ID_NONE,
  window_id: tab.windowId,
  url: tab.url || tab.pendingUrl || "",
  title: tab.title ?? "",
  active: tab.active,
  audible: tab.audible ?? false,
  status: tab.status ?? "unknown",
})

const openResult = (tab: chrome.tabs.Tab): typeof OpenTabResult.Type => {
  const { active: _active, audible: _audible, ...rest } = tabInfo(tab)
  return rest
}

/** A tab that ended, after redirects, where open_tab would refuse to go directly. */
class RefusedLanding extends Error {
  constructor(
    readonly code: "redirect_refused" | "navigation_failed" | "blocked_by_fence",
    message: string,
  ) {
    super(message)
  }
}

/** Chrome's errors for a missing tab or window become NotFound; the rest a browser_error. */
export const chromeError = (error: unknown): ToolError => {
  if (error instanceof RefusedLanding) return new ToolFailed({ code: error.code, message: error.message })
  const message = error instanceof Error ? error.message : String(error)
  const tab = /No tab with id: (-?\d+)/.exec(message)
  if (tab)
    return new NotFound({
      message: `There is no tab ${tab[1]} (it may have been closed). Call list_tabs to see the open tabs and their tab_id.`,
    })
  const window = /No window with id: (-?\d+)/.exec(message)
  if (window) return new NotFound({ message: `There is no window ${window[1]}. Call list_tabs to see the window_id of the open tabs.` })
  // Ids outside Chrome's range (negative, beyond 32 bits) fail its own argument checks.
  if (/No matching signature|must be at least|out of range/i.test(message)) {
    return new NotFound({
      message:
        "There is no tab or window with that id (ids are small positive whole numbers). Call list_tabs to see the open tabs and their tab_id and window_id.",
    })
  }
  return new ToolFailed({ code: "browser_error", message: `The browser refused: ${message}` })
}

const chromeCall = <A>(run: () => Promise<A>) => Effect.tryPromise({ try: run, catch: chromeError })

const sleep = (ms: number, wake: (resume: () => void) => void) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    wake(() => (clearTimeout(timer), resolve()))
  })

/**
 * Opens or navigates, then waits for the load. The listener is in place before the navigation
 * starts so that a fast "complete" is not missed; polling covers navigations that send none
 * (a fragment change). At the limit the tab is reported as it is, status "loading": the tab
 * did open, and failing would make the caller open it again.
 */
/** How long a navigation may take to begin before the tab counts as not navigating. */
const NO_NAVIGATION_MS = 3_000

/** open_tab's parameters, and whether `tab_id` is a blank tab the same call made for this navigation. */
const openTab = async (params: TypeOf<(typeof routeParams)["tabs.open"]>) => {
  const { url, tab_id: tabId, active, window_id: windowId, wait_until_loaded: waitUntilLoaded } = params
  // The tab is this call's own (made blank for it, so that its fence stood before it loaded anything).
  const created = tabId === undefined || params.fresh === true
  // A "complete" counts only after a "loading" that our navigation started: a tab that was
  // still loading something else must not pass for loaded.
  const loading = new Set<number>()
  const completed = new Set<number>()
  let wake = () => undefined as void
  const onUpdated = (id: number, change: { status?: string }) => {
    if (change.status === "loading") loading.add(id)
    if (change.status !== "complete" || !loading.has(id)) return
    completed.add(id)
    wake()
  }
  chrome.tabs.onUpdated.addListener(onUpdated)
  // Every hop of the tab's main-frame navigation, and how it failed, as the browser saw them.
  const hops = new Map<number, string[]>()
  const failures = new Map<number, { error: string; url: string }>()
  const onRedirect = (d: chrome.webRequest.OnBeforeRedirectDetails) => {
    if (d.type === "main_frame") hops.set(d.tabId, [...(hops.get(d.tabId) ?? []), d.redirectUrl])
  }
  const onError = (d: chrome.webRequest.OnErrorOccurredDetails) => {
    if (d.type === "main_frame" && d.error !== "net::ERR_ABORTED") failures.set(d.tabId, { error: d.error, url: d.url })
  }
  chrome.webRequest?.onBeforeRedirect.addListener(onRedirect, { urls: ["<all_urls>"], types: ["main_frame"] })
  chrome.webRequest?.onErrorOccurred.addListener(onError, { urls: ["<all_urls>"], types: ["main_frame"] })
  const judge = (tab: chrome.tabs.Tab) => refuseLanding(tab, url, created, hops.get(tab.id!) ?? [], failures.get(tab.id!))
  // The request this call was judged for (and its hops within that site) may pass the tab's fence.
  const closePassage = tabId === undefined ? async () => undefined : await openPassage(tabId, url)
  try {
    const navigate = () => chrome.tabs.update(tabId!, { url, ...(active ? { active: true } : {}) })
    let opened =
      tabId === undefined ? await chrome.tabs.create({ url, active, ...(windowId === undefined ? {} : { windowId }) }) : await navigate()
    if (opened?.id === undefined) throw new Error(`No tab with id: ${tabId ?? "new"}.`)
    // Chrome may drop a navigation of a tab that is itself mid-load: check, and ask once more.
    if (tabId !== undefined && opened.pendingUrl !== url && opened.url !== url) {
      await new Promise((r) => setTimeout(r, 100))
      const now = await chrome.tabs.get(opened.id)
      if (now.pendingUrl !== url && now.url !== url && now.status !== "loading") opened = (await navigate()) ?? opened
    }
    if (active && tabId !== undefined) await chrome.windows.update(opened.windowId, { focused: true }).catch(() => undefined)
    if (!waitUntilLoaded) return openResult(await judge(await chrome.tabs.get(opened.id!)))
    const started = Date.now()
    const deadline = started + LOAD_WAIT_LIMIT_MS
    // A tab whose own load was cut by ours can be left "unloaded" (nothing loading, nothing
    // shown): ask again a few times before reporting the navigation as dropped.
    let asksLeft = tabId === undefined ? 0 : 3
    for (;;) {
      const tab = await chrome.tabs.get(opened.id!)
      if (tab.status === "unloaded") {
        if (asksLeft-- > 0) {
          await sleep(100, (resume) => (wake = resume))
          await navigate()
          continue
        }
        throw new Error(`The tab did not navigate to ${url.slice(0, 200)} (Chrome dropped the navigation); try again.`)
      }
      // No navigation began at all: the address is a download, or the browser refused it.
      if (!loading.has(opened.id!) && tab.url !== url && tab.pendingUrl !== url && Date.now() - started > NO_NAVIGATION_MS) {
        throw new Error(`${url.slice(0, 200)} did not open as a page in the tab (it may be a file download); use web_fetch to read it.`)
      }
      await judge(tab)
      const loaded = tab.status === "complete" && (completed.has(opened.id!) || tab.url === url)
      if (loaded || Date.now() >= deadline) return openResult(tab)
      await sleep(Math.min(250, Math.max(0, deadline - Date.now())), (resume) => (wake = resume))
    }
  } finally {
    chrome.tabs.onUpdated.removeListener(onUpdated)
    chrome.webRequest?.onBeforeRedirect.removeListener(onRedirect)
    chrome.webRequest?.onErrorOccurred.removeListener(onError)
    await closePassage()
  }
}

/**
 * A navigation that a redirect took to an address open_tab refuses when asked directly (this or
 * another extension's pages, chrome:, file:, data:; Chrome shows ERR_BLOCKED_BY_CLIENT for some
 * of them) is not a page that opened: the tab is closed (or, when it was the user's, sent back)
 * and the call fails, so the model never gets such a tab to work with.
 */
const refuseLanding = async (
  tab: chrome.tabs.Tab,
  asked: string,
  created: boolean,
  hops: ReadonlyArray<string>,
  failure: { error: string; url: string } | undefined,
): Promise<chrome.tabs.Tab> => {
  // The fence stopped a hop: the tab stays on the page that says so, and the call names the site.
  const landed = tab.url || tab.pendingUrl || ""
  const stopped = failure?.error === "net::ERR_BLOCKED_BY_CLIENT" && (await stoppedBy(tab.id!, failure.url)) ? failure.url : undefined
  if (stopped !== undefined || isBlockedPage(landed)) {
    const where = stopped ?? new URL(landed).searchParams.get("url") ?? ""
    const origin = URL.canParse(where) ? new URL(where).origin : "another site"
    throw new RefusedLanding(
      "blocked_by_fence",
      `${asked.slice(0, 200)} led to ${origin}, which this conversation has not allowed, while it holds data read from the user's tabs or files; the navigation was stopped and the tab shows why. Ask the user to allow ${origin} if it is needed.`,
    )
  }
  const refused = [...hops, landed].find((u) => u !== "" && !checkOpenableUrl(u).ok)
  if (refused === undefined && failure === undefined) return tab
  if (created) await chrome.tabs.remove(tab.id!).catch(() => undefined)
  else await chrome.tabs.goBack(tab.id!).catch(() => undefined)
  const what = created ? "closed" : "sent back"
  throw new RefusedLanding(
    refused !== undefined ? "redirect_refused" : "navigation_failed",
    refused !== undefined
      ? `${asked.slice(0, 200)} redirected to an address that cannot be opened (${refused.split(":")[0]}: pages are refused: only http, https and about:blank); the tab was ${what}.`
      : `${asked.slice(0, 200)} did not load: the browser reported ${failure?.error}; the tab was ${what}.`,
  )
}

export const tabsRoutes = {
  "tabs.query": defineRoute({
    // list_tabs's parameters; the patterns are matched by the tabs worker, in the sandbox.
    params: routeParams["tabs.query"],
    handle: ({ active, window_id: windowId, audible }) =>
      chromeCall(async (): Promise<Array<typeof TabInfo.Type>> => {
        if (windowId !== undefined) await chrome.windows.get(windowId)
        const tabs = await chrome.tabs.query({
          ...(active === undefined ? {} : { active }),
          ...(windowId === undefined ? {} : { windowId }),
          ...(audible === undefined ? {} : { audible }),
        })
        return tabs.filter((t) => t.id !== undefined && t.id !== chrome.tabs.TAB_ID_NONE).map(tabInfo)
      }),
  }),
  /** The active tab of the window the user used last: execute_script's default target. */
  "tabs.active": defineRoute({
    params: routeParams["tabs.active"],
    handle: () =>
      chromeCall(async () => {
        const [tab] = [
          ...(await chrome.tabs.query({ active: true, lastFocusedWindow: true })),
          ...(await chrome.tabs.query({ active: true })),
        ]
        return tab === undefined ? undefined : tabInfo(tab)
      }).pipe(
        Effect.flatMap((tab) =>
          tab === undefined
            ? Effect.fail(new NotFound({ message: "There is no active tab. Pass tab_id (see list_tabs)." }))
            : Effect.succeed(tab),
        ),
      ),
  }),
  "tabs.open": defineRoute({
    params: routeParams["tabs.open"],
    handle: (params) => {
      // Checked here too: any extension page may call the router, not only the tabs worker.
      const verdict = checkOpenableUrl(params.url)
      if (!verdict.ok) return Effect.fail(new InvalidInput({ tool: "open_tab", parameter: "url", message: verdict.reason }))
      return chromeCall(() => openTab({ ...params, url: verdict.url }))
    },
  }),
  "tabs.close": defineRoute({
    params: routeParams["tabs.close"],
    handle: ({ tab_id: tabId }) =>
      chromeCall(async () => {
        await chrome.tabs.get(tabId)
        await chrome.tabs.remove(tabId)
        return { tab_id: tabId, closed: true as const }
      }),
  }),
  "tabs.activate": defineRoute({
    params: routeParams["tabs.activate"],
    handle: ({ tab_id: tabId }) =>
      chromeCall(async () => {
        const tab = await chrome.tabs.update(tabId, { active: true })
        if (tab === undefined) throw new Error(`No tab with id: ${tabId}.`)
        await chrome.windows.update(tab.windowId, { focused: true })
        return { tab_id: tabId, window_id: tab.windowId, active: true as const }
      }),
  }),
}
