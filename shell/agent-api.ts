/**
 * `globalThis.agent`, the developer API, in every extension page and the offscreen document.
 * It is a thin typed face over a transport: the page channel in pages, the supervisor itself
 * in the offscreen document. Failures reject with an `AgentError` carrying `code` and `message`.
 */
import { AgentError, type WireError } from "../schemas/errors.ts"
import type { MeshEvent } from "../schemas/events.ts"
import type { Settings, SettingsPatch } from "../schemas/settings.ts"
import type { ToolGroup } from "../schemas/tool-definition.ts"
import type { ToolInfo } from "../workers/mesh/supervisor.ts"
import { callRouter } from "./router-client.ts"

export type MeshMethod = "tools.list" | "tools.call" | "debug.crashWorker" | "debug.stallWorker" | "debug.workers"
export type MeshOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: WireError }

export interface MeshTransport {
  request(method: MeshMethod, params?: unknown, signal?: AbortSignal): Promise<MeshOutcome>
  onEvent(listener: (event: MeshEvent) => void): () => void
}

export interface ToolCallOptions {
  /** The conversation whose state (task list, ...) the call works on; default: a scratch one. */
  readonly conversationId?: string
  /** A deadline shorter than the tool's own time limit. */
  readonly timeoutMs?: number
  /** Aborting it cancels the call; the tool's work stops. */
  readonly signal?: AbortSignal
}

export interface AgentApi {
  readonly tools: {
    list(): Promise<ReadonlyArray<ToolInfo>>
    call(name: string, params?: unknown, options?: ToolCallOptions): Promise<unknown>
  }
  readonly settings: {
    get(): Promise<Settings>
    update(patch: SettingsPatch): Promise<Settings>
  }
  /** Subscribe to the mesh's events (tool calls started and finished, workers restarted). */
  onEvent(listener: (event: MeshEvent) => void): () => void
  /** Fault injection and inspection, used by the fault suites. */
  readonly debug: {
    crashWorker(group: ToolGroup): Promise<void>
    stallWorker(group: ToolGroup, ms: number): Promise<void>
    workers(): Promise<Record<string, { alive: boolean; restarts: number }>>
  }
}

const unwrap = <A>(outcome: MeshOutcome | { ok: true; value: unknown } | { ok: false; error: WireError }): A => {
  if (outcome.ok) return outcome.value as A
  throw new AgentError(outcome.error)
}

export const makeAgentApi = (transport: MeshTransport): AgentApi => ({
  tools: {
    list: async () => unwrap(await transport.request("tools.list")),
    call: async (name, params = {}, options = {}) => {
      const { signal, ...rest } = options
      return unwrap(await transport.request("tools.call", { name, params, ...rest }, signal))
    },
  },
  settings: {
    get: async () => unwrap(await callRouter("settings.get")),
    update: async (patch) => unwrap(await callRouter("settings.update", patch)),
  },
  onEvent: (listener) => transport.onEvent(listener),
  debug: {
    crashWorker: async (group) => unwrap(await transport.request("debug.crashWorker", { group })),
    stallWorker: async (group, ms) => unwrap(await transport.request("debug.stallWorker", { group, ms })),
    workers: async () => unwrap(await transport.request("debug.workers")),
  },
})

declare global {
  // eslint-disable-next-line no-var
  var agent: AgentApi
}
