/**
 * What the side panel shows of one conversation, as plain data: the saved messages, the text
 * still streaming, the tool calls in flight and the questions waiting. `reduce` folds the mesh's
 * events into it; `turnsOf` shapes it for rendering. No DOM and no agent calls here, so the
 * rules (which event voids which text, which call is waiting for the user) are tested alone.
 */
import type { MessageRecord, RunStatus, Usage } from "../../schemas/conversation.ts"
import type { WireError } from "../../schemas/errors.ts"
import type { ConfirmationRequested, MeshEvent, QuestionAsked, ResearchState } from "../../schemas/events.ts"

/** "declined": the user (or a rule they set) said no to the call, their decision, not a failure. */
export type ToolStatus = "running" | "waiting" | "done" | "failed" | "cancelled" | "declined"

/** The status a call ended in, from its error (none: done). */
export const endedStatus = (error: WireError | undefined): ToolStatus =>
  error === undefined ? "done" : error.code === "cancelled" ? "cancelled" : error.code === "permission_denied" ? "declined" : "failed"

/** A tool call as its events told it (its result arrives with the saved tool message). */
export interface LiveCall {
  readonly callId: string
  readonly tool: string
  readonly params: unknown
  readonly finished: boolean
  readonly durationMs?: number
  readonly error?: WireError
}

/**
 * The text of a reply as the deltas it came in, one array shared by the views that follow each
 * other, each seeing its first `count`: a renderer reads only the deltas it has not seen yet,
 * where reading `text` (a string that `+` built of the deltas) would make V8 copy the whole reply
 * into one flat string, on every frame; those copies were a fifth of the panel's garbage.
 */
export interface TextDeltas {
  readonly parts: ReadonlyArray<string>
  readonly count: number
}

/** `deltas` with `delta` after them; the array is shared unless a view other than the newest grows. */
export const withDelta = (deltas: TextDeltas | undefined, delta: string): TextDeltas => {
  if (deltas === undefined) return { parts: [delta], count: 1 }
  // Only the newest view may append in place: an older one's successor already holds the next slot.
  const parts = deltas.parts.length === deltas.count ? (deltas.parts as string[]) : deltas.parts.slice(0, deltas.count)
  parts.push(delta)
  return { parts, count: deltas.count + 1 }
}

/** The text that `deltas` hold. */
export const textOf = (deltas: TextDeltas): string => deltas.parts.slice(0, deltas.count).join("")

export interface LiveRun {
  readonly runId: string
  /** Text and reasoning streamed since the last saved assistant message. */
  readonly text: string
  /** `text` as its deltas (absent while it is empty). */
  readonly textDeltas?: TextDeltas
  readonly reasoning: string
  /** The last retry's reason as a code (worded by the UI), while the model request is being tried again. */
  readonly retry?: string
}

/** A sub-agent at work under the call that started it. */
export interface Lane {
  readonly agentId: string
  readonly agentType: string
  readonly description?: string
  readonly status: "running" | RunStatus
  /** Model turns so far. */
  readonly steps: number
  /** What it is doing now: the name of the tool it runs, or the latest of the text it writes (after "✎ "). */
  readonly current: string
  /** What the tool it runs works on, where a person would want to know: a page's site, a search's query. */
  readonly target?: string
  /** Why it failed, worded by the UI. */
  readonly error?: WireError
  readonly tools: ReadonlyArray<{ readonly callId: string; readonly tool: string; readonly status: ToolStatus }>
}

export interface ChatView {
  readonly conversationId: string | undefined
  readonly messages: ReadonlyArray<MessageRecord>
  readonly live: LiveRun | undefined
  readonly calls: Readonly<Record<string, LiveCall>>
  readonly questions: ReadonlyArray<QuestionAsked>
  /** The model's calls waiting for the user's yes or no (destructive tools, data sent elsewhere). */
  readonly confirmations: ReadonlyArray<ConfirmationRequested>
  /** The last run's failure, shown until the next run starts. */
  readonly failure: WireError | undefined
  /** Sub-agents by the call that started them (`${runId}:${callId}`, or `research:<job>:<agent>`). */
  readonly lanes: Readonly<Record<string, Lane>>
  /** This conversation's research jobs by id, each as its latest state. */
  readonly research: Readonly<Record<string, ResearchState>>
}

export const emptyView = (conversationId?: string): ChatView => ({
  conversationId,
  messages: [],
  live: undefined,
  calls: {},
  questions: [],
  confirmations: [],
  failure: undefined,
  lanes: {},
  research: {},
})

/**
 * How much of what a sub-agent writes its lane keeps: the lane shows one line of its latest words,
 * and a lane that kept all of it would copy and lay out the whole text on every delta.
 */
export const LANE_TEXT_KEPT = 160

/** The latest `LANE_TEXT_KEPT` characters of `text`, not starting inside a surrogate pair. */
const latestWords = (text: string): string => {
  if (text.length <= LANE_TEXT_KEPT) return text
  const kept = text.slice(-LANE_TEXT_KEPT)
  return /^[\uDC00-\uDFFF]/.test(kept) ? kept.slice(1) : kept
}

/** What a tool call works on, for a lane's line: the site a page is read from, or a search's query. */
const toolTarget = (tool: string, params: unknown): string | undefined => {
  const p = (typeof params === "object" && params !== null ? params : {}) as { url?: unknown; query?: unknown }
  if (tool === "web_fetch" && typeof p.url === "string") {
    try {
      return new URL(p.url).host || undefined
    } catch {
      return undefined
    }
  }
  if (tool === "web_search" && typeof p.query === "string") {
    const query = p.query.replace(/\s+/g, " ").trim()
    return query.length > 60 ? `${query.slice(0, 59)}…` : query || undefined
  }
  return undefined
}

/** Folds a sub-agent's own event into its lane. */
export const reduceLane = (lane: Lane, event: Extract<MeshEvent, { type: "sub_agent_event" }>["event"]): Lane => {
  switch (event.type) {
    case "text_delta":
      return { ...lane, current: `✎ ${latestWords((lane.current.startsWith("✎ ") ? lane.current.slice(2) : "") + event.delta)}` }
    case "message_saved":
      return event.record.message.role === "assistant" && !event.record.notice ? { ...lane, steps: lane.steps + 1, current: "" } : lane
    case "tool_call_started": {
      const { target: _was, ...rest } = lane
      const target = toolTarget(event.tool, event.params)
      return {
        ...rest,
        current: event.tool,
        ...(target ? { target } : {}),
        tools: [...lane.tools, { callId: event.callId, tool: event.tool, status: "running" }],
      }
    }
    case "tool_call_finished":
      return {
        ...lane,
        tools: lane.tools.map((t) => (t.callId === event.callId ? { ...t, status: endedStatus(event.error) } : t)),
      }
    case "run_finished":
      return {
        ...lane,
        status: event.status,
        current: event.status === "completed" ? "" : lane.current,
        ...(event.error ? { error: event.error } : {}),
      }
    default:
      return lane
  }
}

/** The lane of a sub-agent whose first event this is. */
const laneStarting = (event: Extract<MeshEvent, { type: "sub_agent_event" }>): Lane => ({
  agentId: event.agentId,
  agentType: event.agentType,
  ...(event.description ? { description: event.description } : {}),
  status: "running",
  steps: 0,
  current: "",
  tools: [],
})

/**
 * The lanes of agent.spawn's jobs, by agent: they belong to no conversation, so they are kept
 * beside any conversation's view. Events of conversations' own sub-agents leave them as they are.
 */
export const reduceSpawnLanes = (lanes: Readonly<Record<string, Lane>>, event: MeshEvent): Readonly<Record<string, Lane>> => {
  if (event.type !== "sub_agent_event" || event.conversationId !== undefined || event.callId !== undefined) return lanes
  const lane = lanes[event.agentId]
  const next = reduceLane(lane ?? laneStarting(event), event.event)
  return next === lane ? lanes : { ...lanes, [event.agentId]: next }
}

/** A lane rebuilt from a saved sub-agent transcript (a conversation opened after the fact). */
export const laneOfTranscript = (transcript: {
  id: string
  status: string
  title: string
  parent?: { agentType: string; description?: string }
  messages: ReadonlyArray<MessageRecord>
}): Lane => ({
  agentId: transcript.id.replace(/^sub:/, ""),
  agentType: transcript.parent?.agentType ?? "general",
  ...(transcript.parent?.description ? { description: transcript.parent.description } : {}),
  status: (transcript.status === "idle" ? "completed" : transcript.status) as Lane["status"],
  steps: transcript.messages.filter((m) => m.message.role === "assistant" && !m.notice).length,
  current: "",
  tools: transcript.messages
    .filter((m) => m.message.role === "tool")
    .map((m) => ({
      callId: `${m.runId}:${(m.message as { toolCallId: string }).toolCallId}`,
      tool: (m.message as { name: string }).name,
      status: endedStatus(m.tool?.error),
    })),
})

const ofConversation = (view: ChatView, event: MeshEvent): boolean =>
  view.conversationId !== undefined && "conversationId" in event && event.conversationId === view.conversationId

/** Folds one mesh event into the view; events of other conversations leave it as it is. */
export const reduce = (view: ChatView, event: MeshEvent): ChatView => {
  if (!ofConversation(view, event)) return view
  switch (event.type) {
    case "run_started":
      return { ...view, live: { runId: event.runId, text: "", reasoning: "" }, failure: undefined }
    case "text_delta":
    case "reasoning_delta": {
      const live = view.live?.runId === event.runId ? view.live : { runId: event.runId, text: "", reasoning: "" }
      const { retry: _retry, ...rest } = live
      return {
        ...view,
        live:
          event.type === "text_delta"
            ? { ...rest, text: live.text + event.delta, textDeltas: withDelta(live.textDeltas, event.delta) }
            : { ...rest, reasoning: live.reasoning + event.delta },
      }
    }
    case "branched":
      // An edit or a regenerated answer: the branch from `fromSeq` on is set aside (it stays saved).
      return { ...view, messages: view.messages.filter((m) => m.seq < event.fromSeq) }
    case "retry":
      // The request is tried again from the last saved message: what streamed since is void.
      return { ...view, live: { runId: event.runId, text: "", reasoning: "", retry: event.code ?? "model_error" } }
    case "message_saved": {
      if (view.messages.some((m) => m.seq === event.record.seq)) return view
      const messages = [...view.messages, event.record].sort((a, b) => a.seq - b.seq)
      const live =
        event.record.message.role === "assistant" && view.live?.runId === event.runId
          ? { runId: event.runId, text: "", reasoning: "" }
          : view.live
      return { ...view, messages, live }
    }
    case "run_finished":
      return {
        ...view,
        live: view.live?.runId === event.runId ? undefined : view.live,
        failure: event.status === "failed" && event.error ? event.error : view.failure,
      }
    case "tool_call_started":
      return {
        ...view,
        calls: { ...view.calls, [event.callId]: { callId: event.callId, tool: event.tool, params: event.params, finished: false } },
      }
    case "tool_call_finished": {
      const started = view.calls[event.callId]
      return {
        ...view,
        calls: {
          ...view.calls,
          [event.callId]: {
            callId: event.callId,
            tool: event.tool,
            params: started?.params,
            finished: true,
            durationMs: event.durationMs,
            ...(event.error ? { error: event.error } : {}),
          },
        },
      }
    }
    case "question_asked":
      return view.questions.some((q) => q.id === event.id) ? view : { ...view, questions: [...view.questions, event] }
    case "question_closed":
      return { ...view, questions: view.questions.filter((q) => q.id !== event.id) }
    case "confirmation_requested":
      return view.confirmations.some((c) => c.id === event.id) ? view : { ...view, confirmations: [...view.confirmations, event] }
    case "confirmation_closed":
      return { ...view, confirmations: view.confirmations.filter((c) => c.id !== event.id) }
    case "research_update":
      return { ...view, research: { ...view.research, [event.jobId]: event } }
    case "sub_agent_event": {
      if (event.callId === undefined) return view
      const lane = view.lanes[event.callId]
      const next = reduceLane(lane ?? laneStarting(event), event.event)
      return next === lane ? view : { ...view, lanes: { ...view.lanes, [event.callId]: next } }
    }
    default:
      return view
  }
}

/** One tool call as a card shows it. */
export interface ToolCard {
  readonly callId: string
  readonly tool: string
  readonly params: unknown
  readonly status: ToolStatus
  readonly durationMs?: number
  readonly result?: unknown
  readonly error?: WireError
  /** Images the result carried (capture_tab), from the saved tool message: shown as thumbnails. */
  readonly images?: ReadonlyArray<{ readonly mediaType: string; readonly data: string }>
}

export type TurnItem =
  | { readonly kind: "user"; readonly record: MessageRecord; readonly text: string }
  | {
      readonly kind: "assistant"
      readonly record: MessageRecord
      readonly text: string
      /** The reply streaming now: its text as the deltas it came in (see TextDeltas). */
      readonly textDeltas?: TextDeltas
      readonly reasoning: string
      readonly tools: ReadonlyArray<ToolCard>
      /** Stopped by the user while it streamed: the text is what it had written by then. */
      readonly stopped: boolean
      /** Which of its run's assistant messages it is: the streaming reply has the same place before it is saved. */
      readonly ordinal: number
    }
  | { readonly kind: "notice"; readonly record: MessageRecord; readonly notice: NonNullable<MessageRecord["notice"]> }
  | { readonly kind: "usage"; readonly runId: string; readonly usage: Usage }

/**
 * The card of a call: the saved tool message wins (it has the result); else the live events;
 * else the call was asked for but never ran (a stopped or crashed run).
 */
export const cardOf = (
  record: MessageRecord,
  call: { readonly id: string; readonly name: string; readonly arguments: unknown },
  saved: MessageRecord | undefined,
  view: ChatView,
  running: boolean,
): ToolCard => {
  const callId = `${record.runId}:${call.id}`
  const base = { callId, tool: call.name, params: call.arguments }
  if (saved?.tool) {
    const { durationMs, result, error } = saved.tool
    const images = saved.message.role === "tool" ? saved.message.images : undefined
    return {
      ...base,
      status: endedStatus(error),
      durationMs,
      ...(result !== undefined ? { result } : {}),
      ...(error ? { error } : {}),
      ...(images?.length ? { images } : {}),
    }
  }
  const live = view.calls[callId]
  if (live?.finished) {
    return {
      ...base,
      status: endedStatus(live.error),
      ...(live.durationMs !== undefined ? { durationMs: live.durationMs } : {}),
      ...(live.error ? { error: live.error } : {}),
    }
  }
  if (!running) return { ...base, status: "cancelled" }
  const waiting = (call.name === "ask_user" && view.questions.length > 0) || view.confirmations.some((c) => c.tool === call.name)
  return { ...base, status: waiting ? "waiting" : "running" }
}

/** The saved messages as the panel lists them: tool results folded into their calls' cards, usage after each run. */
export const turnsOf = (view: ChatView, runningRunId: string | undefined): ReadonlyArray<TurnItem> => {
  const items: TurnItem[] = []
  const toolResults = new Map<string, MessageRecord>()
  for (const m of view.messages) if (m.message.role === "tool") toolResults.set(`${m.runId}:${m.message.toolCallId}`, m)
  const usageByRun = new Map<string, Usage>()
  for (const m of view.messages) if (m.usage) usageByRun.set(m.runId, addUsage(usageByRun.get(m.runId), m.usage))
  const lastOfRun = new Map<string, number>()
  view.messages.forEach((m, i) => lastOfRun.set(m.runId, i))
  const answersOfRun = new Map<string, number>()

  view.messages.forEach((record, i) => {
    const { message } = record
    if (record.notice) items.push({ kind: "notice", record, notice: record.notice })
    else if (record.nudge !== undefined) {
      // The agent's word to the model about its last reply: not the user's, not shown.
    } else if (message.role === "user") items.push({ kind: "user", record, text: message.content })
    else if (message.role === "assistant") {
      const ordinal = answersOfRun.get(record.runId) ?? 0
      answersOfRun.set(record.runId, ordinal + 1)
      const tools = (message.toolCalls ?? []).map((call) =>
        cardOf(record, call, toolResults.get(`${record.runId}:${call.id}`), view, record.runId === runningRunId),
      )
      const reasoning = (message.reasoning ?? []).map((r) => r.text).join("\n\n")
      if (message.content || reasoning || tools.length)
        items.push({ kind: "assistant", record, text: message.content, reasoning, tools, stopped: record.stopped === true, ordinal })
    }
    const usage = usageByRun.get(record.runId)
    if (usage && lastOfRun.get(record.runId) === i && record.runId !== runningRunId)
      items.push({ kind: "usage", runId: record.runId, usage })
  })
  return items
}

/** The key an item keeps across renders: its run and place, or its saved message. */
export const turnKey = (i: TurnItem): string =>
  i.kind === "usage" ? `u:${i.runId}` : i.kind === "assistant" ? `a:${i.record.runId}:${i.ordinal}` : `${i.kind}:${i.record.seq}`

const sameCard = (a: ToolCard, b: ToolCard): boolean =>
  a.callId === b.callId &&
  a.status === b.status &&
  a.durationMs === b.durationMs &&
  a.params === b.params &&
  a.result === b.result &&
  a.error === b.error &&
  a.images === b.images

const sameItem = (a: TurnItem, b: TurnItem): boolean => {
  switch (a.kind) {
    case "user":
    case "notice":
      return b.kind === a.kind && b.record === a.record
    case "usage":
      return (
        b.kind === "usage" &&
        b.usage.inputTokens === a.usage.inputTokens &&
        b.usage.outputTokens === a.usage.outputTokens &&
        b.usage.cachedInputTokens === a.usage.cachedInputTokens
      )
    case "assistant":
      return (
        b.kind === "assistant" &&
        b.record === a.record &&
        b.text === a.text &&
        b.reasoning === a.reasoning &&
        b.stopped === a.stopped &&
        b.tools.length === a.tools.length &&
        b.tools.every((card, k) => sameCard(card, a.tools[k]!))
      )
  }
}

/**
 * `next` with each item that did not change replaced by the one made before, so whatever is keyed
 * on an item's identity (the log renders an item again only when it changed) sees it unchanged.
 */
export const keepUnchanged = (previous: ReadonlyArray<TurnItem>, next: ReadonlyArray<TurnItem>): ReadonlyArray<TurnItem> => {
  if (previous.length === 0) return next
  const before = new Map(previous.map((i) => [turnKey(i), i]))
  return next.map((item) => {
    const old = before.get(turnKey(item))
    return old !== undefined && sameItem(old, item) ? old : item
  })
}

export const addUsage = (a: Usage | undefined, b: Usage): Usage => ({
  inputTokens: (a?.inputTokens ?? 0) + b.inputTokens,
  outputTokens: (a?.outputTokens ?? 0) + b.outputTokens,
  ...((a?.cachedInputTokens ?? b.cachedInputTokens) !== undefined
    ? { cachedInputTokens: (a?.cachedInputTokens ?? 0) + (b.cachedInputTokens ?? 0) }
    : {}),
})

/** The conversation's tokens so far, from its saved messages (so it grows as the run goes). */
export const totalUsage = (messages: ReadonlyArray<MessageRecord>): Usage =>
  messages.reduce<Usage>((sum, m) => (m.usage ? addUsage(sum, m.usage) : sum), { inputTokens: 0, outputTokens: 0 })

/** The place the reply streaming now will have among its run's saved answers. */
export const liveOrdinal = (messages: ReadonlyArray<MessageRecord>, runId: string): number =>
  messages.filter((m) => m.runId === runId && m.message.role === "assistant" && m.notice === undefined).length

/** The messages of the current branch (the record keeps older branches, marked superseded). */
export const currentBranch = (messages: ReadonlyArray<MessageRecord>): ReadonlyArray<MessageRecord> =>
  messages.filter((m) => m.superseded === undefined)

/** The last message the user sent, with its seq: what "regenerate" asks again. */
export const lastUserRecord = (messages: ReadonlyArray<MessageRecord>): MessageRecord | undefined => {
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i]!.message.role === "user" && messages[i]!.nudge === undefined) return messages[i]
  return undefined
}

/** The last message the user sent, for "retry". */
export const lastUserPrompt = (messages: ReadonlyArray<MessageRecord>): string | undefined => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!.message
    if (m.role === "user" && messages[i]!.nudge === undefined) return m.content
  }
  return undefined
}

/**
 * Task tools whose calls change the list shown under the chat. Not list_tasks: the panel reads
 * the list with it after each change, and its call is an event like the model's.
 */
export const TASK_TOOLS: ReadonlySet<string> = new Set(["create_task", "update_task"])
