/**
 * Whether an outgoing request would carry text that the conversation read from a tab or from
 * the workspace. The read text is kept as distinctive tokens (anything with a digit or an @,
 * or long) and as normalised text; an outgoing URL carries it if one of its tokens, or a long
 * enough run of its characters, is found there, also after percent-, plus- and base64-decoding.
 */

const TOKEN = /[\p{L}\p{N}_@.+-]{6,}/gu
const WINDOW = 24

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ")

const distinctive = (token: string) => /\d/.test(token) || token.includes("@") || token.length >= 14

export const tokensOf = (text: string): Set<string> => {
  const out = new Set<string>()
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].toLowerCase().replace(/^[.+-]+|[.+-]+$/g, "")
    if (token.length >= 6 && distinctive(token)) out.add(token)
  }
  return out
}

export interface ReadText {
  readonly text: string
  readonly tokens: Set<string>
  /** Where it was read (a page's origin); a request back there carries nothing new. */
  readonly origin?: string
}

export const readText = (text: string, origin?: string): ReadText => ({
  text: normalise(text),
  tokens: tokensOf(text),
  ...(origin ? { origin } : {}),
})

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "))
  } catch {
    return s
  }
}

const base64Decoded = (value: string): string | undefined => {
  if (value.length < 12 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined
  try {
    const text = atob(value.replace(/-/g, "+").replace(/_/g, "/"))
    // Only text counts: binary noise would match nothing useful.
    // oxlint-disable-next-line no-control-regex -- tab, LF and CR are the control characters text may hold
    return /^[\x09\x0a\x0d\x20-\x7e\u00a0-\uffff]*$/.test(text) ? text : undefined
  } catch {
    return undefined
  }
}

/** The readable forms of what a URL sends: its path, query and fragment, decoded every way. */
export const outgoingForms = (url: string): string[] => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return [url]
  }
  const raw = `${parsed.pathname}${parsed.search}${parsed.hash}`
  const forms = [safeDecode(raw)]
  for (const part of raw.split(/[/?&=#;]/)) {
    const decoded = base64Decoded(safeDecode(part))
    if (decoded) forms.push(decoded)
  }
  return forms
}

/** The first piece of read text that the URL (or body) would carry off to `destinationOrigin`, if any. */
export const leakedText = (
  outgoing: ReadonlyArray<string>,
  read: ReadonlyArray<ReadText>,
  destinationOrigin: string,
): string | undefined => {
  const sources = read.filter((r) => r.origin !== destinationOrigin)
  if (sources.length === 0) return undefined
  for (const form of outgoing) {
    for (const token of tokensOf(form)) if (sources.some((s) => s.tokens.has(token))) return token
    const text = normalise(form)
    for (let i = 0; i + WINDOW <= text.length; i += 6) {
      const window = text.slice(i, i + WINDOW)
      if (/[\p{L}\p{N}]{4}/u.test(window) && sources.some((s) => s.text.includes(window))) return window
    }
  }
  return undefined
}
