/**
 * How a link's URL is shown: relative to the page's own URL (the `url` field of
 * get_tab_content's result, which the model resolves it against) when that is shorter and
 * resolves back to the same URL. A page links mostly to itself, so its origin (and often its
 * path) would otherwise repeat on every line.
 */

const WEB = /^https?:$/

/**
 * `absolute` (a resolved URL) written relative to `page`: `#frag` for a place on the same page,
 * `?query#frag` for the same path, `/path?query#frag` for the same origin; any other URL as it is.
 * The result resolves against `page` to `absolute` (URL parsing normalises both alike).
 */
export const relativeUrl = (absolute: string, page: URL): string => {
  let url: URL
  try {
    url = new URL(absolute)
  } catch {
    return absolute
  }
  if (!WEB.test(url.protocol) || url.origin !== page.origin || url.username !== "" || url.password !== "") return absolute
  const path = url.pathname + url.search
  if (path === page.pathname + page.search && url.hash !== "") return url.hash
  // `?query` keeps the path; an empty query would not drop the page's own.
  if (url.pathname === page.pathname && url.search !== "") return url.search + url.hash
  return path + url.hash
}

/** Whether `written`, as the model resolves it against `page`, is `absolute`. */
export const resolvesTo = (written: string, page: URL, absolute: string): boolean => {
  try {
    return new URL(written, page).href === absolute
  } catch {
    return false
  }
}

/** `href` resolved as the browser resolves the link's (against its base URL); `href` itself when it does not parse. */
export const absoluteUrl = (href: string, base: string): string => {
  try {
    return new URL(href, base).href
  } catch {
    return href
  }
}
