/**
 * The jobs that `agent.spawn` started (sub-agents of no conversation), each as a lane, above
 * whichever conversation is open: what a script set working is visible while it works.
 */
import { LitElement, html, nothing } from "lit"
import { t } from "./i18n.ts"
import { chat } from "./state/chat.ts"
import { StoreController } from "./state/store-controller.ts"
import { baseStyles, foldingStrip } from "./styles.ts"
import "./am-lane.ts"

export class AmSpawnLanes extends LitElement {
  private readonly lanes = new StoreController(this, chat.spawnLanes)

  static override styles = [baseStyles, foldingStrip("bottom")]

  override render() {
    const lanes = Object.values(this.lanes.value)
    if (lanes.length === 0) return nothing
    const running = lanes.filter((lane) => lane.status === "running").length
    return html`<details open data-testid="spawn-lanes">
      <summary>${t("spawnJobs", String(running), String(lanes.length))}</summary>
      ${lanes.map((lane) => html`<am-lane .lane=${lane}></am-lane>`)}
    </details>`
  }
}

customElements.define("am-spawn-lanes", AmSpawnLanes)

declare global {
  interface HTMLElementTagNameMap {
    "am-spawn-lanes": AmSpawnLanes
  }
}
