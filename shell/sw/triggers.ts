/**
 * Routines triggered by a page (docs/routines.md): when a tab finishes loading an http(s) page
 * whose URL matches a routine's pattern, the routine runs with that tab. `tabs.onUpdated` needs
 * no permission beyond `tabs`, which the tab tools have already.
 */
import { matchesUrlPattern } from "../../schemas/routine-schedule.ts"
import { dispatch } from "./alarms.ts"
import { readRoutines } from "./routine-store.ts"

const onLoaded = async (tabId: number, url: string): Promise<void> => {
  for (const routine of await readRoutines()) {
    if (routine.paused || routine.schedule.kind !== "tab" || !matchesUrlPattern(routine.schedule.urlPattern, url)) continue
    await dispatch(routine.id, "tab", Date.now(), { id: tabId, url })
  }
}

/** Registered as the service worker starts (Chrome wants its event listeners added at once). */
export const listenForTabTriggers = (): void => {
  chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.status !== "complete" || tab.url === undefined || !/^https?:\/\//.test(tab.url)) return
    void onLoaded(tabId, tab.url).catch((e: unknown) => console.warn("agent-mesh: routine trigger:", e))
  })
}
