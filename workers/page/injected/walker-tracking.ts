/**
 * Tracking parameters: query parameters that say where a click came from (a campaign, an ad, a
 * share), not what the link opens. A link's URL is shown without a tail made only of them, since
 * the tail costs characters and tells the model nothing about the target.
 */
const TRACKING_PARAMETER =
  /^(?:utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|spm|scm|vero_id|oly_anon_id|oly_enc_id|rb_clickid|s_cid|ncid)$/i

/**
 * The start of `href` before its tracking tail, ending with the `?` or `&` that opens that tail,
 * when every parameter from there to the end (or to the `#fragment`) is a tracking parameter and
 * no fragment follows; otherwise null. `https://x.org/p?id=3&utm_source=a&utm_medium=b` gives
 * `https://x.org/p?id=3&`.
 */
export const beforeTrackingTail = (href: string): string | null => {
  const query = href.indexOf("?")
  if (query < 0 || href.includes("#", query)) return null
  const parameters = href.slice(query + 1).split("&")
  let tail = parameters.length
  while (tail > 0 && TRACKING_PARAMETER.test(parameters[tail - 1]!.split("=")[0]!)) tail--
  if (tail === parameters.length) return null
  const kept = parameters.slice(0, tail)
  return href.slice(0, query + 1) + kept.map((p) => `${p}&`).join("")
}
