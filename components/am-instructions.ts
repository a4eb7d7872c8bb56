/**
 * The open conversation's own instructions: added to the system prompt after the global one
 * (options page), for this conversation only, from its next run on.
 */
import { LitElement, css, html, nothing } from "lit"
import { formText } from "./form-text.ts"
import { t } from "./i18n.ts"
import { chat } from "./state/chat.ts"
import { states } from "./state-properties.ts"
import { baseStyles, headerFormStyles } from "./styles.ts"
import { caughtText } from "./words.ts"

/** As `InstructionsParams` in schemas/channel.ts allows. */
const MAX_CHARS = 20_000

export class AmInstructions extends LitElement {
  static override properties = states("error", "saving")
  error = ""
  saving = false

  static override styles = [
    baseStyles,
    headerFormStyles,
    css`
      textarea {
        width: 100%;
        min-height: 80px;
        resize: vertical;
      }
    `,
  ]

  override firstUpdated(): void {
    this.renderRoot.querySelector("textarea")?.focus()
  }

  private close() {
    this.dispatchEvent(new CustomEvent("instructions-closed", { bubbles: true, composed: true }))
  }

  private async save(event: Event) {
    event.preventDefault()
    this.saving = true
    try {
      await chat.setInstructions(formText(new FormData(event.target as HTMLFormElement).get("instructions")))
      this.close()
    } catch (error) {
      this.error = caughtText(error)
    } finally {
      this.saving = false
    }
  }

  override render() {
    return html`<form data-testid="instructions" @submit=${this.save} @keydown=${(e: KeyboardEvent) => e.key === "Escape" && this.close()}>
      <label for="instructions">${t("instructionsLabel")}</label>
      <p class="help" id="instructions-help">${t("instructionsHelp")}</p>
      <textarea
        id="instructions"
        name="instructions"
        maxlength=${MAX_CHARS}
        aria-describedby="instructions-help"
        .value=${chat.instructions()}
      ></textarea>
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${() => this.close()}>${t("cancel")}</button>
        <button type="submit" class="primary" ?disabled=${this.saving} data-testid="instructions-save">${t("instructionsSave")}</button>
      </div>
    </form>`
  }
}
customElements.define("am-instructions", AmInstructions)
