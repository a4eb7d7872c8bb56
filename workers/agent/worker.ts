/**
 * An agent worker: it runs one conversation's agent loop. The mesh starts one per running
 * conversation and ends it when the run ends; stopping the run aborts the model stream and the
 * run's tool calls.
 */
import * as Comlink from "comlink"
import type { WireError } from "../../schemas/errors.ts"
import type { ConversationEvent } from "../../schemas/events.ts"
import { runLoop, type RunOutcome } from "./loop.ts"
import { BATCH_MS, EventSender, LANE_BATCH_MS } from "./event-stream.ts"
import { faultInjection } from "../runtime/fault-injection.ts"
import type { AgentHost, AgentWorkerApi, RunRequest, RunResult } from "./protocol.ts"
import { providerOf } from "./providers/index.ts"
import { seesImages } from "./providers/vision.ts"
import { ConversationStore } from "./store.ts"
import { titleFrom } from "./store.ts"
import { composeSystemPrompt, subAgentPrompt } from "./system-prompt.ts"

const DEFAULT_CONTEXT_WINDOW = 128_000

let host: AgentHost | undefined
let events: EventSender | undefined
const runs = new Map<string, AbortController>()
let storePromise: Promise<ConversationStore> | undefined
const store = () => (storePromise ??= ConversationStore.open())

const failed = (error: WireError): RunOutcome => ({ status: "failed", answer: "", error })

const api: AgentWorkerApi = {
  async warm() {
    await store()
  },
  init(h, port) {
    host = h
    events = new EventSender(port)
  },
  ping: () => "pong",
  crash: () => faultInjection.crash(),
  stop(runId) {
    runs.get(runId)?.abort()
  },
  async run(request: RunRequest): Promise<RunResult> {
    const h = host
    const stream = events
    if (!h || !stream) return { ...failed({ code: "unavailable", message: "The agent worker was not initialised." }), eventsSent: 0 }
    // Whatever ends the run, its events leave before its result.
    return { ...(await runWith(h, stream, request)), eventsSent: stream.flush() }
  },
}

const runWith = async (h: AgentHost, stream: EventSender, request: RunRequest): Promise<RunOutcome> => {
  const deltaWindowMs = request.sub ? LANE_BATCH_MS : BATCH_MS
  const emit = (event: ConversationEvent) => stream.emit(event, deltaWindowMs)
  const controller = new AbortController()
  runs.set(request.runId, controller)
  const db = await store()
  const { conversationId, runId } = request
  try {
    const settings = await host!.router("settings.get")
    if (!settings.ok) return failed(settings.error)
    const s = settings.value

    let conversation = await db.meta(conversationId)
    const sub = request.sub
    conversation ??= await db.create({
      id: conversationId,
      ...(request.system !== undefined ? { system: request.system } : {}),
      ...(sub
        ? {
            title: sub.description ?? titleFrom(request.prompt ?? ""),
            parent: { agentType: sub.agentType, ...(sub.description ? { description: sub.description } : {}), ...sub.parent },
          }
        : {}),
    })
    if (request.branchFrom !== undefined) {
      await db.branch(conversationId, request.branchFrom, runId)
      emit({ type: "branched", conversationId, runId, fromSeq: request.branchFrom })
    }
    // The user's message is saved first: whatever fails next, it is not lost.
    if (request.prompt !== undefined) {
      const record = await db.append(conversationId, { runId, message: { role: "user", content: request.prompt } })
      emit({ type: "message_saved", conversationId, runId, record })
    }
    const modelChoice = request.model ?? conversation.model ?? s.defaultModel
    if (modelChoice === undefined) {
      return failed({
        code: "no_model",
        message:
          "No model is set up. Add a model provider and choose a default model in Settings (⋯ → Settings in the side panel, or the extension's options page), or pass { model: { providerId, model } }.",
      })
    }
    const provider = await host!.router("providers.resolve", { providerId: modelChoice.providerId })
    if (!provider.ok) return failed(provider.error)
    const p = provider.value

    await db.update(conversationId, {
      status: "running",
      model: modelChoice,
      ...(request.system !== undefined ? { system: request.system } : {}),
    })
    emit({ type: "run_started", conversationId, runId, prompt: request.prompt ?? "" })

    const outcome = await runLoop({
      conversationId,
      runId,
      provider: providerOf(p),
      model: modelChoice.model,
      system: [
        composeSystemPrompt(s.systemPrompt, request.system ?? conversation.system),
        sub ? subAgentPrompt(sub.agentType, sub.tabId) : "",
      ]
        .filter(Boolean)
        .join("\n\n"),
      // Tools whose results are images only for a model that sees them.
      tools: (await h.tools()).filter((tool) => tool.image !== true || seesImages(p, modelChoice.model)),
      settings: { stepLimit: sub?.stepLimit ?? s.stepLimit, ...s.model, contextWindow: p.contextWindow ?? DEFAULT_CONTEXT_WINDOW },
      callTool: async (call, signal) => {
        const callId = `${runId}:${call.id}`
        const onAbort = () => void h.cancelTool(callId)
        signal.addEventListener("abort", onAbort, { once: true })
        try {
          return await h.callTool(callId, call.name, withHandedTab(call.name, call.arguments, sub?.tabId), conversationId, stream.flush())
        } finally {
          signal.removeEventListener("abort", onAbort)
        }
      },
      emit,
      history: () => db.messages(conversationId),
      append: async (message) => {
        const record = await db.append(conversationId, message)
        // The conversation keeps its images within the setting's budget, the oldest dropped first.
        if (message.message.role === "tool" && message.message.images?.length)
          await db.keepImagesWithin(conversationId, s.capture.conversationBytes)
        return record
      },
      summary: {
        get: async () => (await db.meta(conversationId))?.summary,
        set: async (summary) => void (await db.update(conversationId, { summary })),
      },
      signal: controller.signal,
    })
    await db.update(conversationId, { status: outcome.status })
    return outcome
  } catch (error) {
    await db.update(conversationId, { status: "failed" }).catch(() => undefined)
    return failed({ code: "agent_failed", message: `The run failed: ${error instanceof Error ? error.message : String(error)}` })
  } finally {
    runs.delete(runId)
  }
}

/** A sub-agent handed a tab runs page scripts there unless it names another tab. */
const withHandedTab = (tool: string, args: unknown, tabId: number | undefined): unknown => {
  if (tabId === undefined || tool !== "execute_script" || typeof args !== "object" || args === null) return args
  const a = args as Record<string, unknown>
  return a.target === "page" && a.tab_id === undefined ? { ...a, tab_id: tabId } : args
}

Comlink.expose(api)
