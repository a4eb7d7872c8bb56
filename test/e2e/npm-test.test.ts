/**
 * scripts/test.mjs (`npm test`), with stand-in halves that print what web-test-runner and node's
 * test runner print and exit as told: both halves always run, both are reported, and the suite
 * fails if either failed.
 */
import assert from "node:assert/strict"
import path from "node:path"
import { test } from "node:test"
import { countsOf, describe, runSuite } from "../../scripts/test.mjs"

const half = (lines: string[], code: number) => [
  process.execPath,
  "-e",
  `console.log(${JSON.stringify(lines.join("\n"))}); process.exit(${code})`,
]
const wtr = (passed: number, failed: number, code: number) =>
  half(
    [
      `Chromium: |██████████| 0/3 test files | 0 passed, 0 failed`,
      `Chromium: |██████████| 3/3 test files | ${passed} passed, ${failed} failed`,
      `Finished running tests in 2.1s${failed ? ` with ${failed} failed tests.` : ", all tests passed! 🎉"}`,
    ],
    code,
  )
const nodeTest = (passed: number, failed: number, code: number) =>
  half([`✔ a test (1.2ms)`, `ℹ tests ${passed + failed}`, `ℹ suites 0`, `ℹ pass ${passed}`, `ℹ fail ${failed}`, `ℹ duration_ms 12.3`], code)

test("a failed unit half does not stop the end-to-end half; both are reported and the suite fails", async () => {
  const { halves, ok } = await runSuite({ echo: false, commands: { unit: wtr(9, 2, 1), e2e: nodeTest(150, 0, 0) } })
  assert.equal(ok, false)
  assert.deepEqual(
    halves.map((h) => [h.name, h.code, h.passed, h.failed]),
    [
      ["unit", 1, 9, 2],
      ["e2e", 0, 150, 0],
    ],
  )
  assert.match(describe(halves[0]!), /^unit FAILED \(exit 1\) \(9 passed, 2 failed, \d+ s\)$/)
  assert.match(describe(halves[1]!), /^e2e passed \(150 passed, 0 failed, \d+ s\)$/)
  assert.match(halves[1]!.output, /ℹ pass 150/, "the half's own closing lines are kept (and shown with echo)")
})

test("the suite passes only when both halves pass, and a failed end-to-end half fails it", async () => {
  const both = await runSuite({ echo: false, commands: { unit: wtr(3, 0, 0), e2e: nodeTest(5, 0, 0) } })
  assert.equal(both.ok, true)
  const e2eFailed = await runSuite({ echo: false, commands: { unit: wtr(3, 0, 0), e2e: nodeTest(4, 1, 1) } })
  assert.equal(e2eFailed.ok, false)
  const missing = await runSuite({ echo: false, commands: { unit: ["/no/such/program"], e2e: nodeTest(1, 0, 0) } })
  assert.equal(missing.ok, false)
  assert.match(describe(missing.halves[0]!), /^unit FAILED \(exit 1\) \(no counts printed, \d+ s\)$/)
})

test("counts are read from each runner's own summary", () => {
  assert.deepEqual(
    countsOf(
      "unit",
      "\u001b[32mChromium: |█| 1/1 test files | 3 passed, 0 failed\u001b[0m\nChromium: |█| 2/2 test files | 12 passed, 1 failed",
    ),
    {
      passed: 12,
      failed: 1,
    },
  )
  assert.deepEqual(countsOf("e2e", "ℹ tests 3\nℹ pass 2\nℹ fail 1\n"), { passed: 2, failed: 1 })
  assert.deepEqual(countsOf("e2e", "# tests 3\n# pass 3\n# fail 0\n"), { passed: 3, failed: 0 }, "the TAP reporter's lines too")
  assert.deepEqual(countsOf("e2e", "nothing"), {})
})

test("with logs, each half's output is written to its own log as it comes", async () => {
  const { PassThrough } = await import("node:stream")
  const written = { unit: "", e2e: "" }
  const logs = { unit: new PassThrough(), e2e: new PassThrough() }
  logs.unit.on("data", (chunk: Buffer) => (written.unit += chunk))
  logs.e2e.on("data", (chunk: Buffer) => (written.e2e += chunk))
  await runSuite({ echo: false, logs, commands: { unit: wtr(1, 1, 1), e2e: nodeTest(2, 0, 0) } })
  assert.match(written.unit, /1 passed, 1 failed/)
  assert.doesNotMatch(written.unit, /ℹ pass/)
  assert.match(written.e2e, /ℹ pass 2/)
  assert.doesNotMatch(written.e2e, /passed, 1 failed/)
})

test("the halves run at the same time", { timeout: 60_000 }, async () => {
  // Each half waits until the other has started (a file it writes): in sequence, neither would end.
  const { mkdtemp, rm } = await import("node:fs/promises")
  const os = await import("node:os")
  const dir = await mkdtemp(path.join(os.tmpdir(), "npm-test-"))
  const meet = (me: string, other: string, lines: string[]) => [
    process.execPath,
    "-e",
    `const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(path.join(dir, me))}, "");
     const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(path.join(dir, other))})) { clearInterval(t); console.log(${JSON.stringify(lines.join("\n"))}) } }, 10)`,
  ]
  try {
    const { ok } = (await runSuite({
      echo: false,
      commands: { unit: meet("unit", "e2e", ["3 passed, 0 failed"]), e2e: meet("e2e", "unit", ["ℹ pass 1", "ℹ fail 0"]) },
    })) as { ok: boolean }
    assert.equal(ok, true)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test("a half that never ends is stopped at its limit, with the processes it started, and fails the suite", async () => {
  // a runner waiting on a child that holds its output open: stopping the runner alone ends nothing
  const hung = [
    process.execPath,
    "-e",
    `require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "inherit" }); console.log("ℹ pass 3"); setInterval(() => {}, 1000)`,
  ]
  const { halves, ok } = await runSuite({ echo: false, commands: { unit: wtr(3, 0, 0), e2e: hung }, limitMs: 1_000 })
  assert.equal(ok, false)
  assert.equal(halves[0]!.code, 0)
  assert.notEqual(halves[1]!.code, 0)
  assert.match(describe(halves[1]!), /^e2e FAILED \(stopped at its time limit\)/)
  assert.match(halves[1]!.output, /e2e: stopped after 1 s, the limit of a half/)
})
