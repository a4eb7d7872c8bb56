// npm run test:mcp-conformance: the official MCP conformance suite (@modelcontextprotocol/conformance,
// client mode, its core and auth scenarios) against the extension's MCP client, through the adapter
// scripts/mcp-conformance-client.ts. Builds the extension (DIST_DIR, default dist-conformance), runs
// one scenario at a time (each launches the browser), and prints the scenarios passed out of those run.
//   MCP_SCENARIOS=initialize,tools_call npm run test:mcp-conformance   runs only those
import { spawnSync } from "node:child_process"
import { mkdirSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const dist = process.env.DIST_DIR ?? "dist-conformance"
const env = { ...process.env, DIST_DIR: path.resolve(root, dist) }
const bin = path.join(root, "node_modules", ".bin", "conformance")

const built = spawnSync(process.execPath, [path.join(root, "build.mjs")], { cwd: root, env, stdio: "inherit" })
if (built.status !== 0) process.exit(built.status ?? 1)

const listed = spawnSync(bin, ["list"], { encoding: "utf8" }).stdout
const client = listed.slice(listed.indexOf("Client scenarios"))
const all = [...client.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1])
const only = process.env.MCP_SCENARIOS?.split(",").filter(Boolean)
const scenarios = only ?? all.filter((s) => s === "initialize" || s === "tools_call" || s.startsWith("auth/"))

// The suite writes its results/ folder where it runs.
const work = path.join(tmpdir(), "agent-mesh-mcp-conformance")
mkdirSync(work, { recursive: true })
const command = `${process.execPath} --import ${pathToFileURL(path.join(root, "node_modules", "tsx", "dist", "loader.mjs")).href} ${path.join(root, "scripts", "mcp-conformance-client.ts")}`
const failed = []
for (const scenario of scenarios) {
  const run = spawnSync(bin, ["client", "--command", command, "--scenario", scenario, "--timeout", "90000"], {
    cwd: work,
    env,
    encoding: "utf8",
  })
  const passed = run.status === 0
  if (!passed) failed.push(scenario)
  console.log(`${passed ? "pass" : "FAIL"}  ${scenario}`)
  if (!passed && process.env.MCP_CONFORMANCE_VERBOSE) console.log(run.stdout, run.stderr)
}
console.log(`\n${scenarios.length - failed.length} of ${scenarios.length} conformance scenarios passed (client mode: core and auth)`)
if (failed.length) console.log(`failed: ${failed.join(", ")}`)
process.exitCode = failed.length ? 1 : 0
