import { expect } from "chai"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import type { MeshEvent } from "../../schemas/events.ts"
import { builtinTools } from "../../schemas/tools/index.ts"
import { routerFake } from "../../workers/runtime/test-support/router-fake.ts"
import { Supervisor } from "./supervisor.ts"
import { probeTools } from "../../workers/runtime/test-support/probe-tools.ts"
import { scripted } from "../../workers/agent/providers/test-support.ts"

const tasksWorker = new URL("../../workers/tasks/worker.ts", import.meta.url).href
const probeWorker = new URL("../../workers/runtime/test-support/probe-worker.ts", import.meta.url).href
/** Starts the worker, so that a test concerns the call and not the worker's start. */
const warm = async (supervisor: Supervisor) => {
  const probed = await supervisor.call("probe_counts", {})
  expect(probed.ok ? probed : probed.error).to.include({ ok: true })
  return supervisor
}
const decodeCounts = Schema.decodeUnknownSync(
  Schema.Struct({ started: Schema.Number, finished: Schema.Number, stopped: Schema.Number, warmed: Schema.Number }),
)
/** The probe worker's counters (calls to one worker are handled in the order they were sent). */
const counts = async (supervisor: Supervisor) => {
  const outcome = await supervisor.call("probe_counts", {})
  if (!outcome.ok) throw new Error(`probe_counts failed: ${outcome.error._tag}`)
  return decodeCounts(outcome.value)
}
/** Resolves once the worker has begun `n` waits in all: the call is then in flight there. */
const waitsStarted = async (supervisor: Supervisor, n = 1) => {
  while ((await counts(supervisor)).started < n) {
    // each probe_counts is a round trip to the worker: this yields until the wait has arrived
  }
}
/** Longer than any test: such a wait ends only by being cancelled, timed out or crashed. */
const FOREVER = 600_000
const router = routerFake(async () => ({ ok: false, error: { code: "unavailable", message: "no router in unit tests" } }))

describe("Supervisor", () => {
  let events: MeshEvent[]
  let supervisors: Supervisor[] = []
  const make = (url: string, tools: ReadonlyArray<(typeof builtinTools)[number]> | typeof probeTools = builtinTools, routes = router) => {
    const supervisor = new Supervisor({
      tools: tools as never,
      workerUrls: { tasks: url },
      router: routes,
      emit: (e) => events.push(e),
      cancelGraceMs: 300,
      pingTimeoutMs: 300,
    })
    supervisors.push(supervisor)
    return supervisor
  }
  beforeEach(() => (events = []))
  afterEach(() => {
    for (const s of supervisors) s.dispose()
    supervisors = []
  })

  it("routes a call by name to its group's worker and validates the result", async () => {
    const supervisor = make(tasksWorker)
    const created = await supervisor.call("create_task", { subject: "a" }, { conversationId: "x" })
    expect(created).to.deep.equal({ ok: true, value: { task_id: "t1", subject: "a", status: "pending" } })
    expect(events.map((e) => e.type)).to.deep.equal(["tool_call_started", "tool_call_finished"])
  })

  it("refuses bad parameters before any worker starts, naming the parameter", async () => {
    const supervisor = make(tasksWorker)
    const outcome = await supervisor.call("update_task", { task_id: "t1", status: "done" })
    expect(outcome.ok).to.equal(false)
    if (outcome.ok) return
    expect(outcome.error._tag).to.equal("InvalidInput")
    expect(outcome.error).to.include({ parameter: "status" })
    expect(supervisor.workers().tasks?.alive).to.equal(false)
    expect(events).to.deep.equal([])
  })

  it("refuses arguments nested past the limit (5,000 levels) as invalid_input naming the limit, before decoding or events", async () => {
    const supervisor = make(tasksWorker)
    let deep: unknown = "x"
    for (let i = 0; i < 5_000; i++) deep = { a: deep }
    const outcome = await supervisor.call("create_task", { subject: "a", extra: deep })
    expect(!outcome.ok && outcome.error._tag).to.equal("InvalidInput")
    expect(!outcome.ok && outcome.error.message).to.contain("64 levels")
    expect(events).to.deep.equal([])
  })

  it("answers not_implemented for a group without a worker, and unknown_tool for a name it does not know", async () => {
    const supervisor = make(tasksWorker)
    const web = await supervisor.call("web_search", { query: "x" })
    expect(!web.ok && web.error._tag).to.equal("NotImplemented")
    const unknown = await supervisor.call("nope", {})
    expect(!unknown.ok && unknown.error._tag).to.equal("UnknownTool")
  })

  it("a call cancelled before its worker has started never reaches the worker", async () => {
    const supervisor = make(probeWorker, probeTools)
    const controller = new AbortController()
    const pending = supervisor.call("probe_wait", { ms: 1 }, { signal: controller.signal })
    controller.abort()
    expect(!(await pending).ok).to.equal(true)
    // Had the call been sent once the worker was up, the worker would have had it before this one.
    expect(await counts(supervisor)).to.deep.equal({ started: 0, finished: 0, stopped: 0, warmed: 0 })
  })

  it("cancels a cooperative call: the worker stops the work, and stays in service", async () => {
    const supervisor = await warm(make(probeWorker, probeTools))
    const controller = new AbortController()
    const pending = supervisor.call("probe_wait", { ms: FOREVER }, { signal: controller.signal })
    await waitsStarted(supervisor)
    controller.abort()
    const outcome = await pending
    expect(!outcome.ok && outcome.error._tag).to.equal("Cancelled")
    // The cancel message went to the worker before this call did.
    expect(await counts(supervisor)).to.deep.equal({ started: 1, finished: 0, stopped: 1, warmed: 0 })
    expect(supervisor.restarts).to.have.length(0)
  })

  it("interrupting the call's Effect cancels it the same way", async () => {
    const supervisor = await warm(make(probeWorker, probeTools))
    const fiber = Effect.runFork(supervisor.callEffect("probe_wait", { ms: FOREVER }))
    await waitsStarted(supervisor)
    const exit = await Effect.runPromise(Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber))))
    expect(Exit.isFailure(exit)).to.equal(true)
    expect(await counts(supervisor)).to.deep.equal({ started: 1, finished: 0, stopped: 1, warmed: 0 })
  })

  it("times a call out with the Timeout error and replaces a worker that does not stop", async () => {
    const supervisor = await warm(make(probeWorker, probeTools))
    const outcome = await supervisor.call("probe_spin", { ms: FOREVER }, { timeoutMs: 200 })
    expect(!outcome.ok && outcome.error._tag).to.equal("Timeout")
    // Cancelled, but still spinning: counted as stopping until its worker is replaced.
    expect(supervisor.workers().tasks).to.include({ calls: 0, stopping: 1 })
    const next = await supervisor.call("probe_wait", { ms: 1 })
    expect(next).to.deep.equal({ ok: true, value: { waited: 1 } })
    expect(supervisor.restarts.map((r) => r.group)).to.deep.equal(["tasks"])
    expect(supervisor.workers().tasks).to.include({ calls: 0, stopping: 0 })
    expect(events.some((e) => e.type === "worker_restarted")).to.equal(true)
  })

  it("a caller cannot extend a tool's own time limit", async () => {
    const supervisor = await warm(make(probeWorker, probeTools))
    // probe_wait's own limit is 5 s; the caller asks for 10 minutes.
    const late = await supervisor.call("probe_wait", { ms: FOREVER }, { timeoutMs: FOREVER })
    expect(late.ok ? late : late.error).to.deep.include({ _tag: "Timeout", ms: 5_000 })
    expect(await counts(supervisor)).to.deep.include({ finished: 0, stopped: 1 })
  }).timeout(15_000)

  it("distills a call's content (prompt) in the hub, with the summary's own time on top of the tool's limit", async () => {
    const model = await scripted([{ text: "It waited." }])
    const summaryModel = routerFake(async (method) => {
      if (method === "settings.get") return { ok: true, value: { summaryModel: { providerId: "p", model: "m" } } }
      if (method === "providers.resolve") return { ok: true, value: { kind: "openai", baseUrl: model.baseUrl("openai") } }
      return router(method)
    })
    const supervisor = await warm(make(probeWorker, probeTools, summaryModel))
    // 600 ms is three times the tool's 200 ms, well within the summary's 5 s.
    const summarised = await supervisor.call("probe_summarise", { ms: 600, prompt: "sum it up" })
    expect(summarised).to.deep.equal({ ok: true, value: { waited: 600, content: "It waited.", truncated: false } })
    // The model was given what the tool read, and the instruction.
    expect(JSON.stringify(await model.requests()))
      .to.include("Waited 600 ms.")
      .and.include("sum it up")
    const plain = await supervisor.call("probe_summarise", { ms: 600 })
    expect(!plain.ok && plain.error._tag).to.equal("Timeout")
    expect(!plain.ok && plain.error._tag === "Timeout" && plain.error.ms).to.equal(200)
  })

  it("fails in-flight calls with WorkerCrashed when the worker dies, and restarts it", async () => {
    const supervisor = await warm(make(probeWorker, probeTools))
    const pending = supervisor.call("probe_wait", { ms: FOREVER })
    await waitsStarted(supervisor)
    // the call is counted as held by its worker until it settles
    expect(supervisor.workers().tasks?.calls).to.equal(1)
    await supervisor.injectFault("tasks", "crash")
    const outcome = await pending
    expect(!outcome.ok && outcome.error._tag).to.equal("WorkerCrashed")
    expect(supervisor.workers().tasks?.calls).to.equal(0)
    expect(await supervisor.call("probe_wait", { ms: 1 })).to.deep.equal({ ok: true, value: { waited: 1 } })
  })

  it("a task list survives a crash and restart of the tasks worker", async () => {
    const supervisor = make(tasksWorker)
    const conversationId = crypto.randomUUID()
    await supervisor.call("create_task", { subject: "read the timetable" }, { conversationId })
    await supervisor.call("update_task", { task_id: "t1", status: "in_progress" }, { conversationId })
    await supervisor.injectFault("tasks", "kill")
    expect(supervisor.restarts.map((r) => r.group)).to.deep.equal(["tasks"])
    const listed = await supervisor.call("list_tasks", {}, { conversationId })
    expect(listed).to.deep.equal({ ok: true, value: [{ task_id: "t1", subject: "read the timetable", status: "in_progress" }] })
    const next = await supervisor.call("create_task", { subject: "book" }, { conversationId })
    expect(next.ok && next.value).to.deep.include({ task_id: "t2" })
  })

  it("relays close_tab to its route from the hub, with no worker in between, and decodes the answer", async () => {
    const sent: Array<[string, unknown]> = []
    const routes = routerFake(async (method, params) => {
      sent.push([method, params])
      return { ok: true, value: { tab_id: 7, closed: true } }
    })
    const supervisor = new Supervisor({
      tools: builtinTools,
      workerUrls: { tabs: new URL("./no-such-worker.ts", import.meta.url).href },
      router: routes,
    })
    supervisors.push(supervisor)
    expect(await supervisor.call("close_tab", { tab_id: 7 })).to.deep.equal({ ok: true, value: { tab_id: 7, closed: true } })
    expect(sent).to.deep.equal([["tabs.close", { tab_id: 7 }]])
    // The tabs worker (here a script that does not exist) was never started.
    expect(supervisor.workers().tabs?.alive).to.equal(false)
    const refused = routerFake(async () => ({ ok: false, error: { code: "not_found", message: "No tab 8." } }))
    const other = new Supervisor({ tools: builtinTools, workerUrls: {}, router: refused })
    supervisors.push(other)
    const outcome = await other.call("activate_tab", { tab_id: 8 })
    expect(!outcome.ok && outcome.error._tag).to.equal("NotFound")
  })

  it("reports a result that breaks its contract as invalid_result, not as success", async () => {
    const supervisor = make(probeWorker, probeTools)
    const outcome = await supervisor.call("probe_bad_result", {})
    expect(!outcome.ok && outcome.error._tag).to.equal("ToolFailed")
    expect(!outcome.ok && outcome.error).to.include({ code: "invalid_result" })
  })

  it("passes a declared code on, and reports a code the tool does not declare as tool_failed", async () => {
    const supervisor = make(probeWorker, probeTools)
    const declared = await supervisor.call("probe_fails", { code: "probe_refused" })
    expect(!declared.ok && declared.error).to.include({ _tag: "ToolFailed", code: "probe_refused", message: "as asked" })
    const undeclared = await supervisor.call("probe_fails", { code: "probe_surprise" })
    expect(!undeclared.ok && undeclared.error).to.include({ _tag: "ToolFailed", code: "tool_failed" })
    expect(!undeclared.ok && undeclared.error.message).to.contain("probe_surprise")
  })

  it("standing: each group's worker starts before any call, and stands again at once after a crash", async () => {
    const idle = make(tasksWorker)
    expect(idle.workers().tasks?.alive).to.equal(false)
    const supervisor = new Supervisor({ tools: builtinTools, workerUrls: { tasks: tasksWorker }, router, standing: true })
    supervisors.push(supervisor)
    expect(await supervisor.standUp()).to.deep.equal(["tasks"])
    expect(supervisor.workers().tasks).to.deep.equal({ alive: true, restarts: 0, calls: 0, stopping: 0 })
    await supervisor.injectFault("tasks", "kill")
    // its replacement is starting, without any call asking for it
    expect(supervisor.workers().tasks).to.deep.equal({ alive: true, restarts: 1, calls: 0, stopping: 0 })
    expect(await supervisor.call("list_tasks", {}, { conversationId: crypto.randomUUID() })).to.deep.equal({ ok: true, value: [] })
  })

  it("standing: a standing worker is warmed (opens its storage) once; a worker started by a call is not", async () => {
    const standing = new Supervisor({ tools: probeTools as never, workerUrls: { tasks: probeWorker }, router, standing: true })
    supervisors.push(standing)
    expect(await standing.standUp()).to.deep.equal(["tasks"])
    expect(await counts(standing)).to.deep.include({ warmed: 1 })
    expect(await counts(await warm(make(probeWorker, probeTools)))).to.deep.include({ warmed: 0 })
  })

  it("standing: a group whose worker cannot start is left to its first call, which reports it", async () => {
    const supervisor = new Supervisor({
      tools: builtinTools,
      workerUrls: { tasks: new URL("../../shell/hub/no-such-worker.ts", import.meta.url).href },
      router,
      standing: true,
    })
    supervisors.push(supervisor)
    expect(await supervisor.standUp()).to.deep.equal([])
    const outcome = await supervisor.call("list_tasks", {})
    expect(!outcome.ok && outcome.error._tag).to.equal("WorkerCrashed")
  })

  it("fails with WorkerCrashed when a worker cannot start", async () => {
    const supervisor = make(new URL("../../shell/hub/no-such-worker.ts", import.meta.url).href)
    const outcome = await supervisor.call("list_tasks", {})
    expect(!outcome.ok && outcome.error._tag).to.equal("WorkerCrashed")
  })

  it("lists every tool with its model-facing JSON Schema", () => {
    const listed = make(tasksWorker).list()
    expect(listed.map((t) => t.name)).to.deep.equal(builtinTools.map((t) => t.name))
    expect(listed.find((t) => t.name === "create_task")?.parameters).to.deep.include({
      type: "object",
      required: ["subject"],
      additionalProperties: false,
    })
  })
})
