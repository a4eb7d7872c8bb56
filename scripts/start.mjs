// `npm start`: builds the extension, then opens Chromium with it loaded and its side panel
// page open in a tab. CHROMIUM_PATH picks the browser (default /usr/bin/chromium);
// `npm start -- --headless` runs without a window (for machines without a display).
import { spawnSync } from "node:child_process"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"
import { chromiumPath } from "./chromium.mjs"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const dist = path.join(root, "dist")
const headless = process.argv.includes("--headless")

const build = spawnSync(process.execPath, [path.join(root, "build.mjs")], { stdio: "inherit" })
if (build.status !== 0) process.exit(build.status ?? 1)

const profile = process.env.AGENT_MESH_PROFILE ?? (await mkdtemp(path.join(tmpdir(), "agent-mesh-")))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless,
  viewport: null,
  args: [
    `--disable-extensions-except=${dist}`,
    `--load-extension=${dist}`,
    "--no-first-run",
    "--disable-sync",
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
  ],
})
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"))
const extensionId = new URL(worker.url()).host
const page = context.pages()[0] ?? (await context.newPage())
await page.goto(`chrome-extension://${extensionId}/sidepanel.html`)
console.log(`Agent Mesh ${extensionId} is loaded; profile: ${profile}`)
console.log("The side panel page is open in a tab; the toolbar button opens it as a side panel. Close the browser (or Ctrl+C) to stop.")
context.on("close", () => process.exit(0))
process.on("SIGINT", () => void context.close().then(() => process.exit(0)))
