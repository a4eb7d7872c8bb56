// `npm run bench:extraction -- --pages DIR --truth FILE [--split NAME] [--show N] [--titles]`: ours beside
// Readability.js + Turndown on pages from corpora other than the development set, grouped by
// corpus, by language and by split. FILE maps each page id to { articleBody, corpus?, lang?, split? }
// (the set is assembled outside the repository: its pages are other people's). An empty result
// is one with no word; "empty where Readability reads 200+" counts the pages where ours is
// empty and Readability's reading holds at least 200 characters.
import { readFileSync } from "node:fs"
import { readPages } from "./extraction.mjs"

const EMPTY_BELOW = 1
const READABLE = 200

export async function reportCorpora(extractors, score, args) {
  const opt = (name) => {
    const i = args.indexOf(name)
    return i >= 0 ? args[i + 1] : undefined
  }
  const truthFile = opt("--truth")
  if (!truthFile) throw new Error("--pages needs --truth FILE")
  const truth = JSON.parse(readFileSync(truthFile, "utf8"))
  const split = opt("--split")
  const pages = (await readPages(opt("--pages"), extractors.decode)).filter(
    (p) => truth[p.id] !== undefined && (split === undefined || truth[p.id].split === split),
  )
  // --titles: each text with its title above it, as web_fetch returns a page (for ground truths that hold the headline)
  const titles = args.includes("--titles")
  const predictions = { ours: {}, readability: {} }
  for (const page of pages)
    for (const name of ["ours", "readability"])
      predictions[name][page.id] = { articleBody: extractors[titles ? `${name}WithTitle` : name](page.html) }
  const length = (name, id) => (predictions[name][id].articleBody ?? "").replace(/\s/g, "").length
  const groups = new Map()
  const add = (key, id) => groups.set(key, [...(groups.get(key) ?? []), id])
  for (const { id } of pages) {
    const t = truth[id]
    add("all", id)
    if (t.split) add(`split ${t.split}`, id)
    add(`corpus ${t.corpus ?? "?"}`, id)
    add(`lang ${t.lang ?? "?"}`, id)
  }
  console.log(
    `article extraction on ${pages.length} pages of ${opt("--pages")}${split ? ` (split ${split})` : ""}${titles ? ", each text with its title" : ""}`,
  )
  console.log(
    "group                         pages  ours F1 (P / R)          Readability F1 (P / R)   Δ F1    empty ours/theirs  empty where R≥200",
  )
  const fmt = (r) => `${r.f1.toFixed(3)} (${r.precision.toFixed(3)} / ${r.recall.toFixed(3)})`
  for (const [key, ids] of groups) {
    const ours = score(truth, predictions.ours, ids)
    const theirs = score(truth, predictions.readability, ids)
    const emptyOurs = ids.filter((id) => length("ours", id) < EMPTY_BELOW)
    const emptyTheirs = ids.filter((id) => length("readability", id) < EMPTY_BELOW)
    const lost = emptyOurs.filter((id) => length("readability", id) >= READABLE)
    console.log(
      `${key.padEnd(29)} ${String(ids.length).padStart(5)}  ${fmt(ours)}  ${fmt(theirs)}  ${(ours.f1 - theirs.f1 >= 0 ? "+" : "") + (ours.f1 - theirs.f1).toFixed(3)}  ${String(emptyOurs.length).padStart(5)} / ${String(emptyTheirs.length).padEnd(5)}      ${lost.length}`,
    )
  }
  const show = Number(opt("--show") ?? 0)
  if (show > 0) {
    const worst = pages
      .map(({ id }) => ({ id, d: score(truth, predictions.ours, [id]).f1 - score(truth, predictions.readability, [id]).f1 }))
      .map((x) => ({ ...x, d: Number.isNaN(x.d) ? 0 : x.d }))
      .sort((a, b) => a.d - b.d)
      .slice(0, show)
    for (const { id, d } of worst)
      console.log(
        `  ${id}: ours ${score(truth, predictions.ours, [id]).f1.toFixed(2)} (${length("ours", id)} chars), Readability ${score(truth, predictions.readability, [id]).f1.toFixed(2)} (${length("readability", id)}), Δ ${d.toFixed(2)}`,
      )
  }
}
