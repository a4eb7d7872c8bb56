/**
 * Replays (docs/routines.md): a successful run's tool calls recorded with the shape of each
 * result, run again without the model. Each step's result must have the recorded shape (the same
 * keys and kinds of value, and the same values of the fields that say what kind of thing it is);
 * at the first that does not, the replay stops: it never acts on a guess.
 */
import type { Conversation } from "../../schemas/conversation.ts"
import type { Replay, ReplayStep } from "../../schemas/routines.ts"
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import type { Outcome as Shared } from "../../schemas/errors.ts"
import type { ConversationStore } from "../../workers/agent/store.ts"
import type { Identity, Wanted } from "../../workers/page/injected/walker-identify.ts"
import { carriesOutsideText, outcomeText } from "../../workers/agent/tool-results.ts"
import { urlOfWritten } from "../../workers/page/injected/walker-url-prefixes.ts"

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
export type RecordRefusal = "not_completed" | "no_calls" | "failed_call" | "needs_user" | "too_many" | "unidentified_target"

/** What a step acts on: a selector, and the kind and name get_tab_content gave its element. */
export type Target = NonNullable<ReplayStep["targets"]>[number]

/** The selectors a page script names as string literals (querySelector, querySelectorAll, closest, matches). */
const SELECTOR_CALL = /\b(?:querySelector(?:All)?|closest|matches)\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1\s*\)/g

export const scriptSelectors = (code: string): string[] => {
  const found: string[] = []
  for (const m of code.matchAll(SELECTOR_CALL)) found.push(m[2]!.replace(/\\(.)/g, "$1"))
  return [...new Set(found)]
}

/**
 * Every `[kind "name" …]{selector}` annotation of get_tab_content's Markdown (a button written
 * `["name" …]{selector}`, without its kind), and every link written `[text](url)` with no
 * selector (selected by `a[href="url"]`), by selector (the last read wins).
 */
export const annotatedTargets = (markdown: string, into = new Map<string, Target>()): Map<string, Target> => {
  for (const m of markdown.matchAll(/\[(?:([a-z][\w-]*) )?"((?:[^"\\]|\\.)*)"(?:[^\]\\\n]|\\.)*\]\{([^{}\n]+)\}/g))
    into.set(m[3]!, { selector: m[3]!, kind: m[1] ?? "button", name: unescape(m[2]!) })
  // A URL written from a declared prefix (`~1/x`) stands for the whole one.
  const urlOf = urlOfWritten(markdown)
  for (const m of markdown.matchAll(/\[((?:[^\]\\\n]|\\.)+)\]\(([^()\s…"]+)\)(?!\{)/g)) {
    const href = urlOf(m[2]!)
    const selector = `a[href="${href}"]`
    // The href too: a link is re-found (retargeted) only by its name and its href together.
    into.set(selector, { selector, kind: "link", name: unescape(m[1]!), href })
  }
  return into
}

const unescape = (text: string) => text.replace(/\\(.)/g, "$1")

/** A page script's params: its selectors' targets as the reads before it named them; a selector no read named is reported. */
const targetsOf = (params: unknown, seen: ReadonlyMap<string, Target>): { ok: true; targets: Target[] } | { ok: false } => {
  const p = params as { target?: string; code?: unknown } | undefined
  if (p === undefined || p.target === "sandbox" || typeof p.code !== "string") return { ok: true, targets: [] }
  const targets: Target[] = []
  for (const selector of scriptSelectors(p.code)) {
    const target = seen.get(selector)
    if (target === undefined) return { ok: false }
    targets.push(target)
  }
  return { ok: true, targets }
}

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
  const seen = new Map<string, Target>()
  for (const m of live) {
    if (m.message.role !== "tool") continue
    const annotations = definition(m.message.name)?.annotations
    if (annotations === undefined || annotations.needsUser || annotations.spawnsAgent)
      return { ok: false, refusal: "needs_user", tool: m.message.name }
    if (m.tool === undefined || m.tool.error !== undefined || m.message.isError)
      return { ok: false, refusal: "failed_call", tool: m.message.name }
    const acts = m.message.name === "execute_script" ? targetsOf(m.tool.params, seen) : { ok: true as const, targets: [] }
    if (!acts.ok) return { ok: false, refusal: "unidentified_target", tool: m.message.name }
    const opened = m.message.name === "open_tab" ? fieldOf(m.tool.result, "tab_id") : undefined
    steps.push({
      tool: m.message.name,
      params: m.tool.params,
      shape: shapeOf(m.tool.result),
      ...(acts.targets.length > 0 ? { targets: acts.targets } : {}),
      ...(typeof opened === "number" ? { opened } : {}),
    })
    const content = (m.tool.result as { content?: unknown } | undefined)?.content
    if (m.message.name === "get_tab_content" && typeof content === "string") annotatedTargets(content, seen)
  }
  if (steps.length === 0) return { ok: false, refusal: "no_calls" }
  if (steps.length > 50) return { ok: false, refusal: "too_many" }
  return { ok: true, steps }
}

/** What a selector selects now (shell/sw/replay-targets.ts): how many, the first's kind and name, and a re-found element's selector. */
export type { Identity }

/** How a step's targets stand: each as recorded, or re-found (by the old selector, the new one), or the first that cannot be, as a stop reason. */
export type TargetVerdict = { ok: true; retargets: ReadonlyMap<string, string> } | { ok: false; reason: string }

/**
 * Each target must select exactly one element of its recorded kind and name; one that does not
 * is taken at the fresh selector the page gave when exactly one element of the page has that
 * kind and name (a link: and href). Any other is a stop reason: the first such target.
 */
export const judgeTargets = (targets: ReadonlyArray<Target>, found: ReadonlyArray<Identity>): TargetVerdict => {
  const retargets = new Map<string, string>()
  for (const target of targets) {
    const now = found.find((f) => f.selector === target.selector)
    if (now !== undefined && now.count === 1 && now.kind === target.kind && now.name === target.name) continue
    if (now?.retarget !== undefined && now.candidates === 1) {
      retargets.set(target.selector, now.retarget)
      continue
    }
    if (now === undefined || now.count === 0) return { ok: false, reason: `target_missing:${target.selector}` }
    if (now.count > 1) return { ok: false, reason: `target_ambiguous:${target.selector}` }
    return { ok: false, reason: `target_changed:${target.selector}` }
  }
  return { ok: true, retargets }
}

/**
 * A page script with its selectors' string literals replaced as `retargets` says (old selector →
 * new), all in one pass (a new selector may be another's old one), each written in the quote the
 * literal had.
 */
export const retargetScript = (code: string, retargets: ReadonlyMap<string, string>): string =>
  code.replace(SELECTOR_CALL, (call, quote: string, literal: string) => {
    const to = retargets.get(literal.replace(/\\(.)/g, "$1"))
    if (to === undefined) return call
    const written = to.replace(/[\\\n]/g, (c) => (c === "\n" ? "\\n" : "\\\\")).replaceAll(quote, `\\${quote}`)
    const safe = quote === "`" ? written.replaceAll("${", "\\${") : written
    return call.replace(`${quote}${literal}${quote}`, () => `${quote}${safe}${quote}`)
  })

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

type Outcome = Shared<unknown>

export interface PlayDeps {
  readonly store: ConversationStore
  /** The call, with the same consent rules, supervision and labels as a model's (AgentPool.replayCall). */
  readonly call: (callId: string, tool: string, params: unknown) => Promise<Outcome>
  readonly definition: (name: string) => ToolDefinition | undefined
  /** What the targets' selectors select now in a tab, and a fresh selector for one re-found; an error when the tab cannot be read. */
  readonly identify: (tabId: number, targets: ReadonlyArray<Wanted>) => Promise<Outcome>
  /** Stops the replay between steps (the conversation's stop). */
  readonly signal?: AbortSignal
  /** settings.toolResultMaxChars: what the model would read of each result, if it takes over. */
  readonly maxChars: number
}

/** A step whose recorded selector no longer held, run at the selector of the element re-found by its kind and name. */
export interface Retargeted {
  readonly step: number
  readonly from: string
  readonly to: string
}

/** What a replay did: the steps that matched, where it stopped and why, and the targets it re-found. */
export interface Played {
  readonly done: number
  readonly stoppedAt?: { readonly step: number; readonly reason: string }
  readonly retargeted?: ReadonlyArray<Retargeted>
}

/**
 * Runs a replay's steps in order in a conversation, each saved as a model's call and its result
 * are (so the panel shows them, and a model taking over reads them as its own), and stops at the
 * first whose arguments cannot be filled or whose result does not match.
 */
export const playSteps = async (deps: PlayDeps, conversationId: string, runId: string, replay: Replay): Promise<Played> => {
  const values = replay.values ?? {}
  // The tabs the replay opened, by the id each had when recorded.
  const tabs = new Map<number, number>()
  const retargeted: Retargeted[] = []
  const played = (done: number, stoppedAt?: Played["stoppedAt"]): Played => ({
    done,
    ...(stoppedAt ? { stoppedAt } : {}),
    ...(retargeted.length > 0 ? { retargeted } : {}),
  })
  for (const [i, step] of replay.steps.entries()) {
    const marked = fill(step.params, values)
    if (!marked.ok) return played(i, { step: i + 1, reason: `unfilled:${marked.missing}` })
    const filled = { value: followTabs(marked.value, tabs) }
    if (deps.signal?.aborted) return played(i, { step: i + 1, reason: "stopped" })
    // A step that acts on elements acts only on those it acted on when recorded: checked first.
    if (step.targets !== undefined) {
      const tabId = fieldOf(filled.value, "tab_id")
      const found = typeof tabId === "number" ? await deps.identify(tabId, step.targets) : undefined
      if (found === undefined || !found.ok) return played(i, { step: i + 1, reason: "target_unreadable" })
      const verdict = judgeTargets(step.targets, found.value as Identity[])
      if (!verdict.ok) return played(i, { step: i + 1, reason: verdict.reason })
      if (verdict.retargets.size > 0) {
        const code = fieldOf(filled.value, "code")
        if (typeof code === "string") filled.value = Object.assign({}, filled.value, { code: retargetScript(code, verdict.retargets) })
        for (const [from, to] of verdict.retargets) retargeted.push({ step: i + 1, from, to })
      }
    }
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
    if (!verdict.ok) return played(i, { step: i + 1, reason: verdict.reason })
    const now = outcome.ok ? fieldOf(outcome.value, "tab_id") : undefined
    if (step.opened !== undefined && typeof now === "number") tabs.set(step.opened, now)
  }
  return played(replay.steps.length)
}

/** A step's arguments with a tab the replay opened in place of the one recorded (its `tab_id` only). */
export const followTabs = (params: unknown, tabs: ReadonlyMap<number, number>): unknown => {
  const tabId = fieldOf(params, "tab_id")
  return typeof tabId === "number" && tabs.has(tabId) ? Object.assign({}, params, { tab_id: tabs.get(tabId) }) : params
}

/** A field of a step's arguments or of a tool's result, read without trusting its shape. */
const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? Object.getOwnPropertyDescriptor(value, key)?.value : undefined

/** A replay's report: each step and how it went (data, not prose: the tools' names and marks). */
export const playedReport = (replay: Replay, played: Played): string =>
  replay.steps
    .map(
      (step, i) =>
        `${i + 1}. ${step.tool} ${i < played.done ? "✓" : i + 1 === played.stoppedAt?.step ? `✗ ${played.stoppedAt.reason}` : "–"}${played.retargeted?.some((r) => r.step === i + 1) ? " (retargeted)" : ""}`,
    )
    .join("\n")
