/**
 * get_tab_content's annotations read as docs/page-content.md tells the model to, apart from the
 * walker: the unit tests, the e2e test and the bench resolve them with this and check in the page
 * that each selects exactly its element. The scoped forms are read by the replays' reader
 * (./scoped-annotations.ts).
 */
import { scopedAnnotations } from "./scoped-annotations.ts"

export { cssQuoted, LANDMARK_LINE, readsScope, scopeSetBy } from "./scoped-annotations.ts"

/**
 * A link's URL put together from the prefixes the content declares on its first line (after any
 * notes): `URL prefixes: ~1 https://a.org ~2 ~1/news` makes `~1/x` `https://a.org/x` and `~2?p=1`
 * `https://a.org/news?p=1`; any other URL is as written.
 */
export const urlExpander = (content: string): ((url: string) => string) => {
  const lines = content.split("\n", 20)
  const first = lines.find((line) => line !== "" && !line.startsWith("Note: "))
  const prefixes = new Map<string, string>()
  const expand = (url: string) => {
    const m = /^~(\d+)(?=[/?#&=…]|$)/.exec(url)
    return m && prefixes.has(m[1]!) ? prefixes.get(m[1]!)! + url.slice(m[0].length) : url
  }
  // A prefix may start with an earlier one: `~2 ~1/2021`.
  if (first?.startsWith("URL prefixes: "))
    for (const m of first.slice("URL prefixes: ".length).matchAll(/~(\d+) (\S+)/g)) prefixes.set(m[1]!, expand(m[2]!))
  return expand
}

/** The selectors of the content's annotations read with the scope, in order: the n-th of the walker's audit is the n-th of the content. */
export const scopedSelectors = (whole: string): string[] => scopedAnnotations(whole, urlExpander(whole)).map((a) => a.selector)
