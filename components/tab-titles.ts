/**
 * The titles of the browser's tabs by id, for what names a tab by the id the model used (a tool
 * card's subject): a number means nothing to a person. A title is learnt by asking the service
 * worker's router for the open tabs (the panel calls no chrome.tabs itself), once for all the ids
 * asked meanwhile; it is kept after the tab closes, so a card still names the tab it closed, and
 * an id not open when asked stays unnamed.
 */
import { callRouter } from "../shell/client/router-client.ts"

const titles = new Map<number, string>()
const asked = new Set<number>()
const listeners = new Set<() => void>()

const learn = (id: number, title: string): void => {
  if (title === "" || titles.get(id) === title) return
  titles.set(id, title)
  for (const listener of listeners) listener()
}

/** The tab's title (its address when it has none), or undefined until it is known. */
export const tabTitle = (id: number): string | undefined => {
  const known = titles.get(id)
  if (known !== undefined || asked.has(id)) return known
  asked.add(id)
  readOpenTabs()
  return undefined
}

let reading = false
let again = false

/** One router call for every id asked while none is under way, and one more for those asked during it. */
const readOpenTabs = (): void => {
  if (reading) {
    again = true
    return
  }
  reading = true
  void callRouter("tabs.query", {})
    .then((reply) => {
      if (!reply.ok) return
      for (const tab of reply.value) learn(tab.tab_id, tab.title || tab.url || "")
    })
    .finally(() => {
      reading = false
      if (again) {
        again = false
        readOpenTabs()
      }
    })
}

/** Calls `listener` whenever a title becomes known; returns the way to stop. */
export const onTabTitle = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
