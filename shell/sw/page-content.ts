/**
 * The route behind get_tab_content: injects the page walker (dist/inject/content-walker.js)
 * into the tab's isolated world and returns what it read. Pages the extension may not script
 * are refused up front with `page_not_readable`, so the model learns why, not just that it failed.
 */
import * as Effect from "effect/Effect"
import type { ToolError } from "../../schemas/errors.ts"
import type { ReadOptions, ReadOutcome } from "../../workers/page/injected/walker.ts"
import { readFailureError, tabNotFound, unreadablePage, type Unreadable } from "../../schemas/page-content-words.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

const WALKER_FILE = "inject/content-walker.js"

/** Pages Chrome keeps out of every extension's reach, told apart by their URL. */
export const refusal = (url: string): Unreadable | null => {
  if (/^(chrome|chrome-untrusted|devtools|edge|brave|opera|vivaldi):/i.test(url))
    return { reason: "browser_page", page: url.split(/[?#]/)[0]! }
  if (/^about:/i.test(url) && !/^about:blank/i.test(url)) return { reason: "browser_page", page: url }
  if (/^view-source:/i.test(url)) return { reason: "view_source" }
  if (/^(chrome-extension|extension|moz-extension):/i.test(url)) return { reason: "extension_page" }
  if (/^https:\/\/(chromewebstore\.google\.com|chrome\.google\.com\/webstore)(\/|$)/i.test(url)) return { reason: "web_store" }
  if (/^(data|blob|javascript|filesystem):/i.test(url)) return { reason: "url_scheme", scheme: url.slice(0, url.indexOf(":")) }
  return null
}

export const getTab = (tabId: number) =>
  Effect.tryPromise({
    try: () => chrome.tabs.get(tabId),
    catch: () => tabNotFound(tabId, "asked"),
  })

/**
 * Injects the page walker into the tab's isolated world and calls one of the entries it installs
 * (`__agentMeshReadPage`, `__agentMeshIdentify`) on the document with `arg`.
 */
export const callWalker = <A>(
  tabId: number,
  url: string,
  entry: "__agentMeshReadPage" | "__agentMeshIdentify",
  arg: unknown,
): Effect.Effect<A | undefined, ToolError> =>
  Effect.tryPromise({
    try: async () => {
      await chrome.scripting.executeScript({ target: { tabId }, files: [WALKER_FILE] })
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        func: (entry: string, arg: unknown) =>
          (globalThis as unknown as Record<string, (doc: Document, arg: unknown) => unknown>)[entry]!(document, arg),
        args: [entry, arg],
      })
      return frame?.result as A | undefined
    },
    catch: (error): ToolError => {
      const message = error instanceof Error ? error.message : String(error)
      if (/no tab with id/i.test(message)) return tabNotFound(tabId, "reading")
      if (/\.pdf($|[?#])/i.test(url)) return unreadablePage(tabId, url, { reason: "pdf" })
      if (/error page/i.test(message)) return unreadablePage(tabId, url, { reason: "error_page" })
      return unreadablePage(tabId, url, { reason: "refused", detail: message })
    },
  })

export const inject = (tabId: number, url: string, options: ReadOptions): Effect.Effect<ReadOutcome, ToolError> =>
  callWalker<ReadOutcome>(tabId, url, "__agentMeshReadPage", options).pipe(
    Effect.flatMap((outcome) =>
      outcome === undefined || outcome === null
        ? Effect.fail(unreadablePage(tabId, url, { reason: "no_content" }))
        : Effect.succeed(outcome),
    ),
  )

export const pageContentRoutes = {
  "page.readContent": defineRoute({
    params: routeParams["page.readContent"],
    handle: ({ tab_id, selector, limit, audit }) =>
      Effect.gen(function* () {
        const tab = yield* getTab(tab_id)
        const url = tab.pendingUrl ?? tab.url ?? ""
        const refused = refusal(url)
        if (refused !== null) return yield* Effect.fail(unreadablePage(tab_id, url, refused))
        const options: ReadOptions = {
          ...(selector !== undefined ? { selector } : {}),
          ...(limit !== undefined ? { limit } : {}),
          ...(audit ? { audit } : {}),
        }
        const outcome = yield* inject(tab_id, url, options)
        if (!outcome.ok) return yield* Effect.fail(readFailureError(tab_id, url, outcome))
        return {
          url: outcome.url,
          title: outcome.title,
          content: outcome.content,
          used_selector: outcome.usedSelector,
          stopped: outcome.stopped,
          ...(outcome.budget ? { budget: outcome.budget } : {}),
          ...(outcome.hidden ? { hidden: true as const } : {}),
          ...(outcome.audit ? { audit: outcome.audit } : {}),
        }
      }),
  }),
}
