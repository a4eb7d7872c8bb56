/**
 * UI strings come from `_locales/` through `chrome.i18n`; the key is shown if one is missing.
 * Each `getMessage` crosses into the browser (it asks for the UI language every time), and the
 * panel shares its main thread with the offscreen document that runs the agent, so a long
 * conversation re-rendered per streamed token spent tens of milliseconds a token there. The UI
 * language cannot change while a page is open, so each string is looked up once.
 */
const cache = new Map<string, string>()
/** The lookup the cache was filled from (tests swap in their own). */
let cachedFrom: unknown
/** Substituted strings (counts, names) vary without end: past this many, start again. */
const MAX_CACHED = 2000

export const t = (key: string, ...substitutions: string[]): string => {
  const getMessage = typeof chrome !== "undefined" ? chrome.i18n?.getMessage : undefined
  if (getMessage === undefined) return key
  if (getMessage !== cachedFrom) {
    cache.clear()
    cachedFrom = getMessage
  }
  const id = substitutions.length === 0 ? key : `${key}\u0000${substitutions.join("\u0000")}`
  let text = cache.get(id)
  if (text === undefined) {
    text = chrome.i18n.getMessage(key, substitutions) || key
    if (cache.size >= MAX_CACHED) cache.clear()
    cache.set(id, text)
  }
  return text
}
