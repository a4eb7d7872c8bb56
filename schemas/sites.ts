/**
 * Sites, not origins: a browser sends a cookie to every port and scheme of its host, and a
 * `Domain=` cookie to every sub-domain of its registrable domain, so whatever concerns logins or
 * grants is keyed by the registrable domain ("bank.example" for https://www.bank.example:8443/).
 * The Public Suffix List comes from `tldts` (kept up to date upstream, private section included
 * as browsers use it: user.github.io is a site of its own), not from a hand-made list.
 */
import { getDomain } from "tldts"

/** The hostname of an http(s) URL or origin, lower case, without a trailing dot; undefined otherwise. */
const hostOf = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    if (u.protocol !== "http:" && u.protocol !== "https:") return undefined
    return u.hostname.replace(/\.+$/, "")
  } catch {
    return undefined
  }
}

/**
 * The site of an http(s) URL or origin: its registrable domain, or the host itself for an IP
 * address, a single-label name or a public suffix. Undefined for anything else.
 */
export const siteOf = (url: string): string | undefined => {
  const host = hostOf(url)
  if (host === undefined || host === "") return undefined
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) return host
  return getDomain(host, { allowPrivateDomains: true }) ?? host
}

/**
 * A grant's or a question's key for a destination: the site of an http(s) origin, the name
 * itself for what is no site ("anywhere", "tool:NAME").
 */
export const siteKey = (destination: string): string => siteOf(destination) ?? destination

/** Whether a key names a real site (a grant "for this site" can be given for it). */
export const isSite = (key: string): boolean => key !== "anywhere" && !key.startsWith("tool:") && key !== "unknown site"
