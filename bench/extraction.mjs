#!/usr/bin/env node
// Runs the project's article extractor (the code web_fetch runs, bundled from workers/web/extract
// with esbuild, on linkedom) over every *.html and *.html.gz page of a folder, and writes the
// plain text of each page's main content for the article-extraction benchmark's score.mjs.
//   node bench/extraction.mjs --pages DIR --out FILE [--extractor ours|readability]
// The plain text is what web_fetch returns (the Markdown body) turned back into text.
import * as esbuild from "esbuild"
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { gunzipSync } from "node:zlib"
import { linkedomModules } from "../scripts/linkedom-modules.mjs"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

/** Bundles the extractor and the baseline into one module, so both run on the same linkedom. */
export const loadExtractors = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "extraction-bench-"))
  const file = path.join(dir, "extractors.mjs")
  await esbuild.build({
    stdin: {
      contents: `
        export { extractFromHtml, readPage, readabilityReading } from "./workers/web/extract/index.ts"
        export { asksReadability, prefersReadability, containedShare, mayReadData, readsData } from "./workers/web/extract/second-opinion.ts"
        export { DEFAULT_TUNING } from "./workers/web/extract/article.ts"
        export { markdownToText } from "./workers/web/extract/plain-text.ts"
        export { decodeHtml } from "./workers/web/charset.ts"
        export { parseHTML } from "linkedom/worker"
        export { parseDocument } from "./workers/web/extract/parse.ts"
        export { Readability } from "@mozilla/readability"
        export { default as TurndownService } from "turndown"
      `,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    // ours as the web worker ships it; the baseline's pre-bundled linkedom/worker keeps htmlparser2
    alias: linkedomModules,
    absWorkingDir: root,
    outfile: file,
    logLevel: "warning",
  })
  // Once loaded, the bundle is not read again: it does not outlive the run in $TMPDIR.
  let m
  try {
    m = await import(pathToFileURL(file).href)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  const turndown = new m.TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" })
  const readability = (document, withTitle = false) => {
    // on a tree it does not expect (no <body> above its candidate) Readability throws: it read nothing
    let article
    try {
      article = new m.Readability(document).parse()
    } catch {
      return ""
    }
    if (!article?.content) return ""
    const text = m.markdownToText(turndown.turndown(article.content))
    return withTitle && article.title ? `${article.title}\n\n${text}` : text
  }
  return {
    ours: (html, url, tuning) => m.markdownToText(m.extractFromHtml(html, url, tuning).markdown),
    // what a reader is given, the title above the text (web_fetch's result; Readability's title and content)
    oursWithTitle: (html) => {
      const { title, markdown } = m.extractFromHtml(html)
      const text = m.markdownToText(markdown)
      return title && text ? `${title}\n\n${text}` : text
    },
    readabilityWithTitle: (html) => readability(m.parseDocument(html, { faithful: true }), true),
    // Readability on the parse ours reads (the HTML standard's tree, as in a browser, white space and all)
    readability: (html) => readability(m.parseDocument(html, { faithful: true })),
    // and on linkedom's own parse, the baseline before ours moved to parse5 (for the time ratio)
    readabilityLinkedom: (html) => readability(m.parseHTML(html).document),
    decode: (bytes) => m.decodeHtml(bytes),
    defaultTuning: m.DEFAULT_TUNING,
    /** the extractor's whole answer (Markdown, which reader was kept, coverage), for diagnostics */
    extract: (html, url, tuning) => m.extractFromHtml(html, url, tuning),
    toText: (markdown) => m.markdownToText(markdown),
    /** both readings of a page as the second opinion weighs them, and its two decisions */
    readings: (html) => {
      const { title, ours } = m.readPage(html)
      const other = m.readabilityReading(html, title, {}) ?? ""
      const [oursText, otherText] = [ours.text, m.markdownToText(other)]
      return {
        ours,
        oursText,
        otherText,
        asks: m.asksReadability(ours, m.DEFAULT_TUNING) || m.mayReadData(ours),
        prefers:
          m.readsData(ours, other) || (m.asksReadability(ours, m.DEFAULT_TUNING) && m.prefersReadability(ours, other, m.DEFAULT_TUNING)),
        held: m.containedShare(oursText, otherText),
      }
    },
  }
}

/** The pages of a folder as { id, html }, decoded the way web_fetch decodes a response. */
export const readPages = async (dir, decode) => {
  const names = (await readdir(dir)).filter((f) => /\.html(\.gz)?$/.test(f)).sort()
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(path.join(dir, name))
      const bytes = name.endsWith(".gz") ? gunzipSync(raw) : raw
      return { id: name.replace(/\.html(\.gz)?$/, ""), html: decode(new Uint8Array(bytes)) }
    }),
  )
}

/** Runs one extractor on every page; returns the predictions and each page's time in ms. */
export const run = (pages, extract) => {
  const predictions = {}
  const times = []
  for (const page of pages) {
    const started = performance.now()
    const text = extract(page.html)
    times.push(performance.now() - started)
    predictions[page.id] = { articleBody: text }
  }
  return { predictions, times }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const opt = (name, fallback) => {
    const i = args.indexOf(name)
    return i >= 0 ? args[i + 1] : fallback
  }
  const pagesDir = opt("--pages")
  const out = opt("--out")
  const which = opt("--extractor", "ours")
  if (!pagesDir || !out || !["ours", "readability"].includes(which)) {
    console.error("usage: node bench/extraction.mjs --pages DIR --out FILE [--extractor ours|readability]")
    process.exit(2)
  }
  const extractors = await loadExtractors()
  const pages = await readPages(pagesDir, extractors.decode)
  const { predictions, times } = run(pages, extractors[which])
  await writeFile(out, JSON.stringify(predictions, null, 1))
  console.log(`${which}: ${pages.length} pages, median ${median(times).toFixed(2)} ms per page → ${out}`)
}
