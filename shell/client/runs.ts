/**
 * The developer API's three runs, `agent.chat`, `agent.spawn` and `agent.research`: each a
 * request of the contract (schemas/channel.ts) whose progress comes as events, followed by one
 * follower. Their options are the contract's parameters less the ids made here. The follower
 * subscribes before it starts, so no event is missed, and keeps the run's events for its caller.
 */
import type { ChannelMethod, ChannelParams, ReplyOf } from "../../schemas/channel.ts"
import type { SpawnResult } from "../../schemas/channel-types.ts"
import type { RunStatus } from "../../schemas/conversation.ts"
import { AgentError, type WireError } from "../../schemas/errors.ts"
import type { ConversationEvent, MeshEvent, ResearchState, SubAgentEvent } from "../../schemas/events.ts"
import { definedOnly, type MeshTransport } from "./transport.ts"

export type ChatOptions = Omit<ChannelParams["chat.start"], "prompt" | "runId">
export type SpawnOptions = Omit<ChannelParams["agents.spawn"], "agentId">
/** `signal`: aborting it stops the job, as `stop()` does. */
export type ResearchOptions = Omit<ChannelParams["research.start"], "jobId" | "question"> & { readonly signal?: AbortSignal }

/** The events of one run, in order, ending with `run_finished`. */
export type ChatEvent = ConversationEvent | Extract<MeshEvent, { type: "tool_call_started" | "tool_call_finished" | "sub_agent_event" }>
/** A job's states (`research_update`) and its agents' events (`sub_agent_event`), in order. */
export type ResearchEvent = ResearchState | SubAgentEvent
export interface ChatResult {
  readonly conversationId: string
  readonly runId: string
  readonly status: RunStatus
  readonly answer: string
  readonly error?: WireError
}

/** A run: iterate it for its events; `result` settles with its end (a chat's failure too: its status says it). */
interface Run<E, R> extends AsyncIterable<E> {
  readonly result: Promise<R>
  stop(): Promise<void>
}
export interface ChatRun extends Run<ChatEvent, ChatResult> {
  readonly conversationId: string
  readonly runId: string
}
export interface SpawnRun extends Run<SubAgentEvent, SpawnResult> {
  readonly agentId: string
}
export interface ResearchRun extends Run<ResearchEvent, ResearchState> {
  readonly jobId: string
}

/** How a run is followed: the request that starts it, its own events, what ends it. */
interface Follow<E extends MeshEvent, R, M extends ChannelMethod> {
  readonly method: M
  readonly params: ChannelParams[M]
  readonly signal?: AbortSignal
  readonly own: (event: MeshEvent) => event is E
  /** The result an event ends the run with; without it, the request's reply ends it (it lasts the run). */
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
  let settle!: (result: R) => void
  let reject!: (error: AgentError) => void
  const result = new Promise<R>((resolve, fail) => ((settle = resolve), (reject = fail)))
  result.catch(() => undefined)
  let open = true
  const finish = (then: () => void) => {
    if (!open) return
    open = false
    unsubscribe()
    stopWatching?.()
    events.close()
    then()
  }
  const take = (event: E) => {
    if (!open) return
    events.enqueue(event)
    const ended = spec.end?.(event)
    if (ended !== undefined) finish(() => settle(ended))
  }
  const fail = (error: WireError) => (spec.lastOf ? take(spec.lastOf(error)) : finish(() => reject(new AgentError(error))))
  const unsubscribe = transport.onEvent((event) => void (spec.own(event) && take(event)))
  const lost = spec.lost
  const stopWatching = lost === undefined ? undefined : transport.onDisconnect?.(() => fail({ code: "unavailable", message: lost }))
  transport.request(spec.method, definedOnly(Object.entries(spec.params ?? {})), spec.signal).then(
    (outcome) => (outcome.ok ? spec.fromReply && finish(() => settle(spec.fromReply!(outcome.value))) : fail(outcome.error)),
    (cause: unknown) => fail({ code: "unavailable", message: `The run could not start: ${String(cause)}` }),
  )
  // A caller may stop iterating and come back: leaving a loop does not cancel the run's events.
  return { result, [Symbol.asyncIterator]: () => stream.values({ preventCancel: true }) }
}

const newId = () => crypto.randomUUID()

export const startChat = (transport: MeshTransport, prompt: string, options: ChatOptions): ChatRun => {
  const conversationId = options.conversationId ?? newId()
  const runId = newId()
  const run = follow<ChatEvent, ChatResult, "chat.start">(transport, {
    method: "chat.start",
    params: { ...options, prompt, conversationId, runId },
    own: (event): event is ChatEvent =>
      ("runId" in event && event.runId === runId) ||
      ((event.type === "tool_call_started" || event.type === "tool_call_finished") && event.callId.startsWith(`${runId}:`)),
    end: (event) =>
      event.type === "run_finished"
        ? { conversationId, runId, status: event.status, answer: event.answer, ...(event.error ? { error: event.error } : {}) }
        : undefined,
    lastOf: (error) => ({ type: "run_finished", conversationId, runId, status: "failed", answer: "", error }),
    lost: "The connection to the agent was lost (its document closed); the conversation is saved up to the last completed step. Send a message to continue.",
  })
  return { ...run, conversationId, runId, stop: async () => void (await transport.request("chat.stop", { conversationId })) }
}

export const startSpawn = (transport: MeshTransport, options: SpawnOptions): SpawnRun => {
  const agentId = newId().slice(0, 8)
  const controller = new AbortController()
  const run = follow<SubAgentEvent, SpawnResult, "agents.spawn">(transport, {
    method: "agents.spawn",
    params: { ...options, agentId },
    signal: controller.signal,
    own: (event): event is SubAgentEvent => event.type === "sub_agent_event" && event.agentId === agentId,
    fromReply: (reply) => reply,
  })
  return { ...run, agentId, stop: async () => controller.abort() }
}

/** The language a research report is worded in by default: the browser's UI language in an extension page, else the page's. */
const uiLanguage = (): string =>
  (typeof chrome !== "undefined" && chrome.i18n?.getUILanguage?.()) || (typeof navigator !== "undefined" ? navigator.language : "") || "en"

export const startResearch = (transport: MeshTransport, question: string, { signal, ...options }: ResearchOptions): ResearchRun => {
  const jobId = newId()
  const run = follow<ResearchEvent, ResearchState, "research.start">(transport, {
    method: "research.start",
    params: { language: uiLanguage(), ...options, question, jobId },
    own: (event): event is ResearchEvent =>
      (event.type === "sub_agent_event" && event.agentId.startsWith(`${jobId}-`)) ||
      (event.type === "research_update" && event.jobId === jobId),
    end: (event) => (event.type === "research_update" && event.phase === "finished" ? event : undefined),
    lost: "The connection to the agent was lost; the job may still be running (see researchJobs.list()).",
  })
  const stop = async () => {
    const outcome = await transport.request("research.stop", { jobId })
    if (!outcome.ok) throw new AgentError(outcome.error)
  }
  signal?.addEventListener("abort", () => void stop().catch(() => undefined), { once: true })
  return { ...run, jobId, stop }
}
