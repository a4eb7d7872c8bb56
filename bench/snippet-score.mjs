// Scoring of an extraction against snippets chosen by people (trafilatura's evaluation format:
// `with` snippets must be in the main text, `without` snippets must not). Same as trafilatura's
// tests/eval_common.py: white space is collapsed to one space on both sides, a snippet counts when
// it is a substring of the text; a `with` found is a true positive, a `without` found a false
// positive; counts are summed over pages before precision, recall and F1 (micro average).

/** Collapses white space runs to one space and trims, as eval_common.py's norm(). */
export const norm = (text) => text.replace(/\s+/g, " ").trim()

/** One page's counts; a missing result (undefined) finds nothing. */
export const countPage = ({ with: wanted, without: unwanted }, text) => {
  const body = typeof text === "string" ? norm(text) : undefined
  const found = (snippets) => (body === undefined ? 0 : snippets.filter((s) => body.includes(norm(s))).length)
  const tp = found(wanted)
  const fp = found(unwanted)
  return { tp, fp, fn: wanted.length - tp, tn: unwanted.length - fp }
}

/** Precision, recall, F1 of summed counts, and the share of `without` snippets kept out. */
export const scoreCounts = (counts) => {
  const sum = { tp: 0, fp: 0, fn: 0, tn: 0 }
  for (const c of counts) for (const k of Object.keys(sum)) sum[k] += c[k]
  const ratio = (a, b) => (b ? a / b : 0)
  return {
    ...sum,
    precision: ratio(sum.tp, sum.tp + sum.fp),
    recall: ratio(sum.tp, sum.tp + sum.fn),
    f1: ratio(2 * sum.tp, 2 * sum.tp + sum.fp + sum.fn),
    absent: ratio(sum.tn, sum.tn + sum.fp),
  }
}
