#!/usr/bin/env node
// `node bench/corpora/daniel.mjs --from DIR --out OUT`: assembles DAnIEL (Lejeune & Zhu 2018, the
// reannotated v2.1 of github.com/rundimeco/waddle at be875ce, corpora/Corpus_daniel_v2.1) into the
// bench's layout: OUT/pages/<id>.html.gz and OUT/truth.json { id: { articleBody, corpus, lang,
// split, site, file } }. DIR is a waddle checkout or its corpora/Corpus_daniel_v2.1 folder.
// id = lang + "-" + sha1(file name)[:10]; articleBody = the reference's <p> lines, tags stripped,
// unescaped, trimmed, joined by blank lines (pages with an empty reference are left out); split by
// site: sha1(host without "www.")[0] < "8" -> a, else b. Port of the lost assemble.py, same output.
import { readdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import {
  PY_SPACE,
  byCodePoint,
  fail,
  isDir,
  parseArgs,
  prepareOut,
  pyJson,
  pyStrip,
  pyUnescape,
  readPyText,
  sha1,
  writePage,
} from "./common.mjs"

const USAGE = "node bench/corpora/daniel.mjs --from <waddle checkout or Corpus_daniel_v2.1> --out DIR"
const LANG = { Greek: "el", English: "en", Chinese: "zh", Russian: "ru", Polish: "pl" }

const opts = parseArgs(USAGE, ["--from", "--out"])
const from = opts.from[0]
const src = [from, path.join(from, "corpora", "Corpus_daniel_v2.1")].find((d) =>
  ["html", "reference"].every((sub) => isDir(path.join(d, sub))),
)
if (!src) fail(`${from} holds neither html/ and reference/ nor corpora/Corpus_daniel_v2.1/ (a waddle checkout)`, USAGE)
const out = opts.out[0]
prepareOut(out)

const lg = JSON.parse(readPyText(path.join(src, "doc_lg.json")))
const closeP = new RegExp(`</p>[${PY_SPACE}]*`, "u")
const truth = {}
for (const f of readdirSync(path.join(src, "html")).sort(byCodePoint)) {
  const lang = LANG[lg[f]]
  if (lang === undefined) fail(`${f}: no known language in doc_lg.json (${lg[f]})`)
  const host = f.split("_")[1]
  const site = host.startsWith("www.") ? host.slice(4) : host
  const ref = readPyText(path.join(src, "reference", f), { replace: true })
  const paras = ref.split(closeP).map((p) => pyStrip(pyUnescape(p.replace(/<[^>]+>/g, ""))))
  const body = paras.filter((p) => p).join("\n\n")
  if (!pyStrip(body)) continue
  const id = `${lang}-${sha1(f).slice(0, 10)}`
  const split = sha1(site)[0] < "8" ? "a" : "b"
  truth[id] = { articleBody: body, corpus: "daniel", lang, split, site, file: f }
  writePage(out, id, path.join(src, "html", f))
}
writeFileSync(path.join(out, "truth.json"), pyJson(truth))

const count = (key) => {
  const n = {}
  for (const t of Object.values(truth)) n[key(t)] = (n[key(t)] ?? 0) + 1
  return JSON.stringify(n)
}
console.log(
  Object.keys(truth).length,
  count((t) => t.split),
  count((t) => `${t.lang} ${t.split}`),
)
