/**
 * A model's call that needs the user's yes: a destructive tool, or a request that would carry
 * what the conversation read to another site. It says exactly what will run and where; nothing
 * runs unless the user allows it (no answer before it expires is a no).
 */
import { LitElement, css, html, nothing } from "lit"
import type { ConfirmationRequested } from "../schemas/events.ts"
import { ClockController, timeLeft } from "./clock.ts"
import { t } from "./i18n.ts"
import { baseStyles } from "./styles.ts"

export class AmConfirmation extends LitElement {
  static override properties = { request: { attribute: false }, error: { state: true }, busy: { state: true } }
  request: ConfirmationRequested | undefined
  onDecide: ((id: string, allow: boolean) => Promise<void>) | undefined
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
      section {
        border: 1px solid var(--am-danger);
        background: var(--am-danger-bg);
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
        font-size: 13px;
        color: var(--am-danger);
        font-weight: 600;
      }
      .left {
        font-size: 12px;
        color: var(--am-muted);
        font-variant-numeric: tabular-nums;
      }
      p {
        margin: 6px 0;
        overflow-wrap: anywhere;
      }
      .site {
        font-family: var(--am-mono);
        font-size: 12px;
      }
      .actions {
        display: flex;
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

  private async decide(allow: boolean) {
    if (!this.request || !this.onDecide) return
    this.busy = true
    try {
      await this.onDecide(this.request.id, allow)
    } catch (error) {
      this.error = (error as Error).message
    } finally {
      this.busy = false
    }
  }

  override render() {
    const r = this.request
    if (!r) return nothing
    return html`<section role="group" aria-labelledby="what" data-testid="confirmation">
      <div class="head">
        <span class="label" id="what">${t("confirmLabel", r.tool)}</span>
        <span class="left">${t("questionExpiresIn", timeLeft(r.expiresAt, this.clock.now))}</span>
      </div>
      <p>${r.summary}</p>
      <p class="site">${t("confirmSite", r.site)}</p>
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${() => this.decide(false)} ?disabled=${this.busy} data-testid="deny">${t("confirmDeny")}</button>
        <button type="button" class="primary" @click=${() => this.decide(true)} ?disabled=${this.busy} data-testid="allow">
          ${t("confirmAllow")}
        </button>
      </div>
    </section>`
  }
}
customElements.define("am-confirmation", AmConfirmation)
