/**
 * ask_user's question as an inline form: free text, one choice (radio buttons) or several
 * (checkboxes), with the time left until it expires. Submitting calls `agent.answer`.
 */
import { LitElement, css, html, nothing } from "lit"
import type { QuestionAsked } from "../schemas/events.ts"
import { ClockController, timeLeft } from "./clock.ts"
import { t } from "./i18n.ts"
import { caughtText } from "./words.ts"
import { baseStyles } from "./styles.ts"
import { formText } from "./form-text.ts"

export class AmQuestion extends LitElement {
  static override properties = {
    question: { attribute: false },
    error: { state: true },
    busy: { state: true },
  }
  question: QuestionAsked | undefined
  /** Answers through this; the panel passes the store's action. */
  onAnswer: ((id: string, answer: string | ReadonlyArray<string>) => Promise<void>) | undefined
  private readonly clock = new ClockController(this)
  error = ""
  busy = false

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        margin: 8px 0;
      }
      form {
        border: 1px solid var(--am-warn);
        background: var(--am-warn-bg);
        border-radius: var(--am-radius);
        padding: 10px 12px;
      }
      .head {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        align-items: baseline;
      }
      .label {
        font-size: 11px;
        text-transform: uppercase;
        letter-spacing: 0.04em;
        color: var(--am-warn);
        font-weight: 600;
      }
      .left {
        font-size: 12px;
        color: var(--am-muted);
        font-variant-numeric: tabular-nums;
      }
      fieldset {
        border: none;
        margin: 0;
        padding: 0;
        min-width: 0;
      }
      legend {
        padding: 0;
        margin: 4px 0 8px;
        font-weight: 600;
      }
      .choice {
        display: flex;
        align-items: center;
        gap: 8px;
        padding: 3px 0;
      }
      .choice input {
        min-height: auto;
      }
      textarea {
        width: 100%;
        min-height: 56px;
        resize: vertical;
      }
      .actions {
        display: flex;
        justify-content: flex-end;
        margin-top: 8px;
      }
      [role="alert"] {
        color: var(--am-danger);
        font-size: 12px;
        margin: 6px 0 0;
      }
    `,
  ]

  private async submit(event: Event) {
    event.preventDefault()
    const q = this.question
    if (!q || !this.onAnswer) return
    const form = event.target as HTMLFormElement
    const data = new FormData(form)
    let answer: string | string[]
    if (q.options?.length) {
      const picked = data.getAll("choice").map(String)
      if (picked.length === 0) return void (this.error = t("questionPickOne"))
      answer = q.multiple ? picked : picked[0]!
    } else {
      answer = formText(data.get("text"))
      if (!answer) return void (this.error = t("questionTypeAnswer"))
    }
    this.busy = true
    this.error = ""
    try {
      await this.onAnswer(q.id, answer)
    } catch (error) {
      this.error = caughtText(error)
    } finally {
      this.busy = false
    }
  }

  private onKeydown(event: KeyboardEvent) {
    // Enter answers free text, as in the composer; Shift+Enter adds a line.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault()
      ;(event.target as HTMLTextAreaElement).form?.requestSubmit()
    }
  }

  override render() {
    const q = this.question
    if (!q) return nothing
    const type = q.multiple ? "checkbox" : "radio"
    return html`
      <form @submit=${this.submit} data-testid="question" aria-label=${t("questionLabel")}>
        <div class="head">
          <span class="label">${t("questionLabel")}</span>
          <span class="left" title=${t("questionTimeLeft")}>${t("questionExpiresIn", timeLeft(q.expiresAt, this.clock.now))}</span>
        </div>
        <fieldset>
          <legend>${q.question}</legend>
          ${
            q.options?.length
              ? q.options.map(
                  (option) => html`<label class="choice"><input type=${type} name="choice" value=${option} /> ${option}</label>`,
                )
              : html`<textarea
                  name="text"
                  aria-label=${t("questionYourAnswer")}
                  placeholder=${t("questionYourAnswer")}
                  @keydown=${this.onKeydown}
                ></textarea>`
          }
        </fieldset>
        ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
        <div class="actions"><button class="primary" type="submit" ?disabled=${this.busy}>${t("questionSend")}</button></div>
      </form>
    `
  }
}
customElements.define("am-question", AmQuestion)
