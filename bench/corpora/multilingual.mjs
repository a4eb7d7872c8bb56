#!/usr/bin/env node
// `node bench/corpora/multilingual.mjs --from CWCED_DIR H2T_DIR --out OUT`: assembles two corpora
// into the bench's layout (OUT/pages/<id>.html.gz, OUT/truth.json { id: { articleBody, corpus,
// lang, split } }):
// - Chinese-Web-Content-Extraction-Dataset (github.com/immortal-autumn, at 99d0ef0): original/<x>.html
//   with the hand-cleaned text cleaned/<x>.txt; id "cwced-" + first 8 characters of x; lang zh;
// - htmltotext-benchmark (github.com/leogao2, at feab599): benchmarkdata/<lang>/html/<x>.html with
//   the hand-made text benchmarkdata/<lang>/text/<x>.txt; id "h2t-<lang>-" + first 40 characters of x.
// The --from folders (checkouts or extracted archives, in any order) are told apart by what they
// hold: original/ and cleaned/, or benchmarkdata/; one folder holding all three also works.
// Split: sha1(id)[0] < "8" -> a, else b. Port of the lost assemble.py, same output.
import { existsSync, readdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { byCodePoint, fail, isDir, parseArgs, prepareOut, pyHead, pyJson, pyStem, pyStrip, readPyText, sha1, writePage } from "./common.mjs"

const USAGE = "node bench/corpora/multilingual.mjs --from <CWCED checkout> <htmltotext-benchmark checkout> --out DIR"
const opts = parseArgs(USAGE, ["--from", "--out"])
for (const dir of opts.from) if (!isDir(dir)) fail(`${dir} is not a directory`, USAGE)
const find = (what, test) => {
  const found = opts.from.filter(test)
  if (found.length !== 1) fail(`expected one --from folder holding ${what}, found ${found.length}`, USAGE)
  return found[0]
}
const cwced = find("original/ and cleaned/ (CWCED)", (d) => isDir(path.join(d, "original")) && isDir(path.join(d, "cleaned")))
const h2t = path.join(
  find("benchmarkdata/ (htmltotext-benchmark)", (d) => isDir(path.join(d, "benchmarkdata"))),
  "benchmarkdata",
)
const out = opts.out[0]
prepareOut(out)

const truth = {}
const add = (id, htmlPath, text, corpus, lang) => {
  const split = sha1(id)[0] < "8" ? "a" : "b"
  truth[id] = { articleBody: text, corpus, lang, split }
  writePage(out, id, htmlPath)
}
const list = (dir) => readdirSync(dir).sort(byCodePoint)

for (const f of list(path.join(cwced, "original"))) {
  const stem = pyStem(f)
  const t = path.join(cwced, "cleaned", `${stem}.txt`)
  if (!existsSync(t)) continue
  const text = readPyText(t, { replace: true })
  if (pyStrip(text)) add(`cwced-${pyHead(stem, 8)}`, path.join(cwced, "original", f), text, "cwced", "zh")
}
for (const lang of list(h2t))
  for (const f of list(path.join(h2t, lang, "html"))) {
    const stem = pyStem(f)
    const t = path.join(h2t, lang, "text", `${stem}.txt`)
    if (existsSync(t)) add(`h2t-${lang}-${pyHead(stem, 40)}`, path.join(h2t, lang, "html", f), readPyText(t), "htmltotext", lang)
  }
writeFileSync(path.join(out, "truth.json"), pyJson(truth))

const counts = {}
for (const t of Object.values(truth)) counts[`${t.corpus} ${t.split}`] = (counts[`${t.corpus} ${t.split}`] ?? 0) + 1
console.log(Object.keys(truth).length, JSON.stringify(counts))
