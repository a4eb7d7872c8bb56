/**
 * The agent loop: stream the model's reply, run the turn's tool calls in parallel, send the
 * results back, and repeat until the model answers without tools. Every completed step is saved
 * before the next begins. Retries, the step limit, the loop guard, result caps and the context
 * budget live here; the model service, the tools and the store are given to it.
 */
import type { MessageRecord, RunStatus, Usage } from "../../schemas/conversation.ts"
import type { Outcome, WireError } from "../../schemas/errors.ts"
import type { ConversationEvent } from "../../schemas/events.ts"
import { cutPoint, messagesFor, requestTokens, summarise, type Summary } from "./context.ts"
import {
  ProviderError,
  providerErrorCode,
  type Provider,
  type ReasoningBlock,
  type Message,
  type StopReason,
  type ToolCall,
  type ToolSpec,
} from "./providers/types.ts"
import { errorText, LoopGuard, outcomeText, savedValue } from "./tool-results.ts"
import { splitImage, withoutOlderImages } from "./images.ts"
import type { NewMessage } from "./store.ts"
import { counted } from "../../schemas/plural.ts"
import { checkArguments } from "../../schemas/argument-limits.ts"
import { FINAL, withRetries } from "../runtime/retry-policy.ts"
import {
  CallIds,
  EMPTY_NUDGE,
  markupNudge,
  textVerdict,
  tidyCalls,
  unknownToolMessage,
  withoutCutMarkup,
  withoutEchoedCalls,
} from "./weak-turns.ts"

export interface LoopSettings {
  readonly stepLimit: number
  readonly maxRetries: number
  readonly retryBaseDelayMs: number
  readonly retryMaxDelayMs: number
  readonly stallTimeoutMs: number
  readonly toolResultMaxChars: number
  readonly maxOutputTokens: number
  readonly contextWindow: number
  /** The most bytes one model response may have (settings.model.maxResponseBytes). */
  readonly maxResponseBytes?: number
}

export type ToolOutcome = Outcome<unknown>

export interface LoopDeps {
  readonly conversationId: string
  readonly runId: string
  readonly provider: Provider
  readonly model: string
  readonly system: string
  readonly tools: ReadonlyArray<ToolSpec>
  readonly settings: LoopSettings
  readonly callTool: (call: ToolCall, signal: AbortSignal) => Promise<ToolOutcome>
  readonly emit: (event: ConversationEvent) => void
  readonly history: () => Promise<ReadonlyArray<MessageRecord>>
  readonly append: (message: NewMessage) => Promise<MessageRecord>
  readonly summary: { get(): Promise<Summary | undefined>; set(summary: Summary): Promise<void> }
  readonly signal: AbortSignal
}

export interface RunOutcome {
  readonly status: RunStatus
  readonly answer: string
  readonly error?: WireError
  /** How many model turns the run took. */
  readonly steps?: number
}

/** What a turn has streamed so far, kept outside it so a stop can save it. */
interface Partial {
  text: string
  reasoning: string
}

/** A notice's code, its English message and the code's parameters. */
type Notice = readonly [code: string, message: string, params?: ReadonlyArray<string>]
const STOPPED: Notice = ["stopped_by_user", "Stopped by the user."]

interface Turn {
  text: string
  reasoning: ReasoningBlock[]
  toolCalls: ToolCall[]
  /** Calls whose arguments broke a limit (argument-limits.ts), kept as `{}`: why, by call id. */
  refused: Map<string, { message: string; parameter?: string }>
  usage?: Usage
  stop: StopReason
}

export const runLoop = async (deps: LoopDeps): Promise<RunOutcome> => {
  const { settings, signal, runId, conversationId } = deps
  const guard = new LoopGuard()
  let answer = ""
  /** The kinds of reply the model has already been told about in this run: each is told once. */
  const nudged = new Set<string>()

  const save = async (message: NewMessage) => {
    const record = await deps.append(message)
    deps.emit({ type: "message_saved", conversationId, runId, record })
    return record
  }
  let steps = 0
  /** Ends the run; a notice is saved in English (`message`) and as a code the UI words (`notice_<code>`, or the error's). */
  const finish = async (status: RunStatus, notice?: Notice, error?: WireError): Promise<RunOutcome> => {
    if (notice) {
      const [code, message, params] = notice
      await save({
        runId,
        message: { role: "assistant", content: "" },
        notice: { status, message, code, ...(params?.length ? { params } : {}) },
      }).catch(() => undefined)
    }
    return error ? { status, answer, error, steps } : { status, answer, steps }
  }

  for (let step = 1; ; step++) {
    if (signal.aborted) return finish("stopped", STOPPED)
    if (step > settings.stepLimit) {
      return finish("step_limit", [
        "step_limit",
        `The run reached its limit of ${counted(settings.stepLimit, "step", "steps")} and stopped. Send a message (for example "continue") to let it go on.`,
        [String(settings.stepLimit)],
      ])
    }

    let turn: Turn
    const partial: Partial = { text: "", reasoning: "" }
    let ids = new CallIds([])
    try {
      const { messages, records } = await contextFor(deps)
      ids = new CallIds(records)
      turn = await streamWithRetries(deps, messages, partial, ids)
    } catch (error) {
      if (signal.aborted) {
        // What streamed before the stop is the user's to keep: saved as written, marked stopped.
        if (!partial.text && !partial.reasoning) return finish("stopped", STOPPED)
        answer = partial.text
        await save({
          runId,
          model: deps.model,
          message: {
            role: "assistant",
            content: partial.text,
            ...(partial.reasoning ? { reasoning: [{ text: partial.reasoning }] } : {}),
          },
          stopped: true,
        }).catch(() => undefined)
        return finish("stopped")
      }
      const wire = providerWire(error)
      return finish("failed", [wire.code, wire.message, wire.params], wire)
    }

    // A turn cut at the output limit may end inside a tool call: one whose arguments never
    // closed is dropped, never run half-written (the output-limit notice below says why), and
    // so is a call it had begun to write as text.
    if (turn.stop === "length") {
      turn.toolCalls = turn.toolCalls.filter((call) => call.invalidArguments === undefined)
      if (turn.toolCalls.length === 0) turn.text = withoutCutMarkup(turn.text)
    }
    turn.toolCalls = tidyCalls(turn.toolCalls, deps.tools)
    if (turn.toolCalls.length > 0) turn.text = withoutEchoedCalls(turn.text, turn.toolCalls, deps.tools)
    const unclear = turn.toolCalls.length === 0 && turn.stop !== "length" ? readTextCalls(deps, turn, ids) : undefined
    // A reply cut at the output limit or held back by a content filter says so itself.
    const empty =
      turn.toolCalls.length === 0 &&
      unclear === undefined &&
      turn.text.trim() === "" &&
      turn.stop !== "length" &&
      turn.stop !== "content_filter"
    answer = turn.text
    steps = step
    await save({
      runId,
      model: deps.model,
      message: {
        role: "assistant",
        content: turn.text,
        ...(turn.reasoning.length ? { reasoning: turn.reasoning } : {}),
        ...(turn.toolCalls.length ? { toolCalls: turn.toolCalls } : {}),
      },
      ...(turn.usage ? { usage: turn.usage } : {}),
    })
    if (turn.usage) deps.emit({ type: "usage", conversationId, runId, usage: turn.usage })

    if (turn.toolCalls.length === 0) {
      // A weak model's reply with nothing to show, or a call it wrote as text that cannot be
      // run: it is told what went wrong once, then the run ends saying so.
      const trouble: Notice | undefined =
        unclear !== undefined
          ? ["tool_markup", `The model wrote a tool call as text that could not be run (${unclear}).`]
          : empty
            ? ["empty_reply", "The model's reply was empty: it neither answered nor called a tool."]
            : undefined
      if (trouble !== undefined) {
        const [code] = trouble
        if (nudged.has(code)) return finish("completed", trouble)
        nudged.add(code)
        await save({
          runId,
          message: { role: "user", content: unclear !== undefined ? markupNudge(unclear, deps.tools) : EMPTY_NUDGE },
          nudge: code,
        })
        continue
      }
      if (turn.stop === "length")
        return finish("completed", [
          "output_limit",
          `The answer was cut off at the model's output limit (${counted(settings.maxOutputTokens, "token", "tokens")}).`,
          [String(settings.maxOutputTokens)],
        ])
      if (turn.stop === "refusal") return finish("completed", ["refused", "The model refused to answer."])
      return { status: "completed", answer, steps }
    }
    // A stop that lands after the model asked for tools: none of them starts.
    if (signal.aborted) {
      for (const call of turn.toolCalls) await saveCancelled(deps, save, call)
      return finish("stopped", ["stopped_before_tools", "Stopped by the user before the tools ran."])
    }
    const looped = await Promise.all(turn.toolCalls.map((call) => runTool(deps, guard, save, call, turn.refused.get(call.id))))
    if (signal.aborted) return finish("stopped", ["stopped_during_tools", "Stopped by the user while tools were running."])
    // The model was warned twice and refused once: going on would only spend steps to the limit.
    if (looped.includes(true))
      return finish("completed", [
        "loop_stopped",
        "The run was stopped: the model kept making the same tool call with the same arguments, whose result cannot change.",
      ])
  }
}

const saveCancelled = (deps: LoopDeps, save: (m: NewMessage) => Promise<MessageRecord>, call: ToolCall) =>
  save({
    runId: deps.runId,
    message: {
      role: "tool",
      toolCallId: call.id,
      name: call.name,
      content: errorText(call.name, { code: "cancelled", message: "The run was stopped before this call ran." }),
      isError: true,
    },
    tool: { durationMs: 0, params: call.arguments, error: { code: "cancelled", message: "The run was stopped before this call ran." } },
  })

/** Runs one call and saves its result; true when the loop guard refused it. */
const runTool = async (
  deps: LoopDeps,
  guard: LoopGuard,
  save: (m: NewMessage) => Promise<MessageRecord>,
  call: ToolCall,
  refused: { message: string; parameter?: string } | undefined,
): Promise<boolean> => {
  const started = performance.now()
  let outcome: ToolOutcome
  const n = guard.record(call.name, call.arguments)
  if (!deps.tools.some((tool) => tool.name === call.name)) {
    outcome = { ok: false, error: { code: "unknown_tool", message: unknownToolMessage(call.name, deps.tools) } }
  } else if (refused !== undefined) {
    outcome = {
      ok: false,
      error: {
        code: "invalid_input",
        message: `Not run: ${refused.message} Call ${call.name} again with smaller arguments.`,
        ...(refused.parameter === undefined ? {} : { parameter: refused.parameter }),
      },
    }
  } else if (call.invalidArguments !== undefined) {
    outcome = {
      ok: false,
      error: {
        code: "invalid_input",
        message: `The arguments are not valid JSON: ${call.invalidArguments.slice(0, 200)}. Call ${call.name} again with a JSON object.`,
      },
    }
  } else if (n >= LoopGuard.REFUSE_AT) {
    outcome = {
      ok: false,
      error: {
        code: "loop_detected",
        message: `Not run: ${call.name} was already called ${counted(n - 1, "time", "times")} with exactly these arguments in this run. Use the results you have or try something else.`,
      },
    }
  } else {
    outcome = await deps.callTool(call, deps.signal)
  }
  const durationMs = performance.now() - started
  const untrusted = deps.tools.find((t) => t.name === call.name)?.untrusted === true
  // An image travels as an image; the text and the saved result keep the rest (no bytes twice).
  const { value, images } = outcome.ok ? splitImage(outcome.value) : { value: undefined, images: [] }
  const shown: ToolOutcome = outcome.ok ? { ok: true, value } : outcome
  const content =
    outcomeText(call.name, shown, { untrusted, maxChars: deps.settings.toolResultMaxChars }) +
    (outcome.ok && n >= LoopGuard.WARN_AT ? LoopGuard.warning(call.name, n) : "")
  await save({
    runId: deps.runId,
    message: {
      role: "tool",
      toolCallId: call.id,
      name: call.name,
      content,
      ...(outcome.ok ? {} : { isError: true }),
      ...(images.length > 0 ? { images } : {}),
    },
    // What is saved is bounded by what the model and the card can use (tool-results.ts).
    tool: {
      durationMs,
      params: savedValue(call.arguments, deps.settings.toolResultMaxChars),
      ...(outcome.ok ? { result: savedValue(value, deps.settings.toolResultMaxChars) } : { error: outcome.error }),
    },
  })
  return !outcome.ok && outcome.error.code === "loop_detected"
}

/** The messages for the next request, summarising older turns when they would not fit. */
const contextFor = async (deps: LoopDeps) => {
  const records = await deps.history()
  let summary = await deps.summary.get()
  const budget = deps.settings.contextWindow - deps.settings.maxOutputTokens
  const fits = (m: ReadonlyArray<Message>) => requestTokens(deps.system, deps.tools, m) <= budget
  // Older images go first: text is summarised only when the request is too big without them.
  const fitted = (s: Summary | undefined) => withoutOlderImages(messagesFor(records, s), fits)
  let messages = fitted(summary)
  while (!fits(messages)) {
    const upto = cutPoint(records, summary?.uptoSeq ?? 0)
    if (upto === undefined) break // nothing left to summarise: send as is and let the service say
    summary = await summarise(deps.provider, deps.model, summary, records, upto, deps.signal, deps.settings.stallTimeoutMs)
    await deps.summary.set(summary)
    messages = fitted(summary)
  }
  return { messages, records }
}

const streamWithRetries = (deps: LoopDeps, messages: ReturnType<typeof messagesFor>, partial: Partial, ids: CallIds): Promise<Turn> => {
  const { settings } = deps
  const policy = { retries: settings.maxRetries, baseDelayMs: settings.retryBaseDelayMs, maxDelayMs: settings.retryMaxDelayMs, jitter: 0.2 }
  return withRetries(policy, () => streamTurn(deps, messages, partial, ids), {
    signal: deps.signal,
    verdict: (error) =>
      error instanceof ProviderError && error.details.retryable
        ? { retry: true, ...(error.details.retryAfterMs !== undefined ? { retryAfterMs: error.details.retryAfterMs } : {}) }
        : FINAL,
    onRetry: (error, attempt, delayMs) => {
      // A retry starts again from the last saved message: what the failed attempt streamed is void.
      partial.text = ""
      partial.reasoning = ""
      deps.emit({
        type: "retry",
        conversationId: deps.conversationId,
        runId: deps.runId,
        attempt,
        delayMs,
        message: (error as ProviderError).message,
        code: providerErrorCode(error as ProviderError),
      })
    },
    exhausted: (error, attempts) => {
      const last = error as ProviderError
      return new ProviderError(`The model service failed ${counted(attempts, "time", "times")}; the last error: ${last.message}`, {
        ...last.details,
        retryable: false,
      })
    },
  })
}

const streamTurn = async (deps: LoopDeps, messages: ReturnType<typeof messagesFor>, partial: Partial, ids: CallIds): Promise<Turn> => {
  const turn: Turn = { text: "", reasoning: [], toolCalls: [], refused: new Map(), stop: "other" }
  let openReasoning = ""
  const stream = deps.provider.stream(
    {
      model: deps.model,
      system: deps.system,
      messages,
      tools: deps.tools,
      maxTokens: deps.settings.maxOutputTokens,
      signal: deps.signal,
    },
    {
      stallTimeoutMs: deps.settings.stallTimeoutMs,
      ...(deps.settings.maxResponseBytes !== undefined ? { maxResponseBytes: deps.settings.maxResponseBytes } : {}),
    },
  )
  for await (const event of stream) {
    switch (event.type) {
      case "text":
        turn.text += event.delta
        partial.text = turn.text
        deps.emit({ type: "text_delta", conversationId: deps.conversationId, runId: deps.runId, delta: event.delta })
        break
      case "reasoning":
        openReasoning += event.delta
        partial.reasoning += event.delta
        deps.emit({ type: "reasoning_delta", conversationId: deps.conversationId, runId: deps.runId, delta: event.delta })
        break
      case "reasoning_block":
        turn.reasoning.push(event.block)
        openReasoning = ""
        break
      case "refusal":
        turn.text += event.delta
        partial.text = turn.text
        deps.emit({ type: "text_delta", conversationId: deps.conversationId, runId: deps.runId, delta: event.delta })
        break
      case "tool_call":
        addCall(turn, ids.unique(event.call))
        break
      case "usage":
        turn.usage = event.usage
        break
      case "stop":
        turn.stop = event.reason
        break
    }
  }
  // Reasoning that no block closed (OpenAI-style services) is kept as one block.
  if (openReasoning) turn.reasoning.push({ text: openReasoning })
  return turn
}

/**
 * Checked before the call is saved, cloned or sent anywhere: an argument too deep or too big
 * would overflow or flood each of them.
 */
const addCall = (turn: Turn, call: ToolCall) => {
  const check = checkArguments(call.arguments)
  if (check.ok) turn.toolCalls.push(call)
  else {
    turn.toolCalls.push({ id: call.id, name: call.name, arguments: {} })
    turn.refused.set(call.id, { message: check.message, ...(check.parameter === undefined ? {} : { parameter: check.parameter }) })
  }
}

/**
 * A turn without calls whose text (or, when it wrote none, whose unsigned reasoning: a
 * `<think>` never closed, with the call inside) holds calls written as text: unambiguous ones
 * become the turn's calls and the text keeps only the words around them. Returns what was
 * wrong with markup that could not be settled.
 */
const readTextCalls = (deps: LoopDeps, turn: Turn, ids: CallIds): string | undefined => {
  const reasoning = turn.reasoning.at(-1)
  const source = turn.text.trim() === "" && reasoning !== undefined && reasoning.signature === undefined ? reasoning.text : turn.text
  const verdict = textVerdict(source, deps.tools)
  if (verdict.kind === "unclear") return verdict.problem
  if (verdict.kind === "calls") {
    for (const call of verdict.calls) addCall(turn, ids.unique(call))
    if (source === turn.text) turn.text = verdict.rest
  }
  return undefined
}

const providerWire = (error: unknown): WireError => {
  if (error instanceof ProviderError) {
    return { code: providerErrorCode(error), message: error.message }
  }
  return { code: "model_error", message: `The model request failed: ${error instanceof Error ? error.message : String(error)}` }
}
