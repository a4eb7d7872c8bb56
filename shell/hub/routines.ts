/**
 * Routines in the offscreen document (docs/routines.md): creates and changes them (stored and
 * scheduled by the service worker), runs one as an agent run in a conversation of its own marked
 * as the routine's, and when the run ends saves its answer to the routine's workspace folder,
 * shows a notification with its first lines and adds the run to the routine's history.
 */
import type { WireError } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import {
  firstLines,
  type Routine,
  type RoutineInput,
  type RoutineRun,
  type RoutineTrigger,
  type RoutineUpdate,
} from "../../schemas/routines.ts"
import type { RouterCall } from "../../workers/runtime/protocol.ts"
import type { ConversationStore } from "../../workers/agent/store.ts"
import type { StartRequest } from "./agents.ts"
import type { Unattended } from "./consent.ts"

/** The tab whose page load triggered a run. */
type TriggerTab = { readonly id: number; readonly url: string }

type Outcome = { ok: true; value: unknown } | { ok: false; error: WireError }

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
}

interface Going {
  readonly routine: Routine
  readonly runId: string
  readonly trigger: RoutineTrigger
  readonly startedAt: number
}

const notFound = (id: string): Outcome => ({ ok: false, error: { code: "not_found", message: `There is no routine "${id}".` } })

/** A file name from a moment: sortable, and the same in every time zone. */
const stamp = (at: number) =>
  new Date(at)
    .toISOString()
    .replace(/:/g, "-")
    .replace(/\.\d+Z$/, "Z")

export class Routines {
  /** The routines' runs going, by conversation. */
  private readonly going = new Map<string, Going>()
  private readonly now: () => number

  constructor(private readonly options: RoutinesOptions) {
    this.now = options.now ?? Date.now
  }

  list(): Promise<Outcome> {
    return this.options.router("routines.list")
  }

  private async find(id: string): Promise<Routine | undefined> {
    const reply = await this.options.router("routines.list")
    return reply.ok ? (reply.value as ReadonlyArray<Routine>).find((r) => r.id === id) : undefined
  }

  private async save(routine: Routine): Promise<Outcome> {
    const saved = await this.options.router("routines.put", routine)
    if (!saved.ok) return saved
    return { ok: true, value: (await this.find(routine.id)) ?? routine }
  }

  create(input: RoutineInput): Promise<Outcome> {
    const at = this.now()
    return this.save({
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

  async update({ id, patch }: RoutineUpdate): Promise<Outcome> {
    const current = await this.find(id)
    if (current === undefined) return notFound(id)
    const { model, ...rest } = patch
    const { model: _old, nextRunAt: _next, lastRun: _last, ...kept } = current as Routine & { nextRunAt?: number; lastRun?: RoutineRun }
    const keptModel = model === null ? {} : model ? { model } : current.model ? { model: current.model } : {}
    return this.save({ ...kept, ...rest, ...keptModel, updatedAt: this.now() })
  }

  remove(id: string): Promise<Outcome> {
    return this.options.router("routines.delete", { id })
  }

  history(id: string): Promise<Outcome> {
    return this.options.router("routines.history", { id })
  }

  async runNow(id: string): Promise<Outcome> {
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
  private async run(routine: Routine, trigger: RoutineTrigger, tab?: TriggerTab): Promise<Outcome> {
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
      routine: { routineId: routine.id, name: routine.name, trigger, at: startedAt, mode: "model", ...(tab ? { tab } : {}) },
    })
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

  /** Whether a conversation is a routine's run going now: nobody attends it (shell/hub/consent.ts). */
  unattended(conversationId: string): Unattended | undefined {
    const going = this.going.get(conversationId)
    return going && { onConfirm: going.routine.onConfirm, sites: going.routine.sites }
  }

  /**
   * Sees every event of the mesh: a routine's run that waits for a yes is told to the user (the
   * toolbar badge counts it already); one that ended is finished here.
   */
  observe(event: MeshEvent): void {
    if (event.type === "confirmation_requested") {
      const going = this.going.get(event.conversationId)
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
      mode: "model",
      startedAt: going.startedAt,
      finishedAt,
      status,
      summary,
      ...(report ? { report } : {}),
      ...(event.error ? { error: { code: event.error.code, message: event.error.message } } : {}),
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
