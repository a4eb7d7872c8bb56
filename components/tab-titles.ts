/**
 * The titles of the browser's tabs by id, for what names a tab by the id the model used (a tool
 * card's subject): a number means nothing to a person. Each tab is read once (chrome.tabs.get) and
 * kept after it closes, so a card still names the tab it closed; an id never read stays unnamed.
 */
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
  const tabs = (globalThis as { chrome?: { tabs?: typeof chrome.tabs } }).chrome?.tabs
  void tabs?.get(id).then(
    (tab) => learn(id, tab.title || tab.url || ""),
    // Closed before it was read (a conversation reopened later): it stays unnamed.
    () => undefined,
  )
  return undefined
}

/** A title learnt elsewhere (a tab listed or opened by a tool). */
export const rememberTabTitle = (id: number, title: string): void => learn(id, title)

/** Calls `listener` whenever a title becomes known; returns the way to stop. */
export const onTabTitle = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
