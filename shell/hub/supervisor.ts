/**
 * The supervisor, hosted by the offscreen document. It owns one dedicated Worker per tool
 * group, routes each call by tool name to its group, validates parameters and results against
 * the contract, applies the tool's time limit, and cancels: an interrupted call is asked to
 * stop, and a worker that does not stop in time (a stuck loop) is terminated and replaced.
 * A worker that dies is restarted and its in-flight calls fail with `WorkerCrashed`.
 */
import * as Comlink from "comlink"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Deferred from "effect/Deferred"
import type * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import {
  Cancelled,
  InvalidInput,
  NotImplemented,
  Timeout,
  toWire,
  ToolFailed,
  UnknownTool,
  Unavailable,
  WorkerCrashed,
  type Outcome,
  type ToolError,
} from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import { issueLines, strictParse } from "../../schemas/primitives.ts"
import { argumentLimitError, argumentsOf, invalidArguments } from "../../schemas/tool-input.ts"
import { callTimeLimitMs, failureOf, type ToolCardSpec, type ToolDefinition, type ToolGroup } from "../../schemas/tool-definition.ts"
import { modelParameters } from "../../schemas/model-parameters.ts"
import { distill } from "./distill.ts"
import { WorkerMemory } from "./worker-memory.ts"
import { answersWithin, startAgain } from "./lifetime.ts"
import type { CallOutcome, HostServices, RouterCall, ToolWorkerApi } from "../../workers/runtime/protocol.ts"
import type { RouterMethod } from "../sw/router.ts"
import { countCodec } from "../../schemas/codec-count.ts"

/** What `workers()` tells of one group's worker (fault tests wait on these rather than on time). */
export interface WorkerState {
  readonly alive: boolean
  readonly restarts: number
  readonly calls: number
  readonly stopping: number
}

export interface ToolInfo {
  readonly name: string
  readonly description: string
  readonly parameters: Record<string, unknown>
  /** How a person sees its calls (pages only; never sent to a model). */
  readonly card?: ToolCardSpec
}

export interface CallOptions {
  readonly conversationId?: string
  /** The caller's id for the call (the model's tool call id), carried by the call's events. */
  readonly callId?: string
  /** The agent run the call counts for (a sub-agent's: its parent's); absent for a person's call. */
  readonly run?: string
  readonly timeoutMs?: number
  readonly signal?: AbortSignal
  /** The caller reports the call's events itself (the agent pool, a sub-agent's calls wrapped for its parent's stream). */
  readonly reportsEvents?: boolean
}

export interface SupervisorOptions {
  readonly tools: ReadonlyArray<ToolDefinition>
  /** The script of each group that has a worker; a group without one answers `not_implemented`. */
  readonly workerUrls: Partial<Record<ToolGroup, string>>
  readonly router: RouterCall
  /**
   * Groups served by the hosting document itself rather than a worker of their own: the
   * `agent` tool, whose real work runs in a sub-agent's worker that the agent pool starts.
   */
  readonly inProcess?: Partial<Record<ToolGroup, InProcessHandler>>
  /** Services of the hosting document that outlive any worker (blob URLs, the sandbox). */
  readonly host?: Partial<Omit<HostServices, "router">>
  readonly emit?: (event: MeshEvent) => void
  /** How long a cancelled call may take to stop before its worker is replaced. */
  readonly cancelGraceMs?: number
  /** How long a worker that reported an error may take to answer a ping before it counts as dead. */
  readonly pingTimeoutMs?: number
  /**
   * Start the workers that the tools' calls go to as soon as the supervisor exists, rather than on
   * their first call (`standUp`). Off by default: a test of one call starts only what it needs.
   */
  readonly standing?: boolean
}

export const DEFAULT_CONVERSATION = "default"

export type InProcessHandler = (
  request: { readonly callId: string; readonly tool: string; readonly params: unknown; readonly conversationId: string },
  signal: AbortSignal,
) => Promise<CallOutcome>

class WorkerSlot {
  readonly worker: Worker
  readonly remote: Comlink.Remote<ToolWorkerApi>
  /** Fails the calls in flight when the slot dies. */
  readonly inFlight = new Map<string, (error: ToolError) => void>()
  /** Per cancelled call, the fiber that replaces the worker if the call does not stop in time. */
  readonly cancelTimers = new Map<string, Fiber.Fiber<void>>()
  /** Done when the worker answered and took its host, or failed to. */
  readonly ready = Deferred.makeUnsafe<void, unknown>()
  alive = true
  answered = false
  private quietWaiters: Array<() => void> = []

  /** Resolves once no cancelled call is still winding down here (or the slot was retired). */
  whenQuiet(): Promise<void> {
    if (this.cancelTimers.size === 0 || !this.alive) return Promise.resolve()
    return new Promise((resolve) => this.quietWaiters.push(resolve))
  }

  clearCancel(callId: string): void {
    this.cancelTimers.get(callId)?.interruptUnsafe()
    this.cancelTimers.delete(callId)
    if (this.cancelTimers.size === 0 || !this.alive) this.wake()
  }

  wake(): void {
    const waiters = this.quietWaiters
    this.quietWaiters = []
    for (const resolve of waiters) resolve()
  }

  constructor(
    readonly group: ToolGroup,
    /** The group, or the instance of a group with one worker per instance (`mcp:<server>`). */
    readonly key: string,
    readonly url: string,
    host: HostServices,
    startTimeoutMs: number,
  ) {
    this.worker = new Worker(url, { type: "module", name: `agent-mesh:${key}` })
    this.remote = Comlink.wrap<ToolWorkerApi>(this.worker)
    // A worker that cannot load says so with an error event; a slow start on a loaded machine is
    // not a failure, so the deadline is only the last resort against a start that hangs.
    const failedToLoad = new Promise<never>((_, reject) =>
      this.worker.addEventListener(
        "error",
        (event) => {
          if (!this.answered) reject(new Error(`the ${group} worker could not load: ${event.message || "script error"}`))
        },
        { once: true },
      ),
    )
    failedToLoad.catch(() => undefined)
    this.start = Effect.tryPromise({ try: () => Promise.race([this.remote.ping(), failedToLoad]), catch: (cause) => cause }).pipe(
      Effect.timeoutOrElse({ duration: startTimeoutMs, orElse: () => Effect.fail(new Error(`the ${group} worker did not start`)) }),
      Effect.andThen(Effect.sync(() => void (this.answered = true))),
      Effect.andThen(Effect.tryPromise({ try: () => this.remote.init(Comlink.proxy(host)), catch: (cause) => cause })),
    )
  }

  /** The worker's start, which its owner runs once, as a fiber of its own: the calls waiting for it share it. */
  readonly start: Effect.Effect<void, unknown>
}

/**
 * How long a standing worker's start waits for the hosting document to be idle, at most. Short:
 * a hidden document (the offscreen one) may be given no idle time for seconds, and a start costs
 * its thread little (the modules load on the worker's own thread).
 */
const STANDING_START_WAIT_MS = 100

/** The last resort against a worker whose start hangs (its load failures end the start at once). */
const WORKER_START_DEADLINE_MS = 60_000

export class Supervisor {
  private readonly slots = new Map<string, WorkerSlot>()
  private disposed = false
  private definitions: Map<string, ToolDefinition>
  private extraTools: ReadonlyArray<ToolDefinition> = []
  private readonly options: Required<Omit<SupervisorOptions, "emit" | "host" | "inProcess" | "standing">> &
    Pick<SupervisorOptions, "emit" | "host" | "inProcess" | "standing">
  private callCounter = 0
  private readonly host: Omit<HostServices, "memory">
  /** What the workers keep beyond their own lives (HostMemory), per group. */
  private readonly memory = new WorkerMemory()
  readonly restarts: Array<{ group: ToolGroup; key: string; reason: string; at: number }> = []

  constructor(options: SupervisorOptions) {
    this.options = { cancelGraceMs: 1000, pingTimeoutMs: 1000, ...options }
    this.definitions = new Map(options.tools.map((t) => [t.name, t]))
    this.host = {
      router: options.router,
      createObjectURL: async (blob) => URL.createObjectURL(blob),
      runInSandbox: async () => ({ ok: false, error: { code: "not_implemented", message: "No sandbox is hosted here." } }),
      cancelSandbox: async () => undefined,
      emit: (event) => this.options.emit?.(event),
      judgeHop: async () => ({ ok: true, value: null }),
      fenceTab: async () => ({ ok: true, value: null }),
      ...options.host,
    }
    if (options.standing) void this.standUp()
  }

  private standingUp: Promise<ReadonlyArray<string>> | undefined

  /**
   * Starts, ahead of need, the worker of each group that the tools' calls go to (not the workers
   * of instances, `mcp:<server>`, which start with their server), one after another and each when
   * the hosting document is idle, so that a call finds its worker up: a worker's start is 35–95 ms
   * of module loading, more than the call itself (npm run bench:startup).
   * Each, once up, opens what its calls need from the browser (`warm`: the workspace's OPFS folder).
   * A crashed one is already started again at once (`retire`). A start that fails is left to the
   * first call, which tries again and reports why it cannot. Resolves with the groups that stand.
   */
  standUp(): Promise<ReadonlyArray<string>> {
    this.standingUp ??= Effect.runPromise(
      Effect.gen({ self: this }, function* () {
        const groups = new Set<ToolGroup>()
        for (const t of this.options.tools) {
          if (t.worker === undefined && this.options.workerUrls[t.group] !== undefined && !this.options.inProcess?.[t.group])
            groups.add(t.group)
        }
        const standing: string[] = []
        for (const group of groups) {
          yield* whenIdle(STANDING_START_WAIT_MS)
          if (this.disposed) break
          const slot = yield* this.slotFor(group, group).pipe(Effect.orElseSucceed(() => undefined))
          if (slot === undefined) continue
          yield* Effect.promise(() => slot.remote.warm().catch(() => undefined))
          standing.push(group)
        }
        return standing
      }),
    )
    return this.standingUp
  }

  list(): ReadonlyArray<ToolInfo> {
    return [...this.options.tools, ...this.extraTools].map((t) => {
      // Every run asks for its tools as it starts; a definition's JSON Schema never changes.
      let info = this.infos.get(t)
      if (info === undefined) {
        info = { name: t.name, description: t.description, parameters: modelParameters(t), ...(t.card ? { card: t.card } : {}) }
        this.infos.set(t, info)
      }
      return info
    })
  }
  private readonly infos = new WeakMap<ToolDefinition, ToolInfo>()

  /** Replaces the tools registered at run time (custom tools), beside the built-in ones. */
  setExtraTools(tools: ReadonlyArray<ToolDefinition>): void {
    this.extraTools = tools
    this.definitions = new Map([...this.options.tools, ...tools].map((t) => [t.name, t]))
  }

  definition(name: string): ToolDefinition | undefined {
    return this.definitions.get(name)
  }

  /** The tools that can run in this build (their group has a worker): what a model is offered. */
  available(): ReadonlyArray<ToolInfo> {
    return this.list().filter((t) => this.serves(this.definitions.get(t.name)!.group))
  }

  private serves(group: ToolGroup): boolean {
    return this.options.workerUrls[group] !== undefined || this.options.inProcess?.[group] !== undefined
  }

  /** Runs one tool call: the result, or a typed error. Interrupting the effect cancels the call. */
  callEffect(name: string, rawParams: unknown, options: CallOptions = {}): Effect.Effect<unknown, ToolError> {
    const definition = this.definitions.get(name)
    if (definition === undefined) return Effect.fail(new UnknownTool({ tool: name }))
    // Before decoding, which walks the value recursively (as every later clone does).
    const tooBig = argumentLimitError(name, rawParams)
    if (tooBig) return Effect.fail(tooBig)
    return decodeParams(definition, rawParams).pipe(Effect.flatMap((params) => this.runEffect(definition, params, options)))
  }

  /**
   * Runs a call whose parameters were decoded by the definition's schema where they arrived (a
   * page's `tools.call`, decoded with its request): they are not decoded again.
   */
  runEffect(definition: ToolDefinition, params: unknown, options: CallOptions = {}): Effect.Effect<unknown, ToolError> {
    const name = definition.name
    const callId = options.callId ?? `c${++this.callCounter}-${Date.now().toString(36)}`
    const conversationId = options.conversationId ?? DEFAULT_CONVERSATION
    const started = performance.now()
    const emitBase = { callId, tool: name, ...(options.conversationId ? { conversationId } : {}) }
    const emit = options.reportsEvents ? undefined : this.options.emit

    const program = Effect.gen({ self: this }, function* () {
      // A summary (`prompt`) has a limit of its own beside the request's: the tool's limit covers both.
      const ceiling = callTimeLimitMs(definition, params)
      const limit = Math.min(options.timeoutMs ?? ceiling, ceiling)
      const url = this.options.workerUrls[definition.group]
      const local = this.options.inProcess?.[definition.group]
      const relayed = definition.relay !== undefined
      if (url === undefined && local === undefined && !relayed) return yield* Effect.fail(new NotImplemented({ tool: name }))
      emit?.({ type: "tool_call_started", ...emitBase, params })
      // The worker's start has a deadline of its own: a slow start must not eat the call's limit.
      if (local === undefined && !relayed) {
        yield* this.slotFor(slotKey(definition), definition.group, url).pipe(
          Effect.mapError((cause) => new WorkerCrashed({ group: definition.group, message: messageOf(cause) })),
        )
      }
      const request = { callId, tool: name, params, conversationId, ...(options.run !== undefined ? { run: options.run } : {}) }
      const dispatched = relayed
        ? relay(this.options.router, definition, params)
        : local !== undefined
          ? this.dispatchInProcess(definition, local, request)
          : this.dispatch(definition, url!, request)
      return yield* dispatched.pipe(
        Effect.flatMap((value) => decodeResult(definition, value)),
        Effect.flatMap((result) => summarised(this.options.router, definition, params, result)),
        Effect.timeout(limit),
        Effect.catchTag("TimeoutError", () => Effect.fail(new Timeout({ tool: name, ms: limit }))),
      )
    })

    return program.pipe(
      Effect.onExit((exit) =>
        Effect.sync(() => {
          if (!emit) return
          const error = Exit.isFailure(exit) ? errorOf(name, exit.cause) : undefined
          if (error?._tag === "InvalidInput" || error?._tag === "NotImplemented") return
          emit({
            type: "tool_call_finished",
            ...emitBase,
            durationMs: performance.now() - started,
            ...(error ? { error: toWire(error) } : {}),
          })
        }),
      ),
    )
  }

  /** Forgets what the workers kept for these conversations (deleted ones). */
  forget(conversationIds: Iterable<string>): void {
    this.memory.forget(conversationIds)
  }

  /** The promise form, for channels and the developer API: never rejects, returns an Exit-like value. */
  call(name: string, rawParams: unknown, options: CallOptions = {}): Promise<ToolOutcome> {
    return settle(name, this.callEffect(name, rawParams, options), options.signal)
  }

  /** The promise form of `runEffect`: parameters already decoded by the definition's schema. */
  run(definition: ToolDefinition, params: unknown, options: CallOptions = {}): Promise<ToolOutcome> {
    return settle(definition.name, this.runEffect(definition, params, options), options.signal)
  }

  /**
   * The groups (and instances: `mcp:<server>`) that have a live worker, with how often each was
   * replaced, the calls it holds and the cancelled calls it is still winding down (each ends when
   * the worker answers it or, past the grace, by the worker's replacement).
   */
  workers(): Record<string, WorkerState> {
    const out: Record<string, WorkerState> = {}
    const keys = new Set([...Object.keys(this.options.workerUrls), ...this.slots.keys()])
    for (const key of keys) {
      const slot = this.slots.get(key)
      out[key] = {
        alive: slot?.alive ?? false,
        restarts: this.restarts.filter((r) => r.key === key).length,
        calls: slot?.inFlight.size ?? 0,
        stopping: slot?.alive ? slot.cancelTimers.size : 0,
      }
    }
    return out
  }

  /**
   * The worker of a group's instance, started if needed, for what its group serves beside tool
   * calls (an MCP server's worker lists its tools). Supervised as for calls: replaced when it dies.
   */
  async instance<Api>(group: ToolGroup, key: string): Promise<Comlink.Remote<Api>> {
    const url = this.options.workerUrls[group]
    if (url === undefined) throw new Error(`no worker for the ${group} group`)
    return (await Effect.runPromise(this.slotFor(key, group, url))).remote as unknown as Comlink.Remote<Api>
  }

  /** Ends an instance's worker for good (its MCP server was removed); its calls fail. */
  endInstance(key: string): void {
    const slot = this.slots.get(key)
    if (slot) this.retire(slot, "it was removed", false)
  }

  /** Brings something to a running call (the user's answer to ask_user), wherever it runs. */
  async deliver(callId: string, payload: unknown): Promise<CallOutcome> {
    for (const slot of this.slots.values()) {
      if (slot.alive && slot.inFlight.has(callId)) return slot.remote.deliver(callId, payload)
    }
    return {
      ok: false,
      error: {
        code: "not_found",
        message: `No running call "${callId}" is waiting for an answer (it may have timed out or been stopped).`,
      },
    }
  }

  /** Fault injection, for the fault suites: make a group's worker crash or hang. */
  async injectFault(key: string, fault: "crash" | "stall" | "kill", ms = 60_000): Promise<void> {
    if (fault === "kill") {
      // As the system would kill it: even mid-call, even with its thread blocked.
      const slot = this.slots.get(key)
      if (slot?.alive) this.retire(slot, "it was killed", true)
      return
    }
    // A group's worker, or one instance of it (`mcp:<server>`).
    const slot = await Effect.runPromise(this.slotFor(key, key.split(":")[0] as ToolGroup))
    if (fault === "crash") await slot.remote.crash()
    else await slot.remote.stall(ms)
  }

  dispose(): void {
    this.disposed = true
    for (const slot of this.slots.values()) this.retire(slot, "supervisor disposed", false)
  }

  private dispatchInProcess(
    definition: ToolDefinition,
    handler: InProcessHandler,
    request: { callId: string; tool: string; params: unknown; conversationId: string },
  ) {
    return Effect.tryPromise({
      try: (signal) => handler(request, signal),
      catch: (cause) => new ToolFailed({ code: "tool_failed", message: `${request.tool} failed unexpectedly: ${messageOf(cause)}` }),
    }).pipe(Effect.flatMap((outcome) => (outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(failureOf(definition, outcome.error)))))
  }

  private dispatch(
    definition: ToolDefinition,
    url: string,
    request: { callId: string; tool: string; params: unknown; conversationId: string },
  ) {
    const crashed = (cause: unknown) => new WorkerCrashed({ group: definition.group, message: messageOf(cause) })
    const onSlot = (s: WorkerSlot) =>
      Effect.callback<unknown, ToolError>((resume) => {
        let settled = false
        const finish = (effect: Effect.Effect<unknown, ToolError>) => {
          if (settled) return
          settled = true
          resume(effect)
        }
        s.inFlight.set(request.callId, (error) => finish(Effect.fail(error)))
        s.remote.call(request).then(
          (outcome: CallOutcome) => {
            s.inFlight.delete(request.callId)
            s.clearCancel(request.callId)
            finish(outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(failureOf(definition, outcome.error)))
          },
          (cause: unknown) => finish(Effect.fail(crashed(cause))),
        )
        // Interrupted (cancelled, or the time limit won): ask the worker to stop; replace it if it can't.
        return Effect.sync(() => {
          if (settled) return
          settled = true
          if (!s.alive) return
          s.inFlight.delete(request.callId)
          s.remote.cancel(request.callId).catch(() => undefined)
          const grace = this.options.cancelGraceMs
          const replace = () => this.retire(s, `${request.tool} did not stop within ${grace} ms of being cancelled`, true)
          s.cancelTimers.set(request.callId, Effect.runFork(Effect.sleep(grace).pipe(Effect.andThen(Effect.sync(replace)))))
        })
      })
    return this.slotFor(slotKey(definition), definition.group, url).pipe(Effect.mapError(crashed), Effect.flatMap(onSlot))
  }

  /** The slot of a key, its worker started (a new one if there is none alive). */
  private slotFor(key: string, group: ToolGroup, url = this.options.workerUrls[group]): Effect.Effect<WorkerSlot, unknown> {
    return Effect.suspend(() => {
      const existing = this.slots.get(key)
      // A worker still winding down a cancelled call may be stuck: new calls wait to see whether
      // it recovers or is replaced, rather than queueing behind a loop that never ends.
      if (existing?.alive && existing.cancelTimers.size > 0)
        return Effect.promise(() => existing.whenQuiet()).pipe(Effect.andThen(this.slotFor(key, group, url)))
      if (existing?.alive) return Deferred.await(existing.ready).pipe(Effect.as(existing))
      if (url === undefined) return Effect.fail(new Error(`no worker for the ${group} group`))
      const slot = new WorkerSlot(group, key, url, { ...this.host, memory: this.memory.of(group) }, WORKER_START_DEADLINE_MS)
      this.slots.set(key, slot)
      slot.worker.addEventListener("error", (event) => {
        // Handled here: the supervisor decides whether the worker lives, so the error does not
        // also surface as an uncaught error of the offscreen document.
        event.preventDefault()
        this.checkAlive(slot)
      })
      slot.worker.addEventListener("messageerror", () => this.checkAlive(slot))
      // Its own fiber, whoever waits for it: a slot that cannot start is retired even if nobody does.
      const failed = (cause: unknown) => Effect.sync(() => this.retire(slot, messageOf(cause), false))
      Effect.runFork(Deferred.into(slot.start.pipe(Effect.tapError(failed)), slot.ready))
      return Deferred.await(slot.ready).pipe(Effect.as(slot))
    })
  }

  /** An uncaught error in a worker may mean it died: it counts as dead if it can't answer a ping. */
  private checkAlive(slot: WorkerSlot): void {
    if (!slot.alive || !slot.answered) return
    const dead = () => this.retire(slot, "it stopped answering after an uncaught error", true)
    Effect.runFork(
      answersWithin(() => slot.remote.ping(), this.options.pingTimeoutMs).pipe(
        Effect.tap((alive) => (alive ? Effect.void : Effect.sync(dead))),
      ),
    )
  }

  private retire(slot: WorkerSlot, reason: string, restart: boolean): void {
    if (!slot.alive) return
    slot.alive = false
    slot.worker.terminate()
    slot.remote[Comlink.releaseProxy]()
    for (const pending of slot.cancelTimers.values()) pending.interruptUnsafe()
    slot.cancelTimers.clear()
    slot.wake()
    for (const fail of slot.inFlight.values()) fail(new WorkerCrashed({ group: slot.group, message: reason }))
    slot.inFlight.clear()
    if (this.slots.get(slot.key) === slot) this.slots.delete(slot.key)
    if (!restart) return
    this.restarts.push({ group: slot.group, key: slot.key, reason, at: Date.now() })
    this.options.emit?.({ type: "worker_restarted", group: slot.key, reason })
    // Restart at once, so the next call finds a warm worker; a restart that fails is tried again
    // under the restart policy. A call in the meantime starts one of its own.
    // A restart still waiting when the supervisor is disposed starts nothing.
    Effect.runFork(startAgain(Effect.suspend(() => (this.disposed ? Effect.void : this.slotFor(slot.key, slot.group, slot.url)))))
  }
}

/**
 * Resolves when the thread is idle, or after `ms` at the latest (a busy page must not put it off
 * for ever); at once where there is no idle callback.
 */
const whenIdle = (ms: number): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    if (typeof requestIdleCallback !== "function") return resume(Effect.void)
    const id = requestIdleCallback(() => resume(Effect.void), { timeout: ms })
    return Effect.sync(() => cancelIdleCallback(id))
  })

/** The worker a definition's calls go to: its instance's, or its group's. */
const slotKey = (definition: ToolDefinition): string => definition.worker ?? definition.group

export type ToolOutcome = Outcome<unknown, ToolError>

const settle = async (tool: string, call: Effect.Effect<unknown, ToolError>, signal?: AbortSignal): Promise<ToolOutcome> => {
  const exit = await Effect.runPromiseExit(call, signal ? { signal } : {})
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value }
  return { ok: false, error: errorOf(tool, exit.cause) }
}

const decodeParams = (definition: ToolDefinition, raw: unknown): Effect.Effect<unknown, InvalidInput> => {
  countCodec("offscreen:tool.params")
  const result = Schema.decodeUnknownExit(definition.parameters as Schema.Codec<unknown, unknown>)(argumentsOf(raw), strictParse)
  if (Exit.isSuccess(result)) return Effect.succeed(result.value)
  const issue = result.cause.reasons.find(Cause.isFailReason)?.error
  return Effect.fail(invalidArguments(definition.name, issue && "issue" in issue ? issueLines((issue as Schema.SchemaError).issue) : []))
}

/** A tool whose work is all one service-worker route (`relay`): its parameters go there from here. */
const relay = (router: RouterCall, definition: ToolDefinition, params: unknown): Effect.Effect<unknown, ToolError> =>
  Effect.tryPromise({
    try: () => router(definition.relay as RouterMethod, params as never),
    catch: (cause) => new Unavailable({ message: `The service worker could not be reached for ${definition.relay}: ${messageOf(cause)}` }),
  }).pipe(Effect.flatMap((reply) => (reply.ok ? Effect.succeed(reply.value) : Effect.fail(failureOf(definition, reply.error)))))

/**
 * A call with `prompt` (web_fetch, get_tab_content): the tool returned the whole content, which is
 * distilled here by the summary model, so that no tool worker holds a model client or a key.
 */
const summarised = (
  router: RouterCall,
  definition: ToolDefinition,
  params: unknown,
  result: unknown,
): Effect.Effect<unknown, ToolError> => {
  const { prompt, max_length: maxLength } = params as { prompt?: string; max_length?: number }
  if (definition.summaryTimeoutMs === undefined || prompt === undefined) return Effect.succeed(result)
  const read = result as { content: string }
  return Effect.promise((signal) => distill(router, read.content, prompt, maxLength, signal)).pipe(
    Effect.flatMap((distilled) =>
      distilled.ok
        ? Effect.succeed({ ...read, content: distilled.content, truncated: distilled.truncated })
        : Effect.fail(failureOf(definition, distilled.error)),
    ),
  )
}

const decodeResult = (definition: ToolDefinition, value: unknown): Effect.Effect<unknown, ToolFailed> => {
  countCodec("offscreen:tool.result")
  const result = Schema.decodeUnknownExit(definition.result as Schema.Codec<unknown, unknown>)(value, { errors: "all" })
  if (Exit.isSuccess(result)) return Effect.succeed(result.value)
  return Effect.fail(
    new ToolFailed({ code: "invalid_result", message: `${definition.name} produced a result that does not match its contract.` }),
  )
}

/** The one typed error of a failed call; an interruption is a cancellation. */
export const errorOf = (tool: string, cause: Cause.Cause<ToolError>): ToolError => {
  const failure = cause.reasons.find(Cause.isFailReason)
  if (failure) return failure.error
  if (cause.reasons.some(Cause.isInterruptReason)) return new Cancelled({ tool })
  const defect = cause.reasons.find(Cause.isDieReason)?.defect
  return new ToolFailed({ code: "tool_failed", message: `${tool} failed unexpectedly: ${messageOf(defect)}` })
}

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause))
