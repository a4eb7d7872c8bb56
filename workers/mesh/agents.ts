/**
 * The agent pool, beside the supervisor in the offscreen document: one agent worker per running
 * conversation. It lends each worker the tools (through the supervisor), the router and the
 * event stream; stops runs on request; and, when a worker dies or will not stop, ends its run
 * as failed or stopped and saves a note of it, so the conversation is never left "running".
 */
import * as Comlink from "comlink"
import type { WireError } from "../../schemas/errors.ts"
import { toWire } from "../../schemas/errors.ts"
import type { ConversationEvent } from "../../schemas/events.ts"
import type { RunStatus } from "../../schemas/conversation.ts"
import type { RunOutcome, ToolOutcome } from "../agent/loop.ts"
import type { AgentHost, AgentWorkerApi, RunRequest } from "../agent/protocol.ts"
import { ConversationStore } from "../agent/store.ts"
import type { RouterCall } from "./protocol.ts"
import type { Supervisor } from "./supervisor.ts"

export interface StartRequest {
  readonly conversationId?: string
  readonly runId?: string
  readonly prompt: string
  readonly model?: { readonly providerId: string; readonly model: string }
  readonly system?: string
}

interface Run {
  readonly conversationId: string
  readonly runId: string
  readonly worker: Worker
  readonly remote: Comlink.Remote<AgentWorkerApi>
  readonly tools: Map<string, AbortController>
  finished: boolean
}

export interface AgentPoolOptions {
  readonly workerUrl: string
  readonly supervisor: Supervisor
  readonly router: RouterCall
  readonly emit: (event: ConversationEvent) => void
  /** How long a stopped run may take to wind down before its worker is terminated. */
  readonly stopGraceMs?: number
}

export class AgentPool {
  private readonly runs = new Map<string, Run>()
  private storePromise: Promise<ConversationStore> | undefined

  constructor(private readonly options: AgentPoolOptions) {}

  store(): Promise<ConversationStore> {
    return (this.storePromise ??= ConversationStore.open().then(async (store) => {
      // A run that was going when the browser (or this document) went away did not finish.
      for (const c of await store.list()) {
        if (c.status === "running") {
          await store.append(c.id, { runId: "interrupted", message: { role: "assistant", content: "" }, notice: { status: "failed", message: "The run was interrupted (the browser or the extension closed); send a message to continue." } })
          await store.update(c.id, { status: "failed" })
        }
      }
      return store
    }))
  }

  running(): ReadonlyArray<{ conversationId: string; runId: string }> {
    return [...this.runs.values()].map(({ conversationId, runId }) => ({ conversationId, runId }))
  }

  /** Starts a run; resolves at once with its ids. Its events, and `run_finished`, follow. */
  async start(request: StartRequest): Promise<{ ok: true; value: { conversationId: string; runId: string } } | { ok: false; error: WireError }> {
    await this.store()
    const conversationId = request.conversationId ?? crypto.randomUUID()
    if (this.runs.has(conversationId)) {
      return { ok: false, error: { code: "busy", message: "This conversation is already running; stop it first or wait for it to finish." } }
    }
    const runId = request.runId ?? crypto.randomUUID()
    const worker = new Worker(this.options.workerUrl, { type: "module", name: `agent-mesh:agent:${conversationId}` })
    const remote = Comlink.wrap<AgentWorkerApi>(worker)
    const run: Run = { conversationId, runId, worker, remote, tools: new Map(), finished: false }
    this.runs.set(conversationId, run)
    worker.addEventListener("error", (event) => {
      event.preventDefault()
      void this.checkAlive(run)
    })
    const host: AgentHost = {
      router: this.options.router,
      tools: async () => this.options.supervisor.available(),
      callTool: (callId, name, params, conversation) => this.callTool(run, callId, name, params, conversation),
      cancelTool: async (callId) => run.tools.get(callId)?.abort(),
      emit: (event) => this.options.emit(event),
    }
    await remote.init(Comlink.proxy(host))
    const runRequest: RunRequest = {
      conversationId,
      runId,
      prompt: request.prompt,
      ...(request.model ? { model: request.model } : {}),
      ...(request.system !== undefined ? { system: request.system } : {}),
    }
    remote.run(runRequest).then(
      (outcome) => this.finish(run, outcome),
      (error: unknown) => this.finish(run, { status: "failed", answer: "", error: { code: "agent_crashed", message: `The agent worker stopped unexpectedly: ${String(error)}` } }),
    )
    return { ok: true, value: { conversationId, runId } }
  }

  /** Stops a conversation's run: the model stream and every tool call of the run end. */
  async stop(conversationId: string): Promise<boolean> {
    const run = this.runs.get(conversationId)
    if (!run) return false
    for (const controller of run.tools.values()) controller.abort()
    await run.remote.stop(run.runId).catch(() => undefined)
    setTimeout(() => {
      if (!run.finished) void this.abandon(run, "stopped", "Stopped by the user (the run did not wind down in time and was ended).")
    }, this.options.stopGraceMs ?? 3000)
    return true
  }

  private async callTool(run: Run, callId: string, name: string, params: unknown, conversationId: string): Promise<ToolOutcome> {
    const controller = new AbortController()
    run.tools.set(callId, controller)
    try {
      const outcome = await this.options.supervisor.call(name, params, { conversationId, callId, signal: controller.signal })
      return outcome.ok ? outcome : { ok: false, error: toWire(outcome.error) }
    } finally {
      run.tools.delete(callId)
    }
  }

  private async checkAlive(run: Run): Promise<void> {
    const alive = await Promise.race([run.remote.ping().then(() => true, () => false), new Promise<boolean>((r) => setTimeout(() => r(false), 1000))])
    if (!alive) await this.abandon(run, "failed", "The agent worker crashed; what was saved before is kept. Send a message to continue.")
  }

  private async abandon(run: Run, status: RunStatus, message: string): Promise<void> {
    if (run.finished) return
    const store = await this.store()
    await store.append(run.conversationId, { runId: run.runId, message: { role: "assistant", content: "" }, notice: { status, message } }).catch(() => undefined)
    await store.update(run.conversationId, { status }).catch(() => undefined)
    this.finish(run, { status, answer: "", ...(status === "failed" ? { error: { code: "agent_crashed", message } } : {}) })
  }

  private finish(run: Run, outcome: RunOutcome): void {
    if (run.finished) return
    run.finished = true
    for (const controller of run.tools.values()) controller.abort()
    run.remote[Comlink.releaseProxy]()
    run.worker.terminate()
    if (this.runs.get(run.conversationId) === run) this.runs.delete(run.conversationId)
    this.options.emit({
      type: "run_finished",
      conversationId: run.conversationId,
      runId: run.runId,
      status: outcome.status,
      answer: outcome.answer,
      ...(outcome.error ? { error: outcome.error } : {}),
    })
  }
}
