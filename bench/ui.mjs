// `npm run bench:ui`: does the side panel keep up with a long streamed reply?
//
// The scripted model server (test/support/model-server.mjs) streams a reply of 20,000 tokens of
// Markdown (headings, paragraphs, code blocks, tables, lists), one token per delta at about 2,000
// tokens a second, into the real side panel of the built extension in headless Chromium at 420×800,
// alone and beside 8 agent.spawn jobs whose lanes stream at the same time. The model is served over
// HTTP/2, as hosted services are: over HTTP/1.1 Chromium opens at most 6 connections to one host,
// so the reply would stream beside only 2 of the 8 lanes (`--protocol http1` shows that). While it
// streams, keys are typed into the composer. It prints, beside each target:
// - the longest task on the panel's main thread, from a Chrome trace taken through CDP Tracing
//   (every task, however short; the PerformanceObserver's "longtask" entries are printed too, but
//   that observer starves when the thread is saturated);
// - the time from the model's last byte to the last token on screen;
// - the typing latency: from a key's event time to the frame after its input was handled;
// - where the thread's CPU time went (offscreen.js, messages, style, layout, paint, GC), which a
//   loaded machine changes far less than the wall times.
// The baseline, measured in the same run, is the same text sent as one delta.
// Targets: no task over 50 ms; the reply complete on screen within 1 s of the last byte; key
// presses answered within 50 ms. It exits non-zero only when the benchmark itself fails.
//
//   node bench/ui.mjs [--tokens N] [--protocol h2|http1] [--no-build] [--production] [--headed] [--trace-dir DIR] [--js-samples] [--heap-samples]
// --trace-dir keeps each round's trace (open it in DevTools' Performance panel); --js-samples adds
// V8's samples to it, to see which functions the long tasks ran; --heap-samples prints which
// functions allocated the JavaScript garbage, from V8's sampling heap profiler (the figures are
// then slower, with either).
import { mkdir, writeFile } from "node:fs/promises"
import { loadavg } from "node:os"
import path from "node:path"
import { buildExtension, launchExtension } from "../scripts/console.mjs"
import { startModelServer } from "../test/support/model-server.mjs"
import { startHttp2ModelServer } from "./support/h2-model-server.mjs"
import { mainThreadOf, TASK_TARGET_MS, threadTasks, traced as tracedOn, windowOf, workersCpu } from "./support/trace.mjs"

const option = (name, fallback) => {
  const at = process.argv.indexOf(name)
  return at === -1 ? fallback : process.argv[at + 1]
}
const TOKENS = Number(option("--tokens", 20_000))
if (!Number.isInteger(TOKENS) || TOKENS < 100) throw new Error("--tokens takes a whole number of at least 100")
const TRACE_DIR = option("--trace-dir", undefined)
const HEAP_SAMPLES = process.argv.includes("--heap-samples")
const PROTOCOL = option("--protocol", "h2")
if (!["h2", "http1"].includes(PROTOCOL)) throw new Error("--protocol takes h2 or http1")

/** The JavaScript allocation sampled, by the function that allocated it (collected garbage included): where the garbage comes from. */
const allocationSites = (profile) => {
  const sites = new Map()
  const walk = (node) => {
    const { functionName, url, lineNumber } = node.callFrame
    const key = `${functionName || "(anonymous)"} ${String(url).split("/").pop()}:${lineNumber + 1}`
    const bytes = node.selfSize + (sites.get(key) ?? 0)
    if (node.selfSize) sites.set(key, bytes)
    for (const child of node.children) walk(child)
  }
  walk(profile.head)
  const total = [...sites.values()].reduce((a, b) => a + b, 0)
  return { total, top: [...sites].sort((a, b) => b[1] - a[1]).slice(0, 25) }
}

const COMPLETE_TARGET_MS = 1000
const KEY_TARGET_MS = 50
const SENTINEL = "END-OF-REPLY"

const fmt = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)}` : "n/a")
const percentile = (values, p) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
}

/** A reply of `count` tokens of mixed Markdown, as the deltas a model would send, ending with the sentinel. */
const replyTokens = (count) => {
  const section = (i) =>
    [
      `## Part ${i}\n\n`,
      `This part explains step ${i} in plain words, with **bold** and \`inline code\` and a [link](https://example.com/${i}).\n\n`,
      "```ts\n",
      ...Array.from({ length: 8 }, (_, k) => `const value${k} = compute(${i}, ${k}) // line ${k}\n`),
      "```\n\n",
      "| name | value | note |\n|---|---:|---|\n",
      ...Array.from({ length: 5 }, (_, k) => `| item ${k} | ${i * k} | row ${k} of part ${i} |\n`),
      "\n",
      ...Array.from({ length: 5 }, (_, k) => `- point ${k} of part ${i}, with some words after it\n`),
      "\n",
    ].join("")
  const tokens = []
  for (let i = 1; tokens.length < count - 1; i++) {
    for (const token of section(i).match(/\s*\S+\s*|\s+/g) ?? []) {
      tokens.push(token)
      if (tokens.length >= count - 1) break
    }
  }
  tokens.push(`\n\n${SENTINEL}`)
  return tokens
}

if (!process.argv.includes("--no-build")) buildExtension(process.argv.includes("--production") ? ["--production"] : [])
const model = PROTOCOL === "h2" ? await startHttp2ModelServer() : await startModelServer()
const session = await launchExtension({
  headless: !process.argv.includes("--headed"),
  // The HTTP/2 server's certificate is a throwaway self-signed one.
  extraArgs: PROTOCOL === "h2" ? ["--ignore-certificate-errors"] : [],
})
const panel = session.page
await panel.setViewportSize({ width: 420, height: 800 })
await panel.evaluate(
  (baseUrl) =>
    globalThis.agent.settings.update({
      providers: [{ id: "local", name: "Local", kind: "openai", baseUrl, models: ["bench-model"] }],
      defaultModel: { providerId: "local", model: "bench-model" },
    }),
  model.baseUrl("openai"),
)
await panel.locator("[data-testid=send]:not([disabled])").waitFor()
await panel.evaluate(() => {
  globalThis.__longTasks = []
  new PerformanceObserver((list) => globalThis.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask" })
})

const cdp = await session.context.newCDPSession(panel)
const traced = (fn) => tracedOn(cdp, fn, { jsSamples: process.argv.includes("--js-samples") })
const longestTask = (events) => threadTasks(events, mainThreadOf(events, "sidepanel.html"), windowOf(events))

/** Watches, from the page, for the sentinel on screen and for the keys' latency. */
const instrument = () =>
  panel.evaluate((sentinel) => {
    const w = globalThis
    w.__bench = { seenAt: undefined, keys: [] }
    const deep = (root, selector) => root?.shadowRoot?.querySelector(selector) ?? null
    const lastTail = () => {
      const log = deep(document.querySelector("am-sidepanel"), "am-chat-log")
      const replies = log?.shadowRoot?.querySelectorAll("am-reply")
      const reply = replies?.[replies.length - 1]
      return reply?.shadowRoot?.querySelector("am-markdown.tail") ?? null
    }
    const watch = () => {
      const tail = lastTail()
      if ((tail?.shadowRoot ?? tail)?.textContent?.includes(sentinel)) w.__bench.seenAt = Date.now()
      else requestAnimationFrame(watch)
    }
    requestAnimationFrame(watch)
    const box = deep(deep(document.querySelector("am-sidepanel"), "am-composer"), "textarea")
    box.addEventListener("input", (event) => {
      const start = event.timeStamp
      requestAnimationFrame(() => setTimeout(() => w.__bench.keys.push(performance.now() - start), 0))
    })
    console.timeStamp("bench:start")
    // The clock the model server logs its requests by, at the trace's start mark.
    return Date.now()
  }, SENTINEL)

/** One round: the reply as `deltas`, typed into meanwhile; its figures. */
const round = async (label, deltas, lanes = 0) => {
  // Paced like a fast model (about 2,000 tokens a second), so typing happens while it streams.
  const durationMs = deltas.length > 1 ? Math.round(deltas.length / 2) : 0
  await model.script([
    // Each answers only its own request, whichever comes first.
    { when: "Write the long reply", text: deltas, ...(durationMs ? { durationMs } : {}) },
    // Each lane streams a quarter of the reply's tokens over the same time.
    ...Array.from({ length: lanes }, (_, k) => ({
      when: `lane job ${k}:`,
      text: deltas.slice(0, Math.ceil(deltas.length / 4)),
      durationMs,
    })),
  ])
  const before = model.requests.length
  await panel.getByTestId("new-conversation").click()
  await panel.evaluate(() => (globalThis.__longTasks = []))
  if (HEAP_SAMPLES)
    await cdp.send("HeapProfiler.startSampling", {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    })
  const { value, events } = await traced(async () => {
    const startedAt = await instrument()
    if (lanes > 0)
      await panel.evaluate((count) => {
        for (let k = 0; k < count; k++)
          globalThis.agent.spawn({ type: "general", prompt: `lane job ${k}: write a long note`, description: `Lane ${k}` })
      }, lanes)
    const box = panel.getByRole("textbox", { name: "Message to the agent" })
    await box.fill(`Write the long reply (${label})`)
    await box.press("Enter")
    // Typing while it streams (after the first tokens are on screen).
    await panel.getByTestId("streaming").or(panel.getByTestId("assistant-message")).first().waitFor()
    await box.pressSequentially("typing while the reply streams", { delay: 40 })
    await panel.waitForFunction(() => globalThis.__bench.seenAt !== undefined, undefined, { timeout: 600_000, polling: 200 })
    await panel.getByTestId("send").waitFor({ timeout: 600_000 })
    await panel.evaluate(() => console.timeStamp("bench:end"))
    await box.fill("")
    return { startedAt, ...(await panel.evaluate(() => ({ ...globalThis.__bench, longTasks: globalThis.__longTasks }))) }
  })
  const allocated = HEAP_SAMPLES ? allocationSites((await cdp.send("HeapProfiler.stopSampling")).profile) : undefined
  const chats = model.requests.slice(before).filter((r) => r.path.endsWith("/chat/completions"))
  const request = chats.find((r) => JSON.stringify(r.body).includes(`Write the long reply (${label})`))
  // Whether the lanes really streamed beside the reply: the lanes' answers the server was still
  // writing for at least half of the reply's, and the CPU each worker thread of the panel's
  // renderer (the reply's agent worker and the lanes') spent while the reply streamed.
  const streamOf = (r) => ({ from: r.at, to: r.lastByteAt ?? r.at })
  const reply = request ? streamOf(request) : undefined
  const overlap = (a, b) => Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from))
  const lanesBeside = reply
    ? Array.from({ length: lanes }, (_, k) => chats.find((r) => JSON.stringify(r.body).includes(`lane job ${k}:`))).filter(
        (r) => r !== undefined && overlap(streamOf(r), reply) >= (reply.to - reply.from) / 2,
      ).length
    : NaN
  const mark = windowOf(events).from
  const workers =
    reply && Number.isFinite(mark)
      ? workersCpu(events, mainThreadOf(events, "sidepanel.html")?.pid, {
          from: mark + (reply.from - value.startedAt) * 1000,
          to: mark + (reply.to - value.startedAt) * 1000,
        })
      : []
  if (TRACE_DIR) {
    await mkdir(TRACE_DIR, { recursive: true })
    await writeFile(path.join(TRACE_DIR, `ui-${label}.json`), JSON.stringify({ traceEvents: events }))
  }
  const tasks = longestTask(events)
  return {
    label,
    longest: tasks.longest,
    longestCpu: tasks.longestCpu,
    over: tasks.over,
    overCpu: tasks.overCpu,
    inside: tasks.inside,
    tasks: tasks.count,
    cpu: tasks.cpu,
    observed: value.longTasks.reduce((m, d) => Math.max(m, d), 0),
    complete: value.seenAt - (request?.lastByteAt ?? NaN),
    keyMax: Math.max(...value.keys),
    keyP95: percentile(value.keys, 0.95),
    allocated,
    lanesBeside,
    workers,
    replyMs: reply ? reply.to - reply.from : NaN,
  }
}

const tokens = replyTokens(TOKENS)
console.log(
  `bench:ui — ${tokens.length} tokens (${tokens.join("").length} characters) of Markdown, 420×800, model over ${PROTOCOL === "h2" ? "HTTP/2" : "HTTP/1.1"}, load ${loadavg()[0].toFixed(1)}`,
)
try {
  const baseline = await round("one-delta", [tokens.join("")])
  const streamed = await round("token-per-delta", tokens)
  const withLanes = await round("beside-8-lanes", tokens, 8)
  const rows = [
    ["longest task (trace), ms", TASK_TARGET_MS, "longest"],
    ["  its CPU time (trace), ms", TASK_TARGET_MS, "longestCpu"],
    ["tasks over 50 ms (trace)", 0, "over"],
    ["  over 50 ms of CPU time (trace)", 0, "overCpu"],
    ["longest longtask entry, ms", TASK_TARGET_MS, "observed"],
    ["last byte → last token on screen, ms", COMPLETE_TARGET_MS, "complete"],
    ["key press → next frame, max ms", KEY_TARGET_MS, "keyMax"],
    ["key press → next frame, p95 ms", KEY_TARGET_MS, "keyP95"],
  ]
  for (const r of [streamed, withLanes]) if (r.over > 0) console.log(`${r.label}: the longest task ran ${r.inside.join(", ")}`)
  const busyWorkers = (r) => r.workers.filter((ms) => ms >= r.replyMs / 100)
  for (const r of [streamed, withLanes])
    console.log(
      `${r.label}: while the reply streamed (${fmt(r.replyMs)} ms), ${busyWorkers(r).length} of the panel's worker threads used over 1 % of a core (CPU ms: ${busyWorkers(r).map(fmt).join(", ")})` +
        (r === withLanes ? `; ${r.lanesBeside} of 8 lanes streamed beside it for at least half of it` : ""),
    )
  if (HEAP_SAMPLES)
    for (const r of [baseline, streamed, withLanes]) {
      console.log(`${r.label}: ${(r.allocated.total / 1e6).toFixed(1)} MB of JavaScript allocated (sampled), by function:`)
      for (const [site, bytes] of r.allocated.top) console.log(`  ${(bytes / 1e6).toFixed(2).padStart(7)} MB  ${site}`)
    }
  const met = (value, target) => (value <= target ? "yes" : "no")
  console.table(
    Object.fromEntries(
      rows.map(([name, target, key]) => [
        name,
        {
          target: `≤ ${target}`,
          "baseline (one delta)": fmt(baseline[key]),
          [`${TOKENS} deltas`]: fmt(streamed[key]),
          met: met(streamed[key], target),
          "beside 8 lanes": fmt(withLanes[key]),
          " met": met(withLanes[key], target),
        },
      ]),
    ),
  )
  // Where the thread's time went, as CPU time (the waits of a loaded machine left out): what to
  // compare between runs whose wall times the load sets.
  const cpuRows = [
    ["tasks", "tasks"],
    ["frames drawn (commits)", "cpu.frames"],
    ["all tasks, CPU ms", "cpu.tasks"],
    ["  offscreen.js (event delivery, supervisor)", "cpu.offscreen"],
    ["  messages received (Receive mojo message)", "cpu.messages"],
    ["  style", "cpu.style"],
    ["  layout", "cpu.layout"],
    ["  paint (pre-paint and paint)", "cpu.paint"],
    ["  garbage collection", "cpu.gc"],
    ["major collections", "cpu.majorGcs"],
    ["  the longest one's CPU ms", "cpu.majorGcMax"],
    ["  of them with Blink's heap compacted", "cpu.compactions"],
    ["  the longest compaction's CPU ms", "cpu.compactionMax"],
  ]
  const pick = (r, key) => key.split(".").reduce((v, k) => v?.[k], r)
  console.log("The panel's main thread (shared with the offscreen document), from the trace:")
  console.table(
    Object.fromEntries(
      cpuRows.map(([name, key]) => [
        name,
        {
          "baseline (one delta)": fmt(pick(baseline, key)),
          [`${TOKENS} deltas`]: fmt(pick(streamed, key)),
          "beside 8 lanes": fmt(pick(withLanes, key)),
        },
      ]),
    ),
  )
} finally {
  await session.close()
  await model.close()
}
