/**
 * The developer API's three runs, each a request whose progress comes as events: `agent.chat`,
 * `agent.spawn` and `agent.research`. Their options are the contract's parameters
 * (schemas/channel.ts) less the ids made here. Each subscribes before it starts, so no event is
 * missed, and queues its own events for its caller to iterate.
 */
import type { ChannelParams } from "../../schemas/channel.ts"
import type { SpawnResult } from "../../schemas/channel-types.ts"
import type { RunStatus } from "../../schemas/conversation.ts"
import { AgentError, type WireError } from "../../schemas/errors.ts"
import type { ConversationEvent, MeshEvent, ResearchState, SubAgentEvent } from "../../schemas/events.ts"
import { eventQueue, type EventQueue } from "./event-queue.ts"
import { definedOnly, type MeshTransport } from "./transport.ts"

export type ChatOptions = Omit<ChannelParams["chat.start"], "prompt" | "runId">
export type SpawnOptions = Omit<ChannelParams["agents.spawn"], "agentId">
export type ResearchOptions = Omit<ChannelParams["research.start"], "jobId" | "question"> & {
  /** Aborting it stops the job, as `stop()` does. */
  readonly signal?: AbortSignal
}

/** The events of one run, in order, ending with `run_finished`. */
export type ChatEvent = ConversationEvent | Extract<MeshEvent, { type: "tool_call_started" | "tool_call_finished" | "sub_agent_event" }>

export interface ChatResult {
  readonly conversationId: string
  readonly runId: string
  readonly status: RunStatus
  readonly answer: string
  readonly error?: WireError
}

/** A running chat: iterate it for its events; `result` settles with the final answer. */
export interface ChatRun extends AsyncIterable<ChatEvent> {
  readonly conversationId: string
  readonly runId: string
  readonly result: Promise<ChatResult>
  stop(): Promise<void>
}

/** A sub-agent job: iterate it for its events (`sub_agent_event`); `result` settles with its answer. */
export interface SpawnRun extends AsyncIterable<SubAgentEvent> {
  readonly agentId: string
  readonly result: Promise<SpawnResult>
  stop(): Promise<void>
}

/** A job's states (`research_update`) and its agents' events (`sub_agent_event`), in order. */
export type ResearchEvent = ResearchState | SubAgentEvent

/** A running research job: iterate it for its events; `result` settles with its final state (and report). */
export interface ResearchRun extends AsyncIterable<ResearchEvent> {
  readonly jobId: string
  readonly result: Promise<ResearchState>
  stop(): Promise<void>
}

const newId = () => crypto.randomUUID()

/**
 * A run's events: `take` queues the run's own (and returns true at its last), `lost` runs when
 * the supervisor's document goes away. `end` stops listening and closes the queue.
 */
const follow = <E>(transport: MeshTransport, take: (event: MeshEvent, queue: EventQueue<E>) => boolean, lost: () => void) => {
  const queue = eventQueue<E>()
  const end = () => {
    unsubscribe()
    stopWatching?.()
    queue.close()
  }
  const unsubscribe = transport.onEvent((event) => void (take(event, queue) && end()))
  const stopWatching = transport.onDisconnect?.(lost)
  return { queue, end, [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator]() }
}

export const startChat = (transport: MeshTransport, prompt: string, options: ChatOptions): ChatRun => {
  const conversationId = options.conversationId ?? newId()
  const runId = newId()
  let settle!: (result: ChatResult) => void
  const result = new Promise<ChatResult>((resolve) => (settle = resolve))
  const fail = (error: WireError) => {
    run.queue.push({ type: "run_finished", conversationId, runId, status: "failed", answer: "", error })
    run.end()
    settle({ conversationId, runId, status: "failed", answer: "", error })
  }
  const run = follow<ChatEvent>(
    transport,
    (event, queue) => {
      if ("runId" in event && event.runId === runId) {
        queue.push(event)
        if (event.type !== "run_finished") return false
        settle({ conversationId, runId, status: event.status, answer: event.answer, ...(event.error ? { error: event.error } : {}) })
        return true
      }
      if ((event.type === "tool_call_started" || event.type === "tool_call_finished") && event.callId.startsWith(`${runId}:`))
        queue.push(event)
      return false
    },
    // The supervisor's document closed: this run is gone (what it saved is kept).
    () =>
      fail({
        code: "unavailable",
        message:
          "The connection to the agent was lost (its document closed); the conversation is saved up to the last completed step. Send a message to continue.",
      }),
  )
  transport
    .request("chat.start", definedOnly(Object.entries({ ...options, prompt, conversationId, runId })))
    .then((outcome) => (outcome.ok ? undefined : fail(outcome.error)))
    .catch((cause: unknown) => fail({ code: "unavailable", message: `The run could not start: ${String(cause)}` }))
  return {
    conversationId,
    runId,
    result,
    stop: async () => void (await transport.request("chat.stop", { conversationId })),
    [Symbol.asyncIterator]: run[Symbol.asyncIterator],
  }
}

export const startSpawn = (transport: MeshTransport, options: SpawnOptions): SpawnRun => {
  const agentId = newId().slice(0, 8)
  const run = follow<SubAgentEvent>(
    transport,
    (event, queue) => (event.type === "sub_agent_event" && event.agentId === agentId && queue.push(event), false),
    () => undefined,
  )
  const controller = new AbortController()
  const result = transport
    .request("agents.spawn", definedOnly(Object.entries({ ...options, agentId })), controller.signal)
    .then((outcome) => {
      run.end()
      if (outcome.ok) return outcome.value
      throw new AgentError(outcome.error)
    })
  result.catch(() => undefined)
  return { agentId, result, stop: async () => controller.abort(), [Symbol.asyncIterator]: run[Symbol.asyncIterator] }
}

/** The language a research report is worded in by default: the browser's UI language in an extension page, else the page's. */
const uiLanguage = (): string =>
  (typeof chrome !== "undefined" && chrome.i18n?.getUILanguage?.()) || (typeof navigator !== "undefined" ? navigator.language : "") || "en"

export const startResearch = (transport: MeshTransport, question: string, options: ResearchOptions): ResearchRun => {
  const jobId = newId()
  let settle!: (state: ResearchState) => void
  let reject!: (error: AgentError) => void
  const result = new Promise<ResearchState>((resolve, fail) => ((settle = resolve), (reject = fail)))
  result.catch(() => undefined)
  const fail = (error: WireError) => {
    run.end()
    reject(new AgentError(error))
  }
  const run = follow<ResearchEvent>(
    transport,
    (event, queue) => {
      if (event.type === "sub_agent_event" && event.agentId.startsWith(`${jobId}-`)) queue.push(event)
      if (event.type !== "research_update" || event.jobId !== jobId) return false
      queue.push(event)
      if (event.phase === "finished") settle(event)
      return event.phase === "finished"
    },
    () =>
      fail({
        code: "unavailable",
        message: "The connection to the agent was lost; the job may still be running (see researchJobs.list()).",
      }),
  )
  const stop = async () => {
    const outcome = await transport.request("research.stop", { jobId })
    if (!outcome.ok) throw new AgentError(outcome.error)
  }
  options.signal?.addEventListener("abort", () => void stop().catch(() => undefined), { once: true })
  const { signal: _signal, ...params } = options
  void transport
    .request("research.start", definedOnly(Object.entries({ language: uiLanguage(), ...params, question, jobId })))
    .then((outcome) => (outcome.ok ? undefined : fail(outcome.error)))
    .catch((cause: unknown) => fail({ code: "unavailable", message: `The job could not start: ${String(cause)}` }))
  return { jobId, result, stop, [Symbol.asyncIterator]: run[Symbol.asyncIterator] }
}
