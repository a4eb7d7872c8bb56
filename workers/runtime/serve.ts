/**
 * The runtime of a tool group's worker: it serves the group's handlers to the supervisor over
 * Comlink, runs each call as an Effect that the supervisor can interrupt, and turns every
 * failure into the wire form of the one error union.
 */
import * as Comlink from "comlink"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { Cancelled, toWire, type ToolError } from "../../schemas/errors.ts"
import type { ParamsOf, ResultOf, ToolErrorOf, ToolMeta } from "../../schemas/tool-definition.ts"
import type { CallOutcome, CallRequest, HostServices, RouterCall, ToolWorkerApi } from "./protocol.ts"
import { faultInjection } from "./fault-injection.ts"

export interface ToolContext {
  readonly callId: string
  readonly conversationId: string
  /** The agent run the call counts for (a sub-agent's: its parent's); absent for a person's call. */
  readonly run?: string
  /** Aborted when the call is cancelled or times out: pass it to fetch and long loops. */
  readonly signal: AbortSignal
  readonly router: RouterCall
  readonly host: HostServices
  /**
   * Registers the receiver of what `deliver` brings to this call (e.g. the user's answer). It
   * returns an outcome: accepted, or refused with an error that the sender sees.
   */
  readonly onDelivery: (receiver: (payload: unknown) => CallOutcome) => void
}

/** A tool's handler: it may fail only with the mesh's errors and the codes its definition declares. */
export type Handler<D> = (params: ParamsOf<D>, context: ToolContext) => Effect.Effect<ResultOf<D>, ToolErrorOf<D>>

export type Handlers<Defs extends ReadonlyArray<ToolMeta>> = {
  readonly [D in Defs[number] as D["name"]]: Handler<D>
}

const unreachableRouter: RouterCall = () =>
  Promise.resolve({ ok: false, error: { code: "unavailable", message: "The worker was not given a router." } })
const noHost: HostServices = {
  router: unreachableRouter,
  createObjectURL: () => Promise.reject(new Error("The worker was not given a host.")),
  runInSandbox: () => Promise.reject(new Error("The worker was not given a host.")),
  cancelSandbox: () => Promise.resolve(),
  emit: () => undefined,
  judgeHop: () => Promise.resolve({ ok: false, error: { code: "unavailable", message: "The worker was not given a host." } }),
  memory: {
    put: () => Promise.reject(new Error("The worker was not given a host.")),
    entries: () => Promise.reject(new Error("The worker was not given a host.")),
  },
  fenceTab: () => Promise.resolve({ ok: false, error: { code: "unavailable", message: "The worker was not given a host." } }),
}

export interface ServeOptions {
  /** What `warm` opens (see ToolWorkerApi.warm); a failure is left for the calls to meet. */
  readonly warm?: () => Promise<unknown>
}

export const serveToolGroup = <const Defs extends ReadonlyArray<ToolMeta>>(
  definitions: Defs,
  handlers: NoInfer<Handlers<Defs>>,
  options: ServeOptions = {},
): void => {
  const running = new Map<string, AbortController>()
  const receivers = new Map<string, (payload: unknown) => CallOutcome>()
  let host: HostServices = noHost
  const byName = new Map<string, Handler<ToolMeta>>(
    definitions.map((d) => [d.name, (handlers as Record<string, Handler<ToolMeta>>)[d.name]!]),
  )

  const api: ToolWorkerApi = {
    init(hostProxy) {
      host = hostProxy
    },
    async call(request: CallRequest): Promise<CallOutcome> {
      const handler = byName.get(request.tool)
      if (handler === undefined) {
        return { ok: false, error: { code: "not_implemented", message: `${request.tool} is not served by this worker.` } }
      }
      const controller = new AbortController()
      running.set(request.callId, controller)
      try {
        const context: ToolContext = {
          callId: request.callId,
          conversationId: request.conversationId,
          ...(request.run !== undefined ? { run: request.run } : {}),
          signal: controller.signal,
          router: (method, params) => host.router(method, params),
          host,
          onDelivery: (receiver) => void receivers.set(request.callId, receiver),
        }
        const exit = await Effect.runPromiseExit(handler(request.params as never, context), { signal: controller.signal })
        return outcomeOf(request.tool, exit)
      } finally {
        running.delete(request.callId)
        receivers.delete(request.callId)
      }
    },
    async deliver(callId, payload) {
      const receiver = receivers.get(callId)
      if (!receiver) return { ok: false, error: { code: "not_found", message: "That call is no longer waiting for anything." } }
      return receiver(payload)
    },
    cancel(callId) {
      running.get(callId)?.abort()
    },
    ping: () => "pong",
    warm: async () => {
      await options.warm?.().catch(() => undefined)
      await rehearse()
    },
    ...faultInjection,
  }
  Comlink.expose(api)
}

/**
 * Runs once, with nothing to do, what every call runs around its handler. V8 compiles a function
 * when it is first called, and nothing in a tool worker runs Effect before its first call, so
 * that call paid for compiling Effect's fiber runtime and its failure handling: in the page
 * worker 14–17 ms of CPU against 1–3 ms for a warm call (a Chromium trace). `warm` runs while
 * the document is idle, so the compiling happens there instead. Only what every group's calls
 * run: a combinator one group's handlers add (the page group's time limit) is rehearsed by that
 * group's own `warm`, so that the small workers do not load it.
 */
const rehearse = async (): Promise<void> => {
  const nothing = Effect.gen(function* () {
    return yield* Effect.tryPromise({ try: () => Promise.resolve(0), catch: () => new Cancelled({ tool: "warm" }) })
  }).pipe(Effect.flatMap((value) => (value === 0 ? Effect.fail(new Cancelled({ tool: "warm" })) : Effect.succeed(value))))
  outcomeOf("warm", await Effect.runPromiseExit(nothing, { signal: new AbortController().signal }))
}

const outcomeOf = (tool: string, exit: Exit.Exit<unknown, ToolError>): CallOutcome => {
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value }
  const cause = exit.cause
  const failure = cause.reasons.find(Cause.isFailReason)
  if (failure) return { ok: false, error: toWire(failure.error) }
  if (cause.reasons.some(Cause.isInterruptReason)) return { ok: false, error: toWire(new Cancelled({ tool })) }
  const defect = cause.reasons.find(Cause.isDieReason)?.defect
  const message = defect instanceof Error ? defect.message : String(defect)
  return { ok: false, error: { code: "tool_failed", message: `${tool} failed unexpectedly: ${message}` } }
}
