/**
 * The side panel's state, in nanostores, and the actions that change it through the agent API.
 * The run itself lives in the offscreen document: the panel only watches the mesh's events, so
 * closing it stops nothing and reopening it picks the run up where it is.
 */
import { atom, computed } from "nanostores"
import type { ConversationRecord, MessageRecord } from "../../schemas/conversation.ts"
import type { ConsentGrant, MeshEvent } from "../../schemas/events.ts"
import type { Settings } from "../../schemas/settings.ts"
import type { Task } from "../../schemas/tools/tasks.ts"
import type { AgentApi } from "../../shell/client/agent-api.ts"
import {
  currentBranch,
  emptyView,
  laneOfTranscript,
  lastUserPrompt,
  lastUserRecord,
  reduce,
  reduceSpawnLanes,
  TASK_TOOLS,
  type ChatView,
  type Lane,
} from "./chat-view.ts"

export interface ModelOption {
  readonly providerId: string
  readonly providerName: string
  readonly model: string
}

/** The API this build may not have yet; the rename button says so when it is missing. */
type RenameApi = { rename?: (conversationId: string, title: string) => Promise<unknown> }

const LAST_CONVERSATION_KEY = "agent-mesh.lastConversation"

/** The models one can pick: every provider's listed models, and the default model. */
/** A model as a picker's option value (none: ""). */
export const modelValue = (m: { providerId: string; model: string } | undefined): string =>
  m ? JSON.stringify([m.providerId, m.model]) : ""

export const modelOptions = (settings: Settings | undefined): ReadonlyArray<ModelOption> => {
  if (!settings) return []
  const out: ModelOption[] = []
  const seen = new Set<string>()
  const add = (providerId: string, model: string) => {
    const provider = settings.providers.find((p) => p.id === providerId)
    const key = `${providerId}\n${model}`
    if (!provider || seen.has(key)) return
    seen.add(key)
    out.push({ providerId, providerName: provider.name, model })
  }
  if (settings.defaultModel) add(settings.defaultModel.providerId, settings.defaultModel.model)
  for (const p of settings.providers) for (const m of p.models ?? []) add(p.id, m)
  return out
}

export class ChatStore {
  readonly view = atom<ChatView>(emptyView())
  readonly conversations = atom<ReadonlyArray<ConversationRecord>>([])
  /** conversationId → runId of every run going now. */
  readonly running = atom<ReadonlyMap<string, string>>(new Map())
  readonly tasks = atom<ReadonlyArray<Task>>([])
  /** agent.spawn's jobs (sub-agents of no conversation), by agent, shown whichever conversation is open. */
  readonly spawnLanes = atom<Readonly<Record<string, Lane>>>({})
  readonly settings = atom<Settings | undefined>(undefined)
  readonly toolCount = atom(0)
  /** A transient message for the user (an action that failed), shown in the status line. */
  readonly status = atom("")
  /** The model picked in the composer; undefined follows the conversation's, then the default. */
  readonly pickedModel = atom<{ providerId: string; model: string } | undefined>(undefined)
  /** conversationId → ids of the questions and confirmations it waits on, for every conversation. */
  readonly waiting = atom<ReadonlyMap<string, ReadonlySet<string>>>(new Map())
  /** Bumped when the log must show its end whatever the reader did (a message sent, a conversation opened). */
  readonly follow = atom(0)
  /** Bumped when the user tried to send while the agent waits: the log shows and focuses what waits. */
  readonly attention = atom(0)

  readonly models = computed(this.settings, modelOptions)
  readonly currentRunId = computed([this.view, this.running], (view, running) =>
    view.conversationId ? running.get(view.conversationId) : undefined,
  )

  private agent: AgentApi | undefined
  private unsubscribe: (() => void) | undefined
  private listRefresh: ReturnType<typeof setTimeout> | undefined

  /** Settings reads in flight: only the latest one's answer is kept (an older one may land last). */
  private settingsReads = 0

  private async loadSettings(agent: AgentApi): Promise<void> {
    const read = ++this.settingsReads
    const settings = await agent.settings.get().catch(() => undefined)
    if (read === this.settingsReads && settings !== undefined) this.settings.set(settings)
  }

  async connect(agent: AgentApi): Promise<void> {
    this.agent = agent
    this.unsubscribe = agent.onEvent((event) => this.onEvent(event))
    const [, conversations, running, tools, questions, confirmations, jobs, spawned] = await Promise.all([
      this.loadSettings(agent),
      agent.conversations.list().catch(() => []),
      agent.conversations.running().catch(() => []),
      agent.tools.list().catch(() => []),
      agent.questions.pending().catch(() => []),
      agent.confirmations.pending().catch(() => []),
      agent.researchJobs.list().catch(() => []),
      agent.spawnJobs.list().catch(() => []),
    ])
    void this.restoreSpawnLanes(spawned)
    this.conversations.set(conversations)
    for (const p of [...questions, ...confirmations]) this.waiting.set(withWaiting(this.waiting.get(), p.conversationId, p.id, true))
    this.toolCount.set(tools.length)
    this.running.set(new Map([...this.running.get(), ...running.map((r) => [r.conversationId, r.runId] as const)]))
    // Reopened mid-run: show that run; else the conversation last looked at, if it still exists.
    const last = safeStorage()?.getItem(LAST_CONVERSATION_KEY) ?? undefined
    const researching = jobs.find((j) => j.phase !== "finished" && j.conversationId !== undefined)?.conversationId
    const target = running[0]?.conversationId ?? researching ?? (conversations.some((c) => c.id === last) ? last : undefined)
    if (target && this.view.get().conversationId === undefined) await this.open(target)
  }

  /** Lanes of spawn jobs that started before this panel opened, from their transcripts so far. */
  private async restoreSpawnLanes(jobs: Awaited<ReturnType<AgentApi["spawnJobs"]["list"]>>): Promise<void> {
    const lanes = await Promise.all(
      jobs.map(async (job): Promise<Lane> => {
        const transcript = (await this.api()
          .conversations.get(job.conversationId)
          .catch(() => null)) as Parameters<typeof laneOfTranscript>[0] | null
        const base: Lane = transcript
          ? laneOfTranscript(transcript)
          : { agentId: job.agentId, agentType: job.agentType, status: "running", steps: 0, current: "", tools: [] }
        return { ...base, status: "running", ...(job.description ? { description: job.description } : {}) }
      }),
    )
    // An event that arrived meanwhile is newer than the transcript.
    const current = this.spawnLanes.get()
    const restored = Object.fromEntries(lanes.filter((lane) => current[lane.agentId] === undefined).map((lane) => [lane.agentId, lane]))
    if (Object.keys(restored).length) this.spawnLanes.set({ ...restored, ...current })
  }

  disconnect(): void {
    this.unsubscribe?.()
    clearTimeout(this.listRefresh)
    this.flushDeltas()
  }

  private api(): AgentApi {
    if (!this.agent) throw new Error("The side panel is not connected to the agent yet.")
    return this.agent
  }

  /**
   * The view and the spawn lanes with deltas not yet shown: streamed text, the reply's and the
   * lanes', reaches the screen once per frame, not per message.
   */
  private pendingView: ChatView | undefined
  private pendingLanes: Readonly<Record<string, Lane>> | undefined
  private frame: { raf: number; timer: ReturnType<typeof setTimeout> } | undefined

  private flushDeltas(): void {
    if (this.frame) {
      cancelAnimationFrame(this.frame.raf)
      clearTimeout(this.frame.timer)
      this.frame = undefined
    }
    const view = this.pendingView
    const lanes = this.pendingLanes
    this.pendingView = undefined
    this.pendingLanes = undefined
    if (view && view !== this.view.get()) this.view.set(view)
    if (lanes && lanes !== this.spawnLanes.get()) this.spawnLanes.set(lanes)
  }

  private onEvent(event: MeshEvent): void {
    if (isStreamedText(event)) {
      const viewBefore = this.pendingView ?? this.view.get()
      const view = reduce(viewBefore, event)
      const lanesBefore = this.pendingLanes ?? this.spawnLanes.get()
      const lanes = reduceSpawnLanes(lanesBefore, event)
      if (view === viewBefore && lanes === lanesBefore) return
      this.pendingView = view
      this.pendingLanes = lanes
      // A hidden panel gets no animation frames: the timer keeps its view current all the same.
      this.frame ??= { raf: requestAnimationFrame(() => this.flushDeltas()), timer: setTimeout(() => this.flushDeltas(), 250) }
      return
    }
    // Any other event lands after the deltas before it, as it happened.
    this.flushDeltas()
    this.trackWaiting(event)
    if (event.type === "run_started") this.running.set(new Map(this.running.get()).set(event.conversationId, event.runId))
    if (event.type === "run_finished") {
      const next = new Map(this.running.get())
      if (next.get(event.conversationId) === event.runId) next.delete(event.conversationId)
      this.running.set(next)
    }
    const before = this.view.get()
    const after = reduce(before, event)
    if (after !== before) this.view.set(after)
    const lanes = reduceSpawnLanes(this.spawnLanes.get(), event)
    if (lanes !== this.spawnLanes.get()) this.spawnLanes.set(lanes)
    if (
      event.type === "run_started" ||
      event.type === "run_finished" ||
      (event.type === "message_saved" && event.record.message.role === "user") ||
      // A research job titles its conversation by its question when it starts.
      (event.type === "research_update" && event.phase === "planning")
    ) {
      this.scheduleListRefresh()
    }
    if (event.type === "tool_call_finished" && TASK_TOOLS.has(event.tool) && event.conversationId === before.conversationId)
      void this.refreshTasks()
  }

  private trackWaiting(event: MeshEvent): void {
    const waiting = this.waiting.get()
    let next = waiting
    if (event.type === "question_asked" || event.type === "confirmation_requested")
      next = withWaiting(waiting, event.conversationId, event.id, true)
    else if (event.type === "question_closed" || event.type === "confirmation_closed")
      next = withWaiting(waiting, event.conversationId, event.id, false)
    else if (event.type === "run_finished" && waiting.has(event.conversationId)) {
      const copy = new Map(waiting)
      copy.delete(event.conversationId)
      next = copy
    }
    if (next !== waiting) this.waiting.set(next)
  }

  /** The user wants to send while the agent waits for them: show them what it waits on. */
  requestAttention(): void {
    this.attention.set(this.attention.get() + 1)
  }

  private scheduleListRefresh(): void {
    clearTimeout(this.listRefresh)
    this.listRefresh = setTimeout(() => void this.refreshList(), 50)
  }

  async refreshList(): Promise<void> {
    this.conversations.set(await this.api().conversations.list())
  }

  async refreshSettings(): Promise<void> {
    await this.loadSettings(this.api())
  }

  async refreshTasks(): Promise<void> {
    const id = this.view.get().conversationId
    if (!id) return this.tasks.set([])
    try {
      const tasks = (await this.api().tools.call("list_tasks", {}, { conversationId: id })) as ReadonlyArray<Task>
      if (this.view.get().conversationId === id) this.tasks.set(tasks)
    } catch {
      // The task list is a convenience: a tasks worker that is down must not break the chat.
    }
  }

  /** Shows a saved conversation, with any question it is waiting on. */
  async open(conversationId: string): Promise<void> {
    // Set the id first so events that arrive while it loads are kept, then merge by seq.
    this.flushDeltas()
    this.view.set(emptyView(conversationId))
    this.follow.set(this.follow.get() + 1)
    this.tasks.set([])
    this.pickedModel.set(undefined)
    safeStorage()?.setItem(LAST_CONVERSATION_KEY, conversationId)
    const [conversation, pending, confirmations, jobs] = await Promise.all([
      this.api().conversations.get(conversationId),
      this.api()
        .questions.pending()
        .catch(() => []),
      this.api()
        .confirmations?.pending()
        .catch(() => []) ?? [],
      this.api()
        .researchJobs?.list()
        .catch(() => []) ?? [],
    ])
    const current = this.view.get()
    if (current.conversationId !== conversationId) return
    const bySeq = new Map<number, MessageRecord>()
    for (const m of [...currentBranch(conversation?.messages ?? []), ...current.messages]) bySeq.set(m.seq, m)
    const questions = [...current.questions]
    for (const q of pending) if (q.conversationId === conversationId && !questions.some((x) => x.id === q.id)) questions.push(q)
    const asks = [...current.confirmations]
    for (const c of confirmations) if (c.conversationId === conversationId && !asks.some((x) => x.id === c.id)) asks.push(c)
    const lanes = { ...current.lanes }
    for (const sub of conversation?.subAgents ?? []) {
      const callId = sub.parent?.callId
      if (callId && lanes[callId] === undefined) lanes[callId] = laneOfTranscript(sub)
    }
    // A job started before the panel opened (it runs on without it): its latest state, unless an event brought a newer one.
    const research = { ...current.research }
    for (const job of jobs) if (job.conversationId === conversationId && research[job.jobId] === undefined) research[job.jobId] = job
    this.view.set({
      ...current,
      messages: [...bySeq.values()].sort((a, b) => a.seq - b.seq),
      questions,
      confirmations: asks,
      lanes,
      research,
    })
    void this.refreshTasks()
  }

  newConversation(): void {
    this.flushDeltas()
    this.view.set(emptyView())
    this.tasks.set([])
    this.pickedModel.set(undefined)
    safeStorage()?.removeItem(LAST_CONVERSATION_KEY)
  }

  /** The open conversation's own model, and whether the providers the panel knows still offer it. */
  private ownModel(): { own?: { providerId: string; model: string }; offered: boolean } {
    const id = this.view.get().conversationId
    const own = this.conversations.get().find((c) => c.id === id)?.model
    const offered = own !== undefined && this.models.get().some((o) => o.providerId === own.providerId && o.model === own.model)
    return own === undefined ? { offered } : { own, offered }
  }

  /** The default model the panel knows (its settings' default, else the first it offers). */
  private defaultModel(): { providerId: string; model: string } | undefined {
    const fallback = this.settings.get()?.defaultModel ?? this.models.get()[0]
    return fallback ? { providerId: fallback.providerId, model: fallback.model } : undefined
  }

  /** The model a message would be sent with: picked, else the conversation's, else the default. */
  effectiveModel(): { providerId: string; model: string } | undefined {
    const { own, offered } = this.ownModel()
    return this.pickedModel.get() ?? (offered ? own : this.defaultModel())
  }

  /**
   * The model a message asks for: the one picked, or the default in place of a conversation's
   * model that is gone. Otherwise none, and the agent takes the conversation's model or the
   * default as its settings hold them when the run starts: the panel's copy of the settings
   * follows a change a moment later, and a message sent in that moment asked for a provider that
   * was no longer there (not_found).
   */
  private modelToSend(): { providerId: string; model: string } | undefined {
    const { own, offered } = this.ownModel()
    const gone = own !== undefined && !offered && this.models.get().length > 0
    return this.pickedModel.get() ?? (gone ? this.defaultModel() : undefined)
  }

  /** The open conversation's id (a new conversation when none is open), with the log set to follow its end. */
  private startHere(): string {
    let id = this.view.get().conversationId
    if (!id) {
      id = crypto.randomUUID()
      this.view.set(emptyView(id))
      safeStorage()?.setItem(LAST_CONVERSATION_KEY, id)
    }
    this.follow.set(this.follow.get() + 1)
    return id
  }

  /** Sends a message; with `branchFrom`, it replaces that message and what followed (kept as an older branch). */
  send(prompt: string, options: { branchFrom?: number } = {}): void {
    const text = prompt.trim()
    if (!text) return
    const id = this.startHere()
    const model = this.modelToSend()
    const run = this.api().chat(text, {
      conversationId: id,
      ...(model ? { model } : {}),
      ...(options.branchFrom !== undefined ? { branchFrom: options.branchFrom } : {}),
    })
    // A run the mesh refused to start never reaches the event stream: show its error here.
    void run.result.then((result) => {
      if (
        result.status === "failed" &&
        result.error &&
        this.view.get().conversationId === result.conversationId &&
        !this.view.get().failure
      ) {
        this.view.set({ ...this.view.get(), failure: result.error })
      }
    })
  }

  /** Starts a research job in this conversation (a new one when none is open); it shows in the log. */
  research(question: string): void {
    const text = question.trim()
    if (!text) return
    const id = this.startHere()
    const job = this.api().research(text, { conversationId: id })
    void job.result.catch((error: unknown) => this.status.set(String((error as Error).message ?? error)))
  }

  async stop(): Promise<void> {
    const id = this.view.get().conversationId
    if (id && this.running.get().has(id)) await this.api().stop(id)
  }

  /** Asks for the last answer again; the old answer stays in the saved record. */
  regenerate(): void {
    const last = lastUserRecord(this.view.get().messages)
    if (last?.message.role === "user") this.send(last.message.content, { branchFrom: last.seq })
  }

  /** Sends an edited version of a message: the conversation continues from it. */
  edit(seq: number, text: string): void {
    this.send(text, { branchFrom: seq })
  }

  retry(): void {
    const prompt = lastUserPrompt(this.view.get().messages)
    if (prompt !== undefined) this.send(prompt)
  }

  /** The open conversation's own instructions ("" when it has none, or none is open). */
  instructions(): string {
    const id = this.view.get().conversationId
    return this.conversations.get().find((c) => c.id === id)?.system ?? ""
  }

  /** Sets the open conversation's instructions; a new conversation is saved with them. */
  async setInstructions(text: string): Promise<void> {
    let id = this.view.get().conversationId
    if (!id) {
      id = crypto.randomUUID()
      this.view.set(emptyView(id))
      safeStorage()?.setItem(LAST_CONVERSATION_KEY, id)
    }
    await this.api().conversations.setInstructions(id, text)
    await this.refreshList()
  }

  canRename(): boolean {
    return typeof (this.agent?.conversations as RenameApi | undefined)?.rename === "function"
  }

  async rename(conversationId: string, title: string): Promise<void> {
    const api = this.api().conversations as RenameApi
    if (typeof api.rename !== "function") throw new Error("agent.conversations.rename is not available in this build.")
    await api.rename(conversationId, title.trim())
    await this.refreshList()
  }

  async remove(conversationId: string): Promise<void> {
    if (this.running.get().has(conversationId)) await this.api().stop(conversationId)
    await this.api().conversations.delete(conversationId)
    if (this.view.get().conversationId === conversationId) this.newConversation()
    await this.refreshList()
  }

  async answer(questionId: string, answer: string | ReadonlyArray<string>): Promise<void> {
    await this.api().answer(questionId, answer)
  }

  async confirm(confirmationId: string, allow: boolean, grant?: ConsentGrant): Promise<void> {
    await this.api().confirm(confirmationId, allow, grant)
  }

  async loadConversation(conversationId: string) {
    return this.api().conversations.get(conversationId)
  }
}

/** Streamed text, of a run or of a sub-agent: shown once per frame, however many messages brought it. */
const isStreamedText = (event: MeshEvent): boolean => {
  const inner = event.type === "sub_agent_event" ? event.event : event
  return inner.type === "text_delta" || inner.type === "reasoning_delta"
}

/** The waiting map with one pending id added or removed; the same map when nothing changes. */
export const withWaiting = (
  waiting: ReadonlyMap<string, ReadonlySet<string>>,
  conversationId: string | undefined,
  id: string,
  add: boolean,
): ReadonlyMap<string, ReadonlySet<string>> => {
  if (conversationId === undefined) {
    // A close event without its conversation: find the conversation by the id.
    if (add) return waiting
    for (const [c, ids] of waiting) if (ids.has(id)) return withWaiting(waiting, c, id, false)
    return waiting
  }
  const ids = waiting.get(conversationId) ?? new Set<string>()
  if (ids.has(id) === add) return waiting
  const nextIds = new Set(ids)
  if (add) nextIds.add(id)
  else nextIds.delete(id)
  const next = new Map(waiting)
  if (nextIds.size) next.set(conversationId, nextIds)
  else next.delete(conversationId)
  return next
}

const safeStorage = (): Storage | undefined => {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

export const chat = new ChatStore()
