/**
 * The message box: Enter sends, Shift+Enter adds a line, Esc (or the stop button) stops the
 * run; the model picker beside it. Without a usable model it says how to set one up instead.
 */
import { LitElement, css, html, nothing } from "lit"
import { t } from "./i18n.ts"
import { chat, modelValue, type ModelOption } from "./state/chat.ts"
import { storeValues } from "./state/store-controller.ts"
import { baseStyles } from "./styles.ts"

export const openSettings = (event?: Event) => {
  event?.preventDefault()
  if (typeof chrome !== "undefined" && chrome.runtime?.openOptionsPage) void chrome.runtime.openOptionsPage()
  else window.open("options.html", "_blank")
}

export class AmComposer extends LitElement {
  private readonly live = storeValues(this, {
    models: chat.models,
    runId: chat.currentRunId,
    picked: chat.pickedModel,
    view: chat.view,
    settings: chat.settings,
  })

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        border-top: 1px solid var(--am-border);
        background: var(--am-bg);
        padding: 8px 10px 10px;
      }
      .box {
        border: 1px solid var(--am-border);
        border-radius: 10px;
        background: var(--am-bg);
        padding: 6px;
      }
      .box:focus-within {
        border-color: var(--am-accent);
      }
      textarea {
        display: block;
        width: 100%;
        border: none;
        resize: none;
        min-height: 44px;
        max-height: 200px;
        padding: 4px 6px;
        background: transparent;
      }
      textarea:focus-visible {
        outline: none;
      }
      .row {
        display: flex;
        align-items: center;
        gap: 6px;
        margin-top: 4px;
      }
      select {
        flex: 1;
        min-width: 0;
        font-size: 12px;
        min-height: 26px;
        padding: 2px 4px;
      }
      .setup {
        margin: 0 0 8px;
        padding: 8px 10px;
        border-radius: var(--am-radius);
        background: var(--am-warn-bg);
        border: 1px solid var(--am-warn);
      }
      .hint {
        margin: 4px 2px 0;
        font-size: 11px;
        color: var(--am-muted);
      }
      .hint.waiting {
        color: var(--am-fg);
        font-weight: 600;
      }
    `,
  ]

  override focus() {
    this.renderRoot.querySelector("textarea")?.focus()
  }

  /** Whether the agent waits for the user's answer or yes in this conversation. */
  private waiting(): boolean {
    const view = this.live.view
    return view.questions.length > 0 || view.confirmations.length > 0
  }

  /**
   * Hands the box's text to `start` and clears the box; not while a run goes on, and while the
   * agent waits for the user, says so and takes them to what it waits on instead.
   */
  private submit(start: (text: string) => void) {
    const area = this.renderRoot.querySelector("textarea")!
    if (this.waiting()) {
      chat.requestAttention()
      return
    }
    if (this.live.runId || !area.value.trim() || this.live.models.length === 0) return
    start(area.value)
    area.value = ""
    this.resize(area)
  }

  private send() {
    this.submit((text) => chat.send(text))
  }

  /** The box's text as a research question: parallel researchers, then a report with checked citations (docs/research.md). */
  private research() {
    this.submit((text) => chat.research(text))
  }

  private onKeydown(event: KeyboardEvent) {
    if (event.isComposing) return
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault()
      this.send()
    } else if (event.key === "Escape" && this.live.runId) {
      event.preventDefault()
      void chat.stop()
    }
  }

  private resize(area: HTMLTextAreaElement) {
    area.style.height = "auto"
    area.style.height = `${Math.min(area.scrollHeight, 200)}px`
  }

  private pick(event: Event) {
    const [providerId, model] = JSON.parse((event.target as HTMLSelectElement).value) as [string, string]
    chat.pickedModel.set({ providerId, model })
  }

  private setupMessage() {
    if (!this.live.settings) return nothing
    const noProvider = this.live.settings.providers.length === 0
    return html`<p class="setup" role="note" data-testid="setup-needed">
      ${noProvider ? t("noProvider") : t("noModel")}
      <a href="options.html" @click=${openSettings}>${t("openSettings")}</a>
    </p>`
  }

  override render() {
    const models: ReadonlyArray<ModelOption> = this.live.models
    const running = this.live.runId !== undefined
    void this.live.picked
    void this.live.view
    const current = chat.effectiveModel()
    return html`
      ${models.length === 0 ? this.setupMessage() : nothing}
      <div class="box">
        <label class="visually-hidden" for="prompt">${t("messageLabel")}</label>
        <textarea
          id="prompt"
          rows="2"
          placeholder=${t("messagePlaceholder")}
          @keydown=${this.onKeydown}
          @input=${(e: Event) => this.resize(e.target as HTMLTextAreaElement)}
        ></textarea>
        <div class="row">
          <label class="visually-hidden" for="model">${t("model")}</label>
          <select id="model" @change=${this.pick} ?disabled=${models.length === 0}>
            ${
              // No model yet: the list says so rather than stand empty (the note above leads to the settings).
              models.length === 0 ? html`<option value="">${t("noneChosen")}</option>` : nothing
            }
            ${models.map((o) => html`<option value=${modelValue(o)} ?selected=${current !== undefined && modelValue(current) === modelValue(o)}>${o.model} · ${o.providerName}</option>`)}
          </select>
          ${
            running
              ? html`<button type="button" class="danger" data-testid="stop" @click=${() => void chat.stop()} title=${t("stopHint")}>
                  ■ ${t("stop")}
                </button>`
              : html`<button
                    type="button"
                    data-testid="research-action"
                    @click=${this.research}
                    ?disabled=${models.length === 0}
                    title=${t("researchActionHint")}
                  >
                    ${t("researchAction")}
                  </button>
                  <button type="button" class="primary" data-testid="send" @click=${this.send} ?disabled=${models.length === 0}>
                    ${t("send")}
                  </button>`
          }
        </div>
      </div>
      ${
        this.waiting()
          ? html`<p class="hint waiting" role="status" data-testid="composer-waiting">${t("composerWaiting")}</p>`
          : html`<p class="hint">${running ? t("stopHint") : t("sendHint")}</p>`
      }
    `
  }
}
customElements.define("am-composer", AmComposer)
