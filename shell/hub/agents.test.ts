import { expect } from "chai"
import type { MeshEvent } from "../../schemas/events.ts"
import type { RunTimings } from "./agent-run.ts"
import { AgentPool } from "./agents.ts"
import type { ConsentKeeper } from "./consent.ts"
import type { Supervisor } from "./supervisor.ts"

// Runs no model: the fake worker does what each run's prompt says.
const fakeWorker = new URL("../../workers/agent/test-support/fake-agent-worker.ts", import.meta.url).href

type Finished = Extract<MeshEvent, { type: "run_finished" }>

describe("the agent pool supervises each run as a fiber", () => {
  let pool: AgentPool
  let finished: Map<string, (event: Finished) => void>
  let subAgentTimeLimitMs: number

  // Long where a test does not wait for them, so that a loaded machine fails no healthy worker;
  // each test shortens the one it is about.
  const newPool = (timings: Partial<RunTimings> = {}) =>
    new AgentPool({
      consent: { open: () => undefined, release: () => undefined, forget: async () => undefined } as unknown as ConsentKeeper,
      workerUrl: fakeWorker,
      supervisor: { available: () => [], definition: () => undefined } as unknown as Supervisor,
      router: (async () => ({ ok: true, value: { subAgentTimeLimitMs } })) as never,
      emit: (event) => {
        if (event.type === "run_finished") finished.get(event.conversationId)?.(event)
      },
      timings: {
        startDeadlineMs: 10_000,
        heartbeatMs: 60_000,
        heartbeatTimeoutMs: 5000,
        pingTimeoutMs: 5000,
        stopGraceMs: 10_000,
        ...timings,
      },
    })
  const makePool = async (timings: Partial<RunTimings>) => {
    await pool.dispose()
    pool = newPool(timings)
  }

  beforeEach(() => {
    finished = new Map()
    subAgentTimeLimitMs = 600_000
    pool = newPool()
  })
  afterEach(() => pool.dispose())

  /** Starts a run of a saved conversation and gives its run_finished event. */
  const run = async (conversationId: string, prompt: string, whileRunning?: () => Promise<unknown>) => {
    const store = await pool.store()
    if ((await store.meta(conversationId)) === undefined) await store.create({ id: conversationId })
    const end = new Promise<Finished>((resolve) => finished.set(conversationId, resolve))
    const started = await pool.start({ conversationId, prompt })
    expect(started.ok).to.equal(true)
    await whileRunning?.()
    return end
  }
  const lastNotice = async (conversationId: string) => (await (await pool.store()).messages(conversationId)).at(-1)?.notice

  it("a run that answers ends with its worker's outcome, and its conversation is free again", async () => {
    const id = crypto.randomUUID()
    const end = await run(id, "answer")
    expect(end).to.include({ status: "completed", answer: "done" })
    expect(pool.running()).to.deep.equal([])
  })

  it("a second start of a running conversation is refused as busy", async () => {
    const id = crypto.randomUUID()
    const end = await run(id, "wind down", async () => {
      const again = await pool.start({ conversationId: id, prompt: "answer" })
      expect(again.ok ? "started" : again.error.code).to.equal("busy")
      await pool.stop(id)
    })
    expect(end.status).to.equal("stopped")
  })

  it("a stop interrupts the run: a worker that winds down gives its own outcome", async () => {
    const id = crypto.randomUUID()
    const end = await run(id, "wind down", () => pool.stop(id))
    expect(end).to.include({ status: "stopped", answer: "partial" })
    expect(await lastNotice(id)).to.equal(undefined)
  })

  it("a stopped worker that does not wind down within the grace period is ended, with a notice saved", async () => {
    await makePool({ stopGraceMs: 100 })
    const id = crypto.randomUUID()
    const end = await run(id, "ignore stop", () => pool.stop(id))
    expect(end).to.include({ status: "stopped", answer: "" })
    expect((await lastNotice(id))?.code).to.equal("ended")
  })

  it("a worker ended from outside, with no error event, is found by the heartbeat", async () => {
    await makePool({ heartbeatMs: 50, heartbeatTimeoutMs: 200 })
    const id = crypto.randomUUID()
    const end = await run(id, "busy", async () => pool.kill(id))
    expect(end.status).to.equal("failed")
    expect(end.error?.code).to.equal("agent_crashed")
    expect((await lastNotice(id))?.code).to.equal("agent_crashed")
  })

  it("a worker that crashes ends its run as agent_crashed, and the next run gets a new worker", async () => {
    await makePool({ pingTimeoutMs: 200 })
    const id = crypto.randomUUID()
    const end = await run(id, "busy", () => pool.crash(id))
    expect(end.error?.code).to.equal("agent_crashed")
    expect((await run(id, "answer")).status).to.equal("completed")
  })

  it("a worker whose start hangs fails the run at the start deadline", async () => {
    await makePool({ startDeadlineMs: 100 })
    const id = `${crypto.randomUUID()}-slow-start`
    const end = await run(id, "answer")
    expect(end.error?.code).to.equal("agent_crashed")
    expect(end.error?.message).to.match(/could not start: Error: the agent worker did not start/)
  })

  it("a sub-agent past its time limit is stopped and reports a timeout; one that answers gives its answer", async () => {
    const signal = new AbortController().signal
    subAgentTimeLimitMs = 100
    const late = await pool.spawn({ type: "researcher", prompt: "wind down" }, signal)
    expect(late.ok ? "answered" : late.error.code).to.equal("timeout")
    subAgentTimeLimitMs = 600_000
    const answered = await pool.spawn({ type: "researcher", prompt: "answer" }, signal)
    expect(answered.ok && answered.value).to.include({ answer: "done" })
    expect(pool.spawned()).to.deep.equal([])
  })

  it("aborting a sub-agent's signal stops it", async () => {
    const controller = new AbortController()
    const outcome = pool.spawn({ type: "researcher", prompt: "wind down" }, controller.signal)
    await new Promise<void>((resolve) => {
      const check = () => (pool.spawned().length > 0 ? resolve() : setTimeout(check))
      check()
    })
    controller.abort()
    const ended = await outcome
    expect(ended.ok ? "answered" : ended.error.code).to.equal("cancelled")
  })

  it("disposing the pool stops every run", async () => {
    const id = crypto.randomUUID()
    const end = await run(id, "wind down", () => pool.dispose())
    expect(end.status).to.equal("stopped")
  })
})
