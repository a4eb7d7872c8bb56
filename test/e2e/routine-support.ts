/** What the routines' end-to-end tests share: the developer API in a page, a run and its end. */
import type { Page, Worker } from "playwright-core"

/** Runs `fn` in the page (which has the API) and returns its value. */
export const api = (p: Page, fn: (arg: any) => Promise<unknown>, arg?: unknown): Promise<any> => p.evaluate(fn as never, arg)

/**
 * Does `action` in the page and resolves with the `routine_run_finished` event that follows (the
 * listener is on before the action), and what the action returned.
 */
export const runAndWait = (p: Page, action: "runNow" | "fire", arg: unknown) =>
  p.evaluate(
    async ({ action, arg }) => {
      const finished = new Promise<any>((resolve) => {
        const off = globalThis.agent.onEvent((e) => {
          if (e.type === "routine_run_finished") {
            off()
            resolve(e)
          }
        })
      })
      const started =
        action === "runNow"
          ? await globalThis.agent.routines.runNow(arg as string)
          : await chrome.runtime.sendMessage({ kind: "agent-mesh/router", method: "debug.alarms.fire", params: arg })
      return { started, finished: await finished }
    },
    { action, arg },
  )

/** The next `routine_run_finished` event, listened for from now on (await the promise after the action). */
export const nextRoutineEnd = (p: Page): Promise<any> =>
  p.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const off = globalThis.agent.onEvent((e) => {
          if (e.type === "routine_run_finished") {
            off()
            resolve(e)
          }
        })
      }),
  )

/**
 * Waits until the service worker shows the notification `id` (it is shown through the router, a
 * moment after the event that asks for it) and returns every notification shown; after 10 s it
 * returns them without it, for the caller's assertion to show.
 */
export const notificationShown = (sw: Worker, id: string): Promise<Record<string, boolean>> =>
  sw.evaluate(
    (id) =>
      new Promise<Record<string, boolean>>((resolve) => {
        const deadline = Date.now() + 10_000
        const timer = setInterval(
          () =>
            void chrome.notifications.getAll().then((all) => {
              if (!(id in all) && Date.now() < deadline) return
              clearInterval(timer)
              resolve(all as Record<string, boolean>)
            }),
          20,
        )
      }),
    id,
  )
