/**
 * ask_user's question as an inline form: free text, one choice (radio buttons) or several
 * (checkboxes), with the time left until it expires. Submitting calls `agent.answer`.
 */
import { css, html, nothing } from "lit"
import type { QuestionAsked } from "../schemas/events.ts"
import { AnswerCard } from "./answer-card.ts"
import { t } from "./i18n.ts"
import { formText } from "./form-text.ts"

export class AmQuestion extends AnswerCard {
  static override properties = { question: { attribute: false } }
  question: QuestionAsked | undefined
  /** Answers through this; the panel passes the store's action. */
  onAnswer: ((id: string, answer: string | ReadonlyArray<string>) => Promise<void>) | undefined

  static override styles = [
    AnswerCard.cardStyles,
    css`
      .label {
        font-size: 11px;
        text-transform: uppercase;
        letter-spacing: 0.04em;
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
      /* Drawn in the theme's colours: the native unselected radio and checkbox were dark grey
         on the card's dark amber in dark mode. */
      .choice input {
        appearance: none;
        flex: none;
        width: 16px;
        height: 16px;
        margin: 0;
        border: 2px solid var(--am-fg);
        background: var(--am-bg);
        display: inline-grid;
        place-content: center;
      }
      .choice input[type="radio"] {
        border-radius: 50%;
      }
      .choice input[type="checkbox"] {
        border-radius: 3px;
      }
      .choice input:checked {
        border-color: var(--am-accent);
      }
      .choice input:checked::before {
        content: "";
        width: 8px;
        height: 8px;
        background: var(--am-accent);
        border-radius: inherit;
      }
      .choice input:focus-visible {
        outline: 2px solid var(--am-accent);
        outline-offset: 2px;
      }
      textarea {
        width: 100%;
        min-height: 56px;
        resize: vertical;
      }
      [role="alert"] {
        margin: 6px 0 0;
      }
    `,
  ]

  private async submit(event: Event) {
    event.preventDefault()
    const { question: q, onAnswer } = this
    if (!q || !onAnswer) return
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
    await this.send(() => onAnswer(q.id, answer))
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
      <form class="card warn" @submit=${this.submit} data-testid="question" aria-label=${t("questionLabel")}>
        ${this.head(t("questionLabel"), q.expiresAt, t("questionTimeLeft"))}
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
