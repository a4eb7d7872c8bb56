/**
 * The sandbox host with the real sandbox page script, served by the test server. Here the
 * frame is same-origin (the opaque origin and CSP come from the extension's manifest, which the
 * end-to-end tests cover); what is tested is the protocol, the workers and the kills.
 */
import { expect } from "chai"
import { SANDBOX_CRASHED, createSandboxHost, sandboxMemoryError, type SandboxHost } from "./sandbox-host.ts"

const frameOf = (script: string) =>
  URL.createObjectURL(new Blob([`<!doctype html><script type="module" src="${script}"></script>`], { type: "text/html" }))
const sandboxFrame = () => frameOf(new URL("../sandbox/sandbox.ts", import.meta.url).href)
const silentFrame = () => frameOf(new URL("./test-support/silent-sandbox.ts", import.meta.url).href)
const slowStartFrame = () => frameOf(new URL("./test-support/slow-start-sandbox.ts", import.meta.url).href)

describe("sandbox host", () => {
  let host: SandboxHost
  before(() => {
    host = createSandboxHost(sandboxFrame())
  })
  after(() => host.dispose())

  it("runs code in a worker and returns the last expression", async () => {
    expect(await host.runInSandbox("r1", "const xs = [1, 2, 3]\nxs.reduce((a, b) => a + b, 0)", 5_000)).to.deep.equal({
      ok: true,
      value: 6,
      type: "number",
    })
    expect(await host.runInSandbox("r2", "[typeof document, typeof importScripts]", 5_000)).to.deep.equal({
      ok: true,
      value: ["undefined", "function"],
      type: "object",
    })
  })

  it("reports exceptions and syntax errors as script_error", async () => {
    const thrown = await host.runInSandbox("r3", "function f() { throw new Error('bad') }\nf()", 5_000)
    expect(thrown.ok).to.equal(false)
    if (!thrown.ok) expect(thrown.error.code).to.equal("script_error")
    if (!thrown.ok) expect(thrown.error.message).to.match(/^The script threw Error: bad\n\s+at f /)
    const syntax = await host.runInSandbox("r4", "let = ;", 5_000)
    if (!syntax.ok) expect(syntax.error.message).to.match(/SyntaxError/)
    else expect.fail("a syntax error ran")
  })

  it("times the code, not its worker's start: a worker slow to start leaves a short limit whole", async () => {
    const slow = createSandboxHost(slowStartFrame())
    try {
      // each worker's start takes 400 ms there: a limit of 100 ms from its creation ran out first
      const quick = await slow.runInSandbox("s1", "40 + 2", 100)
      expect(quick, JSON.stringify(quick)).to.deep.equal({ ok: true, value: 42, type: "number" })
      const looped = await slow.runInSandbox("s2", "while (true) {}", 100)
      expect(looped.ok === false && looped.error.code).to.equal("timeout")
    } finally {
      slow.dispose()
    }
  })

  it("kills an endless loop at its time limit and keeps serving", async () => {
    const looped = await host.runInSandbox("r5", "while (true) {}", 200)
    expect(looped).to.deep.include({ ok: false })
    if (!looped.ok) expect(looped.error.code).to.equal("timeout")
    expect(await host.runInSandbox("r6", "40 + 2", 5_000)).to.deep.equal({ ok: true, value: 42, type: "number" })
  })

  it("cancels a run: it settles as cancelled and its worker is gone", async () => {
    const running = host.runInSandbox("r7", "while (true) {}", 60_000)
    await new Promise((r) => setTimeout(r, 100))
    await host.cancelSandbox("r7")
    const outcome = await running
    if (!outcome.ok) expect(outcome.error.code).to.equal("cancelled")
    else expect.fail("a cancelled run succeeded")
    expect(await host.runInSandbox("r8", "'still here'", 5_000)).to.deep.equal({ ok: true, value: "still here", type: "string" })
  })

  it("gives the code its arguments and the blobs they name, and refuses any other blob", async () => {
    const inputs = { args: { url: "blob:given", n: 2 }, blobs: { "blob:given": new Blob(["two words"]) } }
    expect(await host.runInSandbox("a1", "(await (await readBlob(args.url)).text()).repeat(args.n)", 5_000, inputs)).to.deep.equal({
      ok: true,
      value: "two wordstwo words",
      type: "string",
    })
    const refused = await host.runInSandbox("a2", "await readBlob('blob:other')", 5_000, inputs)
    if (!refused.ok) expect(refused.error.message).to.match(/readBlob: blob:other is not among the blob URLs given/)
    else expect.fail("an ungiven blob was read")
  })

  it("reports an error the code threw where nothing caught it", async () => {
    const thrown = await host.runInSandbox("a3", "setTimeout(() => { throw new Error('late') }); await new Promise(() => {})", 5_000)
    if (!thrown.ok) expect(thrown.error.message).to.match(/late/)
    else expect.fail("an uncaught error went unreported")
  })

  it("keeps no state between runs", async () => {
    await host.runInSandbox("r9", "globalThis.kept = 1", 5_000)
    expect(await host.runInSandbox("r10", "typeof kept", 5_000)).to.deep.include({ value: "undefined" })
  })
})

describe("sandbox host, page that stops answering", () => {
  it("resets the frame after the grace period and starts a new one for the next run", async () => {
    // A page that says it is ready and then never answers a run.
    const host = createSandboxHost(silentFrame(), { graceMs: 100 })
    const first = await host.runInSandbox("s1", "1", 100)
    if (!first.ok) expect(first.error.message).to.match(/the sandbox was reset/)
    else expect.fail("a silent page answered")
    expect(document.querySelectorAll("iframe").length).to.be.lessThan(3)
    host.dispose()
  })

  it("fails a run with sandbox_crashed soon when the page stops answering heartbeats, long before the run's limit", async () => {
    // Ready, then silent, as a page whose process ended under a run.
    const host = createSandboxHost(silentFrame(), { graceMs: 60_000, heartbeatMs: 50, missedHeartbeats: 3 })
    const started = performance.now()
    const outcome = await host.runInSandbox("h1", "1", 60_000)
    expect(outcome).to.deep.equal({ ok: false, error: { ...SANDBOX_CRASHED } })
    expect(performance.now() - started).to.be.lessThan(30_000, "it did not wait for the run's own limit")
    host.dispose()
  })

  it("keeps a long run whose worker is busy: the page answers the heartbeats meanwhile", async () => {
    // Busy three times as long as the host waits for a silent page (a second: wide enough for a
    // loaded machine's page to answer), so only the page's own answers can keep the run.
    const host = createSandboxHost(sandboxFrame(), { heartbeatMs: 100, missedHeartbeats: 10 })
    const busy = "const end = Date.now() + 3000\nwhile (Date.now() < end) {}\n'done'"
    expect(await host.runInSandbox("h2", busy, 10_000)).to.deep.equal({ ok: true, value: "done", type: "string" })
    host.dispose()
  })

  it("fails clearly when the page never starts", async () => {
    const host = createSandboxHost(URL.createObjectURL(new Blob(["<p>no script</p>"], { type: "text/html" })), { startTimeoutMs: 200 })
    expect(await host.runInSandbox("n1", "1", 1_000)).to.deep.equal({
      ok: false,
      error: { code: "unavailable", message: "The sandbox page did not start within 0.2 s." },
    })
    host.dispose()
  })
})

describe("sandbox host, memory cap", () => {
  const GB = 1024 ** 3
  const MIB = 1024 ** 2
  /** A gauge that reads `readings` in turn (the last one for ever), and counts its reads. */
  const gauge = (cap: number, readings: ReadonlyArray<number>) => {
    let reads = 0
    return {
      get reads() {
        return reads
      },
      cap: async () => cap,
      available: async () => readings[Math.min(reads++, readings.length - 1)]!,
    }
  }

  it("stops a run with sandbox_memory once the machine's memory fell more than the cap, and serves the next run", async () => {
    const memory = gauge(256 * MIB, [8 * GB, 8 * GB - 100 * MIB, 8 * GB - 257 * MIB])
    const host = createSandboxHost(sandboxFrame(), { memory, memoryPollMs: 5 })
    const outcome = await host.runInSandbox("m1", "while (true) {}", 60_000)
    expect(outcome).to.deep.equal({ ok: false, error: sandboxMemoryError(256 * MIB) })
    if (!outcome.ok) expect(outcome.error.params).to.deep.equal(["256"])
    expect(memory.reads).to.equal(3)
    expect(await host.runInSandbox("m2", "'after'", 5_000)).to.deep.include({ ok: true, value: "after" })
    host.dispose()
  })

  it("measures the fall from the highest reading, so memory freed elsewhere cannot hide the sandbox's growth", async () => {
    // 300 MiB freed elsewhere, then 257 MiB taken: 43 MiB under the start, 257 MiB under the top.
    const memory = gauge(256 * MIB, [8 * GB, 8 * GB + 300 * MIB, 8 * GB + 43 * MIB])
    const host = createSandboxHost(sandboxFrame(), { memory, memoryPollMs: 5 })
    const outcome = await host.runInSandbox("m3", "while (true) {}", 60_000)
    if (!outcome.ok) expect(outcome.error.code).to.equal("sandbox_memory")
    else expect.fail("the run was not stopped")
    host.dispose()
  })

  it("stops a run on course to pass the cap by the next reading, at the pace of the last step", async () => {
    // 0, 100, then 200 MiB fallen: two steps of 100 MiB, so 300 MiB by the next reading.
    const memory = gauge(256 * MIB, [8 * GB, 8 * GB - 100 * MIB, 8 * GB - 200 * MIB, 8 * GB - 250 * MIB])
    const host = createSandboxHost(sandboxFrame(), { memory, memoryPollMs: 5 })
    const outcome = await host.runInSandbox("m6", "while (true) {}", 60_000)
    if (!outcome.ok) expect(outcome.error.code).to.equal("sandbox_memory")
    else expect.fail("the run was not stopped")
    expect(memory.reads).to.equal(3)
    host.dispose()
  })

  it("lets a run finish while the fall stays within the cap", async () => {
    // One large allocation (200 MiB at once), steady, then 30 MiB more: within the cap at every pace.
    const memory = gauge(256 * MIB, [8 * GB, 8 * GB - 200 * MIB, 8 * GB - 200 * MIB, 8 * GB - 230 * MIB])
    const host = createSandboxHost(sandboxFrame(), { memory, memoryPollMs: 5 })
    const busy = "const end = Date.now() + 300\nwhile (Date.now() < end) {}\n'done'"
    expect(await host.runInSandbox("m4", busy, 10_000)).to.deep.equal({ ok: true, value: "done", type: "string" })
    expect(memory.reads).to.be.greaterThan(2, "the watch read the gauge while the run went on")
    host.dispose()
  })

  it("without a working gauge, runs as before (the crash detection remains)", async () => {
    const host = createSandboxHost(sandboxFrame(), {
      memory: { cap: async () => 256 * MIB, available: () => Promise.reject(new Error("no permission")) },
    })
    expect(await host.runInSandbox("m5", "6 * 7", 5_000)).to.deep.equal({ ok: true, value: 42, type: "number" })
    host.dispose()
  })
})
