/**
 * Replays (docs/routines.md): a successful run's tool calls recorded with the shape of each
 * result, run again without the model. Each step's result must have the recorded shape (the same
 * keys and kinds of value, and the same values of the fields that say what kind of thing it is);
 * at the first that does not, the replay stops: it never acts on a guess.
 */
import type { Conversation } from "../../schemas/conversation.ts"
import type { Replay, ReplayStep } from "../../schemas/routines.ts"
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import type { WireError } from "../../schemas/wire-error.ts"
import type { ConversationStore } from "../../workers/agent/store.ts"
import { carriesOutsideText, outcomeText } from "../../workers/agent/tool-results.ts"

/** Fields whose value says what kind of thing a result is: a replayed result must have the same. */
const KIND_FIELDS = new Set(["status", "content_type", "contentType", "kind", "type", "tag", "role", "entry"])

/**
 * A result's shape, as text: objects by their keys (sorted) and each value's shape, arrays by the
 * set of their elements' shapes, other values by their type; the kind fields by their value.
 */
export const shapeOf = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return `[${[...new Set(value.map(shapeOf))].sort().join("|")}]`
  if (typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => {
        const field = (value as Record<string, unknown>)[key]
        return `${key}:${KIND_FIELDS.has(key) && typeof field !== "object" ? JSON.stringify(field) : shapeOf(field)}`
      })
      .join(",")}}`
  return typeof value
}

/** Fills the `{{name}}` marks of a step's arguments; a mark with no value is reported, never guessed. */
export const fill = (
  params: unknown,
  values: Readonly<Record<string, string>>,
): { ok: true; value: unknown } | { ok: false; missing: string } => {
  let missing: string | undefined
  const walk = (v: unknown): unknown => {
    if (typeof v === "string")
      return v.replace(/\{\{(\w+)\}\}/g, (mark, name: string) => {
        if (Object.hasOwn(values, name)) return values[name]!
        missing ??= name
        return mark
      })
    if (Array.isArray(v)) return v.map(walk)
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
    return v
  }
  const value = walk(params)
  return missing === undefined ? { ok: true, value } : { ok: false, missing }
}

/** Why a conversation's calls cannot be a replay, as a code (the API's `invalid_input` message names it). */
export type RecordRefusal = "not_completed" | "no_calls" | "failed_call" | "needs_user" | "too_many"

/**
 * The tool calls of a completed conversation, in order, each with its result's shape. A failed
 * call, or one that needs the user or starts an agent, makes the run unfit to replay.
 */
export const recordSteps = (
  conversation: Conversation,
  definition: (name: string) => ToolDefinition | undefined,
): { ok: true; steps: ReplayStep[] } | { ok: false; refusal: RecordRefusal; tool?: string } => {
  if (conversation.status !== "completed") return { ok: false, refusal: "not_completed" }
  const live = conversation.messages.filter((m) => m.superseded === undefined)
  const steps: ReplayStep[] = []
  for (const m of live) {
    if (m.message.role !== "tool") continue
    const annotations = definition(m.message.name)?.annotations
    if (annotations === undefined || annotations.needsUser || annotations.spawnsAgent)
      return { ok: false, refusal: "needs_user", tool: m.message.name }
    if (m.tool === undefined || m.tool.error !== undefined || m.message.isError)
      return { ok: false, refusal: "failed_call", tool: m.message.name }
    steps.push({ tool: m.message.name, params: m.tool.params, shape: shapeOf(m.tool.result) })
  }
  if (steps.length === 0) return { ok: false, refusal: "no_calls" }
  if (steps.length > 50) return { ok: false, refusal: "too_many" }
  return { ok: true, steps }
}

/** How a replayed step went: its result matched, or where and why the replay stops. */
export type StepVerdict = { ok: true } | { ok: false; reason: string }

/** Judges one step's outcome against what was recorded. */
export const judgeStep = (
  step: ReplayStep,
  outcome: { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: { readonly code: string } },
): StepVerdict => {
  if (!outcome.ok) return { ok: false, reason: `error:${outcome.error.code}` }
  return shapeOf(outcome.value) === step.shape ? { ok: true } : { ok: false, reason: "shape" }
}

/** The user-role note that hands a stopped replay to the model, after what was done. */
export const handOverNote = (prompt: string, replay: Replay, step: number, reason: string): string =>
  `${prompt}\n\n(A replay of ${replay.steps.length} recorded steps ${step > 1 ? `ran steps 1 to ${step - 1}, shown above;` : "ran no step:"} step ${step} (${replay.steps[step - 1]?.tool}) did not match what was recorded (${reason}) and was not relied on. Carry on from there.)`

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: WireError }

export interface PlayDeps {
  readonly store: ConversationStore
  /** The call, with the same consent rules, supervision and labels as a model's (AgentPool.replayCall). */
  readonly call: (callId: string, tool: string, params: unknown) => Promise<Outcome>
  readonly definition: (name: string) => ToolDefinition | undefined
  /** settings.toolResultMaxChars: what the model would read of each result, if it takes over. */
  readonly maxChars: number
}

/** What a replay did: the steps that matched, and where it stopped and why. */
export interface Played {
  readonly done: number
  readonly stoppedAt?: { readonly step: number; readonly reason: string }
}

/**
 * Runs a replay's steps in order in a conversation, each saved as a model's call and its result
 * are (so the panel shows them, and a model taking over reads them as its own), and stops at the
 * first whose arguments cannot be filled or whose result does not match.
 */
export const playSteps = async (deps: PlayDeps, conversationId: string, runId: string, replay: Replay): Promise<Played> => {
  const values = replay.values ?? {}
  for (const [i, step] of replay.steps.entries()) {
    const filled = fill(step.params, values)
    if (!filled.ok) return { done: i, stoppedAt: { step: i + 1, reason: `unfilled:${filled.missing}` } }
    const id = `replay-${i + 1}`
    await deps.store.append(conversationId, {
      runId,
      message: { role: "assistant", content: "", toolCalls: [{ id, name: step.tool, arguments: filled.value }] },
    })
    const started = performance.now()
    const outcome = await deps.call(`${runId}:${id}`, step.tool, filled.value)
    const definition = deps.definition(step.tool)
    const untrusted = definition === undefined || carriesOutsideText(definition.annotations)
    await deps.store.append(conversationId, {
      runId,
      message: {
        role: "tool",
        toolCallId: id,
        name: step.tool,
        content: outcomeText(step.tool, outcome, { untrusted, maxChars: deps.maxChars }),
        ...(outcome.ok ? {} : { isError: true }),
      },
      tool: {
        durationMs: performance.now() - started,
        params: filled.value,
        ...(outcome.ok ? { result: outcome.value } : { error: outcome.error }),
      },
    })
    const verdict = judgeStep(step, outcome)
    if (!verdict.ok) return { done: i, stoppedAt: { step: i + 1, reason: verdict.reason } }
  }
  return { done: replay.steps.length }
}

/** A replay's report: each step and how it went (data, not prose: the tools' names and marks). */
export const playedReport = (replay: Replay, played: Played): string =>
  replay.steps
    .map(
      (step, i) =>
        `${i + 1}. ${step.tool} ${i < played.done ? "✓" : i + 1 === played.stoppedAt?.step ? `✗ ${played.stoppedAt.reason}` : "–"}`,
    )
    .join("\n")
