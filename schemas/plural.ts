/**
 * A count and its noun by the language's plural rules ("1 time", "3 times"), for the English
 * messages that errors carry to the model and the developer API. (People read the UI's own
 * translated strings, which carry their plural forms in _locales.)
 */
const english = new Intl.PluralRules("en")

export const counted = (n: number, one: string, other: string): string => `${n} ${english.select(n) === "one" ? one : other}`
