#!/usr/bin/env node
// `node bench/corpora/l3s.mjs --from L3S_DIR --out OUT`: assembles L3S-GN1 (Kohlschütter et al. 2010:
// 621 English news pages of 2008 from 408 sites) into the bench's layout (OUT/pages/<id>.html.gz,
// OUT/truth.json { id: { articleBody, main, corpus, lang, site, split, url } }, and OUT/truth-main.json,
// the same with `main` as articleBody, to score the stricter reading). L3S_DIR holds the
// dataset's HTML conversion: original/<uuid>.html, annotated/<uuid>.html, url-mapping.txt.
// The assessors marked text runs with <span class="x-nc-selN">: 1 headline, 2 full text,
// 3 supplemental (captions, dates), 4 related, 5 comments, 0 not content.
// - articleBody: headline, full text and supplemental, the convention of the Bevendorff et al. (2023)
//   web content extraction benchmark, so figures compare with the published ones;
// - main: headline and full text only (the stricter reading, kept for a second score).
// A run of text counts once: only spans whose sole child is text are read (spans nest), and text
// inside an element marked x-nc-invisible is left out. Runs under the same block element join with
// a space; blocks are separated by a blank line.
// Split by site, so that one template never sits on both sides: sha1(host without www.)[0] < "8" -> a.
import { readFileSync, readdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { parse } from "parse5"
import { byCodePoint, fail, isDir, parseArgs, prepareOut, pyJson, sha1, writePage } from "./common.mjs"

const USAGE = "node bench/corpora/l3s.mjs --from <folder holding original/ annotated/ url-mapping.txt> --out DIR"
const opts = parseArgs(USAGE, ["--from", "--out"])
const from = opts.from[0]
for (const sub of ["original", "annotated"]) if (!isDir(path.join(from, sub))) fail(`${from} has no ${sub}/`, USAGE)
const out = opts.out[0]
prepareOut(out)

const BLOCKS = new Set(
  "address article aside blockquote body canvas center dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav noscript ol p pre section table tbody td tfoot th thead tr ul video".split(
    " ",
  ),
)
const classes = (node) => (node.attrs?.find((a) => a.name === "class")?.value ?? "").split(/\s+/)

/** The annotated text runs of one page, as [blocks of kept text for articleBody, for main]. */
const annotatedText = (html) => {
  const wide = []
  const strict = []
  const push = (list, block, text) => {
    const last = list.at(-1)
    if (last && last.block === block) last.parts.push(text)
    else list.push({ block, parts: [text] })
  }
  const walk = (node, block, hidden) => {
    const tag = node.tagName
    const cls = tag ? classes(node) : []
    const nextHidden = hidden || cls.includes("x-nc-invisible")
    const nextBlock = tag && BLOCKS.has(tag) ? node : block
    if (tag === "span" && node.childNodes.length === 1 && node.childNodes[0].nodeName === "#text" && !nextHidden) {
      const text = node.childNodes[0].value.replace(/\s+/g, " ").trim()
      const sel = cls.find((c) => /^x-nc-sel\d$/.test(c))
      if (text && sel) {
        if (["x-nc-sel1", "x-nc-sel2", "x-nc-sel3"].includes(sel)) push(wide, block, text)
        if (["x-nc-sel1", "x-nc-sel2"].includes(sel)) push(strict, block, text)
      }
      return
    }
    if (tag === "template") return
    for (const child of node.childNodes ?? []) walk(child, nextBlock, nextHidden)
  }
  walk(parse(html), null, false)
  const join = (list) => list.map((b) => b.parts.join(" ")).join("\n\n")
  return [join(wide), join(strict)]
}

const urls = new Map()
for (const line of readFileSync(path.join(from, "url-mapping.txt"), "utf8").split(/\r?\n/)) {
  const m = /^<urn:uuid:([0-9a-f-]+)>\s+(\S+)/.exec(line)
  if (m) urls.set(m[1], m[2])
}

const truth = {}
for (const file of readdirSync(path.join(from, "annotated")).sort(byCodePoint)) {
  const uuid = file.replace(/\.html$/, "")
  const url = urls.get(uuid)
  if (!url) fail(`${uuid} is not in url-mapping.txt`)
  const site = new URL(url).hostname.replace(/^www\./, "")
  // The conversion wrote the annotated pages as UTF-8.
  const [articleBody, main] = annotatedText(readFileSync(path.join(from, "annotated", file), "utf8"))
  if (!articleBody.trim()) continue
  const id = `l3s-${uuid.slice(0, 8)}`
  truth[id] = { articleBody, main, corpus: "l3s", lang: "en", site, split: sha1(site)[0] < "8" ? "a" : "b", url }
  writePage(out, id, path.join(from, "original", file))
}
writeFileSync(path.join(out, "truth.json"), pyJson(truth))
const mainTruth = Object.fromEntries(Object.entries(truth).map(([id, t]) => [id, { ...t, articleBody: t.main }]))
writeFileSync(path.join(out, "truth-main.json"), pyJson(mainTruth))

const counts = {}
for (const t of Object.values(truth)) counts[t.split] = (counts[t.split] ?? 0) + 1
console.log(Object.keys(truth).length, JSON.stringify(counts))
