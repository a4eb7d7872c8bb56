#!/usr/bin/env node
// The second opinion page by page: on pages of a corpus (outside the repository), our reading
// before arbitration beside Readability's reading as index.ts gets it (our Markdown of its
// content), with the signals the decision reads (coverage, lengths, the share of ours that
// Readability's reading holds) and what the decision kept. Lists every page where the two
// readings differ by at least --gap F1 (default 0.15), then counts the decision's right and
// wrong choices over them: the figures behind any change to asksReadability/prefersReadability.
//   node bench/extraction-arbiter.mjs --pages DIR --truth FILE [--split NAME] [--gap 0.15]
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { loadExtractors, readPages } from "./extraction.mjs"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const { score } = await import(path.join(root, "bench", "data", "article-extraction", "score.mjs"))
const args = process.argv.slice(2)
const opt = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
if (!opt("--pages") || !opt("--truth")) {
  console.error("usage: node bench/extraction-arbiter.mjs --pages DIR --truth FILE [--split NAME] [--gap 0.15]")
  process.exit(2)
}
const truth = JSON.parse(readFileSync(opt("--truth"), "utf8"))
const split = opt("--split")
const gap = Number(opt("--gap") ?? 0.15)
const extractors = await loadExtractors()
const pages = (await readPages(opt("--pages"), extractors.decode)).filter(
  (p) => truth[p.id] !== undefined && (split === undefined || truth[p.id].split === split),
)
const scored = (id, text) => {
  const r = score(truth, { [id]: { articleBody: text } }, [id])
  return { f1: Number.isNaN(r.f1) ? 0 : r.f1, p: r.precision, r: r.recall }
}
const fmt = (s) => `${s.f1.toFixed(2)} (${s.p.toFixed(2)}/${s.r.toFixed(2)})`
const counts = { right: 0, wrong: 0, refusedBetter: 0, notAskedBetter: 0, keptWorse: 0 }
console.log(`the second opinion on ${pages.length} pages of ${opt("--pages")}${split ? ` (split ${split})` : ""}, gap ≥ ${gap}`)
console.log("page                          ours F1 (P/R)      Readability F1 (P/R)  kept  asked  coverage  chars ours/theirs  held")
for (const page of pages) {
  const read = extractors.readings(page.html)
  const [ours, theirs] = [scored(page.id, read.oursText), scored(page.id, read.otherText)]
  if (Math.abs(ours.f1 - theirs.f1) < gap) continue
  const kept = read.asks && read.prefers ? "R" : "ours"
  const better = theirs.f1 > ours.f1 ? "R" : "ours"
  counts[kept === better ? "right" : "wrong"]++
  if (better === "R" && kept === "ours") counts[read.asks ? "refusedBetter" : "notAskedBetter"]++
  if (better === "ours" && kept === "R") counts.keptWorse++
  const chars = `${read.oursText.length}/${read.otherText.length}`
  console.log(
    `${page.id.slice(0, 29).padEnd(29)} ${fmt(ours).padEnd(18)} ${fmt(theirs).padEnd(21)} ${kept.padEnd(5)} ${String(read.asks).padEnd(6)} ${read.ours.coverage.toFixed(2).padStart(8)}  ${chars.padStart(17)}  ${read.held.toFixed(2)}`,
  )
}
console.log(
  `kept the better reading on ${counts.right} of ${counts.right + counts.wrong} pages; Readability's better reading ` +
    `refused ${counts.refusedBetter}, never asked ${counts.notAskedBetter}; Readability's worse reading kept ${counts.keptWorse}`,
)
