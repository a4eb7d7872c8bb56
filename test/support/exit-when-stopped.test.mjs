import assert from "node:assert/strict"
import { spawn } from "node:child_process"
import { once } from "node:events"
import { fileURLToPath } from "node:url"
import { test } from "node:test"

const preload = fileURLToPath(new URL("exit-when-stopped.mjs", import.meta.url))

// A stand-in for a test file that overran its time: a SIGTERM handler that closes things but
// does not exit (as Playwright's), and a local server that keeps the event loop alive.
const STOPPED_FILE = `
process.on("SIGTERM", () => {})
require("node:http").createServer().listen(0, "127.0.0.1", () => console.log("listening"))
`

test("a test file stopped by the runner ends, its server and Playwright's handler notwithstanding", { timeout: 60_000 }, async (t) => {
  const child = spawn(process.execPath, ["--import", preload, "-e", STOPPED_FILE], { stdio: ["ignore", "pipe", "inherit"] })
  t.after(() => child.kill("SIGKILL"))
  await once(child.stdout, "data")
  const exited = once(child, "exit")
  child.kill("SIGTERM")
  const [code, signal] = await exited
  assert.deepEqual({ code, signal }, { code: 1, signal: null })
})
