/**
 * "Make this a routine" (docs/routines.md): the open conversation's first message, model and
 * instructions, prefilled as a routine that runs them again on its own; scheduled here simply,
 * or in full in Settings → Routines.
 */
import { LitElement, css, html, nothing } from "lit"
import type { ConversationRecord } from "../schemas/conversation.ts"
import type { Schedule } from "../schemas/routines.ts"
import { openSettings } from "./am-composer.ts"
import { formText } from "./form-text.ts"
import { t } from "./i18n.ts"
import { states } from "./state-properties.ts"
import { baseStyles, headerFormStyles } from "./styles.ts"
import { caughtText } from "./words.ts"

/** The schedules a panel offers; the settings page has them all. */
const KINDS = ["manual", "daily", "weekdays", "startup"] as const

export class AmMakeRoutine extends LitElement {
  static override properties = { ...states("error", "saving", "saved", "kind"), record: { attribute: false }, prompt: { attribute: false } }
  record: ConversationRecord | undefined
  /** The conversation's first message. */
  prompt = ""
  error = ""
  saving = false
  /** The name of the routine just made. */
  saved = ""
  kind: (typeof KINDS)[number] = "manual"

  static override styles = [
    baseStyles,
    headerFormStyles,
    css`
      form {
        display: grid;
        gap: 4px;
      }
      input,
      textarea,
      select {
        width: 100%;
      }
    `,
  ]

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLElement>("#mr-name")?.focus()
  }

  private close() {
    this.dispatchEvent(new CustomEvent("make-routine-closed", { bubbles: true, composed: true }))
  }

  private async save(event: Event) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const name = formText(form.get("name")).trim()
    const prompt = formText(form.get("prompt")).trim()
    if (name === "" || prompt === "") return void (this.error = t("errorRequired"))
    const time = formText(form.get("time"))
    const schedule: Schedule = this.kind === "daily" || this.kind === "weekdays" ? { kind: this.kind, time } : { kind: this.kind }
    this.saving = true
    this.error = ""
    try {
      const routine = await globalThis.agent.routines.create({
        name,
        prompt,
        schedule,
        onConfirm: formText(form.get("onConfirm")) === "refuse" ? "refuse" : "pause",
        ...(this.record?.model ? { model: this.record.model } : {}),
        ...(this.record?.system ? { instructions: this.record.system } : {}),
      })
      this.saved = routine.name
    } catch (error) {
      this.error = caughtText(error)
    } finally {
      this.saving = false
    }
  }

  override render() {
    if (this.saved)
      return html`<p role="status" data-testid="routine-made">${t("routineSaved", this.saved)}</p>
        <div class="actions">
          <button type="button" @click=${() => openSettings()}>${t("openSettings")}</button>
          <button type="button" @click=${() => this.close()}>${t("routineClose")}</button>
        </div>`
    return html`<form data-testid="make-routine" @submit=${this.save} @keydown=${(e: KeyboardEvent) => e.key === "Escape" && this.close()}>
      <p class="help">${t("makeRoutineHelp")}</p>
      <label for="mr-name">${t("routineName")}</label>
      <input id="mr-name" name="name" autocomplete="off" .value=${this.record?.title ?? ""} />
      <label for="mr-prompt">${t("routinePrompt")}</label>
      <textarea id="mr-prompt" name="prompt" rows="3" .value=${this.prompt}></textarea>
      <label for="mr-kind">${t("routineSchedule")}</label>
      <select id="mr-kind" @change=${(e: Event) => (this.kind = (e.target as HTMLSelectElement).value as (typeof KINDS)[number])}>
        ${KINDS.map((kind) => html`<option value=${kind} ?selected=${kind === this.kind}>${t(`routineSchedule_${kind}`)}</option>`)}
      </select>
      ${
        this.kind === "daily" || this.kind === "weekdays"
          ? html`<label for="mr-time">${t("routineTime")}</label><input id="mr-time" name="time" type="time" value="08:00" />`
          : nothing
      }
      <label for="mr-onConfirm">${t("routineOnConfirm")}</label>
      <select id="mr-onConfirm" name="onConfirm">
        ${(["pause", "refuse"] as const).map((c) => html`<option value=${c}>${t(`routineOnConfirm_${c}`)}</option>`)}
      </select>
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${() => this.close()}>${t("cancel")}</button>
        <button type="submit" class="primary" ?disabled=${this.saving} data-testid="make-routine-save">${t("routineSave")}</button>
      </div>
    </form>`
  }
}
customElements.define("am-make-routine", AmMakeRoutine)
