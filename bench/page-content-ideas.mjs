// What each idea for a smaller get_tab_content output would save, counted on the outputs that
// `node bench/page-content.mjs --dump DIR` wrote (DIR/<page>.md beside DIR/<page>.ai.yml and
// DIR/<page>.aria.yml). The ratios are against the ai snapshot (issue 34's yardstick, with its
// target of 0.4x) where the dump has it, else against the plain one (the earlier 0.5x target):
//
//   node bench/page-content-ideas.mjs DIR [PAGE,PAGE,...]   (only those pages; all by default)
//
// The ideas are counted, not implemented: a link whose selector is its href written
// `[text](href)` with the selector implied; headings' and landmarks' selectors kept only when
// they are an id; link-only lists on one line; a repeated run of the same links written once;
// names printed twice in a row; a link whose text is its URL written as a Markdown autolink
// `<url>`; a selector that spells the href below an anchor, `[t]{S a[href="u"]}`, written with
// the URL shown and the href implied, `[t](u){S &}` (since taken, written `[t](u){^S}`); each `:nth-of-type(k)` step written in a
// form of three characters besides its number; an annotation that starts with the same anchor
// (its first compound) as the annotation before it written with `&` for that anchor; a URL whose
// origin is the last absolute URL's shown above written `…/path` (originElided); a URL shown again
// after a link that showed it (repeatUrl, the whole URL: what a back-reference would save at most);
// and, for scale, the floor: the page's words alone (no Markdown, no control notation, no
// annotation) plus the URLs in links, which no notation can go below; and the ladder from the
// words up to the output (the Markdown, the URLs with the prefix line, the annotations), each
// step's ratio, with what the target leaves per address once the URLs are shown.
import { existsSync, readdirSync, readFileSync } from "node:fs"
const dir = process.argv[2]
if (!dir) {
  console.error("usage: node bench/page-content-ideas.mjs DIR (a --dump directory of bench/page-content.mjs)")
  process.exit(2)
}
const tot = {
  chars: 0,
  aria: 0,
  ai: 0,
  href: 0,
  lists: 0,
  headings: 0,
  dupLists: 0,
  dupText: 0,
  autolink: 0,
  hrefSpelled: 0,
  nthShort: 0,
  sameAnchor: 0,
  originElided: 0,
  repeatUrl: 0,
  bare: 0,
  bareNoUrls: 0,
  words: 0,
  urls: 0,
  addresses: 0,
  notation: {},
}
const only = process.argv[3]?.split(",")
const explicitLengths = []
/** How many pages were read, and how many of them have an ai snapshot beside them. */
let pages = 0
let pagesWithAi = 0
for (const f of readdirSync(dir).filter((f) => f.endsWith(".md") && (!only || only.includes(f.replace(/\.md$/, ""))))) {
  const s = readFileSync(`${dir}/${f}`, "utf8")
  const aria = readFileSync(`${dir}/${f.replace(/\.md$/, ".aria.yml")}`, "utf8").length
  const aiFile = `${dir}/${f.replace(/\.md$/, ".ai.yml")}`
  const ai = existsSync(aiFile) ? readFileSync(aiFile, "utf8").length : 0
  pages++
  if (ai > 0) pagesWithAi++
  // 1. a link whose selector is its href: [t]{a[href="X"]} -> [t](X) (href without ( ) space " \ { })
  let href = 0
  for (const m of s.matchAll(/\{a\[href="((?:[^"\\])*)"\]\}/g)) if (!/[()\s{}]/.test(m[1])) href += m[0].length - (m[1].length + 2)
  // 2. lists whose items are only links, written on one line: drop "- " and the indentation, join with " · "
  let lists = 0
  for (const line of s.split("\n")) {
    const m = /^(\s*)(- |\d+\. )(\[[^\n]*\]\{[^\n]*\})$/.exec(line)
    if (m && /^(\[(?:\\.|[^\]\\])*\](\([^)]*\))?\{[^}]*\}\s*)+$/.test(m[3])) lists += m[1].length + m[2].length - 3 + 1 - 1
  }
  // 3. headings and landmarks without their selector unless it is an id
  let headings = 0
  for (const m of s.matchAll(/^(#+ .*?) \{([^}]*)\}$/gm)) if (!/^#[\w-]+$/.test(m[2])) headings += m[2].length + 3
  for (const m of s.matchAll(/^\[(header|nav|main|aside|footer|search|form|region)[^\]]*\]\{([^}]*)\}$/gm))
    if (!/^#[\w-]+$/.test(m[2])) headings += m[2].length + 2
  // 4. a run of 3+ link lines repeated later on the page (the same link texts in the same order)
  const lines = s.split("\n")
  const labels = lines.map((l) => (/^\s*(- )?\[([^\]]*)\]/.exec(l) ?? [])[2] ?? null)
  const seen = new Map()
  let dupLists = 0
  for (let i = 0; i < lines.length;) {
    let j = i
    while (j < lines.length && labels[j] !== null) j++
    if (j - i >= 3) {
      const key = labels.slice(i, j).join("|")
      if (seen.has(key)) dupLists += lines.slice(i, j).join("\n").length - 60
      else seen.set(key, i)
      i = j
    } else i = Math.max(j, i + 1)
  }
  // 5. names written twice in a row: "Login with Facebook Login with Facebook"
  let dupText = 0
  for (const m of s.matchAll(/"((\S.{2,}?) \2)"/g)) dupText += m[2].length + 1
  // 6. `[url](url)` -> `<url>`
  let autolink = 0
  for (const m of s.matchAll(/\[((?:\\.|[^\]\\])*)\]\(([^)\s]*)\)/g)) if (m[1] === m[2]) autolink += m[2].length + 2
  // 7. `{S a[href="u"]}` -> `(u){S &}` (a[href="u"] with its separator, 10 or 11 characters, for "()", " &")
  let hrefSpelled = 0
  for (const m of s.matchAll(/\{[^{}]*?( > | )a\[href="[^"]*"\]\}/g)) hrefSpelled += m[1].length + 11 - 4
  // 8. `:nth-of-type(k)` as a three-character form (`:k` plus two marks): saves 15 - 3 per step
  let nthShort = 0
  for (const _ of s.matchAll(/:nth-of-type\(\d+\)/g)) nthShort += ":nth-of-type()".length - 3
  // 9. `{A rest}` right after an annotation that also starts with anchor A: `{& rest}` (saves |A| - 1)
  let sameAnchor = 0
  let previous = null
  for (const m of s.matchAll(/\{((?:\\.|[^\\}])*)\}/g)) {
    const anchor = /^([^\s>]+)[\s>]/.exec(m[1])?.[1] ?? null
    if (anchor !== null && anchor === previous) sameAnchor += anchor.length - 1
    previous = /^([^\s>]+)/.exec(m[1])?.[1] ?? null
  }
  // 10. `(https://host/rest)` after a URL shown `(https://host/…)` above: `(…/rest)` (saves |origin| - 1);
  // 11. a URL shown in a link that an earlier link showed too (its whole length with the parentheses).
  let originElided = 0
  let repeatUrl = 0
  let urls = 0
  let lastOrigin = null
  const shownUrls = new Set()
  for (const m of s.matchAll(/\]\(([^)\s]+)\)/g)) {
    const url = m[1]
    urls += url.length
    if (shownUrls.has(url)) repeatUrl += url.length + 2
    shownUrls.add(url)
    const origin = /^https?:\/\/[^/?#]+(?=\/)/.exec(url)?.[0] ?? null
    if (origin === null) continue
    if (origin === lastOrigin) originElided += origin.length - 1
    lastOrigin = origin
  }
  // 12. the page's words alone: no annotation, no URL, and of the notation only the spaces between words.
  const words = s
    .replace(/\{(?:\\.|[^\\}])*\}/g, "")
    .replace(/\]\([^)\s]*\)/g, "]")
    .replace(/\[(?:clickable|focusable|header|footer|nav|main|aside|search|form|region|iframe)\b/g, "")
    .replace(/\[[a-z-]+ (?=")/g, "")
    .replace(/\b(?:checked|unchecked|mixed|expanded|collapsed|selected|pressed|current|disabled|required|readonly|invalid|multiple)\]/g, "")
    .replace(/^\s*(?:(?:- |\d+\. |> |#+ )\s*)*/gm, "")
    .replace(/\\(.)/g, "$1")
    .replace(/[[\]"|!`]|^-+$|^\|?(?:-\|)+$/gm, "")
    .replace(/\s+/g, " ").length
  // 13. the notation itself, on the output without annotations and URLs: line ends, list and quote
  // markers with their indentation, heading marks, table pipes and separator rows, escapes, link
  // brackets, and controls' notation (`[kind "` … `" states]`, the name not counted).
  const plain = s.replace(/\{(?:\\.|[^\\}])*\}/g, "").replace(/\]\([^)\s]*\)/g, "]")
  const notation = {
    lineEnds: (plain.match(/\n/g) ?? []).length,
    markers: 0,
    headingMarks: 0,
    tables: 0,
    escapes: 0,
    brackets: 0,
    controls: 0,
  }
  for (const line of plain.split("\n")) {
    const prefix = /^(?:\s|- |\d+\. |> )*/.exec(line)[0]
    notation.markers += prefix.length
    notation.headingMarks += /^#+ /.exec(line.slice(prefix.length))?.[0].length ?? 0
    if (line.startsWith("|")) notation.tables += /^\|(?:-\|)+$/.test(line) ? line.length : (line.match(/\|/g) ?? []).length
  }
  notation.escapes = (plain.match(/\\[\\{}[\]|]/g) ?? []).length
  let controlCount = 0
  for (const m of plain.matchAll(/\[([a-z-]+)( "(?:\\.|[^"\\])*")?((?: = "(?:\\.|[^"\\])*")?(?:; options[^\]]*)?(?: [a-z]+)*)\]/g)) {
    notation.controls += m[0].length - (m[2] ? m[2].length - 4 : 0)
    controlCount++
  }
  notation.brackets = (plain.match(/[[\]]/g) ?? []).length - 2 * controlCount + 2 * [...s.matchAll(/\]\([^)\s]*\)/g)].length
  for (const k in notation) tot.notation[k] = (tot.notation[k] ?? 0) + notation[k]
  // For scale: the output with every annotation removed, and also every link's URL.
  const bare = s.replace(/\{(?:\\.|[^\\}])*\}/g, "").length
  const bareNoUrls = s.replace(/\{(?:\\.|[^\\}])*\}/g, "").replace(/\]\([^)\s]*\)/g, "]").length
  // 14. the addresses the output carries: each annotation, and each link whose selector its URL
  // implies (no annotation after it); and the length of each written-out selector that is no
  // scope form (`{^…}`), which is what an element costs when no URL can stand for it.
  const annotations = [...s.matchAll(/(?<!\\)\{((?:\\.|[^\\}])*)\}/g)]
  for (const m of annotations) if (!m[1].startsWith("^")) explicitLengths.push(m[0].length)
  const addresses = annotations.length + [...s.matchAll(/\]\([^)\s]*\)(?!\{)/g)].length
  const row = {
    chars: s.length,
    aria,
    ai,
    href,
    lists,
    headings,
    dupLists,
    dupText,
    autolink,
    hrefSpelled,
    nthShort,
    sameAnchor,
    originElided,
    repeatUrl,
    bare,
    bareNoUrls,
    words,
    urls,
    addresses,
  }
  for (const k in row) tot[k] += row[k]
  console.log(f.padEnd(40), JSON.stringify(row))
}
// The yardstick: the ai snapshot where every page of the dump has one (issue 34), else the plain one.
const yard = pages > 0 && pagesWithAi === pages ? "ai" : "aria"
const den = tot[yard]
const target = yard === "ai" ? 0.4 : 0.5
console.log(`against the ${yard === "ai" ? "ai snapshot (target 0.4x)" : "plain ARIA snapshot (target 0.5x)"}`)
console.log("total".padEnd(40), JSON.stringify(tot), "ratio now", (tot.chars / den).toFixed(3))
for (const k of [
  "href",
  "lists",
  "headings",
  "dupLists",
  "dupText",
  "autolink",
  "hrefSpelled",
  "nthShort",
  "sameAnchor",
  "originElided",
  "repeatUrl",
])
  console.log(`  ${k}: saves ${tot[k]} chars = ${((100 * tot[k]) / tot.chars).toFixed(1)}% -> ${((tot.chars - tot[k]) / den).toFixed(3)}x`)
console.log(
  `  for scale, the text alone (every annotation removed): ${(tot.bare / den).toFixed(3)}x; without links' URLs too: ${(tot.bareNoUrls / den).toFixed(3)}x`,
)
console.log(
  `  the floor: the page's words alone ${tot.words} (${(tot.words / den).toFixed(3)}x) plus the URLs in links ${tot.urls}: ${((tot.words + tot.urls) / den).toFixed(3)}x; ${target}x is ${Math.floor(den * target)}`,
)
// The ladder: each step adds one kind of characters to the words; the URLs' step holds the prefix line.
const ladder = [
  ["the words", tot.words],
  ["+ the Markdown and control notation", tot.bareNoUrls],
  ["+ the links' URLs and the prefix line", tot.bare],
  ["+ the annotations (the output)", tot.chars],
]
console.log(`  the ladder: ${ladder.map(([k, v]) => `${k} ${v} (${(v / den).toFixed(3)}x)`).join("; ")}`)
const left = Math.floor(den * target) - tot.bare
console.log(
  `  with the URLs shown as now, ${target}x leaves ${left} chars for ${tot.addresses} addresses' annotations (${(left / tot.addresses).toFixed(1)} each${left < 0 ? ": below the target even with no annotation at all" : ""})`,
)
explicitLengths.sort((a, b) => a - b)
const budget = Math.floor(den * target) - tot.bareNoUrls
console.log(
  `  the budget at ${target}x with no URL shown at all: ${budget} chars for ${tot.addresses} addresses, ${(budget / tot.addresses).toFixed(1)} each with its braces; ` +
    `a selector written out today (no URL standing for it, no scope form) takes median ${explicitLengths[explicitLengths.length >> 1]}, mean ${(explicitLengths.reduce((a, b) => a + b, 0) / explicitLengths.length).toFixed(1)} (${explicitLengths.length} of them)`,
)
// A ref that is no CSS selector, `{e12}` (about 5 characters with its braces at these pages' counts),
// for each address: what the output would come to if every annotation were one, with links' URLs
// shown (a link then carries a ref too, its URL no longer standing for its selector: the
// annotations' count plus the links with none) and without them.
const refChars = 5
const refsWithUrls = tot.bare + tot.addresses * refChars
const refsNoUrls = tot.bareNoUrls + tot.addresses * refChars
console.log(
  `  with a ref of ${refChars} characters (\`{e12}\`, no CSS selector) for every address: ${(refsWithUrls / den).toFixed(3)}x with links' URLs shown, ${(refsNoUrls / den).toFixed(3)}x without`,
)
console.log(
  `  the notation (on the output without annotations and URLs; links' brackets and parentheses together): ${JSON.stringify(tot.notation)}`,
)
const all =
  tot.href +
  tot.lists +
  tot.headings +
  tot.dupLists +
  tot.dupText +
  tot.autolink +
  tot.hrefSpelled +
  tot.nthShort +
  tot.sameAnchor +
  tot.originElided +
  tot.repeatUrl
console.log(`  all together (overlaps not removed): ${((tot.chars - all) / den).toFixed(3)}x`)
