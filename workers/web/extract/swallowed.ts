/**
 * A page whose title, text area or script was left open to the end of the file: a crawler or an
 * archive cut out the part holding its end tag, so the standard's tokenizer reads everything after
 * the start tag as that element's text, and a browser shows an empty page with the whole story in
 * its tab's title. The bytes still hold the article, and an agent told "this page is empty" would
 * be misled, so such a page is read again with the element closed where its own text most likely
 * ended.
 */

/** Elements whose text the tokenizer reads raw up to their end tag (RCDATA, RAWTEXT, script data). */
const RAW_TEXT = ["title", "textarea", "script", "style", "xmp", "iframe", "noembed", "noframes"]

const TAG = new RegExp(`<(/?)(${RAW_TEXT.join("|")})\\b[^>]*>`, "gi")
/**
 * Where an element's text most likely ended: a title's at its line's end or where markup starts (a
 * tag, a comment), a text area's where markup starts, a script's or a style sheet's where the
 * page's body starts.
 */
const ENDS: Record<string, RegExp> = { title: /[\r\n]|<[a-z!/?]/gi, textarea: /<[a-z!/?]/gi }
const BODY = /<body\b/gi

/**
 * `html` with the first raw-text element that the tokenizer would read to the end of the file
 * closed where its text most likely ended, or undefined when no element is left open so, or no
 * such place is found. Start and end tags are matched as a raw scan finds them; the caller reads the
 * result only when the page as parsed shows (next to) nothing.
 */
export const closeSwallowing = (html: string): string | undefined => {
  const lastEnd = new Map<string, number>()
  const starts: { tag: string; at: number; after: number }[] = []
  TAG.lastIndex = 0
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const tag = m[2]!.toLowerCase()
    if (m[1] === "/") lastEnd.set(tag, m.index)
    else starts.push({ tag, at: m.index, after: m.index + m[0].length })
  }
  const open = starts.find(({ tag, at }) => (lastEnd.get(tag) ?? -1) < at)
  if (open === undefined) return undefined
  const end = ENDS[open.tag] ?? BODY
  end.lastIndex = open.after
  const at = end.exec(html)?.index
  if (at === undefined) return undefined
  return `${html.slice(0, at)}</${open.tag}>${html.slice(at)}`
}
