/**
 * `globalThis.agent`, the developer API, in every extension page and the offscreen document.
 * It is a thin typed face over a transport: the page channel in pages, the supervisor itself
 * in the offscreen document. Failures reject with an `AgentError` carrying `code` and `message`.
 */
import type { ChannelMethod } from "../../schemas/channel.ts"
import { AgentError, type WireError } from "../../schemas/errors.ts"
import type { Conversation, ConversationRecord, RunStatus } from "../../schemas/conversation.ts"
import type {
  ConfirmationRequested,
  ConversationGrant,
  ConsentGrant,
  ConversationEvent,
  MeshEvent,
  QuestionAsked,
  ResearchState,
  SubAgentEvent,
} from "../../schemas/events.ts"
import type { McpServer, McpTool } from "../../schemas/mcp.ts"
import type { Settings, SettingsPatch } from "../../schemas/settings.ts"
import type { ToolGroup } from "../../schemas/tool-definition.ts"
import type { ConnectionResult, ProviderPreset } from "../../workers/agent/providers/presets.ts"
import type { ToolInfo } from "../hub/supervisor.ts"
import type { HistoryItem, HistoryUsage } from "../../workers/workspace/history.ts"
import type { RoutineInput, RoutineListed, RoutineRun, RoutineUpdate } from "../../schemas/routines.ts"
import { eventQueue } from "./event-queue.ts"
import { callRouter } from "./router-client.ts"
import type { DroppedKey } from "../sw/secrets.ts"

/** True in development builds, which carry the debug API; build.mjs defines it. */
declare const __DEBUG_API__: boolean

/** A method of the message contract (schemas/channel.ts). */
export type MeshMethod = ChannelMethod
export type MeshOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: WireError }

export interface MeshTransport {
  request(method: MeshMethod, params?: unknown, signal?: AbortSignal): Promise<MeshOutcome>
  onEvent(listener: (event: MeshEvent) => void): () => void
  /** Called when the supervisor went away (its document closed); runs in flight are lost. */
  onDisconnect?(listener: () => void): () => void
}

export interface ToolCallOptions {
  /** The conversation whose state (task list, ...) the call works on; default: a scratch one. */
  readonly conversationId?: string
  /** A deadline shorter than the tool's own time limit. */
  readonly timeoutMs?: number
  /** Aborting it cancels the call; the tool's work stops. */
  readonly signal?: AbortSignal
}

export interface ChatOptions {
  /** Continue this conversation; default: a new one. */
  readonly conversationId?: string
  /** The model to use, else the conversation's, else the default model of the settings. */
  readonly model?: { readonly providerId: string; readonly model: string }
  /** This conversation's own system prompt, kept with it. */
  readonly system?: string
  /**
   * The seq of a message of the conversation: the prompt replaces it and what followed it (edit
   * and resend, or the last answer asked again). The replaced messages stay in the saved record.
   */
  readonly branchFrom?: number
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

export interface SpawnOptions {
  readonly type: "researcher" | "page_operator" | "general"
  readonly prompt: string
  /** A short label, shown in the UI. */
  readonly description?: string
  /** A tab handed to the sub-agent. */
  readonly tabId?: number
}

export interface SpawnResult {
  readonly agent_id: string
  readonly type: SpawnOptions["type"]
  readonly answer: string
  readonly steps: number
}

/** A sub-agent job: iterate it for its events (`sub_agent_event`); `result` settles with its answer. */
export interface SpawnRun extends AsyncIterable<Extract<MeshEvent, { type: "sub_agent_event" }>> {
  readonly agentId: string
  readonly result: Promise<SpawnResult>
  stop(): Promise<void>
}

export interface ResearchOptions {
  /** Researchers working in parallel, 1 to 8 (default 4). */
  readonly researchers?: number
  /** The conversation whose side panel shows the job's lanes. */
  readonly conversationId?: string
  /** Ends the job cleanly (saving what was found) when any is reached. */
  readonly budget?: { readonly steps?: number; readonly tokens?: number; readonly wallMs?: number }
  /** Aborting it stops the job, as `stop()` does. */
  readonly signal?: AbortSignal
  /** The report's fixed words and dates (BCP 47); by default the browser's UI language. */
  readonly language?: string
}

/** A job's states (`research_update`) and its agents' events (`sub_agent_event`), in order. */
export type ResearchEvent = ResearchState | SubAgentEvent

/** A running research job: iterate it for its events; `result` settles with its final state (and report). */
export interface ResearchRun extends AsyncIterable<ResearchEvent> {
  readonly jobId: string
  readonly result: Promise<ResearchState>
  stop(): Promise<void>
}

export interface CustomToolInfo {
  readonly name: string
  readonly description: string
  readonly parameters: Record<string, unknown>
  readonly enabled: boolean
  readonly createdAt: number
  readonly overrides?: Readonly<Record<string, boolean>>
}

/** What `agent.mcp.add` and `test` take (docs/mcp.md); secrets sent back masked keep the stored ones. */
export interface McpServerSettings {
  name: string
  url: string
  /** A bearer token. */
  token?: string
  /**
   * "oauth": OAuth 2.1, the user signs in at the server's authorization page; "client_credentials":
   * machine to machine, with `clientId` and `clientSecret` or `privateKey`.
   */
  auth?: "oauth" | "client_credentials"
  /** A client registered beforehand at the authorization server (instead of registering one). */
  clientId?: string
  clientSecret?: string
  /** A PKCS#8 PEM private key: the client authenticates with a signed assertion (private_key_jwt). */
  privateKey?: string
  keyAlgorithm?: "ES256" | "ES384" | "RS256" | "PS256"
  /** The authorization server the client's credentials are for (else the first that accepts them). */
  issuer?: string
  /** The https address of a Client ID Metadata Document, the client id where the server takes one. */
  clientMetadataUrl?: string
  timeoutMs?: number
}

/** An MCP server as the API shows it (docs/mcp.md): its secrets masked, its tools as accepted. */
export type McpServerInfo = McpServer & {
  /** The token, client secret and private key are masked (`••••abcd`); send them back as is to keep them. */
  /** The names the model is offered (`<server>__<tool>`): accepted, unchanged, turned on. */
  readonly offered: ReadonlyArray<string>
}

/** What a server lists now (agent.mcp.test). */
export interface McpTestResult {
  readonly tools: ReadonlyArray<McpTool>
  readonly transport: "streamable_http" | "sse"
  readonly server?: McpServerInfo
}

/** Something the workspace kept: a replaced file's previous content, or a deletion (`id` is what `restore` takes). */
export type WorkspaceKept = Omit<HistoryItem, "marked" | "owners">

/** What the workspace's history holds against its budget, and what a person's next change would drop. */
export type WorkspaceHistoryUsage = HistoryUsage

export interface AgentApi {
  /**
   * Starts a sub-agent outside any conversation (with the default model): it works with the
   * tools of its type and ends with its final answer. Rejects with the sub-agent's error.
   */
  spawn(options: SpawnOptions): SpawnRun
  /** Sends a message and runs the agent on it. */
  chat(prompt: string, options?: ChatOptions): ChatRun
  /**
   * Starts a research job (docs/research.md): parallel researchers, then a report whose every
   * citation is checked against the pages they fetched, saved in the workspace under research/.
   * The job runs on when the page that started it closes.
   */
  research(question: string, options?: ResearchOptions): ResearchRun
  readonly researchJobs: {
    /** Running and recently finished jobs, each as its latest state. */
    list(): Promise<ReadonlyArray<ResearchState>>
    stop(jobId: string): Promise<boolean>
  }
  readonly spawnJobs: {
    /** The jobs of `spawn()` still running; each one's transcript is the conversation `conversationId`. */
    list(): Promise<ReadonlyArray<{ agentId: string; agentType: string; description?: string; conversationId: string }>>
  }
  /**
   * Answers an ask_user question (its `id` comes with the `question_asked` event): text, or
   * one option, or an array of options when the question allows several. Rejects with
   * `invalid_answer` when the answer does not fit the question.
   */
  answer(questionId: string, answer: string | ReadonlyArray<string>): Promise<void>
  /** Model services: the presets to add one from, and a connection test that lists its models. */
  readonly providers: {
    presets(): Promise<ReadonlyArray<ProviderPreset>>
    /**
     * Tests a saved provider (`{ providerId }`, with its stored key) or one being edited
     * (`{ config }`): lists its models, or sends a one-token request to `model`.
     */
    test(target: {
      providerId?: string
      config?: { kind: "openai" | "anthropic" | "ollama"; baseUrl: string; apiKey?: string }
      model?: string
    }): Promise<ConnectionResult>
  }
  /**
   * Answers a confirmation (`confirmation_requested`): the model's destructive call, or a
   * request that would send what the conversation read to another site, runs only on `true`.
   */
  confirm(confirmationId: string, allow: boolean, grant?: ConsentGrant): Promise<void>
  readonly confirmations: {
    pending(): Promise<ReadonlyArray<ConfirmationRequested>>
    /** Every grant kept in a conversation (site for the conversation, or everything), newest conversation first. */
    grants(): Promise<ReadonlyArray<ConversationGrant>>
  }
  /**
   * Your own tools: `parameters` is a JSON Schema (type "object"); `code` is the body of an
   * async function of `args` (and `readBlob(url)` for workspace blob URLs among them) that runs
   * in the sandbox and returns the result. Saved, listed, and offered to the model beside the
   * built-in tools, in every conversation unless turned off for it.
   */
  readonly customTools: {
    register(tool: {
      name: string
      description: string
      parameters: Record<string, unknown>
      code: string
      enabled?: boolean
    }): Promise<CustomToolInfo>
    list(): Promise<ReadonlyArray<CustomToolInfo & { code: string }>>
    remove(name: string): Promise<boolean>
    setEnabled(name: string, enabled: boolean, options?: { conversationId?: string }): Promise<CustomToolInfo>
  }
  /**
   * MCP servers as tools (docs/mcp.md). `add` connects, lists the server's tools and accepts
   * them as listed (show them first with `test`); each is offered to the model as
   * `<server>__<tool>`. A tool the server adds or changes later is held back until `accept`.
   */
  readonly mcp: {
    add(
      server: McpServerSettings & {
        enabled?: boolean
        /** The tools the user was shown (test's result): anything else the server lists by then is held back. */
        shown?: ReadonlyArray<McpTool>
      },
    ): Promise<McpServerInfo>
    /** Lists a server's tools without keeping it; or, given only a kept server's name, what it lists now. */
    test(server: Partial<McpServerSettings> & { name: string }): Promise<McpTestResult>
    list(): Promise<ReadonlyArray<McpServerInfo>>
    remove(name: string): Promise<boolean>
    /** Accepts a server's held-back changes: its added and changed tools are offered. */
    accept(name: string): Promise<McpServerInfo>
    /** A server, or one tool (`tool`: the server's name for it), on or off: for all conversations or one. */
    setEnabled(name: string, enabled: boolean, options?: { tool?: string; conversationId?: string }): Promise<McpServerInfo>
  }
  /** The questions waiting for an answer now (for a panel that opens mid-run). */
  readonly questions: { pending(): Promise<ReadonlyArray<QuestionAsked>> }
  /** Stops a conversation's run: the stream and its tool calls end, and it is saved as stopped. */
  stop(conversationId: string): Promise<boolean>
  readonly conversations: {
    /** Newest first. */
    list(): Promise<ReadonlyArray<ConversationRecord>>
    get(conversationId: string): Promise<Conversation | undefined>
    delete(conversationId: string): Promise<boolean>
    rename(conversationId: string, title: string): Promise<ConversationRecord>
    /**
     * This conversation's own instructions, sent after the global system prompt on each of its
     * runs from the next one on; "" clears them. A conversation not saved yet is made with them.
     */
    setInstructions(conversationId: string, instructions: string): Promise<ConversationRecord>
    /** The conversations with a run going now. */
    running(): Promise<ReadonlyArray<{ conversationId: string; runId: string }>>
  }
  readonly tools: {
    list(): Promise<ReadonlyArray<ToolInfo>>
    call(name: string, params?: unknown, options?: ToolCallOptions): Promise<unknown>
  }
  readonly settings: {
    get(): Promise<Settings>
    /**
     * Changes the settings; resolves with them (keys masked). A masked key sent back means
     * "keep the stored one", except when the provider's base URL (or a search endpoint) moves to
     * another origin: then the stored key is dropped and listed in `droppedApiKeys`.
     */
    update(patch: SettingsPatch): Promise<Settings & { readonly droppedApiKeys?: ReadonlyArray<DroppedKey> }>
  }
  /**
   * The workspace's undo: what opfs_write replaced and opfs_delete removed, kept for
   * `settings.workspace.historyDays` within `historyMaxBytes` (oldest pruned first).
   */
  readonly workspace: {
    /** A file's kept versions, newest first. */
    versions(path: string): Promise<ReadonlyArray<WorkspaceKept>>
    /** What was deleted and is still kept, newest first. */
    trash(): Promise<ReadonlyArray<WorkspaceKept>>
    /**
     * Puts a version or a deletion back at its path. A file there now is kept as a version
     * first; a folder in the way refuses the restore (`exists`). Resolves with what was restored.
     */
    restore(id: string): Promise<WorkspaceKept>
    /**
     * What the history holds: its bytes, of them `earlierBytes` that existed before the agent
     * run that replaced or deleted them (kept for their days whatever the budget, since a run
     * may not push them out), and `wouldDrop`: the runs' own copies a person's next change
     * would prune to meet the budget.
     */
    usage(): Promise<WorkspaceHistoryUsage>
  }
  /**
   * Routines (docs/routines.md): saved prompts that run on a schedule or on request, unattended,
   * each run a conversation of its own marked as the routine's.
   */
  readonly routines: {
    /** Every routine, with its next run (when scheduled) and its last run. */
    list(): Promise<ReadonlyArray<RoutineListed>>
    create(routine: RoutineInput): Promise<RoutineListed>
    /** Changes the fields given (`model: null` goes back to the default model). */
    update(id: string, patch: RoutineUpdate["patch"]): Promise<RoutineListed>
    remove(id: string): Promise<boolean>
    /** Starts a run now; resolves with its conversation once it has started (`busy` if one is going). */
    runNow(id: string): Promise<{ conversationId: string; runId: string }>
    /** Its finished runs, newest first. */
    history(id: string): Promise<ReadonlyArray<RoutineRun>>
  }
  /** Subscribe to the mesh's events (tool calls started and finished, workers restarted). */
  onEvent(listener: (event: MeshEvent) => void): () => void
  /**
   * Fault injection and inspection, used by the fault suites: in development builds only (the
   * production build leaves it out; `agent.debug` is then undefined).
   */
  readonly debug: {
    /** A group's worker, an MCP server's (`mcp:<server>`), or a running conversation's agent worker (`agent:<conversation>`; a sub-agent's conversation is `sub:<agent>`). */
    crashWorker(group: ToolGroup | `mcp:${string}` | `agent:${string}`): Promise<void>
    /** Terminates a group's worker, or a running conversation's agent worker, from outside, as the system would, even mid-call: no error event fires. */
    killWorker(group: ToolGroup | `agent:${string}`): Promise<void>
    stallWorker(group: ToolGroup, ms: number): Promise<void>
    workers(): Promise<Record<string, { alive: boolean; restarts: number }>>
  }
}

const unwrap = <A>(outcome: MeshOutcome | { ok: true; value: unknown } | { ok: false; error: WireError }): A => {
  if (outcome.ok) return outcome.value as A
  throw new AgentError(outcome.error)
}

const newId = () => crypto.randomUUID()

const startChat = (transport: MeshTransport, prompt: string, options: ChatOptions): ChatRun => {
  const conversationId = options.conversationId ?? newId()
  const runId = newId()
  const queue: ChatEvent[] = []
  let wake: (() => void) | undefined
  let ended = false
  let settle!: (result: ChatResult) => void
  const result = new Promise<ChatResult>((resolve) => (settle = resolve))
  const push = (event: ChatEvent) => {
    queue.push(event)
    wake?.()
  }
  const end = (outcome: ChatResult) => {
    if (ended) return
    ended = true
    unsubscribe()
    settle(outcome)
    wake?.()
  }
  // Subscribe before starting, so no event of the run is missed.
  const unsubscribe = transport.onEvent((event) => {
    if ("runId" in event && event.runId === runId) {
      push(event)
      if (event.type === "run_finished") {
        end({ conversationId, runId, status: event.status, answer: event.answer, ...(event.error ? { error: event.error } : {}) })
      }
    } else if ((event.type === "tool_call_started" || event.type === "tool_call_finished") && event.callId.startsWith(`${runId}:`)) {
      push(event)
    }
  })
  // The supervisor's document closed: this run is gone (what it saved is kept).
  const stopWatching = transport.onDisconnect?.(() => {
    const error = {
      code: "unavailable",
      message:
        "The connection to the agent was lost (its document closed); the conversation is saved up to the last completed step. Send a message to continue.",
    }
    push({ type: "run_finished", conversationId, runId, status: "failed", answer: "", error })
    end({ conversationId, runId, status: "failed", answer: "", error })
  })
  void result.finally(() => stopWatching?.())
  const failStart = (error: WireError) => {
    push({ type: "run_finished", conversationId, runId, status: "failed", answer: "", error })
    end({ conversationId, runId, status: "failed", answer: "", error })
  }
  transport
    .request("chat.start", {
      prompt,
      conversationId,
      runId,
      ...(options.model ? { model: options.model } : {}),
      ...(options.system !== undefined ? { system: options.system } : {}),
      ...(options.branchFrom !== undefined ? { branchFrom: options.branchFrom } : {}),
    })
    .then((outcome) => {
      if (!outcome.ok) failStart(outcome.error)
    })
    .catch((cause: unknown) => failStart({ code: "unavailable", message: `The run could not start: ${String(cause)}` }))
  return {
    conversationId,
    runId,
    result,
    stop: async () => void (await transport.request("chat.stop", { conversationId })),
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (queue.length) {
          const event = queue.shift()!
          yield event
          if (event.type === "run_finished") return
        }
        if (ended && queue.length === 0) return
        await new Promise<void>((resolve) => (wake = resolve))
        wake = undefined
      }
    },
  }
}

const startSpawn = (transport: MeshTransport, options: SpawnOptions): SpawnRun => {
  const agentId = newId().slice(0, 8)
  type Event = Extract<MeshEvent, { type: "sub_agent_event" }>
  const queue: Event[] = []
  let wake: (() => void) | undefined
  let ended = false
  const unsubscribe = transport.onEvent((event) => {
    if (event.type !== "sub_agent_event" || event.agentId !== agentId) return
    queue.push(event)
    wake?.()
  })
  const controller = new AbortController()
  const result = transport.request("agents.spawn", { ...options, agentId }, controller.signal).then((outcome) => {
    ended = true
    unsubscribe()
    wake?.()
    return unwrap<SpawnResult>(outcome)
  })
  result.catch(() => undefined)
  return {
    agentId,
    result,
    stop: async () => controller.abort(),
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (queue.length) yield queue.shift()!
        if (ended) return
        await new Promise<void>((resolve) => (wake = resolve))
        wake = undefined
      }
    },
  }
}

/** The language a research report is worded in by default: the browser's UI language in an extension page, else the page's. */
const uiLanguage = (): string =>
  (typeof chrome !== "undefined" && chrome.i18n?.getUILanguage?.()) || (typeof navigator !== "undefined" ? navigator.language : "") || "en"

const startResearch = (transport: MeshTransport, question: string, options: ResearchOptions): ResearchRun => {
  const jobId = newId()
  const queue = eventQueue<ResearchEvent>()
  let settle!: (state: ResearchState) => void
  let fail!: (error: AgentError) => void
  const result = new Promise<ResearchState>((resolve, reject) => {
    settle = resolve
    fail = reject
  })
  result.catch(() => undefined)
  const end = () => {
    unsubscribe()
    stopWatching?.()
    queue.close()
  }
  // Subscribe before starting, so no event of the job is missed.
  const unsubscribe = transport.onEvent((event) => {
    if (event.type === "research_update" && event.jobId === jobId) {
      queue.push(event)
      if (event.phase === "finished") {
        end()
        settle(event)
      }
    } else if (event.type === "sub_agent_event" && event.agentId.startsWith(`${jobId}-`)) {
      queue.push(event)
    }
  })
  const stopWatching = transport.onDisconnect?.(() => {
    end()
    fail(
      new AgentError({
        code: "unavailable",
        message: "The connection to the agent was lost; the job may still be running (see researchJobs.list()).",
      }),
    )
  })
  const stop = async () => void unwrap(await transport.request("research.stop", { jobId }))
  options.signal?.addEventListener("abort", () => void stop().catch(() => undefined), { once: true })
  const { signal: _signal, ...params } = options
  void transport
    .request("research.start", { language: uiLanguage(), ...params, question, jobId })
    .then((outcome) => {
      if (!outcome.ok) {
        end()
        fail(new AgentError(outcome.error))
      }
    })
    .catch((cause: unknown) => {
      end()
      fail(new AgentError({ code: "unavailable", message: `The job could not start: ${String(cause)}` }))
    })
  return { jobId, result, stop, [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator]() }
}

export const makeAgentApi = (transport: MeshTransport): AgentApi => ({
  spawn: (options) => startSpawn(transport, options),
  research: (question, options = {}) => startResearch(transport, question, options),
  spawnJobs: {
    list: async () => unwrap(await transport.request("agents.spawned")),
  },
  researchJobs: {
    list: async () => unwrap(await transport.request("research.list")),
    stop: async (jobId) => unwrap(await transport.request("research.stop", { jobId })),
  },
  chat: (prompt, options = {}) => startChat(transport, prompt, options),
  stop: async (conversationId) => unwrap(await transport.request("chat.stop", { conversationId })),
  answer: async (questionId, answer) => void unwrap(await transport.request("questions.answer", { id: questionId, answer })),
  questions: { pending: async () => unwrap(await transport.request("questions.pending")) },
  confirm: async (confirmationId, allow, grant) =>
    void unwrap(await transport.request("confirmations.answer", { id: confirmationId, allow, ...(grant ? { grant } : {}) })),
  confirmations: {
    pending: async () => unwrap(await transport.request("confirmations.pending")),
    grants: async () => unwrap(await transport.request("confirmations.grants")),
  },
  customTools: {
    register: async (tool) => unwrap(await transport.request("customTools.register", tool)),
    list: async () => unwrap(await transport.request("customTools.list")),
    remove: async (name) => unwrap(await transport.request("customTools.remove", { name })),
    setEnabled: async (name, enabled, options = {}) =>
      unwrap(
        await transport.request("customTools.setEnabled", {
          name,
          enabled,
          ...(options.conversationId ? { conversationId: options.conversationId } : {}),
        }),
      ),
  },
  mcp: {
    add: async (server) => unwrap(await transport.request("mcp.add", server)),
    test: async (server) => unwrap(await transport.request("mcp.test", server)),
    list: async () => unwrap(await transport.request("mcp.list")),
    remove: async (name) => unwrap(await transport.request("mcp.remove", { name })),
    accept: async (name) => unwrap(await transport.request("mcp.accept", { name })),
    setEnabled: async (name, enabled, options = {}) => unwrap(await transport.request("mcp.setEnabled", { name, enabled, ...options })),
  },
  providers: {
    presets: async () => unwrap(await transport.request("providers.presets")),
    test: async (target) => unwrap(await transport.request("providers.test", target)),
  },
  conversations: {
    list: async () => unwrap(await transport.request("conversations.list")),
    get: async (conversationId) => unwrap(await transport.request("conversations.get", { conversationId })),
    delete: async (conversationId) => unwrap(await transport.request("conversations.delete", { conversationId })),
    rename: async (conversationId, title) => unwrap(await transport.request("conversations.rename", { conversationId, title })),
    setInstructions: async (conversationId, system) =>
      unwrap(await transport.request("conversations.setInstructions", { conversationId, system })),
    running: async () => unwrap(await transport.request("chat.running")),
  },
  tools: {
    list: async () => unwrap(await transport.request("tools.list")),
    call: async (name, params = {}, options = {}) => {
      // Only the options the request has: its decode refuses keys it does not know.
      const { signal, conversationId, timeoutMs } = options
      const request = {
        name,
        params,
        ...(conversationId === undefined ? {} : { conversationId }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      }
      return unwrap(await transport.request("tools.call", request, signal))
    },
  },
  settings: {
    get: async () => unwrap(await callRouter("settings.get")),
    update: async (patch) => unwrap(await callRouter("settings.update", patch)),
  },
  workspace: {
    versions: async (path) => unwrap(await transport.request("workspace.versions", { path })),
    trash: async () => unwrap(await transport.request("workspace.trash")),
    restore: async (id) => unwrap(await transport.request("workspace.restore", { id })),
    usage: async () => unwrap(await transport.request("workspace.usage")),
  },
  routines: {
    list: async () => unwrap(await transport.request("routines.list")),
    create: async (routine) => unwrap(await transport.request("routines.create", routine)),
    update: async (id, patch) => unwrap(await transport.request("routines.update", { id, patch })),
    remove: async (id) => unwrap(await transport.request("routines.remove", { id })),
    runNow: async (id) => unwrap(await transport.request("routines.runNow", { id })),
    history: async (id) => unwrap(await transport.request("routines.history", { id })),
  },
  onEvent: (listener) => transport.onEvent(listener),
  // Dropped from production builds as dead code (build.mjs defines __DEBUG_API__).
  ...((__DEBUG_API__
    ? {
        debug: {
          crashWorker: async (group) => unwrap(await transport.request("debug.crashWorker", { group })),
          killWorker: async (group) => unwrap(await transport.request("debug.killWorker", { group })),
          stallWorker: async (group, ms) => unwrap(await transport.request("debug.stallWorker", { group, ms })),
          workers: async () => unwrap(await transport.request("debug.workers")),
        },
      }
    : {}) as Pick<AgentApi, "debug">),
})

declare global {
  // eslint-disable-next-line no-var
  var agent: AgentApi
}
