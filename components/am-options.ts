/** The management page's shell: the settings it can already change. Grows with the UI issue. */
import { LitElement, css, html } from "lit"
import type { Settings } from "../schemas/settings.ts"
import { t } from "./i18n.ts"

export class AmOptions extends LitElement {
  static override properties = { settings: { state: true }, message: { state: true } }
  settings: Settings | undefined
  message = ""

  static override styles = css`
    :host { display: block; max-width: 40rem; margin: 24px auto; padding: 0 16px; }
    label { display: block; margin: 12px 0 4px; }
    [role="status"] { min-height: 1.5em; }
  `

  override connectedCallback(): void {
    super.connectedCallback()
    void globalThis.agent.settings.get().then((s) => (this.settings = s))
  }

  private async save(patch: Parameters<typeof globalThis.agent.settings.update>[0]) {
    try {
      this.settings = await globalThis.agent.settings.update(patch)
      this.message = t("saved")
    } catch (error) {
      this.message = (error as Error).message
    }
  }

  override render() {
    const s = this.settings
    if (!s) return html`<p>${t("loading")}</p>`
    return html`
      <h1>${t("extName")} · ${t("settings")}</h1>
      <label for="steps">${t("stepLimit")}</label>
      <input id="steps" type="number" min="1" max="1000" .value=${String(s.stepLimit)}
        @change=${(e: Event) => this.save({ stepLimit: Number((e.target as HTMLInputElement).value) })}>
      <label for="engine">${t("searchEngine")}</label>
      <select id="engine" .value=${s.search.engine}
        @change=${(e: Event) => this.save({ search: { engine: (e.target as HTMLSelectElement).value as Settings["search"]["engine"] } })}>
        ${["duckduckgo", "bing", "baidu", "google"].map((e) => html`<option value=${e} ?selected=${e === s.search.engine}>${e}</option>`)}
      </select>
      <p role="status">${this.message}</p>
    `
  }
}
customElements.define("am-options", AmOptions)
