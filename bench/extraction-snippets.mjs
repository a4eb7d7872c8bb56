#!/usr/bin/env node
// `node bench/extraction-snippets.mjs --pages DIR --truth FILE [--split S] [--show N]`: ours beside
// Readability.js + Turndown on pages whose ground truth is snippets chosen by people, in the format
// of trafilatura's evaluation: FILE maps each page id to { with: [...], without: [...], lang?, split? }
// (pages as DIR/<id>.html(.gz); the set is assembled outside the repository). Scored as trafilatura's
// tests/evaluate.py does (bench/snippet-score.mjs), in total and per language; "absent" is the share
// of `without` snippets kept out; "empty" counts results with no word, and "short where R≥200" the
// pages where ours has under 200 characters while Readability has 200 or more.
// --show N lists the N pages where ours finds the fewest snippets against Readability.
import { readFileSync } from "node:fs"
import { loadExtractors, readPages } from "./extraction.mjs"
import { countPage, scoreCounts } from "./snippet-score.mjs"

const READABLE = 200
const args = process.argv.slice(2)
const opt = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
if (!opt("--pages") || !opt("--truth")) throw new Error("usage: --pages DIR --truth FILE [--split S] [--show N]")
const truth = JSON.parse(readFileSync(opt("--truth"), "utf8"))
const split = opt("--split")
const extractors = await loadExtractors()
const pages = (await readPages(opt("--pages"), extractors.decode)).filter(
  (p) => truth[p.id] !== undefined && (split === undefined || truth[p.id].split === split),
)
const names = ["ours", "readability"]
const texts = { ours: {}, readability: {} }
const counts = { ours: {}, readability: {} }
for (const page of pages)
  for (const name of names) {
    const text = extractors[name](page.html)
    texts[name][page.id] = text
    counts[name][page.id] = countPage(truth[page.id], text)
  }
const size = (name, id) => texts[name][id].replace(/\s/g, "").length

const groups = new Map([["all", pages.map((p) => p.id)]])
for (const { id } of pages) {
  const key = `lang ${truth[id].lang ?? "?"}`
  groups.set(key, [...(groups.get(key) ?? []), id])
}
console.log(`snippet check on ${pages.length} pages of ${opt("--pages")}${split ? ` (split ${split})` : ""}`)
console.log("group      pages  ours F1 (P / R)  absent   Readability F1 (P / R)  absent   Δ F1    empty ours/theirs  short where R≥200")
const fmt = (s) => `${s.f1.toFixed(3)} (${s.precision.toFixed(3)} / ${s.recall.toFixed(3)})  ${s.absent.toFixed(3)}`
for (const [key, ids] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  const [ours, theirs] = names.map((name) => scoreCounts(ids.map((id) => counts[name][id])))
  const empty = names.map((name) => ids.filter((id) => size(name, id) === 0).length)
  const short = ids.filter((id) => size("ours", id) < READABLE && size("readability", id) >= READABLE).length
  const delta = ours.f1 - theirs.f1
  console.log(
    `${key.padEnd(9)} ${String(ids.length).padStart(6)}  ${fmt(ours)}  ${fmt(theirs)}  ${(delta >= 0 ? "+" : "") + delta.toFixed(3)}  ${String(empty[0]).padStart(5)} / ${String(empty[1]).padEnd(5)}      ${short}`,
  )
}

const show = Number(opt("--show") ?? 0)
if (show > 0) {
  // a page's standing: snippets right (with found, without kept out) by ours minus by Readability
  const right = (c) => c.tp + c.tn
  const worst = pages
    .map(({ id }) => ({ id, delta: right(counts.ours[id]) - right(counts.readability[id]) }))
    .filter((p) => p.delta < 0)
    .sort((a, b) => a.delta - b.delta || a.id.localeCompare(b.id))
    .slice(0, show)
  console.log(`\n${worst.length} pages where ours gets fewer snippets right than Readability:`)
  for (const { id, delta } of worst) {
    const t = truth[id]
    const o = counts.ours[id]
    const r = counts.readability[id]
    console.log(
      `${id} ${t.lang ?? "?"} Δ${delta} ours with ${o.tp}/${t.with.length} without-in ${o.fp}; R with ${r.tp}/${t.with.length} without-in ${r.fp}; chars ${size("ours", id)} / ${size("readability", id)}  ${t.url ?? ""}`,
    )
  }
}
