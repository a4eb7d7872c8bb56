/**
 * The route behind capture_tab: the tab's visible part as the browser paints it
 * (`chrome.tabs.captureVisibleTab`, PNG, untouched) and, when a selector or marks are asked for,
 * the page walker's boxes (workers/page/injected/walker-boxes.ts). The page worker crops, scales,
 * labels and encodes it. The browser captures only the tab shown in its window: a tab behind
 * another, or in a minimised window, is refused with `tab_not_visible` rather than brought to the
 * front, which would take the user's focus (the debugger and tabCapture APIs, which could, show a
 * banner or need the user's gesture).
 */
import * as Effect from "effect/Effect"
import { ToolFailed, type ToolError } from "../../schemas/errors.ts"
import { readFailureError, unreadablePage } from "../../schemas/page-content-words.ts"
import type { Boxes } from "../../workers/page/injected/walker-boxes.ts"
import { getTab, inject, refusal } from "./page-content.ts"
import { defineRoute } from "./route.ts"
import { readSettings } from "./settings-store.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** Chrome allows two captures a second per extension; a third waits for the next second. */
const QUOTA_WAIT_MS = 550
const QUOTA_TRIES = 4

const visibleWindow = (tabId: number, tab: chrome.tabs.Tab) =>
  Effect.tryPromise({
    try: () => chrome.windows.get(tab.windowId),
    catch: () => notVisible(tabId, "its window is gone"),
  }).pipe(
    Effect.flatMap((window) =>
      !tab.active
        ? Effect.fail(notVisible(tabId, "another tab is shown in its window"))
        : window.state === "minimized"
          ? Effect.fail(notVisible(tabId, "its window is minimised"))
          : Effect.succeed(window),
    ),
  )

const notVisible = (tabId: number, why: string): ToolError =>
  new ToolFailed({
    code: "tab_not_visible",
    message: `Tab ${tabId} cannot be captured: ${why}. The browser captures only what is on screen, and the tab is not brought to the front without the user: call activate_tab first (the user sees it change), or read it with get_tab_content.`,
    params: [String(tabId)],
  })

const captureFailed = (tabId: number, reason: string): ToolError =>
  new ToolFailed({ code: "capture_failed", message: `The browser refused to capture tab ${tabId}: ${reason}`, params: [reason] })

const captureVisible = (tabId: number, windowId: number): Effect.Effect<string, ToolError> =>
  Effect.tryPromise({
    try: async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await chrome.tabs.captureVisibleTab(windowId, { format: "png" })
        } catch (error) {
          const quota = /MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/.test(String(error))
          if (!quota || attempt >= QUOTA_TRIES) throw error
          await new Promise((resolve) => setTimeout(resolve, QUOTA_WAIT_MS))
        }
      }
    },
    catch: (error) => captureFailed(tabId, error instanceof Error ? error.message : String(error)),
  })

export const captureRoutes = {
  "page.capture": defineRoute({
    params: routeParams["page.capture"],
    handle: ({ tab_id, selector, marks }) =>
      Effect.gen(function* () {
        const tab = yield* getTab(tab_id)
        const url = tab.pendingUrl ?? tab.url ?? ""
        const refused = refusal(url)
        if (refused !== null) return yield* Effect.fail(unreadablePage(tab_id, url, refused))
        const window = yield* visibleWindow(tab_id, tab)
        let boxes: Boxes | undefined
        let title = tab.title ?? ""
        if (selector !== undefined || marks === true) {
          const outcome = yield* inject(tab_id, url, { ...(selector !== undefined ? { selector } : {}), boxes: true })
          if (!outcome.ok) return yield* Effect.fail(readFailureError(tab_id, url, outcome))
          if (outcome.boxes === undefined || outcome.boxes.clip.width < 1 || outcome.boxes.clip.height < 1)
            return yield* Effect.fail(
              new ToolFailed({
                code: "selector_not_found",
                message: `The element ${selector ?? "html"} has no size on the page of tab ${tab_id}: nothing of it can be seen.`,
                params: [selector ?? "html", url],
              }),
            )
          boxes = outcome.boxes
          title = outcome.title
        }
        const dataUrl = yield* captureVisible(tab_id, window.id ?? tab.windowId)
        const { capture } = yield* Effect.promise(() => readSettings())
        return {
          url,
          title,
          data_url: dataUrl,
          used_selector: selector ?? "html",
          limits: { maxSide: capture.maxSide, maxBytes: capture.maxBytes },
          // The CSS pixels the image shows: the walker's measure, else the tab's own.
          viewport: boxes?.viewport ?? { width: tab.width ?? 0, height: tab.height ?? 0 },
          ...(boxes !== undefined ? { boxes } : {}),
          ...(marks === true ? { marks: true as const } : {}),
        }
      }),
  }),
}
