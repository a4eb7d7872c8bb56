#!/usr/bin/env node
// `node bench/corpora/snippets.mjs --from TRAFILATURA_DIR --out OUT`: assembles trafilatura's
// evaluation (github.com/adbar/trafilatura, Apache-2.0) into the format bench/extraction-snippets.mjs
// reads: OUT/pages/<id>.html.gz and OUT/truth.json { id: { with, without, lang, split, url } }.
// TRAFILATURA_DIR is a checkout (or its tests/ folder). The annotations are tests/evaldata.json
// (since 2026-08, keyed by URL: { file, with, without, ...metadata }) or, in older checkouts,
// tests/evaldata.py (the same dict as a Python literal); a page is tests/cache/<file> or else
// tests/eval/<file>, as tests/eval_common.py resolves it. id = file name without ".html"; lang is
// guessed from the snippets' text (and the page's text when they are short); split: ids sorted by
// sha1(id) in hex, even positions a, odd b.
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import { byCodePoint, fail, parseArgs, prepareOut, pyUnescape, sha1, writePage } from "./common.mjs"

const USAGE = "node bench/corpora/snippets.mjs --from <trafilatura checkout> --out DIR"
const opts = parseArgs(USAGE, ["--from", "--out"])
const from = opts.from[0]
const tests = [path.join(from, "tests"), from].find((d) => ["evaldata.json", "evaldata.py"].some((f) => existsSync(path.join(d, f))))
if (!tests) fail(`${from} holds neither tests/evaldata.json nor tests/evaldata.py (a trafilatura checkout)`, USAGE)

// evaldata.py is Python literal syntax (either quote, implicit concatenation, escapes, comments,
// trailing commas): rather than a hand-written Python parser, Python's own ast.literal_eval reads
// the dict (the file is parsed, never executed) and hands it over as JSON.
const PY_EVALDATA = `
import ast, json, sys
tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
dicts = [(n.targets[0].id if isinstance(n.targets[0], ast.Name) else "", n.value) for n in tree.body
         if isinstance(n, ast.Assign) and isinstance(n.value, ast.Dict)]
if not dicts:
    sys.exit("no dict assigned at the top level of " + sys.argv[1])
named = [v for k, v in dicts if k == "EVAL_PAGES"]
value = named[0] if named else max((v for _, v in dicts), key=lambda v: len(v.keys))
json.dump(ast.literal_eval(value), sys.stdout, ensure_ascii=False)
`
const loadEvaldata = () => {
  const json = path.join(tests, "evaldata.json")
  if (existsSync(json)) return JSON.parse(readFileSync(json, "utf8"))
  const py = path.join(tests, "evaldata.py")
  try {
    return JSON.parse(execFileSync("python3", ["-c", PY_EVALDATA, py], { encoding: "utf8", maxBuffer: 1 << 30 }))
  } catch (error) {
    return fail(`could not read ${py} with python3 (needed for evaldata.py only): ${error.stderr || error.message}`)
  }
}
const evaldata = loadEvaldata()
if (evaldata === null || typeof evaldata !== "object" || Object.keys(evaldata).length === 0)
  fail(`${tests}: the annotations are not a non-empty dict`)

const isSnippets = (xs) => Array.isArray(xs) && xs.every((x) => typeof x === "string")
const resolve = (file) => ["cache", "eval"].map((sub) => path.join(tests, sub, file)).find((p) => existsSync(p) && statSync(p).isFile())

const items = new Map()
for (const [url, item] of Object.entries(evaldata)) {
  if (typeof item?.file !== "string" || !isSnippets(item.with) || !isSnippets(item.without))
    fail(`${url}: expected { file, with: [strings], without: [strings] }`)
  const id = path.basename(item.file).replace(/\.html$/, "")
  const page = resolve(item.file)
  if (!page) fail(`${url}: ${item.file} is in neither tests/cache/ nor tests/eval/`)
  if (items.has(id)) fail(`${url}: id ${id} is also that of ${items.get(id).url}`)
  items.set(id, { url, page, with: item.with, without: item.without })
}

// Language guess, simple on purpose: zh/ja, ru, ar, el by script; de, en, es, fr, it, nl, pl, pt by
// their function words and letters (one shared by k languages counts 1/k for each); "und" without
// evidence. A language outside these comes out as the nearest one (Norwegian as nl, Finnish as de).
const WORDS = {
  de: "der die das und ist nicht ein eine zu den mit von sich des auf für im dem auch es sie wird werden aus bei nach wie sind oder noch einer über kann hat wurde ich wir zum zur nur aber dass durch",
  en: "the and of to in is that for it with as was on are be this by you have from or at not but which their they we has an will can more all been were would about there what when our its also who your",
  es: "el los las del que y en es un una por con para se al lo como más pero sus su le ha este esta son también fue muy hay entre cuando desde sobre todo años",
  fr: "le la les et des est une un du dans que qui pour pas sur au avec sont ce plus par ne se elle il nous vous aux ont été mais ou cette leur être fait",
  it: "il di che e la per un una del della non sono è con si gli le nel alla dei delle anche più da ha come questo ma al lo essere stato degli nella sul",
  nl: "het een en van is dat niet op te in voor met zijn er ook aan als bij om maar dan door nog naar wordt heeft deze kan hij ze wij uit worden over zich tot meer geen",
  pl: "i w nie na się z do to że jest o od po jak ale za co są przez dla tak jego czy już lub oraz może był była które który która tylko jej przy ich też tym jako",
  pt: "o os as do da dos das em um uma que não para com por no na nos mais como se ao foi são também está seu sua pelo pela ser tem já muito quando isso ele ela",
}
const LETTERS = { de: "äöüß", es: "ñ¿¡", fr: "œêëîïûç", it: "ìò", pl: "ąęłśźżńć", pt: "ãõç" }
const weights = (lists) => {
  const owners = new Map()
  for (const [lang, items] of Object.entries(lists)) for (const x of items) owners.set(x, [...(owners.get(x) ?? []), lang])
  return owners
}
const WORD_OWNERS = weights(Object.fromEntries(Object.entries(WORDS).map(([lang, s]) => [lang, new Set(s.split(" "))])))
const LETTER_OWNERS = weights(Object.fromEntries(Object.entries(LETTERS).map(([lang, s]) => [lang, new Set(s)])))

/** Weighted counts of a text's scripts and of each language's words and letters. */
const features = (text, weight) => {
  const count = (re) => weight * (text.match(re)?.length ?? 0)
  const f = {
    kana: count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu),
    han: count(/\p{Script=Han}/gu),
    ru: count(/\p{Script=Cyrillic}/gu),
    ar: count(/\p{Script=Arabic}/gu),
    el: count(/\p{Script=Greek}/gu),
    latin: count(/\p{Script=Latin}/gu),
    score: {},
  }
  const add = (owners) => {
    for (const lang of owners ?? []) f.score[lang] = (f.score[lang] ?? 0) + weight / owners.length
  }
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) add(WORD_OWNERS.get(word))
  for (const letter of text.toLowerCase()) add(LETTER_OWNERS.get(letter))
  return f
}
const merge = (a, b) => {
  const f = { score: { ...a.score } }
  for (const key of ["kana", "han", "ru", "ar", "el", "latin"]) f[key] = a[key] + b[key]
  for (const [lang, n] of Object.entries(b.score)) f.score[lang] = (f.score[lang] ?? 0) + n
  return f
}
const decide = (f) => {
  const cjk = f.kana + f.han
  if (cjk > 0 && cjk * 2 >= f.latin) return { lang: f.kana > cjk * 0.05 ? "ja" : "zh", evidence: cjk }
  const [script, letters] = ["ru", "ar", "el"].map((s) => [s, f[s]]).sort((a, b) => b[1] - a[1])[0]
  if (letters > f.latin) return { lang: script, evidence: letters }
  const [best] = Object.entries(f.score).sort((a, b) => b[1] - a[1])
  return best ? { lang: best[0], evidence: best[1] } : { lang: "und", evidence: 0 }
}

/** The page's visible text, roughly: decoded by its declared charset, markup and scripts dropped;
 * its <p> paragraphs only when they hold enough text, as menus and footers are often in English. */
const pageText = (file) => {
  const bytes = readFileSync(file)
  const charset = /<meta[^>]*charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString("latin1"))?.[1]
  let html
  try {
    html = new TextDecoder(charset ?? "utf-8").decode(bytes)
  } catch {
    html = new TextDecoder("utf-8").decode(bytes)
  }
  html = html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi, " ")
  const text = (s) => pyUnescape(s.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ")
  const paragraphs = text((html.match(/<p\b[\s\S]*?<\/p\s*>/gi) ?? []).join(" "))
  return (paragraphs.length >= 500 ? paragraphs : text(html)).slice(0, 50_000)
}

const SHORT = 150 // letters of `with` snippets below which (or with little evidence) the page's text is read too
const truth = {}
const ids = [...items.keys()].sort(byCodePoint)
const order = [...ids].sort((a, b) => (sha1(a) < sha1(b) ? -1 : 1))
const split = new Map(order.map((id, i) => [id, i % 2 === 0 ? "a" : "b"]))
const out = opts.out[0]
prepareOut(out)
for (const id of ids) {
  const item = items.get(id)
  // the `with` snippets are in the main text: they weigh most; `without` ones are often menus
  const f = merge(features(item.with.join("\n"), 4), features(item.without.join("\n"), 1))
  let lang = decide(f)
  const letters = item.with.join("").match(/\p{L}/gu)?.length ?? 0
  if (letters < SHORT || lang.evidence < 12) lang = decide(merge(f, features(pageText(item.page), 1)))
  truth[id] = { with: item.with, without: item.without, lang: lang.lang, split: split.get(id), url: item.url }
  writePage(out, id, item.page)
}
writeFileSync(path.join(out, "truth.json"), `${JSON.stringify(truth, null, 1)}\n`)

const counts = {}
for (const t of Object.values(truth)) counts[`${t.lang} ${t.split}`] = (counts[`${t.lang} ${t.split}`] ?? 0) + 1
console.log(
  `${ids.length} pages from ${tests}:`,
  Object.entries(counts)
    .sort((a, b) => byCodePoint(a[0], b[0]))
    .map(([k, n]) => `${k} ${n}`)
    .join(", "),
)
