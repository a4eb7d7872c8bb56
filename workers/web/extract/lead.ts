/**
 * A story's lead (standfirst) set as a block of its own before the body: "<h1>…</h1><div><p
 * class=intro>Some of the biggest stars in theatre have passed a motion…</p></div> <div
 * class=date>…</div> <div class=story>…</div>". Gathering takes siblings only when together they
 * add a fifth of the best part's prose, and one sentence never does, so the gather went a level up
 * without it (or stopped) and the lead was lost. The lead is the nearest block of prose before the
 * body, with only blocks without prose (a date, a byline, a comment-count link) between them: one
 * or two sentences of plain prose, ending as a sentence ends. A longer block is a part of its own
 * (judged by the gain), a shorter one or one without a full stop is a label ("Please support local
 * business!", "Back to today's news").
 */
import { textOf } from "./dom.ts"
import { endsSentence } from "./sentence.ts"
import { wideCount } from "./wide-sentence.ts"
import type { Measure } from "./article.ts"

/** a lead's length in characters (a Chinese, Japanese or Korean one counted three, as a word there is one or two): one or two sentences */
const LEAD_MIN = 60
const LEAD_MAX = 400

/**
 * The lead of `body` among the siblings gathering accepted (`accepted`), if it has one: the nearest
 * element before it holding prose, when that is an accepted block of plain prose of a lead's length
 * ending with a full stop. `isPlain` is the gather's test of plain prose.
 */
export const leadBefore = (
  body: Element,
  accepted: ReadonlySet<Element>,
  measures: ReadonlyMap<Element, Measure>,
  isPlain: (m: Measure) => boolean,
): Element | undefined => {
  let lead = body.previousElementSibling
  while (lead !== null && (measures.get(lead)?.prose ?? 0) === 0) lead = lead.previousElementSibling
  const m = lead === null ? undefined : measures.get(lead)
  if (lead === null || m === undefined || !accepted.has(lead) || !isPlain(m)) return undefined
  const text = textOf(lead)
  const length = m.text + 2 * wideCount(text)
  return length >= LEAD_MIN && length <= LEAD_MAX && endsSentence(text) ? lead : undefined
}
