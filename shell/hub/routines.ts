/**
 * Routines in the offscreen document (docs/routines.md): creates and changes them (stored and
 * scheduled by the service worker), runs one as an agent run in a conversation of its own marked
 * as the routine's, and when the run ends saves its answer to the routine's workspace folder,
 * shows a notification with its first lines and adds the run to the routine's history.
 */
import type { Outcome as Shared, WireError } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import {
  firstLines,
  type Replay,
  type Routine,
  type RoutineInput,
  type RoutineListed,
  type RoutineRun,
  type RoutineTrigger,
  type RoutineUpdate,
} from "../../schemas/routines.ts"
import type { RouterCall } from "../../workers/runtime/protocol.ts"
import type { ConversationStore } from "../../workers/agent/store.ts"
import type { StartRequest } from "./agents.ts"
import type { Unattended } from "./consent.ts"
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import { handOverNote, playedReport, playSteps, recordSteps, type Played } from "./replay.ts"

/** The tab whose page load triggered a run. */
type TriggerTab = { readonly id: number; readonly url: string }

type Outcome<A = unknown> = Shared<A>
/** The conversation a routine's run writes to, and the run. */
type Started = { readonly conversationId: string; readonly runId: string }

export interface RoutinesOptions {
  readonly router: RouterCall
  readonly store: () => Promise<ConversationStore>
  readonly start: (
    request: StartRequest,
  ) => Promise<{ ok: true; value: { conversationId: string; runId: string } } | { ok: false; error: WireError }>
  /** A tool call made by the routine itself (its report's opfs_write), named so the workspace marks what it writes. */
  readonly callTool: (name: string, params: unknown) => Promise<Outcome>
  readonly emit: (event: MeshEvent) => void
  readonly now?: () => number
  /** A replay's call for a conversation (AgentPool.replayCall), stopped with `signal`. */
  readonly replayCall: (conversationId: string, callId: string, name: string, params: unknown, signal: AbortSignal) => Promise<Outcome>
  readonly definition: (name: string) => ToolDefinition | undefined
}

interface Going {
  readonly routine: Routine
  readonly runId: string
  readonly trigger: RoutineTrigger
  readonly startedAt: number
  /** A replay: what it did (the model may have taken over after it stopped). */
  readonly replay?: Played
}

const notFound = (id: string): Outcome<never> => ({ ok: false, error: { code: "not_found", message: `There is no routine "${id}".` } })

/** A file name from a moment: sortable, and the same in every time zone. */
const stamp = (at: number) =>
  new Date(at)
    .toISOString()
    .replace(/:/g, "-")
    .replace(/\.\d+Z$/, "Z")

export class Routines {
  /** The routines' runs going, by conversation. */
  private readonly going = new Map<string, Going>()
  /** The replays playing now, by conversation: chat.stop stops them as it stops a model's run. */
  private readonly playing = new Map<string, AbortController>()
  private readonly now: () => number

  constructor(private readonly options: RoutinesOptions) {
    this.now = options.now ?? Date.now
  }

  list(): Promise<Outcome<ReadonlyArray<RoutineListed>>> {
    return this.options.router("routines.list")
  }

  private async find(id: string): Promise<Routine | undefined> {
    const reply = await this.options.router("routines.list")
    return reply.ok ? (reply.value as ReadonlyArray<Routine>).find((r) => r.id === id) : undefined
  }

  private async save(routine: Routine): Promise<Outcome<RoutineListed>> {
    const saved = await this.options.router("routines.put", routine)
    if (!saved.ok) return saved
    return { ok: true, value: (await this.find(routine.id)) ?? routine }
  }

  async create({ replayFrom, replayOnMismatch, ...input }: RoutineInput): Promise<Outcome<RoutineListed>> {
    const at = this.now()
    let replay = input.replay
    if (replayFrom !== undefined) {
      const conversation = await (await this.options.store()).get(replayFrom)
      if (conversation === undefined)
        return { ok: false, error: { code: "not_found", message: `There is no conversation "${replayFrom}".` } }
      const recorded = recordSteps(conversation, this.options.definition)
      if (!recorded.ok)
        return {
          ok: false,
          error: {
            code: "invalid_input",
            message: `routines.create: replayFrom: ${recorded.refusal}${recorded.tool ? ` (${recorded.tool})` : ""}`,
            parameter: "replayFrom",
          },
        }
      replay = {
        steps: recorded.steps,
        onMismatch: replayOnMismatch ?? input.replay?.onMismatch ?? "model",
        ...(input.replay?.values ? { values: input.replay.values } : {}),
      }
    }
    return this.save({
      ...(replay ? { replay } : {}),
      id: crypto.randomUUID(),
      name: input.name,
      prompt: input.prompt,
      ...(input.model ? { model: input.model } : {}),
      ...(input.instructions ? { instructions: input.instructions } : {}),
      sites: input.sites ?? [],
      folder: input.folder ?? `routines/${input.name.replace(/[\\/:*?"<>|]+/g, "-").trim() || "routine"}`,
      schedule: input.schedule ?? { kind: "manual" },
      onConfirm: input.onConfirm ?? "pause",
      paused: input.paused ?? false,
      createdAt: at,
      updatedAt: at,
    })
  }

  async update({ id, patch }: RoutineUpdate): Promise<Outcome<RoutineListed>> {
    const current = await this.find(id)
    if (current === undefined) return notFound(id)
    const { model, replay, replayFrom: _from, replayOnMismatch: _on, ...rest } = patch
    const {
      model: _old,
      replay: _oldReplay,
      nextRunAt: _next,
      lastRun: _last,
      ...kept
    } = current as Routine & { nextRunAt?: number; lastRun?: RoutineRun }
    // null clears, a value replaces, absent keeps.
    const keep = <K extends "model" | "replay">(key: K, given: Routine[K] | null | undefined) =>
      given === null ? {} : given ? { [key]: given } : current[key] ? { [key]: current[key] } : {}
    return this.save({ ...kept, ...rest, ...keep("model", model), ...keep("replay", replay), updatedAt: this.now() })
  }

  remove(id: string): Promise<Outcome<boolean>> {
    return this.options.router("routines.delete", { id })
  }

  history(id: string): Promise<Outcome<ReadonlyArray<RoutineRun>>> {
    return this.options.router("routines.history", { id })
  }

  async runNow(id: string): Promise<Outcome<Started>> {
    const routine = await this.find(id)
    return routine === undefined ? notFound(id) : this.run(routine, "manual")
  }

  /** Starts the runs the service worker queued (alarms, the browser's start). */
  async takeDue(): Promise<void> {
    const due = await this.options.router("routines.takeDue")
    if (!due.ok) return
    for (const { routineId, trigger, tab } of due.value as ReadonlyArray<{
      routineId: string
      trigger: RoutineTrigger
      tab?: TriggerTab
    }>) {
      const routine = await this.find(routineId)
      if (routine !== undefined && !routine.paused) await this.run(routine, trigger, tab)
    }
  }

  /** One run at a time per routine: a run due while the last one still goes is not started. */
  private async run(routine: Routine, trigger: RoutineTrigger, tab?: TriggerTab): Promise<Outcome<Started>> {
    if ([...this.going.values()].some((g) => g.routine.id === routine.id))
      return { ok: false, error: { code: "busy", message: `The routine "${routine.name}" is running; wait for it to finish.` } }
    const conversationId = crypto.randomUUID()
    const runId = crypto.randomUUID()
    const startedAt = this.now()
    const store = await this.options.store()
    await store.create({
      id: conversationId,
      title: routine.name,
      ...(routine.instructions ? { system: routine.instructions } : {}),
      routine: {
        routineId: routine.id,
        name: routine.name,
        trigger,
        at: startedAt,
        mode: routine.replay ? "replay" : "model",
        ...(tab ? { tab } : {}),
      },
    })
    if (routine.replay) return this.replay(routine, routine.replay, { routine, runId, trigger, startedAt }, conversationId)
    this.going.set(conversationId, { routine, runId, trigger, startedAt })
    const started = await this.options.start({
      conversationId,
      runId,
      // The tab is named by its id and the user's own pattern, not its URL: the URL is the page's
      // to choose, and the tab tools give it to the model marked as untrusted.
      prompt:
        tab && routine.schedule.kind === "tab"
          ? `${routine.prompt}\n\n(This run was started by tab ${tab.id}, which loaded a page matching ${routine.schedule.urlPattern}.)`
          : routine.prompt,
      ...(routine.model ? { model: routine.model } : {}),
    })
    if (!started.ok) this.going.delete(conversationId)
    return started
  }

  /**
   * Runs a routine's replay in the background (its ids are the answer at once); at the first step
   * that does not match it hands the rest to the model, or ends with its report, as the routine says.
   */
  private async replay(routine: Routine, replay: Replay, going: Going, conversationId: string): Promise<Outcome<Started>> {
    const store = await this.options.store()
    this.going.set(conversationId, going)
    await store.update(conversationId, { status: "running" })
    await store.append(conversationId, { runId: going.runId, message: { role: "user", content: routine.prompt } })
    const stop = new AbortController()
    this.playing.set(conversationId, stop)
    void (async () => {
      const settings = await this.options.router("settings.get")
      const played = await playSteps(
        {
          store,
          call: (callId, name, params) => this.options.replayCall(conversationId, callId, name, params, stop.signal),
          identify: (tabId, targets) => this.options.router("replay.identify", { tab_id: tabId, targets }),
          signal: stop.signal,
          definition: this.options.definition,
          maxChars: settings.ok ? settings.value.model.toolResultMaxChars : 30_000,
        },
        conversationId,
        going.runId,
        replay,
      ).finally(() => this.playing.delete(conversationId))
      const stopped = played.stoppedAt
      if (stopped && !stop.signal.aborted && replay.onMismatch === "model") {
        const runId = crypto.randomUUID()
        this.going.set(conversationId, { ...going, runId, replay: played })
        const started = await this.options.start({
          conversationId,
          runId,
          prompt: handOverNote(routine.prompt, replay, stopped.step, stopped.reason),
          ...(routine.model ? { model: routine.model } : {}),
        })
        if (started.ok) return
      }
      this.going.set(conversationId, { ...going, replay: played })
      const answer = playedReport(replay, played)
      const status = stop.signal.aborted ? "stopped" : stopped ? "failed" : "completed"
      await store.append(conversationId, { runId: going.runId, message: { role: "assistant", content: answer } })
      await store.update(conversationId, { status })
      this.options.emit({ type: "run_finished", conversationId, runId: going.runId, status, answer })
    })().catch((error: unknown) => console.warn("agent-mesh: routine replay:", error))
    return { ok: true, value: { conversationId, runId: going.runId } }
  }

  /** Stops a conversation's replay (chat.stop): the step going ends, no later step runs. Whether one was playing. */
  stop(conversationId: string): boolean {
    const playing = this.playing.get(conversationId)
    playing?.abort()
    return playing !== undefined
  }

  /** Whether a conversation is a routine's run going now: nobody attends it (shell/hub/consent.ts). */
  unattended(conversationId: string): Unattended | undefined {
    const going = this.going.get(conversationId)
    return (
      going && {
        onConfirm: going.routine.onConfirm,
        sites: going.routine.sites,
        allow: (origins) => this.allowSites(conversationId, origins),
      }
    )
  }

  /** Adds sites to the routine of a run going now: for this run from now on, and for its later runs. */
  private async allowSites(conversationId: string, origins: ReadonlyArray<string>): Promise<void> {
    const going = this.going.get(conversationId)
    if (going === undefined) return
    const sites = [...new Set([...going.routine.sites, ...origins])].slice(-50)
    this.going.set(conversationId, { ...going, routine: { ...going.routine, sites } })
    await this.update({ id: going.routine.id, patch: { sites } })
  }

  /**
   * Sees every event of the mesh: a routine's run that waits for a yes or an answer is told to the user (the
   * toolbar badge counts it already); one that ended is finished here.
   */
  observe(event: MeshEvent): void {
    // A question to the user (a yes, or an ask_user answer) pauses a routine's run.
    if (event.type === "confirmation_requested" || event.type === "question_asked") {
      const going = event.conversationId === undefined ? undefined : this.going.get(event.conversationId)
      if (going !== undefined)
        void this.options.router("notifications.show", {
          id: `routine-paused:${event.id}`,
          title: going.routine.name,
          summary: "",
          status: "paused",
        })
      return
    }
    if (event.type !== "run_finished") return
    const going = this.going.get(event.conversationId)
    if (going === undefined || going.runId !== event.runId) return
    this.going.delete(event.conversationId)
    void this.finish(going, event).catch((error: unknown) => console.warn("agent-mesh: routine report:", error))
  }

  private async finish(going: Going, event: Extract<MeshEvent, { type: "run_finished" }>): Promise<void> {
    const { routine } = going
    const status = event.status === "running" ? "failed" : event.status
    const finishedAt = this.now()
    const summary = firstLines(event.answer)
    let report: string | undefined
    if (event.answer.trim() !== "") {
      const path = `${routine.folder}/${stamp(going.startedAt)}.md`
      const saved = await this.options.callTool("opfs_write", { path, content: `# ${routine.name}\n\n${event.answer}\n` })
      if (saved.ok) report = path
    }
    await this.options.router("notifications.show", { id: `routine:${event.conversationId}`, title: routine.name, summary, status })
    const run: RoutineRun = {
      routineId: routine.id,
      runId: event.runId,
      conversationId: event.conversationId,
      trigger: going.trigger,
      mode: going.replay ? "replay" : "model",
      startedAt: going.startedAt,
      finishedAt,
      status,
      summary,
      ...(report ? { report } : {}),
      ...(event.error ? { error: { code: event.error.code, message: event.error.message } } : {}),
      ...(going.replay
        ? {
            replay: {
              done: going.replay.done,
              of: routine.replay?.steps.length ?? going.replay.done,
              ...(going.replay.stoppedAt ? { stoppedAt: going.replay.stoppedAt } : {}),
              ...(going.replay.retargeted ? { retargeted: [...going.replay.retargeted] } : {}),
            },
          }
        : {}),
    }
    await this.options.router("routines.recordRun", run)
    this.options.emit({
      type: "routine_run_finished",
      routineId: routine.id,
      conversationId: event.conversationId,
      status,
      ...(report ? { report } : {}),
    })
  }
}
