/**
 * The offscreen document: home of the supervisor. It lives as long as Chrome keeps it, which
 * is independent of the service worker's short life, so the workers and their state survive
 * the service worker being stopped.
 */
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import {
  AnswerParams,
  ChatStartParams,
  ConfirmParams,
  CustomToolEnableParams,
  CustomToolNameParams,
  ConversationIdParams,
  DebugParams,
  ProviderTestParams,
  JobIdParams,
  McpEnableParams,
  McpNameParams,
  RenameParams,
  InstructionsParams,
  ResearchParams,
  SpawnParams,
  ToolsCallParams,
  WorkspacePathParams,
  WorkspaceRestoreParams,
} from "../schemas/channel.ts"
import { Settings } from "../schemas/settings.ts"
import type { HistoryItem } from "../workers/workspace/history.ts"
import { fileSystemError, Workspace } from "../workers/workspace/opfs.ts"
import { parseWorkspacePath } from "../workers/workspace/paths.ts"
import { Provider as ProviderSettings } from "../schemas/settings.ts"
import { PRESETS, testConnection } from "../workers/agent/providers/presets.ts"
import { toWire } from "../schemas/errors.ts"
import type { MeshEvent, QuestionAsked } from "../schemas/events.ts"
import type { ParamsOf, ToolDefinition } from "../schemas/tool-definition.ts"
import { builtinTools } from "../schemas/tools/index.ts"
import type { agent } from "../schemas/tools/agents.ts"
import { AgentPool } from "../workers/mesh/agents.ts"
import { ResearchJobs } from "../workers/mesh/research/jobs.ts"
import { titleFrom } from "../workers/agent/store.ts"
import { ConsentKeeper } from "../workers/mesh/consent.ts"
import { CustomTools } from "../workers/mesh/custom-tools.ts"
import { McpServers, type McpWorkerApi } from "../workers/mesh/mcp.ts"
import { Supervisor } from "../workers/mesh/supervisor.ts"
import { makeAgentApi, type MeshMethod, type MeshOutcome, type MeshTransport } from "./agent-api.ts"
import { serveChannel } from "./channel/server.ts"
import { callRouter } from "./router-client.ts"
import { cacheSettings } from "./settings-cache.ts"
import { SETTINGS_CHANGED_KIND } from "../schemas/router.ts"
import { cancelSandbox, runInSandbox } from "./sandbox-host.ts"
import { WaitingBadge } from "./waiting-badge.ts"
import { agentWorkerScript, workerScripts } from "./worker-registry.ts"

/** The router, with the settings cached until the service worker says they changed. */
const settingsCache = cacheSettings(callRouter)
const router = settingsCache.router
chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
  if ((message as { kind?: unknown } | null)?.kind !== SETTINGS_CHANGED_KIND) return undefined
  settingsCache.invalidate()
  sendResponse(true)
  return undefined
})

const listeners = new Set<(event: MeshEvent) => void>()
let broadcast: (event: MeshEvent) => void = () => undefined

/** Questions waiting for the user, for pages that open while one is pending. */
const pendingQuestions = new Map<string, QuestionAsked>()

const badge = new WaitingBadge(router)

const emit = (event: MeshEvent) => {
  // A server said its tools changed: list them again (changes are held back until accepted),
  // then tell the pages.
  if (event.type === "mcp_tools_changed" && event.listed !== true) {
    void mcp.refresh(event.server).finally(() => emit({ ...event, listed: true }))
    return
  }
  badge.observe(event)
  if (event.type === "question_asked") pendingQuestions.set(event.id, event)
  if (event.type === "question_closed") pendingQuestions.delete(event.id)
  broadcast(event)
  for (const listener of listeners) listener(event)
}

const supervisor = new Supervisor({
  tools: builtinTools,
  workerUrls: Object.fromEntries(Object.entries(workerScripts).map(([group, path]) => [group, chrome.runtime.getURL(path)])),
  router: router,
  host: { runInSandbox, cancelSandbox, judgeHop: (callId, tool, url) => agents.judgeHop(callId, tool, url) },
  // Each group's worker starts now, in idle time, so that no call waits for a start.
  standing: true,
  // The agent tool's sub-agents run in workers of their own, started by the agent pool; custom
  // tools run in the sandbox.
  inProcess: {
    custom: (request, signal) => customTools.handler(request, signal),
    agents: (request, signal) => {
      // Decoded by the supervisor against the agent tool's parameters.
      const params = request.params as ParamsOf<typeof agent>
      const [runId] = request.callId.split(":")
      return agents.spawn(
        {
          type: params.type,
          prompt: params.prompt,
          ...(params.description ? { description: params.description } : {}),
          ...(params.tab_id !== undefined ? { tabId: params.tab_id } : {}),
          parent: {
            conversationId: request.conversationId,
            callId: request.callId,
            ...(runId && request.callId.includes(":") ? { runId } : {}),
          },
        },
        signal,
      )
    },
  },
  emit,
})

const consent = new ConsentKeeper({ router: router, emit })
const customTools: CustomTools = new CustomTools({
  router: router,
  builtinNames: new Set(builtinTools.map((t) => t.name)),
  run: runInSandbox,
  cancel: cancelSandbox,
  onChange: (definitions) => {
    customDefinitions = definitions
    supervisor.setExtraTools([...customDefinitions, ...mcpDefinitions])
  },
})
let customDefinitions: ReadonlyArray<ToolDefinition> = []
let mcpDefinitions: ReadonlyArray<ToolDefinition> = []
const mcp: McpServers = new McpServers({
  router: callRouter,
  worker: (key) => supervisor.instance<McpWorkerApi>("mcp", key),
  end: (key) => supervisor.endInstance(key),
  onChange: (definitions) => {
    mcpDefinitions = definitions
    supervisor.setExtraTools([...customDefinitions, ...mcpDefinitions])
  },
})
void customTools.load()
void mcp.load()
const agents: AgentPool = new AgentPool({
  workerUrl: chrome.runtime.getURL(agentWorkerScript),
  supervisor,
  router: router,
  emit,
  consent,
  toolEnabled: (name, conversationId) => customTools.enabledFor(name, conversationId) && mcp.enabledFor(name, conversationId),
})
// Settle the runs that a previous document left "running" (the browser closed mid-run).
void agents.store()
const research = new ResearchJobs({
  spawn: (request, signal) => agents.spawn(request, signal),
  callTool: async (name, params) => {
    // The report is the model's words over what web pages said: named like an agent run's call
    // (`<run>:<call>`), so the workspace marks the file as from outside and reading it is untrusted.
    const outcome = await supervisor.call(name, params, { callId: `research:${crypto.randomUUID()}` })
    return outcome.ok ? outcome : { ok: false, error: toWire(outcome.error) }
  },
  emit,
  now: () => Date.now(),
  prewarm: (count) => agents.prewarm(count),
})

/** The workspace's undo, served here (the options page's restores); the worker shares its lock. */
const workspace = new Workspace()
const retention = async () => {
  const reply = await router("settings.get")
  const s = reply.ok ? Schema.decodeUnknownSync(Settings)(reply.value) : Schema.decodeUnknownSync(Settings)({})
  return { days: s.workspace.historyDays, maxBytes: s.workspace.historyMaxBytes }
}
/** A kept item as the API shows it (its provenance marks stay inside). */
const kept = ({ marked: _marked, ...item }: HistoryItem) => item
const workspaceOutcome = async <A>(work: () => Promise<A>): Promise<MeshOutcome> => {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, error: toWire(fileSystemError(error, "the workspace's history", "read")) }
  }
}

const decode = <A>(schema: Schema.Codec<A, unknown>, method: string, params: unknown): { ok: true; value: A } | MeshOutcome => {
  const decoded = Schema.decodeUnknownExit(schema)(params)
  return Exit.isSuccess(decoded) ? { ok: true, value: decoded.value } : invalid(method, decoded.cause)
}

const invalid = (method: string, cause: unknown): MeshOutcome => ({
  ok: false,
  error: { code: "invalid_input", message: `${method}: ${String(cause)}` },
})

/** True in development builds, which carry the debug API; build.mjs defines it. */
declare const __DEBUG_API__: boolean

/** Fault injection and inspection (development builds only: production drops it as dead code). */
const debugRequest = async (method: MeshMethod, params: unknown): Promise<MeshOutcome> => {
  if (method === "debug.workers") return { ok: true, value: supervisor.workers() }
  const decoded = Schema.decodeUnknownExit(DebugParams)(params)
  if (Exit.isFailure(decoded)) return invalid(method, decoded.cause)
  // A group, or an instance of one: an MCP server's worker is `mcp:<server>`.
  const group = decoded.value.group
  if (!(group.split(":")[0]! in workerScripts)) return invalid(method, `no worker for the group "${group}"`)
  const fault =
    method === "debug.crashWorker" ? "crash" : method === "debug.killWorker" ? "kill" : method === "debug.stallWorker" ? "stall" : undefined
  if (fault === undefined) return { ok: false, error: { code: "not_implemented", message: `${method} is not a debug method.` } }
  await supervisor.injectFault(group, fault, decoded.value.ms)
  return { ok: true, value: null }
}

/** The supervisor as a transport: what the channel serves to pages, and `agent` uses here. */
const local: MeshTransport = {
  async request(method: MeshMethod, params: unknown, signal?: AbortSignal): Promise<MeshOutcome> {
    if (__DEBUG_API__ && method.startsWith("debug.")) return debugRequest(method, params)
    switch (method) {
      case "tools.list":
        return { ok: true, value: supervisor.list() }
      case "tools.call": {
        const decoded = Schema.decodeUnknownExit(ToolsCallParams)(params)
        if (Exit.isFailure(decoded)) return invalid(method, decoded.cause)
        const { name, params: toolParams, ...options } = decoded.value
        const result = await supervisor.call(name, toolParams, { ...options, ...(signal ? { signal } : {}) })
        return result.ok ? result : { ok: false, error: toWire(result.error) }
      }
      case "chat.start": {
        const decoded = decode(ChatStartParams as never, method, params)
        return decoded.ok ? agents.start(decoded.value as typeof ChatStartParams.Type) : decoded
      }
      case "chat.stop": {
        const decoded = decode(ConversationIdParams as never, method, params)
        return decoded.ok
          ? { ok: true, value: await agents.stop((decoded.value as typeof ConversationIdParams.Type).conversationId) }
          : decoded
      }
      case "questions.answer": {
        const decoded = decode(AnswerParams as never, method, params)
        if (!decoded.ok) return decoded
        const { id, answer } = decoded.value as typeof AnswerParams.Type
        return supervisor.deliver(id, { answer })
      }
      case "agents.spawn": {
        const decoded = decode(SpawnParams as never, method, params)
        if (!decoded.ok) return decoded
        const p = decoded.value as typeof SpawnParams.Type
        return agents.spawn(
          {
            type: p.type,
            prompt: p.prompt,
            ...(p.agentId ? { agentId: p.agentId } : {}),
            ...(p.description ? { description: p.description } : {}),
            ...(p.tabId !== undefined ? { tabId: p.tabId } : {}),
          },
          signal ?? new AbortController().signal,
        )
      }
      case "research.start": {
        const decoded = decode(ResearchParams as never, method, params)
        if (!decoded.ok) return decoded
        const request = decoded.value as typeof ResearchParams.Type
        // A job started in a new conversation makes it: listed, and its researchers' transcripts
        // found under it, so a panel opened later shows the job with its lanes.
        if (request.conversationId !== undefined) {
          const store = await agents.store()
          if ((await store.meta(request.conversationId)) === undefined)
            await store.create({ id: request.conversationId, title: titleFrom(request.question) })
        }
        // What the request leaves out comes from the settings (Settings → Research).
        const settings = await router("settings.get")
        const defaults = settings.ok ? (settings.value as Settings).research : undefined
        return research.start(
          defaults
            ? {
                ...request,
                researchers: request.researchers ?? defaults.researchers,
                budget: { steps: defaults.steps, tokens: defaults.tokens, wallMs: defaults.wallMs, ...request.budget },
              }
            : request,
        )
      }
      case "research.stop": {
        const decoded = decode(JobIdParams as never, method, params)
        if (!decoded.ok) return decoded
        return { ok: true, value: research.stop((decoded.value as typeof JobIdParams.Type).jobId) }
      }
      case "agents.spawned":
        return { ok: true, value: agents.spawned() }
      case "research.list":
        return { ok: true, value: research.list() }
      case "providers.presets":
        return { ok: true, value: PRESETS }
      case "providers.test": {
        const decoded = decode(ProviderTestParams as never, method, params)
        if (!decoded.ok) return decoded
        const target = decoded.value as typeof ProviderTestParams.Type
        let config = target.config
        if (config === undefined) {
          if (target.providerId === undefined) return invalid(method, "give providerId or config")
          const resolved = await router("providers.resolve", { providerId: target.providerId })
          if (!resolved.ok) return resolved
          const p = Schema.decodeUnknownSync(ProviderSettings)(resolved.value)
          config = { kind: p.kind, baseUrl: p.baseUrl, ...(p.apiKey ? { apiKey: p.apiKey } : {}) }
        }
        return { ok: true, value: await testConnection(config, target.model, { signal: signal ?? new AbortController().signal }) }
      }
      case "confirmations.answer": {
        const decoded = decode(ConfirmParams as never, method, params)
        if (!decoded.ok) return decoded
        const { id, allow, grant } = decoded.value as typeof ConfirmParams.Type
        return consent.answer(id, allow, grant)
      }
      case "customTools.register":
        return customTools.register(params)
      case "customTools.list":
        return { ok: true, value: customTools.list() }
      case "customTools.remove": {
        const decoded = decode(CustomToolNameParams as never, method, params)
        return decoded.ok ? customTools.remove((decoded.value as typeof CustomToolNameParams.Type).name) : decoded
      }
      case "customTools.setEnabled": {
        const decoded = decode(CustomToolEnableParams as never, method, params)
        if (!decoded.ok) return decoded
        const p = decoded.value as typeof CustomToolEnableParams.Type
        return customTools.setEnabled(p.name, p.enabled, p.conversationId)
      }
      case "mcp.add":
        return mcp.add(params)
      case "mcp.test":
        return mcp.test(params)
      case "mcp.list":
        return { ok: true, value: mcp.list() }
      case "mcp.remove": {
        const decoded = decode(McpNameParams as never, method, params)
        return decoded.ok ? mcp.remove((decoded.value as typeof McpNameParams.Type).name) : decoded
      }
      case "mcp.accept": {
        const decoded = decode(McpNameParams as never, method, params)
        return decoded.ok ? mcp.accept((decoded.value as typeof McpNameParams.Type).name) : decoded
      }
      case "mcp.setEnabled": {
        const decoded = decode(McpEnableParams as never, method, params)
        if (!decoded.ok) return decoded
        const { name, enabled, ...options } = decoded.value as typeof McpEnableParams.Type
        return mcp.setEnabled(name, enabled, options)
      }
      case "confirmations.pending":
        return { ok: true, value: consent.waiting() }
      case "questions.pending":
        return { ok: true, value: [...pendingQuestions.values()] }
      case "chat.running":
        return { ok: true, value: agents.running() }
      case "conversations.list":
        return { ok: true, value: await (await agents.store()).list() }
      case "conversations.rename": {
        const decoded = decode(RenameParams as never, method, params)
        if (!decoded.ok) return decoded
        const { conversationId, title } = decoded.value as typeof RenameParams.Type
        const renamed = await (await agents.store()).update(conversationId, { title: title.trim() })
        return renamed
          ? { ok: true, value: renamed }
          : { ok: false, error: { code: "not_found", message: `There is no conversation "${conversationId}".` } }
      }
      case "conversations.setInstructions": {
        const decoded = decode(InstructionsParams as never, method, params)
        if (!decoded.ok) return decoded
        const { conversationId, system } = decoded.value as typeof InstructionsParams.Type
        const store = await agents.store()
        // Set before the first message (the panel's new conversation has an id, no record yet).
        const saved =
          (await store.update(conversationId, { system: system.trim() })) ??
          (await store.create({ id: conversationId, system: system.trim() }))
        return { ok: true, value: saved }
      }
      case "workspace.versions": {
        const decoded = decode(WorkspacePathParams as never, method, params)
        if (!decoded.ok) return decoded
        const path = parseWorkspacePath((decoded.value as typeof WorkspacePathParams.Type).path)
        if (!path.ok) return invalid(method, path.message)
        return workspaceOutcome(async () => (await workspace.versions(path.value.path, await retention())).map(kept))
      }
      case "workspace.trash":
        return workspaceOutcome(async () => (await workspace.trash(await retention())).map(kept))
      case "workspace.restore": {
        const decoded = decode(WorkspaceRestoreParams as never, method, params)
        if (!decoded.ok) return decoded
        const { id } = decoded.value as typeof WorkspaceRestoreParams.Type
        return workspaceOutcome(async () => kept(await workspace.restore(id, await retention())))
      }
      case "conversations.get":
      case "conversations.delete": {
        const decoded = decode(ConversationIdParams as never, method, params)
        if (!decoded.ok) return decoded
        const { conversationId } = decoded.value as typeof ConversationIdParams.Type
        const store = await agents.store()
        if (method === "conversations.get") {
          const conversation = await store.get(conversationId)
          if (conversation === undefined) return { ok: true, value: null }
          const subAgents = await store.subAgentsOf(conversationId)
          return { ok: true, value: subAgents.length ? { ...conversation, subAgents } : conversation }
        }
        if (agents.running().some((r) => r.conversationId === conversationId)) await agents.stop(conversationId)
        await consent.forget(conversationId)
        return { ok: true, value: await store.delete(conversationId) }
      }
      case "debug.crashWorker":
      case "debug.killWorker":
      case "debug.stallWorker":
      case "debug.workers":
        // reached in production builds only, which carry no debug API
        return { ok: false, error: { code: "not_implemented", message: `${method} exists in development builds only.` } }
    }
  },
  onEvent(listener) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

const channelServer = serveChannel(local)
broadcast = (event) => channelServer.broadcast(event)
globalThis.agent = makeAgentApi(local)
