/**
 * URL prefixes written once (docs/page-content.md, "Annotations and escaping"): a page's links
 * repeat the start of their URLs (`https://blog.example.org/2021/…` forty times), so the walker
 * writes a line `URL prefixes: ~1 https://blog.example.org ~2 …` before the content and each
 * link's URL that starts with one as `~1/2021/…`. The model puts the URL together by plain
 * concatenation (`~1` then the rest; a prefix may itself start with an earlier one, `~3 ~1/2021`),
 * before it reads a link's implied `a[href="…"]` from it.
 *
 * It runs on the finished content, not during the walk: what a prefix saves depends on every URL
 * the content shows, and an unescaped `](` only ever ends a link's label (page text escapes its
 * brackets), so the URLs are found in the text; fenced code blocks are copied literally and left
 * alone.
 */

import { runInSlices, type Ending, type Slices, type Work } from "./walker-slices.ts"

/** The line that declares the prefixes, before the content. */
export const PREFIX_LINE_START = "URL prefixes:"

/** A link's URL in the content: after an unescaped `](`, up to `)` (white space and parentheses are percent-encoded in it). */
const LINK_URL = /((?:^|[^\\])(?:\\\\)*\]\()([^()\s]+)/gm
const FENCED = /^(`{3,})\n[\s\S]*?\n\1$/gm
/** A URL the content already writes so would read as a prefix's: then no prefix is written. */
const TOKEN_LIKE = /^~\d/
/** Where a prefix may end: the rest of the URL starts with one of these (or is empty), so `~1` never ends mid-name. */
export const PREFIX_BOUNDARY: ReadonlySet<string> = new Set(["/", "?", "#", "&", "="])
/**
 * At most this many prefixes, and the distinct URLs looked at to pick them (a huge page's first
 * ones say enough). Each one picked pays for its declaration, so the cap only stops a page that
 * links many URLs again and again: 30, not 20, saved 470 characters on the eleven real pages of
 * issue 34 (mostly whole URLs a page repeats), and 100, not 30, 548 more there (a blog's archive
 * page picks 70: each post's permalink and comments link), the other sets never using 30.
 */
const MAX_PREFIXES = 100
const MAX_URLS = 1500
/** A prefix shorter than this saves next to nothing per link (`/wiki` still pays, on an encyclopedia's hundreds of links). */
export const MIN_PREFIX = 5

const tokenOf = (index: number) => `~${index + 1}`

/** A piece of the content no longer than CHUNK (cut at a line end: no link spans lines), and whether it is a fenced code block. */
type Piece = { readonly text: string; readonly fenced: boolean }
const CHUNK = 16_384

const piecesOf = (content: string): Piece[] => {
  const pieces: Piece[] = []
  const text = (from: number, to: number) => {
    while (from < to) {
      const cut = to - from <= CHUNK ? to : content.lastIndexOf("\n", from + CHUNK) + 1 || to
      const end = cut > from ? cut : to
      pieces.push({ text: content.slice(from, end), fenced: false })
      from = end
    }
  }
  let last = 0
  for (const m of content.matchAll(FENCED)) {
    text(last, m.index)
    pieces.push({ text: m[0], fenced: true })
    last = m.index + m[0].length
  }
  text(last, content.length)
  return pieces
}

/** Picks prefixes greedily by what each saves over the ones already picked, its declaration counted. */
export function* choosePrefixes(urls: ReadonlyArray<string>, due: () => boolean): Generator<void, string[], void> {
  const counts = new Map<string, number>()
  for (const url of urls) if (counts.size < MAX_URLS || counts.has(url)) counts.set(url, (counts.get(url) ?? 0) + 1)
  const distinct = [...counts.keys()]
  const users = new Map<string, number[]>()
  const add = (prefix: string, i: number) => {
    const list = users.get(prefix)
    if (list) list.push(i)
    else users.set(prefix, [i])
  }
  for (let i = 0; i < distinct.length; i++) {
    if (due()) yield
    const url = distinct[i]!
    // A prefix of an absolute URL holds its host, or is its scheme alone (`https:/`, the rest
    // `//host/…`): a page that links many sites once or twice each pays for that one.
    const host = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]+/i.exec(url)?.[0].length ?? 0
    const scheme = /^[a-z][a-z0-9+.-]*:\/(?=\/)/i.exec(url)?.[0].length ?? 0
    if (scheme >= MIN_PREFIX) add(url.slice(0, scheme), i)
    // The whole URL is a candidate too: a URL the page links again and again (a story's headline
    // and its picture, a permalink under each comment) is then written once and `(~N)` after.
    for (let at = Math.max(MIN_PREFIX, host); at <= url.length; at++) {
      if (at < url.length && PREFIX_BOUNDARY.has(url[at]!)) add(url.slice(0, at), i)
      else if (at === url.length) add(url, i)
    }
  }
  for (const [prefix, list] of users) if (list.length < 2 && counts.get(distinct[list[0]!]!)! < 2) users.delete(prefix)
  const saved = Array.from({ length: distinct.length }, () => 0)
  // What each candidate's declaration writes: itself, or itself from the longest prefix chosen before it.
  const declared = new Map<string, number>()
  const chosen: string[] = []
  while (chosen.length < MAX_PREFIXES) {
    const token = tokenOf(chosen.length).length
    let best: string | null = null
    let bestGain = 0
    let looked = 0
    for (const [prefix, list] of users) {
      if (++looked % 64 === 0 && due()) yield
      // Declared as ` ~N prefix`; each link then writes `~N` instead of it.
      let gain = -((declared.get(prefix) ?? prefix.length) + token + 2)
      for (const i of list) gain += Math.max(0, prefix.length - token - saved[i]!) * counts.get(distinct[i]!)!
      if (gain > bestGain) [best, bestGain] = [prefix, gain]
    }
    if (best === null) break
    for (const i of users.get(best)!) saved[i] = Math.max(saved[i]!, best.length - token)
    users.delete(best)
    chosen.push(best)
    for (const prefix of users.keys()) {
      if (++looked % 64 === 0 && due()) yield
      if (starts(best, prefix)) declared.set(prefix, Math.min(declared.get(prefix) ?? prefix.length, prefix.length - best.length + token))
    }
  }
  // The declaration line's own words must be paid for too.
  const total = saved.reduce((sum, s, i) => sum + s * counts.get(distinct[i]!)!, 0)
  if (total <= declaration(chosen).length) return []
  // A prefix picked early (`http://www.x.org`) is declared whole though one picked after it
  // (`http:/`) starts it; declared ancestors first it is written from it, `~1 http:/ ~2 ~1/www.x.org`,
  // unless the renumbering costs more than that saves (a busy prefix pushed to a token of two digits).
  const ordered = ancestorsFirst(chosen)
  if (ordered.every((p, i) => p === chosen[i])) return chosen
  const written = function* (prefixes: ReadonlyArray<string>): Generator<void, number, void> {
    let length = declaration(prefixes).length
    for (let i = 0; i < distinct.length; i++) {
      if (i % 64 === 63 && due()) yield
      length += withPrefix(distinct[i]!, prefixes).length * counts.get(distinct[i]!)!
    }
    return length
  }
  return (yield* written(ordered)) < (yield* written(chosen)) ? ordered : chosen
}

/** Whether `prefix` starts `longer` where a prefix may end, so that `longer` can be declared from it. */
const starts = (prefix: string, longer: string) =>
  longer.length > prefix.length && longer.startsWith(prefix) && PREFIX_BOUNDARY.has(longer[prefix.length]!)

/** The prefixes in the order picked, each moved after the ones that start it (shortest first). */
const ancestorsFirst = (chosen: ReadonlyArray<string>): string[] => {
  const ordered: string[] = []
  for (const prefix of chosen) {
    if (ordered.includes(prefix)) continue
    const before = chosen.filter((p) => starts(p, prefix) && !ordered.includes(p)).sort((a, b) => a.length - b.length)
    ordered.push(...before, prefix)
  }
  return ordered
}

/** The line that declares the prefixes, each written from the earlier ones where it starts with one: `~2 ~1/2021`. */
const declaration = (prefixes: ReadonlyArray<string>): string =>
  `${PREFIX_LINE_START} ${prefixes.map((p, i) => `${tokenOf(i)} ${withPrefix(p, prefixes.slice(0, i))}`).join(" ")}`

/** A URL written with the longest prefix it starts with at a boundary (`~1/rest`), or as it was. */
const withPrefix = (url: string, prefixes: ReadonlyArray<string>): string => {
  let best = -1
  prefixes.forEach((p, i) => {
    const next = url[p.length]
    if (
      url.startsWith(p) &&
      (next === undefined || PREFIX_BOUNDARY.has(next) || next === "…") &&
      (best < 0 || p.length > prefixes[best]!.length)
    )
      best = i
  })
  return best < 0 ? url : tokenOf(best) + url.slice(prefixes[best]!.length)
}

export type Prefixed = {
  /** The content with the declaration line first and its links' URLs written with the prefixes. */
  content: string
  /** An annotation as the content writes it (`(url)`, `{…}`), written the same way. */
  written: (annotation: string) => string
}

const unchanged = (content: string): Prefixed => ({ content, written: (annotation) => annotation })

/** Writes the content's repeated URL starts once (the content unchanged when that saves nothing), pausing when `due`. */
export function* prefixUrls(content: string, due: () => boolean): Generator<void, Prefixed, void> {
  const pieces = piecesOf(content)
  const urls: string[] = []
  for (const piece of pieces) {
    if (due()) yield
    if (!piece.fenced) for (const m of piece.text.matchAll(LINK_URL)) urls.push(m[2]!)
  }
  if (urls.some((u) => TOKEN_LIKE.test(u))) return unchanged(content)
  const prefixes = yield* choosePrefixes(urls, due)
  if (prefixes.length === 0) return unchanged(content)
  const rewritten: string[] = [`${declaration(prefixes)}\n`]
  for (const piece of pieces) {
    if (due()) yield
    rewritten.push(
      piece.fenced ? piece.text : piece.text.replace(LINK_URL, (_, before: string, url: string) => before + withPrefix(url, prefixes)),
    )
  }
  return {
    content: rewritten.join(""),
    written: (annotation) => (annotation.startsWith("(") ? `(${withPrefix(annotation.slice(1, -1), prefixes)})` : annotation),
  }
}

/** The prefix pass over a finished walk, in slices of its own; none after a walk that spent its budget, nor once the budget is spent. */
export const prefixInSlices = async (body: string, walk: Ending, clock: Slices): Promise<Prefixed> => {
  if (walk === "budget") return unchanged(body)
  let prefixed = unchanged(body)
  const pass = (function* (): Work {
    prefixed = yield* prefixUrls(body, () => clock.due())
  })()
  return (await runInSlices(pass, clock)) === "done" ? prefixed : unchanged(body)
}

/**
 * A content's prefixes read back (for a replay, which keys what a read named by its selector): a
 * link's URL as the content writes it → the URL it stands for, `~1/x` → `https://a.org/x`.
 */
export const urlOfWritten = (content: string): ((url: string) => string) => {
  const prefixes: string[] = []
  const put = (url: string) => {
    const token = /^~(\d+)/.exec(url)
    const prefix = token ? prefixes[Number(token[1]) - 1] : undefined
    return prefix === undefined ? url : prefix + url.slice(token![0].length)
  }
  const line = content.split("\n", 20).find((l) => l !== "" && !l.startsWith("Note: "))
  if (line?.startsWith(`${PREFIX_LINE_START} `)) for (const [, , p] of line.matchAll(/~(\d+) (\S+)/g)) prefixes.push(put(p!))
  return put
}
