/**
 * The developer API's runs (`agent.chat`, `.spawn`, `.research`): requests of the contract
 * (schemas/channel.ts) whose progress comes as events, all followed by one follower, which
 * subscribes before it starts (no event is missed) and keeps the run's events for its caller.
 */
import type { ChannelMethod, ChannelParams, ReplyOf } from "../../schemas/channel.ts"
import type { SpawnResult } from "../../schemas/channel-types.ts"
import { AgentError, type Outcome, type WireError } from "../../schemas/errors.ts"
import type { ConversationEvent, MeshEvent, ResearchState, RunFinished, SubAgentEvent } from "../../schemas/events.ts"
import { definedOnly, type MeshTransport } from "./transport.ts"

export type ChatOptions = Omit<ChannelParams["chat.start"], "prompt" | "runId">
export type SpawnOptions = Omit<ChannelParams["agents.spawn"], "agentId">
/** `signal`: aborting it stops the job, as `stop()` does. */
export type ResearchOptions = Omit<ChannelParams["research.start"], "jobId" | "question"> & { readonly signal?: AbortSignal }

/** The events of one run, in order, ending with `run_finished`. */
export type ChatEvent = ConversationEvent | Extract<MeshEvent, { type: "tool_call_started" | "tool_call_finished" | "sub_agent_event" }>
/** A job's states (`research_update`) and its agents' events (`sub_agent_event`), in order. */
export type ResearchEvent = ResearchState | SubAgentEvent
/** How a chat ended: its `run_finished` event's. */
export type ChatResult = Omit<typeof RunFinished.Type, "type">

/** A run: iterate it for its events; `result` settles with its end (a chat's failure too: its status says it). */
type Run<E, R> = AsyncIterable<E> & { readonly result: Promise<R>; stop(): Promise<void> }
export type ChatRun = Run<ChatEvent, ChatResult> & { readonly conversationId: string; readonly runId: string }
export type SpawnRun = Run<SubAgentEvent, SpawnResult> & { readonly agentId: string }
export type ResearchRun = Run<ResearchEvent, ResearchState> & { readonly jobId: string }

/** How a run is followed: the request that starts it, its own events, what ends it. */
interface Follow<E extends MeshEvent, R, M extends ChannelMethod> {
  readonly method: M
  readonly params: ChannelParams[M]
  readonly signal?: AbortSignal
  readonly own: (event: MeshEvent) => event is E
  /** The result an event ends the run with, or (a spawn's request lasts the run) the request's reply. */
  readonly end?: (event: E) => R | undefined
  readonly fromReply?: (reply: ReplyOf<M>) => R
  /** The last event a failure ends it with (a chat's); without it, `result` rejects. */
  readonly lastOf?: (error: WireError) => E
  /** What is said when the supervisor's document goes away; without it, the request says it. */
  readonly lost?: string
}

const follow = <E extends MeshEvent, R, M extends ChannelMethod>(transport: MeshTransport, spec: Follow<E, R, M>) => {
  let events!: ReadableStreamDefaultController<E>
  const stream = new ReadableStream<E>({ start: (controller) => void (events = controller) })
  const { promise: result, resolve: settle } = Promise.withResolvers<R>()
  result.catch(() => undefined)
  let open = true
  const finish = (end: R | Promise<never>) => {
    if (!open) return
    open = false
    unsubscribe()
    stopWatching?.()
    events.close()
    settle(end)
  }
  const take = (event: E) => {
    if (!open) return
    events.enqueue(event)
    const ended = spec.end?.(event)
    if (ended !== undefined) finish(ended)
  }
  const fail = (error: WireError) => open && (spec.lastOf ? take(spec.lastOf(error)) : finish(Promise.reject(new AgentError(error))))
  const unsubscribe = transport.onEvent((event) => void (spec.own(event) && take(event)))
  const stopWatching =
    spec.lost === undefined ? undefined : transport.onDisconnect?.(() => fail({ code: "unavailable", message: spec.lost! }))
  transport.request(spec.method, definedOnly(Object.entries(spec.params ?? {})), spec.signal).then(
    (outcome) => (outcome.ok ? spec.fromReply && finish(spec.fromReply(outcome.value)) : fail(outcome.error)),
    (cause: unknown) => fail({ code: "unavailable", message: `The run could not start: ${String(cause)}` }),
  )
  // A caller may stop iterating and come back: leaving a loop does not cancel the run's events.
  return { result, [Symbol.asyncIterator]: () => stream.values({ preventCancel: true }) }
}

export const unwrap = <A>(outcome: Outcome<A>): A => {
  if (outcome.ok) return outcome.value
  throw new AgentError(outcome.error)
}

/** The language a research report is worded in by default: the browser's UI language in an extension page, else the page's. */
const uiLanguage = (): string =>
  (typeof chrome !== "undefined" && chrome.i18n?.getUILanguage?.()) || (typeof navigator !== "undefined" ? navigator.language : "") || "en"

/** The runs of `globalThis.agent` over a transport. */
export const runsApi = (transport: MeshTransport) => ({
  /** Sends a message and runs the agent on it. */
  chat(prompt: string, options: ChatOptions = {}): ChatRun {
    const conversationId = options.conversationId ?? crypto.randomUUID()
    const runId = crypto.randomUUID()
    const run = follow<ChatEvent, ChatResult, "chat.start">(transport, {
      method: "chat.start",
      params: { ...options, prompt, conversationId, runId },
      own: (event): event is ChatEvent =>
        ("runId" in event && event.runId === runId) ||
        ((event.type === "tool_call_started" || event.type === "tool_call_finished") && event.callId.startsWith(`${runId}:`)),
      end: (event) => {
        if (event.type !== "run_finished") return undefined
        const { type: _type, ...result } = event
        return result
      },
      lastOf: (error) => ({ type: "run_finished", conversationId, runId, status: "failed", answer: "", error }),
      lost: "The connection to the agent was lost (its document closed); the conversation is saved up to the last completed step. Send a message to continue.",
    })
    return { ...run, conversationId, runId, stop: async () => void (await transport.request("chat.stop", { conversationId })) }
  },

  /** Starts a sub-agent outside any conversation (with the default model); rejects with its error. */
  spawn(options: SpawnOptions): SpawnRun {
    const agentId = crypto.randomUUID().slice(0, 8)
    const controller = new AbortController()
    const run = follow<SubAgentEvent, SpawnResult, "agents.spawn">(transport, {
      method: "agents.spawn",
      params: { ...options, agentId },
      signal: controller.signal,
      own: (event): event is SubAgentEvent => event.type === "sub_agent_event" && event.agentId === agentId,
      fromReply: (reply) => reply,
    })
    return { ...run, agentId, stop: async () => controller.abort() }
  },

  /** Starts a research job (docs/research.md); it runs on when the page that started it closes. */
  research(question: string, { signal, ...options }: ResearchOptions = {}): ResearchRun {
    const jobId = crypto.randomUUID()
    const run = follow<ResearchEvent, ResearchState, "research.start">(transport, {
      method: "research.start",
      params: { language: uiLanguage(), ...options, question, jobId },
      own: (event): event is ResearchEvent =>
        (event.type === "sub_agent_event" && event.agentId.startsWith(`${jobId}-`)) ||
        (event.type === "research_update" && event.jobId === jobId),
      end: (event) => (event.type === "research_update" && event.phase === "finished" ? event : undefined),
      lost: "The connection to the agent was lost; the job may still be running (see researchJobs.list()).",
    })
    const stop = async () => void unwrap(await transport.request("research.stop", { jobId }))
    signal?.addEventListener("abort", () => void stop().catch(() => undefined), { once: true })
    return { ...run, jobId, stop }
  },
})
