// `npm run bench:capture`: capture_tab with marks on the page-content fixture pages
// (test/fixtures/pages and pages-extra), beside get_tab_content on the same tabs in the same run,
// and capture_tab without marks. Each page is a visible tab at 1280x900; per page it prints the
// median of RUNS calls of each (after one warm-up call of each on the page), the image's size and
// bytes and the number of labels. Chrome allows an extension two captures a second, so captures
// are spaced by QUOTA_GAP_MS (outside the timed calls): the figures are the calls', not the quota's.
//
//   node build.mjs && node bench/capture.mjs [--runs N]
import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { register } from "tsx/esm/api"

register()
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const { launchExtension, callTool, fixturesDir } = await import(path.join(root, "test/e2e/harness.ts"))
const { startFixtureServer } = await import(path.join(root, "test/e2e/fixture-server.ts"))
const { machineLoad } = await import(path.join(root, "bench/support/machine.mjs"))

const RUNS = process.argv.includes("--runs") ? Number(process.argv[process.argv.indexOf("--runs") + 1]) : 5
const QUOTA_GAP_MS = 600

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const timed = async (call) => {
  const started = performance.now()
  const outcome = await call()
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error))
  return { value: outcome.value, ms: performance.now() - started }
}

const routes = {}
const files = []
for (const dir of ["pages", "pages-extra"]) {
  for (const file of (await readdir(path.join(fixturesDir, dir))).filter((f) => f.endsWith(".html")).sort()) {
    routes[`/${dir}/${file}`] = { body: await readFile(path.join(fixturesDir, dir, file)) }
    files.push(`/${dir}/${file}`)
  }
}
const server = await startFixtureServer(routes)
const session = await launchExtension()
const rows = []
try {
  const panel = await session.openPage("sidepanel.html")
  const worker = await session.serviceWorker()
  for (const file of files) {
    const page = await session.context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(server.url(file), { waitUntil: "load" })
    await page.bringToFront()
    const tabId = await worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id, server.url(file))
    const read = () => callTool(panel, "get_tab_content", { tab_id: tabId })
    const marked = () => callTool(panel, "capture_tab", { tab_id: tabId, marks: true })
    const plain = () => callTool(panel, "capture_tab", { tab_id: tabId })
    await timed(read)
    await timed(marked)
    await pause(QUOTA_GAP_MS)
    await timed(plain)
    const times = { read: [], marked: [], plain: [] }
    let last
    for (let i = 0; i < RUNS; i++) {
      times.read.push((await timed(read)).ms)
      await pause(QUOTA_GAP_MS)
      const shot = await timed(marked)
      times.marked.push(shot.ms)
      last = shot.value
      await pause(QUOTA_GAP_MS)
      times.plain.push((await timed(plain)).ms)
    }
    rows.push({
      page: file,
      readMs: median(times.read),
      markedMs: median(times.marked),
      plainMs: median(times.plain),
      image: `${last.width}x${last.height} ${last.image.media_type.slice(6)} ${Math.round((last.image.data.length * 3) / 4 / 1024)} KB`,
      labels: last.marks?.length ?? 0,
    })
    await page.close()
  }
} finally {
  await session.close()
  await server.close()
}

console.log(`capture_tab vs get_tab_content, medians of ${RUNS} calls per page (development build); ${machineLoad()}`)
console.table(
  rows.map((r) => ({
    page: r.page,
    "get_tab_content ms": r.readMs.toFixed(0),
    "capture+marks ms": r.markedMs.toFixed(0),
    "capture ms": r.plainMs.toFixed(0),
    image: r.image,
    labels: r.labels,
  })),
)
const sum = (key) => rows.reduce((n, r) => n + r[key], 0)
console.log(
  `summed medians: get_tab_content ${sum("readMs").toFixed(0)} ms, capture_tab with marks ${sum("markedMs").toFixed(0)} ms (${(sum("markedMs") / sum("readMs")).toFixed(2)}x), without marks ${sum("plainMs").toFixed(0)} ms`,
)
