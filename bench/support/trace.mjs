// A Chromium trace of a page's main thread: its tasks during a marked span, for benchmarks that
// report the longest task (the long-task observer misses tasks when the thread is saturated).
export const TASK_TARGET_MS = 50
const fmt = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)}` : "n/a")
// "cppgc": the phases of Blink's garbage collector, e.g. the compaction of its heap inside a major collection.
const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "cppgc", "__metadata"]

/** V8's sampling profiler: which functions a long task ran (it slows the page down, so not for the figures). */
const JS_SAMPLES = ["disabled-by-default-v8.cpu_profiler"]

/** Runs `fn` under a Chromium trace on the CDP session and returns its value with the trace's events. */
export const traced = async (cdp, fn, { jsSamples = false } = {}) => {
  const events = []
  const collect = ({ value }) => events.push(...value)
  cdp.on("Tracing.dataCollected", collect)
  await cdp.send("Tracing.start", {
    traceConfig: {
      includedCategories: jsSamples ? [...TRACE_CATEGORIES, ...JS_SAMPLES] : TRACE_CATEGORIES,
      recordMode: "recordAsMuchAsPossible",
    },
    transferMode: "ReportEvents",
  })
  let value
  try {
    value = await fn()
  } finally {
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve))
    await cdp.send("Tracing.end")
    await complete
    cdp.off("Tracing.dataCollected", collect)
  }
  return { value, events }
}

/** The main thread of the renderer that shows `urlPart`, found through the trace's own metadata. */
export const mainThreadOf = (events, urlPart) => {
  const frames = events.filter((e) => e.name === "TracingStartedInBrowser").flatMap((e) => e.args?.data?.frames ?? [])
  const pid = frames.find((f) => String(f.url).includes(urlPart))?.processId
  const thread = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "CrRendererMain")
  return pid === undefined || thread === undefined ? undefined : { pid, tid: thread.tid }
}

/** The round's span on the trace clock, from the console.timeStamp marks the page made. */
export const windowOf = (events) => {
  const mark = (label) => events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === label)?.ts
  return { from: mark("bench:start") ?? -Infinity, to: mark("bench:end") ?? Infinity }
}

export const isTask = (e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")

/** The tasks no other task holds: Chromium traces one task as a RunTask inside a ThreadControllerImpl::RunTask (or the reverse), which counted every task twice. */
export const outermost = (tasks) => {
  const out = []
  for (const task of [...tasks].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const holder = out.at(-1)
    if (holder !== undefined && task.ts + (task.dur ?? 0) <= holder.ts + (holder.dur ?? 0)) continue
    out.push(task)
  }
  return out
}

/** Thread time (CPU) of the trace events named so, in ms: what the thread itself spent, whatever the machine's load. */
const cpuOf = (events, names) =>
  events.filter((e) => e.ph === "X" && names.includes(e.name)).reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0)

/** A thread's tasks during the round: the longest (and what it ran), how many were over the target, the busy time and offscreen.js's part of it. */
export const threadTasks = (events, thread, window) => {
  if (!thread) return { longest: NaN, longestCpu: NaN, over: NaN, overCpu: NaN, busy: NaN, offscreen: NaN, inside: [], cpu: {}, count: NaN }
  const onThread = events.filter(
    (e) => e.pid === thread.pid && e.tid === thread.tid && e.ts + (e.dur ?? 0) >= window.from && e.ts <= window.to,
  )
  const tasks = outermost(onThread.filter(isTask))
  const ms = (e) => (e.dur ?? 0) / 1000
  const offscreen = onThread
    .filter((e) => e.ph === "X" && e.name === "FunctionCall" && String(e.args?.data?.url ?? "").endsWith("/offscreen.js"))
    .reduce((sum, e) => sum + ms(e), 0)
  const offscreenCpu = onThread
    .filter((e) => e.ph === "X" && e.name === "FunctionCall" && String(e.args?.data?.url ?? "").endsWith("/offscreen.js"))
    .reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0)
  // Where the thread's own time went (CPU, so a loaded machine's waits do not count).
  const cpu = {
    // Frames the thread produced (one commit each): a machine with cores to spare draws more of them, each costing style, layout and paint.
    frames: onThread.filter((e) => e.ph === "X" && e.name === "Commit").length,
    tasks: tasks.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0),
    offscreen: offscreenCpu,
    messages: cpuOf(onThread, ["Receive mojo message"]),
    style: cpuOf(onThread, ["UpdateLayoutTree"]),
    layout: cpuOf(onThread, ["Layout"]),
    paint: cpuOf(onThread, ["PrePaint", "Paint"]),
    gc: cpuOf(onThread, ["MajorGC", "MinorGC", "V8.GC_MC_INCREMENTAL"]),
    // Major collections (their final pauses): how often they came and the longest's own time, which Blink's heap (the DOM kept and thrown away) sets.
    majorGcs: onThread.filter((e) => e.ph === "X" && e.name === "MajorGC").length,
    majorGcMax: onThread.filter((e) => e.ph === "X" && e.name === "MajorGC").reduce((max, e) => Math.max(max, (e.tdur ?? 0) / 1000), 0),
    // Blink's heap compaction (moving its live vector and hash table backings), most of a long
    // major collection: its cost follows what the page keeps laid out, not the garbage.
    compactions: onThread.filter((e) => e.ph === "X" && e.name === "CppGC.AtomicCompact").length,
    compactionMax: onThread
      .filter((e) => e.ph === "X" && e.name === "CppGC.AtomicCompact")
      .reduce((max, e) => Math.max(max, (e.tdur ?? 0) / 1000), 0),
  }
  if (tasks.length === 0) return { longest: 0, longestCpu: 0, over: 0, overCpu: 0, busy: 0, offscreen, inside: [], cpu, count: 0 }
  const top = tasks.reduce((a, b) => (ms(b) > ms(a) ? b : a))
  const inside = onThread
    .filter((e) => e.ph === "X" && !isTask(e) && e.ts >= top.ts && e.ts <= top.ts + top.dur)
    .sort((a, b) => ms(b) - ms(a))
    .slice(0, 6)
    .map(
      (e) =>
        `${e.name}${e.args?.data?.url ? ` ${String(e.args.data.url).split("/").pop()}` : ""}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ""} ${fmt(ms(e))} ms`,
    )
  // tdur is the thread's CPU time: far below the wall time when the thread was waiting for a core.
  return {
    longest: ms(top),
    longestCpu: top.tdur === undefined ? NaN : top.tdur / 1000,
    over: tasks.filter((e) => ms(e) > TASK_TARGET_MS).length,
    // The same count by the thread's own time: closer to what a machine with a core to spare would show.
    overCpu: tasks.filter((e) => (e.tdur ?? 0) / 1000 > TASK_TARGET_MS).length,
    busy: tasks.reduce((sum, e) => sum + ms(e), 0),
    offscreen,
    inside,
    cpu,
    count: tasks.length,
  }
}

/** CPU ms each worker thread of renderer `pid` spent in `window`, most first: which workers were busy at the time. */
export const workersCpu = (events, pid, window) => {
  if (pid === undefined) return []
  const workers = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "DedicatedWorker thread")
      .map((e) => e.tid),
  )
  const cpu = new Map()
  const tasks = events.filter((e) => isTask(e) && e.pid === pid && workers.has(e.tid) && e.ts >= window.from && e.ts <= window.to)
  for (const tid of workers) {
    const own = outermost(tasks.filter((e) => e.tid === tid))
    cpu.set(
      tid,
      own.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0),
    )
  }
  return [...cpu.values()].filter((ms) => ms > 0).sort((a, b) => b - a)
}
