/**
 * A model's call that needs the user's yes: a destructive tool, or a request that would carry
 * what the conversation read to another site. It says exactly what will run and where; nothing
 * runs unless the user allows it (no answer before it expires is a no).
 */
import { LitElement, css, html, nothing } from "lit"
import type { ConfirmationRequested } from "../schemas/events.ts"
import { timeLeft } from "./am-question.ts"
import { t } from "./i18n.ts"
import { baseStyles } from "./styles.ts"

export class AmConfirmation extends LitElement {
  static override properties = { request: { attribute: false }, now: { state: true }, error: { state: true }, busy: { state: true } }
  request: ConfirmationRequested | undefined
  onDecide: ((id: string, allow: boolean) => Promise<void>) | undefined
  now = Date.now()
  error = ""
  busy = false
  private timer: ReturnType<typeof setInterval> | undefined

  static override styles = [
    baseStyles,
    css`
      :host { display: block; margin: 8px 0; }
      section { border: 1px solid var(--am-danger); background: var(--am-danger-bg); border-radius: var(--am-radius); padding: 10px 12px; }
      .head { display: flex; justify-content: space-between; gap: 8px; align-items: baseline; }
      .label { font-size: 13px; color: var(--am-danger); font-weight: 600; }
      .left { font-size: 12px; color: var(--am-muted); font-variant-numeric: tabular-nums; }
      p { margin: 6px 0; overflow-wrap: anywhere; }
      .site { font-family: var(--am-mono); font-size: 12px; }
      .actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 8px; }
      [role="alert"] { color: var(--am-danger); font-size: 12px; }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    this.timer = setInterval(() => (this.now = Date.now()), 1000)
  }

  override disconnectedCallback(): void {
    clearInterval(this.timer)
    super.disconnectedCallback()
  }

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
        <span class="left">${t("questionExpiresIn", timeLeft(r.expiresAt, this.now))}</span>
      </div>
      <p>${r.summary}</p>
      <p class="site">${t("confirmSite", r.site)}</p>
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${() => this.decide(false)} ?disabled=${this.busy} data-testid="deny">${t("confirmDeny")}</button>
        <button type="button" class="primary" @click=${() => this.decide(true)} ?disabled=${this.busy} data-testid="allow">${t("confirmAllow")}</button>
      </div>
    </section>`
  }
}
customElements.define("am-confirmation", AmConfirmation)
