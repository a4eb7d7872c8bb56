// `npm test`: both halves of the suite at once, the unit tests (web-test-runner) and the
// end-to-end tests (build, then node's test runner), each run whatever the other does.
// Prints each half's own output, then one summary line per half; exits 1 if either failed.
//   npm test
//   npm run test:repeat -- N     the whole suite N times, one line per run (pass/fail, counts,
//                                seconds); each half's full output goes, as it comes, to
//                                test-results/repeat/run-N-unit.log and run-N-e2e.log
// The halves are `npm run test:unit` and `npm run test:e2e`, so they are defined once, in
// package.json. test/e2e/npm-test.test.ts checks this script with stand-in halves.
import { spawn } from "node:child_process"
import { createWriteStream } from "node:fs"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { stripVTControlCharacters as stripAnsi } from "node:util"

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const USAGE = "Use: npm test, or npm run test:repeat -- N (N runs of the whole suite, N ≥ 1)"

/** @typedef {{ name: "unit" | "e2e", code: number, passed?: number, failed?: number, seconds: number, output: string, stopped?: boolean }} Half */

/**
 * Past this a half is stopped, with everything it started, and fails. A half that hangs (a
 * runner waiting on a process that never ends) otherwise held the run until CI's own limit,
 * which ends it without a word of what hung. Each half takes under 10 minutes.
 */
export const HALF_LIMIT_MS = 30 * 60_000
/** between asking a stopped half to end and making it */
const STOP_GRACE_MS = 10_000

/** The halves running, by the process group each leads (a half's processes: npm, its shell, the runner, the files). */
const running = /** @type {Set<number>} */ (new Set())

const signalGroup = (/** @type {number} */ pid, /** @type {NodeJS.Signals} */ signal) => {
  try {
    process.kill(-pid, signal)
  } catch {
    // the group has ended
  }
}

/**
 * The counts a half printed: web-test-runner's progress line ("12 passed, 0 failed"; the last
 * one is the total) or node's test runner's closing lines ("ℹ pass 150", "ℹ fail 0").
 * @param {"unit" | "e2e"} name @param {string} output
 * @returns {{ passed?: number, failed?: number }}
 */
export const countsOf = (name, output) => {
  const text = stripAnsi(output)
  if (name === "unit") {
    const all = [...text.matchAll(/(\d+) passed, (\d+) failed/g)]
    const last = all.at(-1)
    return last ? { passed: Number(last[1]), failed: Number(last[2]) } : {}
  }
  const pass = [...text.matchAll(/^\S* ?pass (\d+)$/gm)].at(-1)
  const fail = [...text.matchAll(/^\S* ?fail (\d+)$/gm)].at(-1)
  return pass && fail ? { passed: Number(pass[1]), failed: Number(fail[1]) } : {}
}

/** `npm run test:<name>`, with the npm that runs this script if there is one. */
const npmRun = (/** @type {string} */ name) => {
  const npm = process.env.npm_execpath
  return npm?.endsWith(".js") ? [process.execPath, npm, "run", "--silent", `test:${name}`] : ["npm", "run", "--silent", `test:${name}`]
}

/**
 * Runs one half, its output shown as it comes (`echo`) or written to `log` as it comes, and kept.
 * @param {"unit" | "e2e"} name @param {string[]} command
 * @param {{ echo: boolean, log?: NodeJS.WritableStream, limitMs?: number }} to @returns {Promise<Half>}
 */
const runHalf = (name, [command = "npm", ...args], { echo, log, limitMs = HALF_LIMIT_MS }) =>
  new Promise((resolve) => {
    const started = performance.now()
    // a group of its own, so that a stop reaches every process the half started
    const child = spawn(command, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], detached: true })
    const pid = child.pid
    if (pid !== undefined) running.add(pid)
    let stopped = false
    const limit = setTimeout(() => {
      if (pid === undefined) return
      stopped = true
      const note = `\n${name}: stopped after ${Math.round(limitMs / 1000)} s, the limit of a half\n`
      output += note
      if (echo) process.stderr.write(note)
      signalGroup(pid, "SIGTERM")
      setTimeout(() => signalGroup(pid, "SIGKILL"), STOP_GRACE_MS).unref()
    }, limitMs)
    let output = ""
    const keep = (/** @type {NodeJS.WriteStream} */ sink) => (/** @type {Buffer} */ chunk) => {
      output += chunk
      if (echo) sink.write(chunk)
      log?.write(chunk)
    }
    child.stdout.on("data", keep(process.stdout))
    child.stderr.on("data", keep(process.stderr))
    let done = false
    const finish = (/** @type {number} */ code) => {
      if (done) return
      done = true
      clearTimeout(limit)
      if (pid !== undefined) running.delete(pid)
      const seconds = (performance.now() - started) / 1000
      resolve({ name, code: stopped ? code || 1 : code, ...countsOf(name, output), seconds, output, ...(stopped ? { stopped } : {}) })
    }
    child.on("error", (error) => {
      output += `\n${error.message}\n`
      finish(1)
    })
    child.on("close", (code, signal) => finish(code ?? (signal ? 1 : 0)))
  })

/** "unit passed (250 passed, 0 failed, 61 s)" */
export const describe = (/** @type {Half} */ half) => {
  const counts = half.passed === undefined ? "no counts printed" : `${half.passed} passed, ${half.failed} failed`
  const verdict = half.stopped ? "FAILED (stopped at its time limit)" : half.code === 0 ? "passed" : `FAILED (exit ${half.code})`
  return `${half.name} ${verdict} (${counts}, ${Math.round(half.seconds)} s)`
}

/**
 * Runs both halves at once (both keep the two cores busy, yet together they end sooner than one
 * after the other), the end-to-end half shown as it comes and the unit half's
 * output once it has finished; with `logs`, each half's output goes to its own log as it comes.
 * @param {{ echo: boolean, logs?: { unit: NodeJS.WritableStream, e2e: NodeJS.WritableStream }, commands?: { unit: string[], e2e: string[] }, limitMs?: number }} options
 */
export const runSuite = async ({ echo, logs, commands = { unit: npmRun("unit"), e2e: npmRun("e2e") }, limitMs = HALF_LIMIT_MS }) => {
  const [unit, e2e] = await Promise.all([
    runHalf("unit", commands.unit, { echo: false, limitMs, ...(logs ? { log: logs.unit } : {}) }).then((half) => {
      if (echo)
        process.stdout.write(`\n===== unit tests (ran beside the end-to-end tests)\n${half.output}\n===== end of the unit tests\n\n`)
      return half
    }),
    runHalf("e2e", commands.e2e, { echo, limitMs, ...(logs ? { log: logs.e2e } : {}) }),
  ])
  return { halves: [unit, e2e], ok: unit.code === 0 && e2e.code === 0 }
}

const main = async () => {
  // the halves lead process groups of their own, which a Ctrl-C in the terminal does not reach
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]))
    process.on(signal, () => {
      for (const pid of running) signalGroup(pid, signal)
    })
  const args = process.argv.slice(2)
  if (args.length === 0) {
    const { halves, ok } = await runSuite({ echo: true })
    console.log(`\n${halves.map(describe).join("\n")}\nnpm test ${ok ? "passed" : "FAILED"}`)
    return ok ? 0 : 1
  }
  const runs = args[0] === "--repeat" && args.length === 2 ? Number(args[1]) : NaN
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(
      `${args[0] === "--repeat" ? `Not a number of runs: ${args[1] ?? "(none)"}` : `Unknown option ${args.join(" ")}`}. ${USAGE}`,
    )
    return 2
  }
  const logs = path.join(repoRoot, "test-results", "repeat")
  await mkdir(logs, { recursive: true })
  let failures = 0
  for (let i = 1; i <= runs; i++) {
    const started = performance.now()
    // Written as they come, so a long run can be followed (tail -f) and a stopped one read.
    const files = { unit: path.join(logs, `run-${i}-unit.log`), e2e: path.join(logs, `run-${i}-e2e.log`) }
    const streams = { unit: createWriteStream(files.unit), e2e: createWriteStream(files.e2e) }
    const { halves, ok } = await runSuite({ echo: false, logs: streams })
    await Promise.all(Object.values(streams).map((stream) => new Promise((resolve) => stream.end(resolve))))
    if (!ok) failures++
    const seconds = Math.round((performance.now() - started) / 1000)
    const failedLogs = halves.filter((h) => h.code !== 0).map((h) => path.relative(repoRoot, files[h.name]))
    console.log(
      `run ${i}/${runs}: ${ok ? "pass" : "FAIL"} · ${halves.map(describe).join(" · ")} · ${seconds} s${ok ? "" : ` · log: ${failedLogs.join(", ")}`}`,
    )
  }
  console.log(`${runs - failures} of ${runs} runs passed`)
  return failures === 0 ? 0 : 1
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main()
