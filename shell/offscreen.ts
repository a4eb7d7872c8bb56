/**
 * The offscreen document: home of the supervisor. It lives as long as Chrome keeps it, which
 * is independent of the service worker's short life, so the workers and their state survive
 * the service worker being stopped.
 */
import { Exit, Schema } from "effect"
import { DebugParams, ToolsCallParams } from "../schemas/channel.ts"
import { toWire } from "../schemas/errors.ts"
import type { MeshEvent } from "../schemas/events.ts"
import type { ToolGroup } from "../schemas/tool-definition.ts"
import { builtinTools } from "../schemas/tools/index.ts"
import { Supervisor } from "../workers/mesh/supervisor.ts"
import { makeAgentApi, type MeshMethod, type MeshOutcome, type MeshTransport } from "./agent-api.ts"
import { serveChannel } from "./channel/server.ts"
import { callRouter } from "./router-client.ts"
import { cancelSandbox, runInSandbox } from "./sandbox-host.ts"
import { workerScripts } from "./worker-registry.ts"

const listeners = new Set<(event: MeshEvent) => void>()
let broadcast: (event: MeshEvent) => void = () => undefined

const supervisor = new Supervisor({
  tools: builtinTools,
  workerUrls: Object.fromEntries(Object.entries(workerScripts).map(([group, path]) => [group, chrome.runtime.getURL(path)])),
  router: callRouter,
  host: { runInSandbox, cancelSandbox },
  emit: (event) => {
    broadcast(event)
    for (const listener of listeners) listener(event)
  },
})

const invalid = (method: string, cause: unknown): MeshOutcome => ({ ok: false, error: { code: "invalid_input", message: `${method}: ${String(cause)}` } })

/** The supervisor as a transport: what the channel serves to pages, and `agent` uses here. */
const local: MeshTransport = {
  async request(method: MeshMethod, params: unknown, signal?: AbortSignal): Promise<MeshOutcome> {
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
      case "debug.crashWorker":
      case "debug.stallWorker": {
        const decoded = Schema.decodeUnknownExit(DebugParams)(params)
        if (Exit.isFailure(decoded)) return invalid(method, decoded.cause)
        const group = decoded.value.group as ToolGroup
        if (!(group in workerScripts)) return invalid(method, `no worker for the group "${group}"`)
        await supervisor.injectFault(group, method === "debug.crashWorker" ? "crash" : "stall", decoded.value.ms)
        return { ok: true, value: null }
      }
      case "debug.workers":
        return { ok: true, value: supervisor.workers() }
    }
  },
  onEvent(listener) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

broadcast = serveChannel(local).broadcast
globalThis.agent = makeAgentApi(local)
