/**
 * Which URLs open_tab may open: web pages and a blank tab. Browser pages (chrome:), local files,
 * code (javascript:, data:) and extension pages are refused, because a model steered by page
 * content could otherwise reach settings, the disk or privileged pages.
 */

export type UrlVerdict = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string }

export const checkOpenableUrl = (raw: string): UrlVerdict => {
  const text = raw.trim()
  if (text.toLowerCase() === "about:blank") return { ok: true, url: "about:blank" }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, reason: `"${cut(text)}" is not an absolute URL.${notAbsoluteHint(text)} Give a full http:// or https:// URL.` }
  }
  if ((url.protocol === "http:" || url.protocol === "https:") && (url.username !== "" || url.password !== ""))
    return { ok: false, reason: "The URL must not contain a user name or password (user:pass@): they would be sent as a header." }
  if (url.protocol === "http:" || url.protocol === "https:") return { ok: true, url: url.href }
  return {
    ok: false,
    reason: `${url.protocol} URLs cannot be opened: only http, https and about:blank are allowed (browser pages, files, javascript:, data: and extension pages are refused). This scheme rule is Agent Mesh's own, an addition to the tool contract.`,
  }
}

/**
 * What a URL that does not parse most likely is, from what get_tab_content writes: a link under a
 * declared prefix (`~1/x`), one relative to the page (`/path`), or a host without a scheme. A model
 * that copied one of them gets told how to put it together rather than only that it is wrong.
 */
export const notAbsoluteHint = (text: string): string => {
  const token = /^~\d+/.exec(text)?.[0]
  if (token !== undefined)
    return ` It starts with a prefix from get_tab_content's "URL prefixes:" line (${token} stands for the URL declared there): write that prefix out, then the rest.`
  if (/^[/?#]/.test(text) && !text.startsWith("//"))
    return " It is relative to a page: resolve it against the url of the page that showed it."
  if (/^[\w-]+(\.[\w-]+)+(\/|$)/.test(text)) return ` Did you mean "https://${text}"?`
  return ""
}

const cut = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}…` : s)
