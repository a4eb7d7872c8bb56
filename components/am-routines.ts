/**
 * Routines on the settings page (docs/routines.md, `agent.routines`): each with its next run and
 * last result, run now, pause or resume, edit, delete after a yes, and its history; a form that
 * creates one or edits the one chosen. The fields are checked where they are decoded (the
 * routine's schema, in the offscreen document); a refusal names its field, shown beside it.
 */
import { LitElement, css, html, nothing } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import * as Schema from "effect/Schema"
import {
  Folder,
  Origin,
  UrlPattern,
  type Routine,
  type RoutineInput,
  type RoutineListed,
  type RoutineRun,
  type Schedule,
} from "../schemas/routines.ts"
import { whileBusy } from "./busy.ts"
import { deleteAsk } from "./delete-ask.ts"
import { t } from "./i18n.ts"
import { states } from "./state-properties.ts"
import { baseStyles, formGridStyles } from "./styles.ts"
import { caughtText } from "./words.ts"
import { when } from "./moment.ts"
import { modelOptions, modelValue, type ModelOption } from "./state/chat.ts"

const KINDS: ReadonlyArray<Schedule["kind"]> = ["manual", "once", "every", "daily", "weekdays", "startup", "tab"]

/** A moment as a datetime-local field takes it (local time, to the minute). */
const localInput = (at: number) => {
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export class AmRoutines extends LitElement {
  static override properties = states("routines", "models", "message", "error", "busy", "deleting", "editing", "kind", "opened", "history")
  routines: ReadonlyArray<RoutineListed> = []
  /** The providers' models, as the chat's picker offers them. */
  models: ReadonlyArray<ModelOption> = []
  message = ""
  /** The field a refusal named, and its words. */
  error: { field: string; text: string } | undefined
  busy = false
  /** The routine whose delete waits for a yes. */
  deleting: string | undefined
  /** The routine the form edits; none: the form creates one. */
  editing: Routine | undefined
  /** The schedule kind chosen in the form (its fields follow it). */
  kind: Schedule["kind"] = "manual"
  /** The routine whose history is open, and its runs. */
  opened: string | undefined
  history: ReadonlyArray<RoutineRun> = []

  static override styles = [
    baseStyles,
    formGridStyles,
    css`
      ol.routines {
        list-style: none;
        padding: 0;
        margin: 8px 0 16px;
      }
      ol.routines > li {
        border: 1px solid var(--am-border);
        border-radius: 8px;
        padding: 10px 12px;
        margin: 0 0 10px;
      }
      .row {
        display: flex;
        gap: 8px;
        align-items: center;
        flex-wrap: wrap;
      }
      h4 {
        margin: 0;
        font-size: 14px;
        flex: 1;
      }
      .facts {
        color: var(--am-muted);
        font-size: 12px;
        margin: 4px 0;
      }
      .runs {
        font-size: 12px;
        margin: 6px 0 0;
        padding-left: 18px;
      }
      .field-error {
        color: var(--am-danger, #b00020);
        font-size: 12px;
        margin: 2px 0 0;
      }
      .help {
        color: var(--am-muted);
        font-size: 12px;
        margin: 2px 0 0;
      }
      .actions {
        grid-column: 2;
        display: flex;
        gap: 8px;
      }
      @media (max-width: 600px) {
        .actions {
          grid-column: 1;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.reload()
  }

  private async reload(): Promise<void> {
    try {
      this.routines = await globalThis.agent.routines.list()
      this.models = modelOptions(await globalThis.agent.settings.get())
      if (this.opened) this.history = await globalThis.agent.routines.history(this.opened)
    } catch (error) {
      this.message = caughtText(error)
    }
  }

  private act(work: () => Promise<unknown>): Promise<void> {
    this.message = ""
    return whileBusy(
      this,
      async () => {
        await work()
        await this.reload()
      },
      (error) => (this.message = caughtText(error)),
    )
  }

  private value(field: string): string {
    return this.renderRoot.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`#rt-${field}`)?.value ?? ""
  }

  /** The schedule the form describes. */
  private schedule(): Schedule {
    switch (this.kind) {
      case "once":
        return { kind: "once", at: new Date(this.value("at")).getTime() }
      case "every":
        return { kind: "every", hours: Number(this.value("hours")) }
      case "daily":
      case "weekdays":
        return { kind: this.kind, time: this.value("time") }
      case "tab":
        return { kind: "tab", urlPattern: this.value("pattern").trim() }
      default:
        return { kind: this.kind }
    }
  }

  /** The first field the form's values break, and why, in the field order of the form; none when they fit. */
  private problem(): { field: string; text: string } | undefined {
    const required = (field: string) => (this.value(field).trim() === "" ? { field, text: t("errorRequired") } : undefined)
    const hours = Number(this.value("hours"))
    const sites = this.lines("sites")
    const folder = this.value("folder").trim()
    const badSite = sites.find((site) => !Schema.is(Origin)(site))
    return (
      required("name") ??
      required("prompt") ??
      (this.kind === "once" ? required("at") : undefined) ??
      (this.kind === "daily" || this.kind === "weekdays" ? required("time") : undefined) ??
      (this.kind === "every" && !(Number.isInteger(hours) && hours >= 1 && hours <= 168)
        ? { field: "hours", text: t("errorBetween", "1", "168") }
        : undefined) ??
      (this.kind === "tab" && !Schema.is(UrlPattern)(this.value("pattern").trim())
        ? { field: "pattern", text: t("routinePatternFormat") }
        : undefined) ??
      (badSite !== undefined ? { field: "sites", text: t("errorOrigin", badSite) } : undefined) ??
      (folder !== "" && !Schema.is(Folder)(folder) ? { field: "folder", text: t("routineFolderFormat") } : undefined)
    )
  }

  private lines(field: string): string[] {
    return this.value(field)
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean)
  }

  private save = async (event: Event) => {
    event.preventDefault()
    this.error = this.problem()
    if (this.error) {
      await this.updateComplete
      return this.renderRoot.querySelector<HTMLElement>(`#rt-${this.error.field}`)?.focus()
    }
    const folder = this.value("folder").trim()
    const picked = this.value("model")
    const [providerId, model] = picked ? (JSON.parse(picked) as [string, string]) : []
    const chosen = providerId !== undefined && model !== undefined ? { providerId, model } : undefined
    const fields: RoutineInput = {
      name: this.value("name").trim(),
      prompt: this.value("prompt").trim(),
      schedule: this.schedule(),
      onConfirm: this.value("onConfirm") === "refuse" ? "refuse" : "pause",
      sites: this.lines("sites"),
      ...(folder ? { folder } : {}),
    }
    this.message = ""
    await whileBusy(
      this,
      async () => {
        const editing = this.editing
        // The default model: none kept (an edit clears the one chosen before).
        const saved = editing
          ? await globalThis.agent.routines.update(editing.id, { ...fields, model: chosen ?? null })
          : await globalThis.agent.routines.create({ ...fields, ...(chosen ? { model: chosen } : {}) })
        this.editing = undefined
        this.kind = "manual"
        this.renderRoot.querySelector("form")!.reset()
        this.message = t("routineSaved", saved.name)
        await this.reload()
      },
      (error) => (this.message = caughtText(error)),
    )
  }

  private edit(routine: Routine): void {
    this.editing = routine
    this.kind = routine.schedule.kind
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>("#rt-name")?.focus())
  }

  private async toggleHistory(id: string): Promise<void> {
    this.opened = this.opened === id ? undefined : id
    this.history = this.opened ? await globalThis.agent.routines.history(id) : []
  }

  private runLine(run: RoutineRun) {
    return html`<li data-testid="routine-run">
      ${when(run.startedAt)} · ${t(`routineTrigger_${run.trigger}`)} · ${t(`routineStatus_${run.status}`)}
      ${run.report ? html` · ${t("routineReport", run.report)}` : nothing}
    </li>`
  }

  private routineView(routine: RoutineListed) {
    const asking = this.deleting === routine.id
    const last = routine.lastRun
    return html`<li data-testid="routine" data-name=${routine.name}>
      <div class="row">
        <h4>${routine.name}</h4>
        <button
          type="button"
          ?disabled=${this.busy}
          aria-label=${t("routineRunNowNamed", routine.name)}
          @click=${() =>
            this.act(async () => {
              await globalThis.agent.routines.runNow(routine.id)
              this.message = t("routineStarted", routine.name)
            })}
        >
          ${t("routineRunNow")}
        </button>
        <button
          type="button"
          ?disabled=${this.busy}
          aria-label=${t(routine.paused ? "routineResumeNamed" : "routinePauseNamed", routine.name)}
          @click=${() => this.act(() => globalThis.agent.routines.update(routine.id, { paused: !routine.paused }))}
        >
          ${routine.paused ? t("routineResume") : t("routinePause")}
        </button>
        <button type="button" ?disabled=${this.busy} aria-label=${t("routineEditNamed", routine.name)} @click=${() => this.edit(routine)}>
          ${t("routineEdit")}
        </button>
        <button
          type="button"
          ?disabled=${this.busy || asking}
          aria-label=${t("routineDeleteNamed", routine.name)}
          @click=${() => (this.deleting = routine.id)}
        >
          ${t("routineDelete")}
        </button>
      </div>
      <p class="facts">
        ${t(`routineSchedule_${routine.schedule.kind}`)}
        ${routine.paused ? html` · ${t("routinePausedState")}` : routine.nextRunAt !== undefined ? html` · ${t("routineNextRun", when(routine.nextRunAt))}` : nothing}
        · ${last ? t("routineLastRun", when(last.startedAt), t(`routineStatus_${last.status}`)) : t("routineNeverRan")}
      </p>
      ${
        asking
          ? deleteAsk({
              id: `rt-ask-${routine.id}`,
              className: "row",
              question: t("routineDeleteAsk", routine.name),
              yes: t("routineDeleteYes"),
              busy: this.busy,
              onYes: () =>
                this.act(async () => {
                  await globalThis.agent.routines.remove(routine.id)
                  this.deleting = undefined
                  this.message = t("routineDeleted", routine.name)
                }),
              onCancel: () => (this.deleting = undefined),
            })
          : nothing
      }
      <button
        type="button"
        aria-label=${t("routineHistoryNamed", routine.name)}
        aria-expanded=${this.opened === routine.id ? "true" : "false"}
        @click=${() => this.toggleHistory(routine.id)}
      >
        ${t("routineHistory")}
      </button>
      ${
        this.opened === routine.id
          ? this.history.length
            ? html`<ol class="runs">
                ${this.history.map((run) => this.runLine(run))}
              </ol>`
            : html`<p class="facts">${t("routineHistoryNone")}</p>`
          : nothing
      }
    </li>`
  }

  /** A labelled field with its refusal and help, linked for assistive technology. */
  private field(id: string, label: string, input: (describedBy: string, invalid: string) => unknown, help?: string) {
    const failed = this.error?.field === id
    return html`<label for="rt-${id}">${label}</label>
      <div>
        ${input(`rt-${id}-error${help ? ` rt-${id}-help` : ""}`, failed ? "true" : "false")}
        ${failed ? html`<p class="field-error" id="rt-${id}-error" data-testid="field-error">${this.error!.text}</p>` : nothing}
        ${help ? html`<p class="help" id="rt-${id}-help">${help}</p>` : nothing}
      </div>`
  }

  /** A one-line field of the form: monospace for addresses and paths (not spell-checked). */
  private input(
    id: string,
    label: string,
    value: string,
    options: { type?: string; mono?: boolean; min?: number; max?: number; help?: string } = {},
  ) {
    const { type = "text", mono = false, help } = options
    return this.field(
      id,
      label,
      (d, i) =>
        html`<input
          id="rt-${id}"
          type=${type}
          class=${mono ? "mono" : ""}
          spellcheck=${mono ? "false" : "true"}
          autocomplete="off"
          min=${ifDefined(options.min)}
          max=${ifDefined(options.max)}
          .value=${value}
          aria-describedby=${d}
          aria-invalid=${i}
        />`,
      help,
    )
  }

  private scheduleFields(s: Schedule | undefined) {
    const same = s?.kind === this.kind ? s : undefined
    switch (this.kind) {
      case "once":
        return this.input("at", t("routineAt"), same?.kind === "once" ? localInput(same.at) : "", { type: "datetime-local" })
      case "every":
        return this.input("hours", t("routineHours"), same?.kind === "every" ? String(same.hours) : "24", {
          type: "number",
          min: 1,
          max: 168,
        })
      case "daily":
      case "weekdays":
        return this.input("time", t("routineTime"), same && "time" in same ? same.time : "08:00", { type: "time" })
      case "tab":
        return this.input("pattern", t("routinePattern"), same?.kind === "tab" ? same.urlPattern : "", {
          mono: true,
          help: t("routinePatternHelp"),
        })
      default:
        return nothing
    }
  }

  override render() {
    const r = this.editing
    return html`
      ${
        this.routines.length
          ? html`<ol class="routines" data-testid="routines">
              ${this.routines.map((routine) => this.routineView(routine))}
            </ol>`
          : html`<p class="help" data-testid="routines-empty">${t("routinesNone")}</p>`
      }
      <h3>${r ? t("routineEditing", r.name) : t("routineAdd")}</h3>
      <form class="grid" @submit=${this.save} novalidate>
        ${this.input("name", t("routineName"), r?.name ?? "")}
        ${this.field("prompt", t("routinePrompt"), (d, i) => html`<textarea id="rt-prompt" rows="4" .value=${r?.prompt ?? ""} aria-describedby=${d} aria-invalid=${i}></textarea>`)}
        <label for="rt-model">${t("routineModel")}</label>
        <select id="rt-model">
          <option value="" ?selected=${!r?.model}>${t("routineModelDefault")}</option>
          ${this.models.map((o) => html`<option value=${modelValue(o)} ?selected=${modelValue(r?.model) === modelValue(o)}>${o.model} · ${o.providerName}</option>`)}
        </select>
        <label for="rt-kind">${t("routineSchedule")}</label>
        <select
          id="rt-kind"
          .value=${this.kind}
          @change=${(e: Event) => (this.kind = (e.target as HTMLSelectElement).value as Schedule["kind"])}
        >
          ${KINDS.map((kind) => html`<option value=${kind} ?selected=${kind === this.kind}>${t(`routineSchedule_${kind}`)}</option>`)}
        </select>
        ${this.scheduleFields(r?.schedule)}
        ${this.field(
          "onConfirm",
          t("routineOnConfirm"),
          (d) =>
            html`<select id="rt-onConfirm" aria-describedby=${d}>
              ${(["pause", "refuse"] as const).map((c) => html`<option value=${c} ?selected=${(r?.onConfirm ?? "pause") === c}>${t(`routineOnConfirm_${c}`)}</option>`)}
            </select>`,
          t("routineOnConfirmHelp"),
        )}
        ${this.field(
          "sites",
          t("routineSites"),
          (d, i) =>
            html`<textarea
              id="rt-sites"
              rows="2"
              class="mono"
              spellcheck="false"
              .value=${(r?.sites ?? []).join("\n")}
              aria-describedby=${d}
              aria-invalid=${i}
            ></textarea>`,
          t("routineSitesHelp"),
        )}
        ${this.input("folder", t("routineFolder"), r?.folder ?? "", { mono: true, help: t("routineFolderHelp") })}
        <div class="actions">
          <button type="submit" ?disabled=${this.busy} data-testid="save-routine">${t("routineSave")}</button>
          ${r ? html`<button type="button" @click=${() => ((this.editing = undefined), (this.kind = "manual"))}>${t("cancel")}</button>` : nothing}
        </div>
      </form>
      <p role="status">${this.message}</p>
    `
  }
}
customElements.define("am-routines", AmRoutines)
