/** UI strings come from `_locales/` through `chrome.i18n`; the key is shown if one is missing. */
export const t = (key: string, ...substitutions: string[]): string =>
  (typeof chrome !== "undefined" && chrome.i18n?.getMessage(key, substitutions)) || key
