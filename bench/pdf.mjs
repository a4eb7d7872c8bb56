// `npm run bench:pdf`: reading a PDF's text with the extension's text-only pdf.js build
// (workers/web/pdf.ts, built by scripts/pdfjs-text-build.mjs) beside the baseline, pdfjs-dist's
// own build as the extension used it before (bench/support/pdf-full.ts), in the same run.
//
// Each round starts one module worker of each kind, in turns, in a headless Chromium page; each
// worker writes a generated PDF (PAGES pages of Helvetica text, FlateDecode content streams,
// test/support/pdf-builder.ts), reads it once cold (loading and starting pdf.js included) and
// WARM times more. Prints the medians over ROUNDS, the bundles' sizes (minified), and whether
// both read the same text.
//   node bench/pdf.mjs            PAGES=20 ROUNDS=5 WARM=5 by default
//   node bench/pdf.mjs FILE.pdf   the same with that file instead of the generated one
import { bundle as bundleModule } from "./support/bundle.mjs"
import { readFile } from "node:fs/promises"
import { openWorkerPage } from "./support/worker-page.mjs"
import { pdfjsTextPlugin } from "../scripts/pdfjs-text-build.mjs"

const PAGES = Number(process.env.PAGES ?? 20)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const WARM = Number(process.env.WARM ?? 5)
const FILE = process.argv[2]

const worker = (importLine, read) => `
${importLine}
import { deflate, helvetica, pagesPdf } from "./test/support/pdf-builder.ts"
const makePdf = async (pages) => {
  const contents = []
  for (let p = 1; p <= pages; p++) {
    let stream = "BT /F1 11 Tf 13 TL 72 740 Td"
    for (let l = 1; l <= 50; l++) stream += \` [(Page \${p}, line \${l}: the qu) 20 (ick brown fox jumps over the la) -15 (zy dog.)] TJ T*\`
    contents.push({ dict: "/Filter /FlateDecode", stream: await deflate(stream + " ET") })
  }
  return pagesPdf(contents, { F1: helvetica })
}
onmessage = async ({ data: { pages, warm, file } }) => {
  const pdf = file ? new Uint8Array(await (await fetch(file)).arrayBuffer()) : await makePdf(pages)
  let began = performance.now()
  const text = await ${read}(pdf.slice())
  const cold = performance.now() - began
  const warmMs = []
  for (let i = 0; i < warm; i++) {
    began = performance.now()
    await ${read}(pdf.slice())
    warmMs.push(performance.now() - began)
  }
  postMessage({ bench: true, cold, warmMs, text })
}
`

const bundle = (contents) => bundleModule(contents, { loader: "ts", target: "chrome128", plugins: [pdfjsTextPlugin] })

const files = {
  "/": "<!doctype html><title>bench</title>",
  "/text-only.js": await bundle(worker('import { pdfToText } from "./workers/web/pdf.ts"', "pdfToText")),
  "/full.js": await bundle(worker('import { pdfToTextFull } from "./bench/support/pdf-full.ts"', "pdfToTextFull")),
  ...(FILE ? { "/file.pdf": await readFile(FILE) } : {}),
}
const { page, origin, close } = await openWorkerPage(files, (file) =>
  file === "/" ? "text/html" : file.endsWith(".pdf") ? "application/pdf" : "text/javascript",
)
try {
  const results = await page.evaluate(
    async ({ rounds, pages, warm, file }) => {
      const run = (url) =>
        new Promise((resolve, reject) => {
          const w = new Worker(`${url}?${Math.random()}`, { type: "module" })
          // pdfjs-dist's parser, loaded in a worker, also posts a "ready" of its own: only the bench's answer counts
          w.onmessage = ({ data }) => data?.bench && (resolve(data), w.terminate())
          w.onerror = (event) => (reject(new Error(`${url}: ${event.message || "the worker failed"}`)), w.terminate())
          w.postMessage({ pages, warm, file })
        })
      const out = { full: [], textOnly: [] }
      for (let i = 0; i < rounds; i++) {
        out.full.push(await run("/full.js"))
        out.textOnly.push(await run("/text-only.js"))
      }
      return out
    },
    { rounds: ROUNDS, pages: PAGES, warm: WARM, file: FILE ? `${origin}/file.pdf` : null },
  )
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const line = (name, runs, bytes) => {
    const cold = median(runs.map((r) => r.cold))
    const warm = median(runs.flatMap((r) => r.warmMs))
    console.log(
      `  ${name.padEnd(34)} first read ${cold.toFixed(1).padStart(6)} ms, then ${warm.toFixed(1).padStart(6)} ms; bundle ${bytes.toLocaleString("en")} B`,
    )
  }
  const what = FILE ? FILE : `a ${PAGES}-page PDF`
  console.log(`pdf — ${what} read as text, ${ROUNDS} rounds of one worker each (first read, then ${WARM} more; medians)`)
  line("pdfjs-dist's own build (baseline)", results.full, files["/full.js"].length)
  line("text-only build (workers/web/pdf.ts)", results.textOnly, files["/text-only.js"].length)
  const same = results.full.every((r, i) => r.text === results.textOnly[i].text)
  console.log(`  same text from both: ${same ? "yes" : "NO"} (${results.full[0].text.length.toLocaleString("en")} characters)`)
  if (!same) process.exitCode = 1
} finally {
  await close()
}
