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
    const guess = /^[\w-]+(\.[\w-]+)+(\/|$)/.test(text) ? ` Did you mean "https://${text}"?` : ""
    return { ok: false, reason: `"${cut(text)}" is not an absolute URL.${guess} Give a full http:// or https:// URL.` }
  }
  if ((url.protocol === "http:" || url.protocol === "https:") && (url.username !== "" || url.password !== ""))
    return { ok: false, reason: "The URL must not contain a user name or password (user:pass@): they would be sent as a header." }
  if (url.protocol === "http:" || url.protocol === "https:") return { ok: true, url: url.href }
  return {
    ok: false,
    reason: `${url.protocol} URLs cannot be opened: only http, https and about:blank are allowed (browser pages, files, javascript:, data: and extension pages are refused). This scheme rule is Agent Mesh's own, an addition to the tool contract.`,
  }
}

const cut = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}…` : s)
