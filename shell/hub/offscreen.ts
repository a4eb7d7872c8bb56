/**
 * The offscreen document: home of the supervisor. It lives as long as Chrome keeps it, which
 * is independent of the service worker's short life, so the workers and their state survive
 * the service worker being stopped.
 */
import * as Schema from "effect/Schema"
import type { ConversationIdParams, DebugParams } from "../../schemas/channel.ts"
import type { Conversation } from "../../schemas/conversation.ts"
import { Settings } from "../../schemas/settings.ts"
import type { HistoryItem } from "../../workers/workspace/history.ts"
import { fileSystemError, Workspace } from "../../workers/workspace/opfs.ts"
import { parseWorkspacePath } from "../../workers/workspace/paths.ts"
import { Provider as ProviderSettings } from "../../schemas/settings.ts"
import { PRESETS, testConnection } from "../../workers/agent/providers/presets.ts"
import { toWire, type Outcome } from "../../schemas/errors.ts"
import type { MeshEvent, QuestionAsked } from "../../schemas/events.ts"
import type { ParamsOf, ToolDefinition } from "../../schemas/tool-definition.ts"
import { builtinTools } from "../../schemas/tools/index.ts"
import type { agent } from "../../schemas/tools/agents.ts"
import { AgentPool } from "./agents.ts"
import { ResearchJobs } from "./research/jobs.ts"
import { loadReportWords, readPackagedMessages } from "./research/words.ts"
import { titleFrom } from "../../workers/agent/store.ts"
import { ConsentKeeper } from "./consent.ts"
import { CustomTools } from "./custom-tools.ts"
import { McpServers, type McpWorkerApi } from "./mcp.ts"
import { Supervisor } from "./supervisor.ts"
import { makeAgentApi } from "../client/agent-api.ts"
import { requestDecoder, serveInProcess, type Handlers } from "./channel/handlers.ts"
import { serveChannel } from "./channel/server.ts"
import { callRouter } from "../client/router-client.ts"
import { cacheSettings } from "./settings-cache.ts"
import { SETTINGS_CHANGED_KIND } from "../../schemas/router.ts"
import { createSandboxHost, routerMemoryGauge, type SandboxHost } from "./sandbox-host.ts"
import { WaitingBadge } from "./waiting-badge.ts"
import { Routines } from "./routines.ts"
import { ROUTINE_DUE_KIND } from "../../schemas/routines.ts"
import { agentWorkerScript, workerScripts } from "./worker-registry.ts"
import { countCodec } from "../../schemas/codec-count.ts"

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

/** The sandbox page's host, with its memory cap read through the router. */
const sandbox = createSandboxHost(chrome.runtime.getURL("sandbox.html"), { memory: routerMemoryGauge(router) })
const runInSandbox: SandboxHost["runInSandbox"] = (...args) => sandbox.runInSandbox(...args)
const cancelSandbox: SandboxHost["cancelSandbox"] = (runId) => sandbox.cancelSandbox(runId)

const emit = (event: MeshEvent) => {
  // A server said its tools changed: list them again (changes are held back until accepted),
  // then tell the pages.
  if (event.type === "mcp_tools_changed" && event.listed !== true) {
    void mcp.refresh(event.server).finally(() => emit({ ...event, listed: true }))
    return
  }
  badge.observe(event)
  routines.observe(event)
  if (event.type === "question_asked") pendingQuestions.set(event.id, event)
  if (event.type === "question_closed") pendingQuestions.delete(event.id)
  broadcast(event)
  for (const listener of listeners) listener(event)
}

const supervisor = new Supervisor({
  tools: builtinTools,
  workerUrls: Object.fromEntries(Object.entries(workerScripts).map(([group, path]) => [group, chrome.runtime.getURL(path)])),
  router: router,
  host: {
    runInSandbox,
    cancelSandbox,
    judgeHop: (callId, tool, url) => agents.judgeHop(callId, tool, url),
    fenceTab: (callId, tabId, opened) => agents.fenceTab(callId, tabId, opened),
    unattended: async (conversationId) => routines.unattended(conversationId)?.onConfirm,
  },
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

const consent = new ConsentKeeper({ router: router, emit, unattended: (conversationId) => routines.unattended(conversationId) })
// An "always" site revoked (or the rule's mode changed) on the options page narrows every fence at once.
chrome.runtime.onMessage.addListener((message: unknown) => {
  if ((message as { kind?: unknown } | null)?.kind === SETTINGS_CHANGED_KIND) void consent.refence().catch(() => undefined)
  return undefined
})
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
// Builds before task lists moved into memory kept them in this database: task lists are never saved.
indexedDB.deleteDatabase("agent-mesh-tasks")
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
  reportWords: (language) => loadReportWords(language, readPackagedMessages),
  prewarm: (count) => agents.prewarm(count),
})

const routines: Routines = new Routines({
  router,
  store: () => agents.store(),
  start: (request) => agents.start(request),
  // The report is the model's words over what it read: named like an agent run's call, so the workspace marks it as from outside.
  callTool: async (name, params) => {
    const outcome = await supervisor.call(name, params, { callId: `routine:${crypto.randomUUID()}` })
    return outcome.ok ? outcome : { ok: false, error: toWire(outcome.error) }
  },
  emit,
  replayCall: (conversationId, callId, name, params, signal) => agents.replayCall(conversationId, callId, name, params, signal),
  definition: (name) => supervisor.definition(name),
})
// Runs the service worker queued (an alarm, the browser's start): taken as the document loads, and when it says so.
chrome.runtime.onMessage.addListener((message: unknown) => {
  if ((message as { kind?: unknown } | null)?.kind === ROUTINE_DUE_KIND) void routines.takeDue()
  return undefined
})
void routines.takeDue()

/** The workspace's undo, served here (the options page's restores); the worker shares its lock. */
const workspace = new Workspace()
const retention = async () => {
  const reply = await router("settings.get")
  countCodec("offscreen:settings.retention")
  const s = reply.ok ? Schema.decodeUnknownSync(Settings)(reply.value) : Schema.decodeUnknownSync(Settings)({})
  return { days: s.workspace.historyDays, maxBytes: s.workspace.historyMaxBytes }
}
/** A kept item as the API shows it (its provenance marks and writers stay inside). */
const kept = ({ marked: _marked, owners: _owners, ...item }: HistoryItem) => item
const workspaceOutcome = async <A>(work: () => Promise<A>): Promise<Outcome<A>> => {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, error: toWire(fileSystemError(error, "the workspace's history", "read")) }
  }
}

const invalid = (method: string, cause: unknown): Outcome<never> => ({
  ok: false,
  error: { code: "invalid_input", message: `${method}: ${String(cause)}` },
})

/** True in development builds, which carry the debug API; build.mjs defines it. */
declare const __DEBUG_API__: boolean

/** Fault injection (development builds only: production drops it as dead code). */
const injectFault =
  (method: string, fault: "crash" | "kill" | "stall") =>
  async ({ group, ms }: DebugParams): Promise<Outcome<null>> => {
    if (!__DEBUG_API__) return { ok: false, error: { code: "not_implemented", message: `${method} exists in development builds only.` } }
    // A running conversation's agent worker (a sub-agent's conversation is `sub:<agent>`).
    if (group.startsWith("agent:")) {
      if (fault === "stall") return invalid(method, "an agent worker can be crashed or killed, not stalled")
      const conversationId = group.slice("agent:".length)
      const crashed = fault === "crash" ? await agents.crash(conversationId) : agents.kill(conversationId)
      return crashed ? { ok: true, value: null } : invalid(method, `no run is going in "${conversationId}"`)
    }
    // A group, or an instance of one: an MCP server's worker is `mcp:<server>`.
    if (!(group.split(":")[0]! in workerScripts)) return invalid(method, `no worker for the group "${group}"`)
    await supervisor.injectFault(group, fault, ms)
    return { ok: true, value: null }
  }

/** A conversation's record with its sub-agents' transcripts, or null. */
const conversationWithSubAgents = async ({ conversationId }: ConversationIdParams): Promise<Outcome<Conversation | null>> => {
  const store = await agents.store()
  const conversation = await store.get(conversationId)
  if (conversation === undefined) return { ok: true, value: null }
  const subAgents = await store.subAgentsOf(conversationId)
  return { ok: true, value: subAgents.length ? { ...conversation, subAgents } : conversation }
}

/** What each method of the message contract does; each gets its parameters decoded, once, where the request arrived. */
const handlers: Handlers = {
  "tools.list": () => ({ ok: true, value: supervisor.list() }),
  // Its arguments came decoded by the tool's parameters, with the request (requestDecoder).
  "tools.call": async ({ definition, params, ...options }, signal) => {
    const result = await supervisor.run(definition, params, { ...options, ...(signal ? { signal } : {}) })
    return result.ok ? result : { ok: false, error: toWire(result.error) }
  },
  "chat.start": (params) => agents.start(params),
  // A routine's replay is stopped like a model's run: it has no agent run to stop.
  "chat.stop": async ({ conversationId }) => {
    const replaying = routines.stop(conversationId)
    return { ok: true, value: (await agents.stop(conversationId)) || replaying }
  },
  "chat.running": () => ({ ok: true, value: agents.running() }),
  "questions.answer": ({ id, answer }) => supervisor.deliver(id, { answer }),
  "questions.pending": () => ({ ok: true, value: [...pendingQuestions.values()] }),
  "agents.spawn": (p, signal) =>
    agents.spawn(
      {
        type: p.type,
        prompt: p.prompt,
        ...(p.agentId ? { agentId: p.agentId } : {}),
        ...(p.description ? { description: p.description } : {}),
        ...(p.tabId !== undefined ? { tabId: p.tabId } : {}),
      },
      signal ?? new AbortController().signal,
    ),
  "agents.spawned": () => ({ ok: true, value: agents.spawned() }),
  "research.start": async (request) => {
    // A job started in a new conversation makes it: listed, and its researchers' transcripts
    // found under it, so a panel opened later shows the job with its lanes.
    if (request.conversationId !== undefined) {
      const store = await agents.store()
      const meta = await store.meta(request.conversationId)
      if (meta === undefined) await store.create({ id: request.conversationId, title: titleFrom(request.question) })
      // A conversation made before its first message (and titled by none) is titled by the job's question.
      else if (meta.title === titleFrom("")) await store.update(request.conversationId, { title: titleFrom(request.question) })
    }
    // What the request leaves out comes from the settings (Settings → Research).
    const settings = await router("settings.get")
    const defaults = settings.ok ? settings.value.research : undefined
    return research.start(
      defaults
        ? {
            ...request,
            researchers: request.researchers ?? defaults.researchers,
            budget: { steps: defaults.steps, tokens: defaults.tokens, wallMs: defaults.wallMs, ...request.budget },
          }
        : request,
    )
  },
  "research.stop": ({ jobId }) => ({ ok: true, value: research.stop(jobId) }),
  "research.list": () => ({ ok: true, value: research.list() }),
  "providers.presets": () => ({ ok: true, value: PRESETS }),
  "providers.test": async (target, signal) => {
    let config = target.config
    if (config === undefined) {
      if (target.providerId === undefined) return invalid("providers.test", "give providerId or config")
      const resolved = await router("providers.resolve", { providerId: target.providerId })
      if (!resolved.ok) return resolved
      countCodec("offscreen:providers.test")
      const p = Schema.decodeUnknownSync(ProviderSettings)(resolved.value)
      config = { kind: p.kind, baseUrl: p.baseUrl, ...(p.apiKey ? { apiKey: p.apiKey } : {}) }
    }
    return { ok: true, value: await testConnection(config, target.model, { signal: signal ?? new AbortController().signal }) }
  },
  "confirmations.answer": ({ id, allow, grant }) => consent.answer(id, allow, grant),
  "confirmations.pending": () => ({ ok: true, value: consent.waiting() }),
  "confirmations.grants": async () => ({ ok: true, value: await consent.grants() }),
  "customTools.register": (tool) => customTools.register(tool),
  "customTools.list": () => ({ ok: true, value: customTools.list() }),
  "customTools.remove": ({ name }) => customTools.remove(name),
  "customTools.setEnabled": ({ name, enabled, conversationId }) => customTools.setEnabled(name, enabled, conversationId),
  "mcp.add": (server) => mcp.add(server),
  "mcp.test": (server) => mcp.test(server),
  "mcp.list": () => ({ ok: true, value: mcp.list() }),
  "mcp.remove": ({ name }) => mcp.remove(name),
  "mcp.accept": ({ name }) => mcp.accept(name),
  "mcp.setEnabled": ({ name, enabled, ...options }) => mcp.setEnabled(name, enabled, options),
  "conversations.list": async () => ({ ok: true, value: await (await agents.store()).list() }),
  "conversations.get": conversationWithSubAgents,
  "conversations.delete": async ({ conversationId }) => {
    // What works for the conversation ends first: its labels must outlive every run that goes by them.
    await research.stopFor(conversationId)
    await agents.endScope(conversationId)
    await consent.forget(conversationId)
    const store = await agents.store()
    const family = await store.family(conversationId)
    const existed = await store.delete(conversationId)
    // Their task lists, kept in memory for the tasks worker, go with them.
    supervisor.forget(family)
    return { ok: true, value: existed }
  },
  "conversations.rename": async ({ conversationId, title }) => {
    const renamed = await (await agents.store()).update(conversationId, { title: title.trim() })
    return renamed
      ? { ok: true, value: renamed }
      : { ok: false, error: { code: "not_found", message: `There is no conversation "${conversationId}".` } }
  },
  "conversations.setInstructions": async ({ conversationId, system }) => {
    const store = await agents.store()
    // Set before the first message (the panel's new conversation has an id, no record yet).
    const saved =
      (await store.update(conversationId, { system: system.trim() })) ?? (await store.create({ id: conversationId, system: system.trim() }))
    return { ok: true, value: saved }
  },
  "workspace.versions": ({ path: raw }) => {
    const path = parseWorkspacePath(raw)
    if (!path.ok) return invalid("workspace.versions", path.message)
    return workspaceOutcome(async () => (await workspace.versions(path.value.path, await retention())).map(kept))
  },
  "workspace.trash": () => workspaceOutcome(async () => (await workspace.trash(await retention())).map(kept)),
  "workspace.restore": ({ id }) => workspaceOutcome(async () => kept(await workspace.restore(id, await retention()))),
  "workspace.usage": () => workspaceOutcome(async () => workspace.historyUsage(await retention())),
  "routines.list": () => routines.list(),
  "routines.create": (input) => routines.create(input),
  "routines.update": (update) => routines.update(update),
  "routines.remove": ({ id }) => routines.remove(id),
  "routines.runNow": ({ id }) => routines.runNow(id),
  "routines.history": ({ id }) => routines.history(id),
  "debug.crashWorker": injectFault("debug.crashWorker", "crash"),
  "debug.killWorker": injectFault("debug.killWorker", "kill"),
  "debug.stallWorker": injectFault("debug.stallWorker", "stall"),
  "debug.workers": () => ({ ok: true, value: __DEBUG_API__ ? supervisor.workers() : {} }),
}

const decodeRequest = requestDecoder((name) => supervisor.definition(name))
const local = serveInProcess(handlers, decodeRequest, (listener) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
})

const channelServer = serveChannel(handlers, decodeRequest)
broadcast = (event) => channelServer.broadcast(event)
globalThis.agent = makeAgentApi(local)
