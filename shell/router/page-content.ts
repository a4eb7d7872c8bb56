/**
 * The route behind get_tab_content: injects the page walker (dist/inject/content-walker.js)
 * into the tab's isolated world and returns what it read. Pages the extension may not script
 * are refused up front with `page_not_readable`, so the model learns why, not just that it failed.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidInput, NotFound, ToolFailed, type ToolError } from "../../schemas/errors.ts"
import type { ReadOptions, ReadOutcome } from "../../workers/page/walker.ts"
import { getTabContent, GetTabContentParameters } from "../../schemas/tools/page.ts"
import { defineRoute } from "./route.ts"

const WALKER_FILE = "inject/content-walker.js"

/** get_tab_content's `tab_id` and `selector`, the characters to read at most, and an audit for benches and tests. */
const ReadContentParams = Schema.Struct({
  tab_id: GetTabContentParameters.fields.tab_id,
  selector: GetTabContentParameters.fields.selector,
  limit: Schema.optionalKey(Schema.Number),
  /** Bench and tests only: mark the annotated elements in the page and list selector/mark pairs. */
  audit: Schema.optionalKey(Schema.Boolean),
})

const notReadable = (tabId: number, what: string) =>
  new ToolFailed({
    code: "page_not_readable",
    message: `Tab ${tabId} shows ${what}, which extensions may not read. Open the content in a normal web page (http or https) and read that tab.`,
  })

/** Pages Chrome keeps out of every extension's reach, told apart by their URL. */
const refusal = (url: string): string | null => {
  if (/^(chrome|chrome-untrusted|devtools|edge|brave|opera|vivaldi):/i.test(url)) return `a browser page (${url.split(/[?#]/)[0]})`
  if (/^about:/i.test(url) && !/^about:blank/i.test(url)) return `a browser page (${url})`
  if (/^view-source:/i.test(url)) return "a view-source page"
  if (/^(chrome-extension|extension|moz-extension):/i.test(url)) return "an extension's page"
  if (/^https:\/\/(chromewebstore\.google\.com|chrome\.google\.com\/webstore)(\/|$)/i.test(url)) return "the Chrome Web Store"
  if (/^(data|blob|javascript|filesystem):/i.test(url)) return `a ${url.slice(0, url.indexOf(":"))}: URL`
  return null
}

const getTab = (tabId: number) =>
  Effect.tryPromise({
    try: () => chrome.tabs.get(tabId),
    catch: () => new NotFound({ message: `There is no tab with id ${tabId}. Call list_tabs for the open tabs and their ids.` }),
  })

const inject = (tabId: number, url: string, options: ReadOptions): Effect.Effect<ReadOutcome, ToolError> =>
  Effect.tryPromise({
    try: async () => {
      await chrome.scripting.executeScript({ target: { tabId }, files: [WALKER_FILE] })
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        func: (opts: ReadOptions) =>
          (globalThis as unknown as { __agentMeshReadPage: (doc: Document, o: ReadOptions) => unknown }).__agentMeshReadPage(
            document,
            opts,
          ),
        args: [options],
      })
      return frame?.result as ReadOutcome | undefined
    },
    catch: (error) => {
      const message = error instanceof Error ? error.message : String(error)
      if (/no tab with id/i.test(message)) return new NotFound({ message: `Tab ${tabId} was closed while it was being read.` })
      if (/\.pdf($|[?#])/i.test(url)) return notReadable(tabId, "a PDF in Chrome's viewer")
      if (/error page/i.test(message))
        return new ToolFailed({
          code: "page_not_readable",
          message: `Tab ${tabId} shows Chrome's error page (the page failed to load): reload or open the URL again, then read it.`,
        })
      return new ToolFailed({ code: "page_not_readable", message: `The page in tab ${tabId} (${url}) cannot be read: ${message}` })
    },
  }).pipe(
    Effect.flatMap((outcome) =>
      outcome === undefined || outcome === null
        ? Effect.fail(
            new ToolFailed({
              code: "page_not_readable",
              message: `The page in tab ${tabId} gave no content: it may still be loading or have navigated away. Try again.`,
            }),
          )
        : Effect.succeed(outcome),
    ),
  )

export const pageContentRoutes = {
  "page.readContent": defineRoute({
    params: ReadContentParams,
    handle: ({ tab_id, selector, limit, audit }) =>
      Effect.gen(function* () {
        const tab = yield* getTab(tab_id)
        const url = tab.pendingUrl ?? tab.url ?? ""
        const refused = refusal(url)
        if (refused !== null) return yield* Effect.fail(notReadable(tab_id, refused))
        const options: ReadOptions = {
          ...(selector !== undefined ? { selector } : {}),
          ...(limit !== undefined ? { limit } : {}),
          ...(audit ? { audit } : {}),
        }
        const outcome = yield* inject(tab_id, url, options)
        if (!outcome.ok) {
          if (outcome.code === "invalid_input")
            return yield* Effect.fail(
              new InvalidInput({ tool: getTabContent.name, parameter: outcome.parameter ?? "selector", message: outcome.message }),
            )
          return yield* Effect.fail(new ToolFailed({ code: outcome.code, message: outcome.message }))
        }
        return {
          url: outcome.url,
          title: outcome.title,
          content: outcome.content,
          used_selector: outcome.usedSelector,
          stopped: outcome.stopped,
          ...(outcome.audit ? { audit: outcome.audit } : {}),
        }
      }),
  }),
}
