/**
 * Long URLs shown by their start (docs/page-content.md, "Annotations and escaping"): a link whose
 * URL is over LONG_URL characters, or ends in tracking parameters, is written `[text](start…)`,
 * selected by `a[href^="start"]` when that start selects it alone on the page, and by
 * `S a[href^="start"]`, written `[text](start…){^S}`, when it does so inside S, one of its nearest
 * ancestors (a story's share links, repeated in the page's head and foot).
 */
import { LONG_URL, type SelectorMaker } from "./walker-selectors.ts"
import { beforeTrackingTail } from "./walker-tracking.ts"

/** What a link's URL was shown as when it was shown cut (no URL is written so). */
export const CUT_SHOWN = "…"
/** A URL longer than LONG_URL is shown cut to its first URL_CUT characters and `…`, or fewer (CUT_LENGTHS) when its implied selector needs no more. */
export const URL_CUT = 80
const CUT_LENGTHS = [40, 60, URL_CUT]
/** One over SHOW_CUT is cut too where 40 or 60 select it alone and save CUT_SAVES: on text-heavy pages URLs cost most (docs/page-content.md). */
const SHOW_CUT = 60
const CUT_SAVES = 10

/**
 * The start a link's href is shown by, and whether `a[href^="start"]` selects the link alone on
 * the page; null when it is shown whole. A URL is cut after its last parameter that is not
 * tracking, and a long one to the first of its first 40, 60 or URL_CUT characters that selects it
 * alone (one of SHOW_CUT to LONG_URL characters only where 40 or 60 do and save CUT_SAVES): the
 * label says what it is; the whole URL is no more use to the model than its start, as it must read
 * the href to follow it either way. `impliable`: whether a start may stand in parentheses.
 */
export const cutStart = (
  selectors: SelectorMaker,
  el: Element,
  href: string,
  impliable: (start: string) => boolean,
): { readonly start: string; readonly alone: boolean } | null => {
  const untracked = beforeTrackingTail(href)
  if (href.length <= SHOW_CUT && untracked === null) return null
  const whole = untracked ?? href
  const long = href.length > LONG_URL || untracked !== null
  const unique = (n: number) => (long && n >= URL_CUT) || selectors.selectsAloneByHrefPrefix(el, whole.slice(0, n))
  const length = CUT_LENGTHS.find((n) => (long || n <= whole.length - CUT_SAVES) && unique(n))
  const start = length === undefined ? "" : whole.slice(0, length)
  return start !== "" && impliable(start) ? { start, alone: selectors.selectsAloneByHrefPrefix(el, start) } : null
}
