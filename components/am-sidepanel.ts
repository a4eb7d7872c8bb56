/**
 * The side panel's shell: for now it shows that the mesh is reachable, the tools it serves,
 * and the live stream of tool calls. The chat itself arrives with the side-panel issue.
 */
import { LitElement, css, html } from "lit"
import type { MeshEvent } from "../schemas/events.ts"
import { t } from "./i18n.ts"

interface ToolRow { readonly name: string }

export class AmSidepanel extends LitElement {
  static override properties = { tools: { state: true }, events: { state: true }, error: { state: true } }
  tools: ReadonlyArray<ToolRow> = []
  events: ReadonlyArray<MeshEvent> = []
  error = ""
  private unsubscribe: (() => void) | undefined

  static override styles = css`
    :host { display: block; padding: 12px; }
    h1 { font-size: 1.1rem; margin: 0 0 8px; }
    .muted { color: var(--am-muted, GrayText); }
    ul { padding-left: 1.2em; margin: 4px 0; }
    code { font-family: ui-monospace, monospace; }
    [role="alert"] { color: #c62828; }
  `

  override connectedCallback(): void {
    super.connectedCallback()
    this.unsubscribe = globalThis.agent.onEvent((event) => (this.events = [...this.events.slice(-49), event]))
    globalThis.agent.tools.list().then(
      (tools) => (this.tools = tools),
      (error: Error) => (this.error = error.message),
    )
  }

  override disconnectedCallback(): void {
    this.unsubscribe?.()
    super.disconnectedCallback()
  }

  override render() {
    return html`
      <h1>${t("extName")}</h1>
      ${this.error ? html`<p role="alert">${this.error}</p>` : ""}
      <p class="muted" data-testid="tool-count">${t("toolsAvailable", String(this.tools.length))}</p>
      <section aria-label=${t("activity")}>
        <ul>
          ${this.events.map((e) => html`<li><code>${e.type}</code> ${"tool" in e ? e.tool : "group" in e ? e.group : ""}</li>`)}
        </ul>
      </section>
    `
  }
}
customElements.define("am-sidepanel", AmSidepanel)
