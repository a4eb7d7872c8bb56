/**
 * What a question (am-question) and a confirmation (am-confirmation) share: both wait in the chat
 * for the user's answer until they expire, show the time left, send the answer with their buttons
 * disabled meanwhile, and show a failure to send it in the card.
 */
import { LitElement, css, html, nothing } from "lit"
import { whileBusy } from "./busy.ts"
import { ClockController, timeLeft } from "./clock.ts"
import { t } from "./i18n.ts"
import { baseStyles } from "./styles.ts"
import { states } from "./state-properties.ts"
import { caughtText } from "./words.ts"

export abstract class AnswerCard extends LitElement {
  static override properties = states("error", "busy")
  private readonly clock = new ClockController(this)
  error = ""
  busy = false

  /** The card's frame, in the colours of its class: `warn` (a question) or `danger` (a confirmation). */
  static readonly cardStyles = [
    baseStyles,
    css`
      :host {
        display: block;
        margin: 8px 0;
      }
      .card.warn {
        --tone: var(--am-warn);
        --tone-bg: var(--am-warn-bg);
      }
      .card.danger {
        --tone: var(--am-danger);
        --tone-bg: var(--am-danger-bg);
      }
      .card {
        border: 1px solid var(--tone);
        background: var(--tone-bg);
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
        color: var(--tone);
        font-weight: 600;
      }
      .left {
        font-size: 12px;
        color: var(--am-muted);
        font-variant-numeric: tabular-nums;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        justify-content: flex-end;
        gap: 8px;
        margin-top: 8px;
      }
      [role="alert"] {
        color: var(--am-danger);
        font-size: 12px;
      }
    `,
  ]

  /** The label (its element has id `label`) and the time left until `expiresAt`, with `hint` as its tooltip. */
  protected head(label: string, expiresAt: number, hint?: string) {
    return html`<div class="head">
      <span class="label" id="label">${label}</span>
      <span class="left" title=${hint ?? nothing}>${t("questionExpiresIn", timeLeft(expiresAt, this.clock.now))}</span>
    </div>`
  }

  /** Sends the answer; a failure to send it stays shown in the card. */
  protected async send(answer: () => Promise<void>): Promise<void> {
    this.error = ""
    await whileBusy(this, answer, (error) => (this.error = caughtText(error)))
  }
}
