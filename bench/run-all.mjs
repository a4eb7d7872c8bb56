// `npm run bench`: runs every `bench:*` script of package.json in turn and reports each one's exit.
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"

const scripts = Object.keys(JSON.parse(readFileSync(new URL("../package.json", import.meta.url))).scripts ?? {}).filter((s) =>
  s.startsWith("bench:"),
)
if (scripts.length === 0) console.log("no benchmarks yet")
let failed = 0
for (const script of scripts) {
  console.log(`\n=== ${script} ===`)
  const run = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" })
  if (run.status !== 0) failed++
}
console.log(`\n${scripts.length - failed} benchmarks ran, ${failed} failed`)
process.exit(failed ? 1 : 0)
