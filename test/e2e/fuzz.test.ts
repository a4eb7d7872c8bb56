/**
 * The bad-input suite: every tool's parameters fuzzed from its contract, through
 * `agent.tools.call` in the built extension. A few thousand seeded cases (FUZZ_SEED, FUZZ_CASES)
 * run in batches; after each batch the extension must still answer (workers alive and not
 * restarted, a create_task and a settings read work), every call must have settled, and every
 * failure must be a specific error (see test/support/fuzz/verdict.ts). Every URL a case can
 * reach is on the local fixture server, and the workspace must hold nothing outside its folder.
 * Then MCP_CASES calls of the tools of a real MCP server (`fz__<tool>`, test/support/fuzz/mcp.ts),
 * judged by the same rules, with another validator than the extension's deciding what is valid.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { builtinTools } from "../../schemas/tools/index.ts"
import { deriveDomain, domainOf, hasHandDomain, Underivable } from "../support/fuzz/derived-domain.ts"
import { DOMAINS, PAGE_ROUTES, TOOL_WEIGHTS, type FuzzEnv } from "../support/fuzz/domain.ts"
import { materialize, plan, type FuzzCase } from "../support/fuzz/mutate.ts"
import { installRunner, runBatch, unsettled, type WireCase } from "../support/fuzz/page-runner.ts"
import { createRng, seedFromEnv } from "../support/fuzz/prng.ts"
import { expand, show } from "../support/fuzz/values.ts"
import { contractAccepts, judge, type Outcome, type Verdict } from "../support/fuzz/verdict.ts"
import {
  MCP_FUZZ_SERVER,
  MCP_FUZZ_TIMEOUT_MS,
  mcpCases,
  mcpContract,
  mcpContractAccepts,
  mcpFuzzTools,
  startFuzzMcpServer,
} from "../support/fuzz/mcp.ts"
import { MCP_TIMEOUT_MARGIN_MS } from "../../schemas/mcp.ts"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { launchExtension, fixturesDir, until, type ExtensionSession } from "./harness.ts"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"

const SEED = seedFromEnv(process.env.FUZZ_SEED, 0x5eed_f022)
// A sample of the fixed cases (every tricky value and structural mutation: about 1,800) plus
// VALID_PER_TOOL valid calls of each tool; FUZZ_CASES=3000 runs them all, with random ones.
const CASES = Number(process.env.FUZZ_CASES ?? 700)
/** MCP tool calls, besides: few, since each schema is small (valid calls, and one property broken at a time). */
const MCP_CASES = 48
/** FUZZ_TOOLS=web_fetch,list_tabs fuzzes only those tools (to chase one finding). */
const ONLY_TOOLS = process.env.FUZZ_TOOLS?.split(",")
  .map((t) => t.trim())
  .filter(Boolean)
/** FUZZ_VERBOSE=1 shows one message per tool and code; FUZZ_VERBOSE=all shows every call. */
const VERBOSE = process.env.FUZZ_VERBOSE ?? ""
const BATCH_SIZE = 36
const CONCURRENCY = 12
/** Past the longest per-call deadline of a batch: a call still pending then is a hang. */
const BATCH_GRACE_MS = 10_000
const HEALTH_DEADLINE_MS = 15_000
/** How long the suite may spend running hung calls again one by one to find the culprits. */
const CONFIRM_BUDGET_MS = 120_000

const groupOf = new Map<string, string>([
  ...builtinTools.map((t) => [t.name, t.group] as const),
  // The supervisor names an MCP server's worker after the server.
  ...mcpFuzzTools.map((t) => [t, `mcp:${MCP_FUZZ_SERVER}`] as const),
])
const toolTimeout = new Map<string, number>([
  ...builtinTools.map((t) => [t.name, t.timeoutMs] as const),
  ...mcpFuzzTools.map((t) => [t, MCP_FUZZ_TIMEOUT_MS + MCP_TIMEOUT_MARGIN_MS] as const),
])
const isMcp = (tool: string) => mcpFuzzTools.includes(tool)
/** Whether the contract takes a call, and the verdict: an MCP tool's contract is its JSON Schema. */
const accepts = (fuzz: FuzzCase) => (isMcp(fuzz.tool) ? mcpContractAccepts : contractAccepts)(fuzz.tool, fuzz.params)
const verdictOf = (fuzz: FuzzCase, outcome: Outcome) =>
  isMcp(fuzz.tool) ? judge(fuzz, outcome, accepts(fuzz), mcpContract(fuzz.tool)) : judge(fuzz, outcome, accepts(fuzz))

let session: ExtensionSession
let server: FixtureServer
let mcpServer: Awaited<ReturnType<typeof startFuzzMcpServer>>
let model: ModelServer
let panel: Page
let env: Omit<FuzzEnv, "scratchTabIds">
const panelErrors: string[] = []

const html = (title: string, body: string) => ({
  body: `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`,
})
const typed = (type: string, body: string | Buffer, status = 200) => ({ status, headers: { "content-type": type }, body })

const routes = async () => ({
  "/article": html(
    "Article",
    `<nav><a href="/">Home</a></nav><main><h1>Flood season</h1>${"<p>The river rose and the town built a wall of sandbags along Main Street.</p>".repeat(20)}</main>`,
  ),
  "/text": typed("text/plain; charset=utf-8", "plain text\nsecond line\n"),
  "/json": typed("application/json", JSON.stringify({ a: 1, b: ["x", "\u202E", "😀"] })),
  "/deep": html("deep", `${"<div>".repeat(3000)}bottom${"</div>".repeat(3000)}`),
  "/title-a": html(`${"a".repeat(3000)}!`, "<p>aaaa</p>"),
  "/title-a28": html("a".repeat(28), "<p>a</p>"),
  "/unicode": html("uni\u202Ecode \u200B😀 &#xD800; \u0000", "<p>\u202Eevil\u202C &#xD800; \uFEFF 👩‍👩‍👧‍👦</p>"),
  "/empty": typed("text/html", ""),
  "/redirect": (_req: unknown, res: import("node:http").ServerResponse) => void res.writeHead(302, { location: "/article" }).end(),
  "/redirect-loop": (_req: unknown, res: import("node:http").ServerResponse) =>
    void res.writeHead(302, { location: "/redirect-loop" }).end(),
  "/lying-json": typed("application/json", "<html><body>not json</body></html>"),
  "/lying-pdf": typed("application/pdf", "%PDF-1.4 this is not a pdf"),
  "/gzip-lie": { headers: { "content-type": "text/plain", "content-encoding": "gzip" }, body: "not gzip at all" },
  "/charset-lie": typed("text/html; charset=utf-16", "<p>utf-8 bytes, \u00e9\u00e8 😀</p>"),
  "/binary": typed("application/octet-stream", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131) % 256))),
  "/nul-text": typed("text/plain", "a\u0000b\u0000c"),
  "/long-line": typed("text/plain", "x".repeat(1 << 20)),
  "/bad-json": typed("application/json", "{bad json"),
  "/svg": typed("image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><text>hi</text></svg>"),
  "/500": typed("text/html", "<h1>Internal Server Error</h1>", 500),
  "/no-type": (_req: unknown, res: import("node:http").ServerResponse) => void res.writeHead(200).end("untyped \u0000 body"),
  // Announces more than it sends, then hangs up.
  "/length-lie": (_req: unknown, res: import("node:http").ServerResponse) => {
    res.socket?.write("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 100000\r\n\r\nshort")
    res.socket?.destroy()
  },
  "/ddg/html": {
    body: await readFile(path.join(fixturesDir, "search", "duckduckgo", "eino-ext_html_eino_results.html"), "utf8"),
  },
  "/ddg/lite": {
    body: await readFile(path.join(fixturesDir, "search", "duckduckgo", "simpleai_lite_weather_san_francisco.html"), "utf8"),
  },
})

/** Opens a tab from the service worker and waits for it to load. */
const openFixtureTab = async (url: string, windowId?: number): Promise<number> => {
  const worker = await session.serviceWorker()
  return worker.evaluate(
    async ({ url, windowId }) => {
      const tab = await chrome.tabs.create({ url, active: false, ...(windowId === undefined ? {} : { windowId }) })
      for (let i = 0; i < 200; i++) {
        const now = await chrome.tabs.get(tab.id!)
        if (now.status === "complete") break
        await new Promise((r) => setTimeout(r, 50))
      }
      return tab.id!
    },
    { url, windowId },
  )
}

/**
 * Closes every tab the cases opened and gives the next batch fresh scratch tabs; brings the
 * driving page to the front again (a hidden page's timers are throttled).
 */
const resetTabs = async (): Promise<number[]> => {
  const worker = await session.serviceWorker()
  return worker.evaluate(
    async ({ keep, panelTabId, origin }) => {
      const tabs = await chrome.tabs.query({})
      const stray = tabs.map((t) => t.id!).filter((id) => !keep.includes(id))
      if (stray.length) await chrome.tabs.remove(stray).catch(() => undefined)
      const panelTab = await chrome.tabs.update(panelTabId, { active: true })
      const scratch: number[] = []
      for (let i = 0; i < 3; i++)
        scratch.push(
          (await chrome.tabs.create({ url: i === 0 ? "about:blank" : `${origin}/text`, active: false, windowId: panelTab!.windowId }))!.id!,
        )
      return scratch
    },
    { keep: [env.panelTabId, ...env.fixedTabIds], panelTabId: env.panelTabId, origin: env.origin },
  )
}

const withDeadline = <A>(work: Promise<A>, ms: number): Promise<{ done: true; value: A } | { done: false }> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve({ done: false }), ms)
    work.then(
      (value) => (clearTimeout(timer), resolve({ done: true, value })),
      (error) => (clearTimeout(timer), reject(error)),
    )
  })

type Workers = Record<string, { alive: boolean; restarts: number }>

/** The extension still answers: the supervisor (workers, a real tool call) and the service worker (settings). */
const health = async (): Promise<{ ok: true; workers: Workers } | { ok: false; reason: string }> => {
  const check = panel.evaluate(async () => {
    const workers = await globalThis.agent.debug.workers()
    const task = (await globalThis.agent.tools.call(
      "create_task",
      { subject: "health check" },
      { conversationId: "fuzz-health", timeoutMs: 5_000 },
    )) as { task_id?: unknown }
    const settings = await globalThis.agent.settings.get()
    return { workers, taskOk: typeof task.task_id === "string", settingsOk: typeof settings === "object" && settings !== null }
  })
  try {
    const result = await withDeadline(check, HEALTH_DEADLINE_MS)
    if (!result.done) return { ok: false, reason: `no answer within ${HEALTH_DEADLINE_MS / 1000} s` }
    if (!result.value.taskOk) return { ok: false, reason: "a valid create_task did not return a task" }
    if (!result.value.settingsOk) return { ok: false, reason: "settings.get returned nothing" }
    const sw = await withDeadline(
      (await session.serviceWorker()).evaluate(() => chrome.runtime.id),
      HEALTH_DEADLINE_MS,
    )
    if (!sw.done) return { ok: false, reason: "the service worker did not answer" }
    return { ok: true, workers: result.value.workers }
  } catch (error) {
    return { ok: false, reason: `the page failed: ${error instanceof Error ? error.message : String(error)}` }
  }
}

/** Every URL a case could make the browser fetch or open points at the fixture server. */
const assertLocal = (fuzz: FuzzCase) => {
  if (fuzz.tool !== "web_fetch" && fuzz.tool !== "open_tab") return
  const params = fuzz.params
  if (typeof params !== "object" || params === null) return
  const url = expand((params as { url?: unknown }).url)
  if (typeof url !== "string") return
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return
  }
  if ((parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "127.0.0.1") {
    throw new Error(`the fuzzer made a non-local URL (${show(url)}); fix the generator, no case may leave 127.0.0.1`)
  }
}

/** A cheap call per worker group, to see whether the group answers at once. */
const PROBES: Readonly<Record<string, readonly [string, Record<string, unknown>]>> = {
  tabs: ["list_tabs", { title_pattern: "^never$" }],
  workspace: ["opfs_list", { path: "seed" }],
  tasks: ["list_tasks", {}],
  page: ["execute_script", { code: "1", target: "sandbox" }],
  web: ["web_fetch", { url: "ftp://127.0.0.1/" }],
  interaction: ["ask_user", { question: "probe" }],
}

/**
 * Until no worker holds a call or winds a cancelled one down: each such call ended, or its worker
 * was replaced once the supervisor's grace ran out (the state to wait on, not a guess of its time).
 */
const quiet = (after: string) =>
  until(
    async () => Object.values(await panel.evaluate(() => globalThis.agent.debug.workers())).every((w) => w.calls === 0 && w.stopping === 0),
    `every worker to end or drop its calls ${after}`,
  )

const idle = async (group: string): Promise<boolean> => {
  const probe = PROBES[group]
  if (probe === undefined) return true
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await withDeadline(
      runBatch(panel, {
        batch: -1e6 - attempt,
        cases: [{ tool: probe[0], params: JSON.stringify(probe[1]), options: "{}", timeoutMs: 2_000 }],
        concurrency: 1,
      }),
      5_000,
    ).catch(() => ({ done: false as const }))
    const code = outcome.done ? (outcome.value as Outcome[])[0]?.code : "timeout"
    // A worker_crashed answer means the worker was only just replaced: ask again.
    if (code !== "timeout" && code !== "worker_crashed" && code !== "unavailable") return true
    await quiet(`after the ${group} probe got ${code}`)
  }
  return false
}

const pastScratchTabs = new Set<number>()

/** A scratch tab of a finished batch, replaced by one of the current batch (other IDs kept). */
const remapTabs = (params: unknown, scratch: ReadonlyArray<number>): unknown => {
  if (typeof params !== "object" || params === null || Array.isArray(params)) return params
  const tabId = (params as { tab_id?: unknown }).tab_id
  if (typeof tabId !== "number" || !pastScratchTabs.has(tabId)) return params
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(params))
    Object.defineProperty(out, k, { value: k === "tab_id" ? scratch[0] : v, enumerable: true, writable: true, configurable: true })
  return out
}

const wire = (fuzz: FuzzCase): WireCase => ({
  tool: fuzz.tool,
  ...(fuzz.params === undefined ? {} : { params: JSON.stringify(fuzz.params) }),
  options: JSON.stringify({ conversationId: "fuzz", ...fuzz.options }),
  timeoutMs: fuzz.timeoutMs,
})

/** The workspace folder is the only thing the tools may create in the extension's OPFS. */
const opfsRoot = () =>
  panel.evaluate(async () => {
    const names: string[] = []
    const root = await navigator.storage.getDirectory()
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name)
    return names.sort()
  })

before(async () => {
  server = await startFixtureServer(await routes())
  mcpServer = await startFuzzMcpServer()
  model = await startModelServer()
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  panel.on("pageerror", (e) => panelErrors.push(e.message))
  await installRunner(panel)
  await panel.evaluate(
    ({ origin, modelUrl }) =>
      globalThis.agent.settings.update({
        // ask_user calls end at once with reason "timeout": nobody answers in this suite.
        askUserTimeoutMs: 1,
        search: { engine: "duckduckgo", duckduckgoHtmlEndpoint: `${origin}/ddg/html`, duckduckgoLiteEndpoint: `${origin}/ddg/lite` },
        providers: [{ id: "m", name: "m", kind: "openai", baseUrl: modelUrl }],
        defaultModel: { providerId: "m", model: "x" },
      }),
    { origin: server.origin, modelUrl: model.baseUrl("openai") },
  )
  const worker = await session.serviceWorker()
  const panelTab = await worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!, panel.url())
  const otherWindow = await worker.evaluate(async () => (await chrome.windows.create({ url: "about:blank", focused: false }))!.id!)
  const fixed: number[] = []
  for (const route of ["/article", "/deep", "/title-a", "/title-a28", "/unicode", `/${"a".repeat(2000)}`])
    fixed.push(await openFixtureTab(server.url(route)))
  fixed.push(await openFixtureTab(server.url("/text"), otherWindow))
  const otherWindowTabs = await worker.evaluate(async (windowId) => (await chrome.tabs.query({ windowId })).map((t) => t.id!), otherWindow)
  env = {
    origin: server.origin,
    extensionId: session.extensionId,
    panelTabId: panelTab.id!,
    windowIds: [panelTab.windowId, otherWindow],
    fixedTabIds: [...fixed, ...otherWindowTabs.filter((id) => !fixed.includes(id))],
    otherWindowTabIds: otherWindowTabs,
    seededPaths: ["seed/a.md", "seed/b.png", "seed/empty.txt", "seed/dir/c.txt", "seed/dir"],
    keptPaths: ["kept/read.md"],
  }
  const seeded = await panel.evaluate(async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join("\n")
    const writes: Array<[string, string]> = [
      ["seed/a.md", lines],
      [
        "seed/b.png",
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      ],
      ["seed/empty.txt", ""],
      ["seed/dir/c.txt", "c"],
      ["kept/read.md", lines],
    ]
    for (const [path, content] of writes) await globalThis.agent.tools.call("opfs_write", { path, content })
    return ((await globalThis.agent.tools.call("opfs_list", { path: "seed" })) as unknown[]).length
  })
  assert.equal(seeded, 4, "the workspace could not be seeded")
  const mcpSetup = Date.now()
  const added = await panel.evaluate(async (server) => (await globalThis.agent.mcp.add(server)).offered, {
    name: MCP_FUZZ_SERVER,
    url: mcpServer.url,
    timeoutMs: MCP_FUZZ_TIMEOUT_MS,
  })
  assert.deepEqual([...added].sort(), [...mcpFuzzTools].sort(), "the MCP server's tools are not all offered")
  console.log(`fuzz: the MCP server added in ${((Date.now() - mcpSetup) / 1000).toFixed(1)} s`)
})

after(async () => {
  await session?.close()
  await server?.close()
  await mcpServer?.close()
  await model?.close()
})

interface Judged {
  readonly fuzz: FuzzCase
  readonly outcome?: Outcome
  readonly verdict: Verdict
}

// Past the suite's 3-minute limit per test (package.json): the cases and the confirmation of hung calls have budgets of their own.
test(
  `fuzz: ${ONLY_TOOLS?.length ? ONLY_TOOLS.join(", ") : "every tool"}'s parameters, ${CASES} seeded cases`,
  { timeout: 900_000 },
  async () => {
    const rng = createRng(SEED)
    assert.ok(Number.isSafeInteger(CASES) && CASES > 0, `FUZZ_CASES must be a positive whole number, got ${process.env.FUZZ_CASES}`)
    const builtinOnly = ONLY_TOOLS?.filter((t) => !isMcp(t))
    const entries = ONLY_TOOLS && builtinOnly?.length === 0 ? [] : plan(rng.fork("plan"), CASES, builtinOnly)
    const mcp = mcpCases(rng.fork("mcp"), MCP_CASES, entries.length, ONLY_TOOLS)
    console.log(
      `fuzz: seed ${SEED} (0x${SEED.toString(16)}), ${entries.length} cases and ${mcp.length} of MCP tools; repeat with FUZZ_SEED=${SEED} FUZZ_CASES=${CASES}`,
    )
    const judged: Judged[] = []
    /** Failures of the extension as a whole after a batch (health check, worker restarts). */
    const batchCrashes: string[] = []
    const started = Date.now()
    const first = await health()
    assert.ok(first.ok, `the extension was not healthy before the first case: ${first.ok ? "" : first.reason}`)
    let workers = first.workers
    const rootBefore = await opfsRoot()
    let healthFailures = 0
    const listCases = (cases: ReadonlyArray<FuzzCase>) => cases.map((c) => `    #${c.id} ${c.tool} ${show(c.params)}`).join("\n")

    /** Runs one batch and judges it; false once the extension stopped answering. */
    const runCases = async (b: number, cases: FuzzCase[]): Promise<boolean> => {
      cases.forEach(assertLocal)
      const deadline = Math.max(...cases.map((c) => c.timeoutMs)) + BATCH_GRACE_MS
      const run = await withDeadline(runBatch(panel, { batch: b, cases: cases.map(wire), concurrency: CONCURRENCY }), deadline).catch(
        (error: unknown) => ({
          done: false as const,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      if (run.done) {
        ;(run.value as Outcome[]).forEach((outcome, i) => {
          const fuzz = cases[i]!
          judged.push({ fuzz, outcome, verdict: verdictOf(fuzz, outcome) })
        })
      } else {
        const pending = "error" in run ? cases.map((_, i) => i) : await unsettled(panel, b).catch(() => cases.map((_, i) => i))
        const why = "error" in run ? `the page failed: ${run.error}` : `not settled ${deadline / 1000} s after the batch started`
        // The calls that did settle are not reported back once the batch is given up on.
        for (const [i, fuzz] of cases.entries()) {
          judged.push({
            fuzz,
            verdict: pending.includes(i) ? { kind: "error" in run ? "crash" : "hang", reason: why } : { kind: "specific" },
          })
        }
      }

      // A call that would not stop gets its worker replaced a moment after the time limit: wait
      // for that, so the restart is counted with the batch that caused it.
      if (judged.slice(-cases.length).some((j) => j.verdict.kind === "hang")) await quiet(`after batch ${b}`)
      const now = await health()
      if (!now.ok) {
        healthFailures++
        batchCrashes.push(`after batch ${b}: ${now.reason}; the batch's cases:\n${listCases(cases)}`)
        // A dead extension fails every later case the same way: stop rather than time out on each.
        return healthFailures < 3
      }
      for (const [group, state] of Object.entries(now.workers)) {
        const before = workers[group]
        if (before === undefined || state.restarts <= before.restarts) continue
        const inGroup = cases.filter((c) => groupOf.get(c.tool) === group)
        const hungHere = judged.some((j) => j.verdict.kind === "hang" && inGroup.includes(j.fuzz))
        // A worker replaced because a call hung is the hang's doing; otherwise it is a crash.
        if (!hungHere)
          batchCrashes.push(
            `batch ${b}: the ${group} worker was restarted ${state.restarts - before.restarts} time(s); the batch's ${group} cases:\n${listCases(inGroup)}`,
          )
      }
      workers = now.workers
      return true
    }

    for (let b = 0; b * BATCH_SIZE < entries.length; b++) {
      const scratchTabIds = await resetTabs()
      scratchTabIds.forEach((id) => pastScratchTabs.add(id))
      const batchEnv: FuzzEnv = { ...env, scratchTabIds }
      const caseRng = rng.fork(`batch ${b}`)
      const cases = entries
        .slice(b * BATCH_SIZE, (b + 1) * BATCH_SIZE)
        .map((entry, i) => materialize(b * BATCH_SIZE + i, entry, caseRng, batchEnv))
      if (!(await runCases(b, cases))) break
    }
    // The MCP tools' calls, after the built-in ones (their ids follow on, so do their batch numbers).
    const mcpStarted = Date.now()
    const mcpReceivedBefore = mcpServer.received.length
    for (let i = 0; i < mcp.length && healthFailures < 3; i += BATCH_SIZE) {
      if (!(await runCases(Math.ceil(entries.length / BATCH_SIZE) + i / BATCH_SIZE, mcp.slice(i, i + BATCH_SIZE)))) break
    }
    const mcpSeconds = (Date.now() - mcpStarted) / 1000
    // What reached the MCP server must be what its schema takes, whatever the call's outcome.
    const mcpMisses = mcpServer.received
      .slice(mcpReceivedBefore)
      .filter((r) => !mcpContractAccepts(`${MCP_FUZZ_SERVER}__${r.name}`, r.arguments))

    // A stuck worker makes every call queued behind it time out too: each call that hung or
    // crashed runs again on its own, to tell the inputs that hang from those that only waited.
    const loopSeconds = (Date.now() - started) / 1000
    const collateral: Judged[] = []
    const confirmUntil = Date.now() + CONFIRM_BUDGET_MS
    const culprits = new Set<string>()
    for (const [index, suspect] of judged.entries()) {
      if (suspect.verdict.kind !== "hang" && suspect.verdict.kind !== "crash") continue
      const mark = (note: string) =>
        (judged[index] = {
          ...suspect,
          verdict: {
            kind: suspect.verdict.kind,
            reason: `${"reason" in suspect.verdict ? suspect.verdict.reason : ""} (${note})`,
          } as Verdict,
        })
      // The same input already hung on its own.
      const key = `${suspect.fuzz.tool} ${show(suspect.fuzz.params, 400)}`
      if (culprits.has(key)) {
        mark("hung again on its own")
        continue
      }
      if (Date.now() > confirmUntil || healthFailures >= 3) {
        mark("not re-run alone: time budget spent")
        continue
      }
      const group = groupOf.get(suspect.fuzz.tool)!
      // A worker still busy with an earlier hung call would make this one hang too.
      if (!(await idle(group))) {
        mark(`not re-run alone: the ${group} worker was still busy`)
        continue
      }
      const scratchTabIds = await resetTabs()
      // Tabs of its batch are gone: the same draw against today's tabs.
      const fuzz = {
        ...suspect.fuzz,
        params: remapTabs(suspect.fuzz.params, scratchTabIds),
        // Alone, a call gets its tool's own time limit: one that still runs out of it really hangs
        // (the batch's short limits only keep a hang from holding up a whole batch).
        timeoutMs: Math.min(toolTimeout.get(suspect.fuzz.tool)!, 30_000),
      }
      const runAlone = async (attempt: number) => {
        const alone = await withDeadline(
          runBatch(panel, { batch: -1 - index - attempt * 1e5, cases: [wire(fuzz)], concurrency: 1 }),
          fuzz.timeoutMs + BATCH_GRACE_MS,
        ).catch(() => ({ done: false as const }))
        return alone.done ? (alone.value as Outcome[])[0]! : undefined
      }
      let outcome = await runAlone(0)
      // Its worker was replaced for another call that would not stop: once more, on the new worker.
      if (outcome?.code === "worker_crashed" && /did not stop within/.test(String(outcome.message))) {
        await quiet(`before ${fuzz.tool} runs again`)
        outcome = await runAlone(1)
      }
      const verdict = outcome ? verdictOf(fuzz, outcome) : undefined
      if (verdict === undefined || verdict.kind === "hang" || verdict.kind === "crash") {
        culprits.add(key)
        mark("hung again on its own")
        if (verdict?.kind === "hang") await quiet(`after ${fuzz.tool} hung on its own`)
        continue
      }
      collateral.push(suspect)
      judged[index] = { fuzz: suspect.fuzz, outcome, verdict }
    }
    if (collateral.length) {
      const after = await health()
      if (after.ok) workers = after.workers
    }

    const rootAfter = await opfsRoot()
    const escaped = rootAfter.filter((name) => !rootBefore.includes(name) && name !== "workspace")

    // The report: totals, a table per tool, and each failure with its input.
    const count = (kind: Verdict["kind"]) => judged.filter((j) => j.verdict.kind === kind).length
    const crashes = count("crash") + batchCrashes.length
    const hangs = count("hang")
    const unspecific = count("unspecific")
    const validation = count("validation") + mcpMisses.length
    const hangBatches = new Set(judged.filter((j) => j.verdict.kind === "hang").map((j) => Math.floor(j.fuzz.id / BATCH_SIZE))).size
    console.log(
      `fuzz: ${judged.length} calls in ${loopSeconds.toFixed(1)} s (${hangBatches} batches waited on a hang), then ${((Date.now() - started) / 1000 - loopSeconds).toFixed(1)} s re-running hung calls alone`,
    )
    const toolsRun = [...builtinTools.map((t) => t.name), ...mcpFuzzTools].filter((t) => judged.some((j) => j.fuzz.tool === t))
    console.log(`fuzz: ${mcp.length} MCP tool calls in ${mcpSeconds.toFixed(1)} s`)
    for (const tool of toolsRun) {
      const mine = judged.filter((j) => j.fuzz.tool === tool && j.outcome)
      const codes = new Map<string, number>()
      for (const j of mine) {
        const key = j.outcome!.ok ? "ok" : String(j.outcome!.code)
        codes.set(key, (codes.get(key) ?? 0) + 1)
      }
      const ms = mine.map((j) => j.outcome!.ms ?? 0).sort((a, b) => a - b)
      const timing = ms.length
        ? `${String(ms[Math.floor(ms.length / 2)]).padStart(5)} ms median, ${String(ms.at(-1)).padStart(5)} ms max`
        : ""
      console.log(
        `  ${tool.padEnd(16)} ${String(mine.length).padStart(4)}  ${timing}  ${[...codes]
          .sort((a, b) => b[1] - a[1])
          .map(([c, n]) => `${c} ${n}`)
          .join(", ")}`,
      )
    }
    if (VERBOSE) {
      // One example of each (tool, code), or every call: to read what a model would be told.
      const seen = new Set<string>()
      for (const j of judged) {
        if (!j.outcome || (j.outcome.ok && VERBOSE !== "all")) continue
        const key = `${j.fuzz.tool} ${j.outcome.ok ? `ok ${j.outcome.value}` : String(j.outcome.code)}`
        if (seen.has(key) && VERBOSE !== "all") continue
        seen.add(key)
        console.log(
          `  · ${key.slice(0, 200)} ${j.outcome.parameter ? `(${JSON.stringify(j.outcome.parameter)}) ` : ""}${j.outcome.ok ? "" : String(j.outcome.message).slice(0, 200)}\n      ← ${show(j.fuzz.params, 120)}`,
        )
      }
    }
    const failures = judged.filter((j) => j.verdict.kind !== "ok" && j.verdict.kind !== "specific")
    for (const j of failures.slice(0, 80)) {
      const reason = "reason" in j.verdict ? j.verdict.reason : ""
      console.log(
        `  ✗ ${j.verdict.kind} #${j.fuzz.id} ${j.fuzz.tool} [${j.fuzz.mutations.join(" ")}] ${show(j.fuzz.params)}${Object.keys(j.fuzz.options).length ? ` options ${show(j.fuzz.options)}` : ""}\n      ${reason.slice(0, 400)}`,
      )
    }
    if (failures.length > 80) console.log(`  … and ${failures.length - 80} more`)
    for (const f of batchCrashes) console.log(`  ✗ crash ${f}`)
    for (const r of mcpMisses)
      console.log(`  ✗ validation the MCP server received ${r.name} ${show(r.arguments)}, which its schema refuses`)
    for (const j of collateral)
      console.log(
        `  ~ collateral #${j.fuzz.id} ${j.fuzz.tool} ${show(j.fuzz.params)}: ${"reason" in j.verdict ? j.verdict.reason.slice(0, 160) : ""}; on its own it settled`,
      )
    if (panelErrors.length)
      console.log(`  uncaught errors in the driving page (not counted): ${[...new Set(panelErrors)].slice(0, 10).join(" | ")}`)
    if (hangs) {
      const noted = (pattern: RegExp) =>
        judged.filter((j) => j.verdict.kind === "hang" && "reason" in j.verdict && pattern.test(j.verdict.reason)).length
      console.log(
        `fuzz: of the ${hangs} hangs, ${noted(/hung again on its own/)} hung again on their own (${culprits.size} distinct inputs), ${noted(/not re-run alone/)} could not be re-run alone; ` +
          `${collateral.length} more calls only waited behind a hung one and settled on their own (not counted)`,
      )
    }
    console.log(
      `fuzz: ${judged.length} cases, ${crashes} crashes, ${hangs} hangs, ${unspecific} unspecific errors, ${validation} validation misses`,
    )

    assert.equal(judged.length, entries.length + mcp.length, "not every case ran (the extension stopped answering)")
    assert.deepEqual(escaped, [], "the workspace tools created something outside the workspace folder")
    // The generators must make calls that really work, or the suite proves nothing.
    for (const tool of toolsRun) {
      assert.ok(
        judged.some((j) => j.fuzz.tool === tool && j.outcome?.ok),
        `no ${tool} case succeeded: the valid inputs of the fuzzer are broken`,
      )
    }
    assert.equal(crashes, 0, "crashes")
    assert.equal(hangs, 0, "hangs")
    assert.equal(unspecific, 0, "unspecific errors")
    assert.equal(validation, 0, "validation misses")
  },
)

// The fuzzer's own inputs must be sound: a broken generator would test nothing.
const probeEnv: FuzzEnv = {
  origin: "http://127.0.0.1:9",
  extensionId: "x",
  panelTabId: 1,
  windowIds: [1],
  fixedTabIds: [2, 3],
  otherWindowTabIds: [3],
  scratchTabIds: [4],
  seededPaths: ["seed/a.md"],
  keptPaths: ["kept/read.md"],
}

test("fuzz: every valid call the generators make is accepted by the contract", () => {
  const rng = createRng(SEED).fork("valid")
  for (const tool of builtinTools.map((t) => t.name)) {
    for (let i = 0; i < 50; i++) {
      const params = domainOf(tool).valid(rng, probeEnv)
      assert.ok(contractAccepts(tool, params), `${tool}: the generator's valid call ${show(params)} is refused by the contract`)
    }
  }
  assert.ok(PAGE_ROUTES.length > 0)
})

// Derived from every built-in contract, also of the tools that have a hand domain: 17 real schemas
// check the derivation, not only the tools that use it.
test("fuzz: a domain derived from any built-in tool's contract makes calls the contract accepts", () => {
  const rng = createRng(SEED).fork("derived")
  for (const definition of builtinTools) {
    const domain = deriveDomain(definition)
    for (let i = 0; i < 50; i++) {
      const params = domain.valid(rng, probeEnv)
      assert.ok(contractAccepts(definition.name, params), `${definition.name}: the derived valid call ${show(params)} is refused`)
    }
    for (const [field, values] of Object.entries(domain.tricky))
      assert.ok(values(probeEnv).length > 0, `${definition.name}.${field}: a tricky list without values`)
  }
})

test("fuzz: every tool is fuzzed by a hand domain or a derived one, and no hand domain or weight is stale", () => {
  const names: ReadonlyArray<string> = builtinTools.map((t) => t.name)
  const derived = names.filter((tool) => !hasHandDomain(tool))
  for (const tool of names) assert.doesNotThrow(() => domainOf(tool), `${tool} has no domain`)
  console.log(
    `fuzz: ${names.length - derived.length} tools by a hand domain, ${derived.length} by one derived from the contract${derived.length ? ` (${derived.join(", ")})` : ""}`,
  )
  assert.deepEqual(
    Object.keys(DOMAINS).filter((tool) => !names.includes(tool)),
    [],
    "hand domains of tools that do not exist",
  )
  assert.deepEqual(
    Object.keys(TOOL_WEIGHTS).filter((tool) => !names.includes(tool)),
    [],
    "weights of tools that do not exist",
  )
  // What the contract cannot say (a pattern) is refused by name, to be written by hand.
  const patterned = {
    ...builtinTools[0]!,
    name: "patterned",
    jsonSchema: { type: "object", properties: { code: { type: "string", pattern: "^[A-Z]{3}$" } }, required: ["code"] },
  }
  assert.throws(
    () => deriveDomain(patterned),
    (error: unknown) => error instanceof Underivable && /code: .*pattern/.test(error.message),
  )
})
