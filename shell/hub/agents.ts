/**
 * The agent pool, beside the supervisor in the offscreen document: one agent worker per running
 * conversation and per sub-agent. It lends each worker its tools (through the supervisor, so
 * every call is validated and supervised), the router and the event stream; stops runs on
 * request; and, when a worker dies or will not stop, ends its run and saves a note of it, so a
 * conversation is never left "running".
 */
import { carriesOutsideText, resultText } from "../../workers/agent/tool-results.ts"
import * as Comlink from "comlink"
import type { RunStatus } from "../../schemas/conversation.ts"
import type { Outcome, WireError } from "../../schemas/errors.ts"
import { toWire } from "../../schemas/errors.ts"
import type { ConversationEvent, MeshEvent, SubAgentEvent } from "../../schemas/events.ts"
import { SUB_AGENT_STEP_LIMITS, subAgentMayUse, type AgentType } from "../../schemas/tools/agents.ts"
import type { RunOutcome, ToolOutcome } from "../../workers/agent/loop.ts"
import { EventReceiver } from "../../workers/agent/event-stream.ts"
import type { AgentHost, AgentWorkerApi, RunRequest } from "../../workers/agent/protocol.ts"
import { ConversationStore } from "../../workers/agent/store.ts"
import type { ConsentKeeper } from "./consent.ts"
import type { CallOutcome, RouterCall } from "../../workers/runtime/protocol.ts"
import type { Supervisor } from "./supervisor.ts"
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Scope from "effect/Scope"
import { superviseRun, type Run, type RunTimings } from "./agent-run.ts"
import { counted } from "../../schemas/plural.ts"
import { opensTab, TabLimit } from "./run-limits.ts"

export interface StartRequest {
  readonly conversationId?: string
  readonly runId?: string
  readonly prompt: string
  readonly model?: { readonly providerId: string; readonly model: string }
  readonly system?: string
  /** Edit and resend, or regenerate: the conversation continues from before this message. */
  readonly branchFrom?: number
}

export interface SpawnRequest {
  readonly agentId?: string
  readonly type: AgentType
  readonly prompt: string
  readonly description?: string
  readonly tabId?: number
  /** The run and the tool call that started it; absent for a job of `agent.spawn`. */
  readonly parent?: { readonly conversationId: string; readonly runId?: string; readonly callId: string }
  /** Narrows the tools of its type further (a research job's planner and writer get none). */
  readonly toolFilter?: (tool: string) => boolean
  /** Sees each successful tool result and each usage report: a research job keeps the pages its researchers read. */
  readonly observe?: {
    readonly toolResult?: (tool: string, params: unknown, value: unknown) => void
    readonly usage?: (tokens: number) => void
    /** The run has started (its first model request is on its way). */
    readonly started?: () => void
  }
}

export interface AgentAnswer {
  readonly agent_id: string
  readonly type: AgentType
  readonly answer: string
  readonly steps: number
}

/** A running job of agent.spawn: its lane's key, and the transcript (`conversationId`) it writes. */
export interface SpawnedJob {
  readonly agentId: string
  readonly agentType: string
  readonly description?: string
  readonly conversationId: string
}

export interface AgentPoolOptions {
  /** Asks the user before destructive calls and data leaving for another site. */
  readonly consent: ConsentKeeper
  readonly workerUrl: string
  readonly supervisor: Supervisor
  readonly router: RouterCall
  readonly emit: (event: MeshEvent) => void
  /** Other timings than the runs' defaults (tests). */
  readonly timings?: Partial<RunTimings>
  /** Whether a conversation is offered a tool (custom tools can be turned off per conversation). */
  readonly toolEnabled?: (name: string, conversationId: string) => boolean
}

/** An agent worker started ahead of a run: its module loaded and its store open. */
interface Spare {
  readonly worker: Worker
  readonly remote: Comlink.Remote<AgentWorkerApi>
  readonly idle: Fiber.Fiber<void>
  readonly onError: () => void
}

/** The most spare agent workers kept at once: a research job's researchers. */
const MAX_SPARES = 8
/** A spare nobody took by then is ended: it holds memory and a store connection. */
const SPARE_IDLE_MS = 2 * 60_000
/** What agent-run.ts explains: start deadline, heartbeat, ping after an error, stop grace. */
const TIMINGS: RunTimings = {
  startDeadlineMs: 60_000,
  heartbeatMs: 5000,
  heartbeatTimeoutMs: 5000,
  pingTimeoutMs: 1000,
  stopGraceMs: 3000,
}

const runFinished = (conversationId: string, runId: string, outcome: RunOutcome) =>
  ({
    type: "run_finished",
    conversationId,
    runId,
    status: outcome.status,
    answer: outcome.answer,
    ...(outcome.error ? { error: outcome.error } : {}),
  }) as const

export class AgentPool {
  /** Top-level runs by conversation, sub-agents by their own conversation id. */
  private readonly runs = new Map<string, Run>()
  /** The model's calls in flight: whose consent judges their further hops. */
  private readonly modelCalls = new Map<string, { readonly scope: string; readonly signal: AbortSignal }>()
  private storePromise: Promise<ConversationStore> | undefined

  private readonly spares: Spare[] = []
  /** Every run's fiber, and every spare's idle timer, is forked here: closing it stops them all. */
  private readonly scope = Scope.makeUnsafe()

  constructor(private readonly options: AgentPoolOptions) {}

  private fork<A>(effect: Effect.Effect<A>): Fiber.Fiber<A> {
    return Effect.runSync(Effect.forkIn(effect, this.scope))
  }

  /** Stops every run (each with its grace period) and drops the spares. */
  async dispose(): Promise<void> {
    await Effect.runPromise(Scope.close(this.scope, Exit.void))
    while (this.spares[0] !== undefined) this.dropSpare(this.spares[0])
  }

  /**
   * Starts agent workers ahead of the runs that will need them (up to `count` spares in all), so
   * their start-up (compiling the bundle, opening the store) happens while the caller waits for
   * something else: a research job warms its researchers' workers during the planner's turn.
   */
  prewarm(count: number): void {
    const wanted = Math.min(count, MAX_SPARES) - this.spares.length
    for (let i = 0; i < wanted; i++) {
      const worker = new Worker(this.options.workerUrl, { type: "module", name: "agent-mesh:agent:spare" })
      const remote = Comlink.wrap<AgentWorkerApi>(worker)
      const spare: Spare = {
        worker,
        remote,
        idle: this.fork(Effect.sleep(SPARE_IDLE_MS).pipe(Effect.andThen(Effect.sync(() => this.dropSpare(spare))))),
        // A spare that fails is dropped: a run never gets a worker that may not answer.
        onError: () => this.dropSpare(spare),
      }
      worker.addEventListener("error", spare.onError)
      remote.warm().catch(spare.onError)
      this.spares.push(spare)
    }
  }

  private dropSpare(spare: Spare): void {
    const at = this.spares.indexOf(spare)
    if (at === -1) return
    this.spares.splice(at, 1)
    spare.idle.interruptUnsafe()
    spare.remote[Comlink.releaseProxy]()
    spare.worker.terminate()
  }

  /** A spare if one is ready to be taken, else a new worker. */
  private takeWorker(conversationId: string): { worker: Worker; remote: Comlink.Remote<AgentWorkerApi> } {
    const spare = this.spares.shift()
    if (spare === undefined) {
      const worker = new Worker(this.options.workerUrl, { type: "module", name: `agent-mesh:agent:${conversationId}` })
      return { worker, remote: Comlink.wrap<AgentWorkerApi>(worker) }
    }
    spare.idle.interruptUnsafe()
    spare.worker.removeEventListener("error", spare.onError)
    return { worker: spare.worker, remote: spare.remote }
  }

  store(): Promise<ConversationStore> {
    return (this.storePromise ??= ConversationStore.open().then(async (store) => {
      // A run that was going when the browser (or this document) went away did not finish.
      for (const c of await store.all()) {
        if (c.status === "running") {
          await store.append(c.id, {
            runId: "interrupted",
            message: { role: "assistant", content: "" },
            notice: {
              status: "failed",
              code: "interrupted",
              message: "The run was interrupted (the browser or the extension closed); send a message to continue.",
            },
          })
          await store.update(c.id, { status: "failed" })
        }
      }
      return store
    }))
  }

  running(): ReadonlyArray<{ conversationId: string; runId: string }> {
    return [...this.runs.values()]
      .filter((r) => !r.conversationId.startsWith("sub:"))
      .map(({ conversationId, runId }) => ({ conversationId, runId }))
  }

  /** The jobs of agent.spawn still running (sub-agents of no conversation), for a panel opened late. */
  spawned(): ReadonlyArray<SpawnedJob> {
    return [...this.spawnedJobs.values()]
  }
  private readonly spawnedJobs = new Map<string, SpawnedJob>()
  /** Tabs opened per run, sub-agents' counted for their parent run. */
  private readonly tabLimit = new TabLimit()

  /** Starts a run; resolves at once with its ids. Its events, and `run_finished`, follow. */
  async start(
    request: StartRequest,
  ): Promise<{ ok: true; value: { conversationId: string; runId: string } } | { ok: false; error: WireError }> {
    await this.store()
    const conversationId = request.conversationId ?? crypto.randomUUID()
    if (this.runs.has(conversationId)) {
      return {
        ok: false,
        error: { code: "busy", message: "This conversation is already running; stop it first or wait for it to finish." },
      }
    }
    const runId = request.runId ?? crypto.randomUUID()
    const run = await this.launch(
      {
        conversationId,
        runId,
        prompt: request.prompt,
        ...(request.model ? { model: request.model } : {}),
        ...(request.system !== undefined ? { system: request.system } : {}),
        ...(request.branchFrom !== undefined ? { branchFrom: request.branchFrom } : {}),
      },
      { emit: (event) => this.options.emit(event), mayUse: () => true, consentScope: conversationId, owner: runId },
    )
    void outcomeOf(run).then((outcome) => this.options.emit(runFinished(conversationId, runId, outcome)))
    return { ok: true, value: { conversationId, runId } }
  }

  /**
   * Runs a sub-agent to its final answer, in a worker of its own with the tools of its type.
   * Its events reach the parent's stream as `sub_agent_event`; its transcript is saved with the
   * parent conversation. Aborting the signal (the parent's stop) stops it and its tool calls.
   */
  async spawn(request: SpawnRequest, signal: AbortSignal): Promise<Outcome<AgentAnswer>> {
    await this.store()
    const agentId = request.agentId ?? crypto.randomUUID().slice(0, 8)
    const conversationId = `sub:${agentId}`
    const runId = crypto.randomUUID()
    const settings = await this.options.router("settings.get")
    const limitMs = settings.ok ? settings.value.subAgentTimeLimitMs : 600_000
    const parentModel = request.parent ? (await (await this.store()).meta(request.parent.conversationId))?.model : undefined
    const wrap = (event: SubAgentEvent["event"]): SubAgentEvent => ({
      type: "sub_agent_event",
      ...(request.parent
        ? {
            conversationId: request.parent.conversationId,
            callId: request.parent.callId,
            ...(request.parent.runId ? { runId: request.parent.runId } : {}),
          }
        : {}),
      agentId,
      agentType: request.type,
      ...(request.description ? { description: request.description } : {}),
      event,
    })
    const run = await this.launch(
      {
        conversationId,
        runId,
        prompt: request.prompt,
        ...(parentModel ? { model: parentModel } : {}),
        sub: {
          agentType: request.type,
          stepLimit: SUB_AGENT_STEP_LIMITS[request.type],
          ...(request.description ? { description: request.description } : {}),
          ...(request.tabId !== undefined ? { tabId: request.tabId } : {}),
          ...(request.parent ? { parent: { conversationId: request.parent.conversationId, callId: request.parent.callId } } : {}),
        },
      },
      {
        emit: (event) => {
          if (event.type === "usage") request.observe?.usage?.(event.usage.inputTokens + event.usage.outputTokens)
          if (event.type === "run_started") request.observe?.started?.()
          this.options.emit(wrap(event))
        },
        onToolEvent: (event) => this.options.emit(wrap(event)),
        ...(request.observe?.toolResult ? { onToolResult: request.observe.toolResult } : {}),
        mayUse: (name) => {
          const definition = this.options.supervisor.definition(name)
          return definition !== undefined && subAgentMayUse(request.type, definition) && (request.toolFilter?.(name) ?? true)
        },
        // What a sub-agent reads counts for its parent's conversation, and its approvals too.
        consentScope: request.parent?.conversationId ?? conversationId,
        owner: this.ownerOf(request.parent) ?? runId,
        timeLimitMs: limitMs,
      },
    )
    const stop = () => void this.stop(conversationId)
    signal.addEventListener("abort", stop, { once: true })
    if (!request.parent)
      this.spawnedJobs.set(agentId, {
        agentId,
        agentType: request.type,
        ...(request.description ? { description: request.description } : {}),
        conversationId,
      })
    try {
      const outcome = await outcomeOf(run)
      this.options.emit(wrap(runFinished(conversationId, runId, outcome)))
      if (outcome.status === "completed") {
        return {
          ok: true,
          value: { agent_id: agentId, type: request.type, answer: outcome.answer, steps: outcome.steps ?? 0 } satisfies AgentAnswer,
        }
      }
      if (run.stopReason === "time_limit") {
        return {
          ok: false,
          error: {
            code: "timeout",
            message: `The ${request.type} sub-agent ${agentId} reached its time limit of ${Math.round(limitMs / 1000)} s and was stopped. Its last answer: ${outcome.answer || "(none)"}`,
          },
        }
      }
      if (outcome.status === "stopped") return { ok: false, error: { code: "cancelled", message: `The sub-agent ${agentId} was stopped.` } }
      if (outcome.status === "step_limit") {
        return {
          ok: false,
          error: {
            code: "step_limit",
            message: `The ${request.type} sub-agent ${agentId} used all its ${counted(SUB_AGENT_STEP_LIMITS[request.type], "step", "steps")} without finishing. Its last answer: ${outcome.answer || "(none)"}`,
          },
        }
      }
      return { ok: false, error: outcome.error ?? { code: "agent_failed", message: `The sub-agent ${agentId} failed.` } }
    } finally {
      signal.removeEventListener("abort", stop)
      // A job of agent.spawn is its own conversation, which nobody continues.
      if (!request.parent) {
        this.spawnedJobs.delete(agentId)
        void this.options.consent.forget(conversationId)
      }
    }
  }

  /** Fault injection: the run's worker crashes as a broken one would. False when no such run is going. */
  async crash(conversationId: string): Promise<boolean> {
    const run = this.runs.get(conversationId)
    if (run === undefined) return false
    await run.remote.crash()
    return true
  }

  /** Fault injection: the run's worker is terminated from outside, with no error event, as the browser may end it. */
  kill(conversationId: string): boolean {
    const run = this.runs.get(conversationId)
    if (run === undefined) return false
    run.worker.terminate()
    return true
  }

  /**
   * Stops every run that goes by a conversation's labels (its own, its sub-agents') and resolves
   * once each has ended: a deleted conversation's labels may only be forgotten after that, or a
   * run still going would reach out as if it had read nothing of the user's.
   */
  async endScope(conversationId: string): Promise<void> {
    const going = [...this.runs.values()].filter((r) => r.consentScope === conversationId || r.conversationId === conversationId)
    await Promise.all(going.map((r) => this.stop(r.conversationId)))
    await Promise.all(going.map(outcomeOf))
  }

  /** Stops a run: the model stream and every tool call of the run end. */
  async stop(conversationId: string, reason: "user" | "time_limit" = "user"): Promise<boolean> {
    const run = this.runs.get(conversationId)
    if (!run) return false
    run.stopReason ??= reason
    // Its tool calls end at once; the fiber's wind-down gives the worker its grace period.
    for (const controller of run.tools.values()) controller.abort()
    run.fiber?.interruptUnsafe()
    return true
  }

  /** The run a sub-agent's calls count for: its parent run's (a research job's, for its researchers). */
  private ownerOf(parent: SpawnRequest["parent"]): string | undefined {
    if (parent === undefined) return undefined
    if (parent.runId !== undefined) return [...this.runs.values()].find((r) => r.runId === parent.runId)?.owner ?? parent.runId
    return parent.callId.slice(0, parent.callId.lastIndexOf(":"))
  }

  private async launch(
    request: RunRequest,
    hooks: {
      emit: (event: ConversationEvent) => void
      onToolEvent?: (event: Extract<MeshEvent, { type: "tool_call_started" | "tool_call_finished" }>) => void
      onToolResult?: (tool: string, params: unknown, value: unknown) => void
      mayUse: (tool: string) => boolean
      consentScope: string
      owner: string
      timeLimitMs?: number
    },
  ): Promise<Run> {
    const { worker, remote } = this.takeWorker(request.conversationId)
    const stream = new MessageChannel()
    const events = new EventReceiver(stream.port1, hooks.emit)
    const run: Run = {
      conversationId: request.conversationId,
      runId: request.runId,
      consentScope: hooks.consentScope,
      owner: hooks.owner,
      worker,
      remote,
      tools: new Map(),
      events,
      started: Deferred.makeUnsafe(),
      done: Deferred.makeUnsafe(),
    }
    this.runs.set(request.conversationId, run)
    this.options.consent.open(hooks.consentScope)
    const host: AgentHost = {
      router: this.options.router,
      tools: async () =>
        this.options.supervisor
          .available()
          .filter((t) => hooks.mayUse(t.name) && (this.options.toolEnabled?.(t.name, hooks.consentScope) ?? true))
          // Whatever reaches pages or the web, or reads tabs, brings back text from outside (its annotations).
          .map((t) => {
            const definition = this.options.supervisor.definition(t.name)
            return {
              ...t,
              untrusted: definition !== undefined && carriesOutsideText(definition.annotations),
              ...(definition?.returnsImage ? { image: true } : {}),
            }
          }),
      callTool: async (callId, name, params, conversation, eventsSent) => {
        // The text the model streamed before the call reaches pages before the call's card.
        await events.reached(eventsSent)
        // Whatever the model asks, a tool outside the run's set is not run.
        if (!hooks.mayUse(name))
          return {
            ok: false,
            error: {
              code: "permission_denied",
              message: `${name} is not among the tools of this agent; use one of the tools you were given.`,
            },
          }
        hooks.onToolEvent?.({ type: "tool_call_started", callId, tool: name, conversationId: conversation, params })
        const started = performance.now()
        const outcome = await this.callTool(run, callId, name, params, conversation, hooks.consentScope, hooks.onToolEvent !== undefined)
        if (outcome.ok) hooks.onToolResult?.(name, params, outcome.value)
        if (outcome.ok) await this.keepWhole(run, callId, conversation, outcome.value)
        hooks.onToolEvent?.({
          type: "tool_call_finished",
          callId,
          tool: name,
          conversationId: conversation,
          durationMs: performance.now() - started,
          ...(outcome.ok ? {} : { error: outcome.error }),
        })
        return outcome
      },
      cancelTool: async (callId) => run.tools.get(callId)?.abort(),
    }
    const timings = { ...TIMINGS, ...this.options.timings, ...(hooks.timeLimitMs !== undefined ? { timeLimitMs: hooks.timeLimitMs } : {}) }
    const init = () => remote.init(Comlink.proxy(host), Comlink.transfer(stream.port2, [stream.port2]))
    const note = (status: RunStatus, code: string, message: string) => this.noteEnd(run, status, code, message)
    run.fiber = this.fork(superviseRun(run, request, init, note, timings, (outcome) => this.finish(run, outcome)))
    await Effect.runPromise(Deferred.await(run.started))
    return run
  }

  /** A redirect hop of a running call, judged like the call itself (a person's own calls pass). */
  async judgeHop(callId: string, tool: string, url: string): Promise<CallOutcome> {
    const call = this.modelCalls.get(callId)
    const definition = this.options.supervisor.definition(tool)
    if (call === undefined || definition === undefined) return { ok: true, value: null }
    const verdict = await this.options.consent.mayReach(call.scope, definition, url, call.signal)
    return verdict.ok ? { ok: true, value: null } : verdict
  }

  /** A tab a running call is about to navigate joins its conversation's fence (a person's own calls fence nothing). */
  async fenceTab(callId: string, tabId: number, opened: boolean): Promise<CallOutcome> {
    const call = this.modelCalls.get(callId)
    if (call !== undefined) await this.options.consent.drive(call.scope, tabId, opened)
    return { ok: true, value: null }
  }

  /** A model's call: confirmed where the rules say, then run through the supervisor. */
  private async callTool(
    run: Run,
    callId: string,
    name: string,
    params: unknown,
    conversationId: string,
    consentScope: string,
    reportsEvents: boolean,
  ): Promise<ToolOutcome> {
    const controller = new AbortController()
    run.tools.set(callId, controller)
    try {
      return await this.consentedCall(callId, name, params, conversationId, consentScope, run.owner, controller.signal, reportsEvents)
    } finally {
      run.tools.delete(callId)
    }
  }

  /**
   * A call made for a conversation with no model turn behind it (a routine's replay,
   * shell/hub/replay.ts): the same consent rules, supervision and labels as a model's call.
   */
  replayCall(conversationId: string, callId: string, name: string, params: unknown, signal: AbortSignal): Promise<ToolOutcome> {
    this.options.consent.open(conversationId)
    return this.consentedCall(callId, name, params, conversationId, conversationId, conversationId, signal, true)
  }

  private async consentedCall(
    callId: string,
    name: string,
    params: unknown,
    conversationId: string,
    consentScope: string,
    /** The run whose limits the call counts against (a sub-agent's is its parent's). */
    owner: string,
    signal: AbortSignal,
    reportsEvents: boolean,
  ): Promise<ToolOutcome> {
    // A hop's question ends with the call (its time limit included), not only with the run.
    const hops = new AbortController()
    const stopHops = () => hops.abort()
    signal.addEventListener("abort", stopHops, { once: true })
    this.modelCalls.set(callId, { scope: consentScope, signal: hops.signal })
    try {
      const definition = this.options.supervisor.definition(name)
      if (definition !== undefined && opensTab(definition, params)) {
        const admitted = await this.tabLimit.admit(owner, this.tabLimitOptions(consentScope, definition, params), signal)
        if (!admitted.ok) return admitted
      }
      if (definition !== undefined) {
        const consent = await this.options.consent.check(consentScope, definition, params, signal)
        if (!consent.ok) return consent
      }
      const outcome = await this.options.supervisor.call(name, params, { conversationId, callId, run: owner, signal, reportsEvents })
      // The run's labels are saved before the model sees what the call brought.
      if (definition !== undefined)
        await this.options.consent.noteResult(consentScope, definition, params, outcome.ok ? outcome : { ok: false })
      return outcome.ok ? outcome : { ok: false, error: toWire(outcome.error) }
    } finally {
      this.options.consent.settle(consentScope, params)
      this.modelCalls.delete(callId)
      signal.removeEventListener("abort", stopHops)
      hops.abort()
    }
  }

  /**
   * With `model.keepWholeResults` on, a result longer than the model reads (and the conversation
   * saves) is written whole to the workspace, `tool-results/<conversation>/<call>.txt`, as the
   * run's own write: marked as from outside, counted against its limits. A write that fails
   * (a limit, the quota) leaves the conversation as it is.
   */
  private async keepWhole(run: Run, callId: string, conversationId: string, value: unknown): Promise<void> {
    const settings = await this.options.router("settings.get")
    const model = settings.ok ? settings.value.model : undefined
    if (model?.keepWholeResults !== true) return
    const text = resultText(value)
    if (text.length <= model.toolResultMaxChars) return
    const safe = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, "_")
    await this.options.supervisor.call(
      "opfs_write",
      { path: `tool-results/${safe(conversationId)}/${safe(callId)}.txt`, content: text },
      { conversationId, callId: `${callId}:whole`, run: run.owner, reportsEvents: true },
    )
  }

  private tabLimitOptions(consentScope: string, definition: ToolDefinition, params: unknown) {
    return {
      limit: async () => {
        const settings = await this.options.router("settings.get")
        return settings.ok ? settings.value.limits.tabsPerRun : 20
      },
      ask: (count: number, signal: AbortSignal) =>
        this.options.consent.askRunLimit(consentScope, definition, params, signal, { kind: "tabs", count }),
    }
  }

  /** Saves how a run its worker did not end ended: `code` for the UI (`notice_<code>`), `message` in English. */
  private async noteEnd(run: Run, status: RunStatus, code: string, message: string): Promise<void> {
    const store = await this.store()
    await store
      .append(run.conversationId, { runId: run.runId, message: { role: "assistant", content: "" }, notice: { status, code, message } })
      .catch(() => undefined)
    await store.update(run.conversationId, { status }).catch(() => undefined)
  }

  /** After the run's fiber released its worker. */
  private finish(run: Run, outcome: RunOutcome): void {
    for (const controller of run.tools.values()) controller.abort()
    if (this.runs.get(run.conversationId) === run) this.runs.delete(run.conversationId)
    // A conversation's flow state is saved; its memory here goes with its run.
    this.options.consent.release(run.conversationId)
    if (run.owner === run.runId) this.tabLimit.end(run.owner)
    Deferred.doneUnsafe(run.started, Effect.void)
    Deferred.doneUnsafe(run.done, Effect.succeed(outcome))
  }
}

/** The boundary to the pool's callers, which are Promise code: the outcome once the run's fiber ended. */
const outcomeOf = (run: Run): Promise<RunOutcome> => Effect.runPromise(Deferred.await(run.done))
