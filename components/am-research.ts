/**
 * A research job in the side panel: its question and phase, the budget as it is spent, a lane
 * per agent (planner, researchers, writer), and, when done, its report as a document with its
 * verification count, the file it was saved to, and an export. Stop ends every agent at once.
 */
import { LitElement, css, html, nothing } from "lit"
import type { ResearchState } from "../schemas/events.ts"
import "./am-lane.ts"
import "./am-markdown.ts"
import { download, exportFileName } from "./export.ts"
import { t } from "./i18n.ts"
import { errorText } from "./words.ts"
import type { Lane } from "./state/chat-view.ts"
import { baseStyles } from "./styles.ts"

const percent = (spent: number, budget: number) => Math.min(100, Math.round((spent / Math.max(1, budget)) * 100))

/** The lanes of one job, in the order its agents started: planner, researchers, writer. */
export const lanesOfJob = (lanes: Readonly<Record<string, Lane>>, jobId: string): Lane[] =>
  Object.entries(lanes)
    .filter(([callId]) => callId.startsWith(`research:${jobId}:`))
    .map(([, lane]) => lane)

export class AmResearch extends LitElement {
  static override properties = { job: { attribute: false }, lanes: { attribute: false } }
  job: ResearchState | undefined
  lanes: ReadonlyArray<Lane> = []

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      section {
        border: 1px solid var(--am-border, #d0d4dc);
        border-radius: 8px;
        padding: 8px 10px;
        margin: 8px 0;
      }
      header {
        display: flex;
        gap: 8px;
        align-items: baseline;
        justify-content: space-between;
        flex-wrap: wrap;
      }
      h3 {
        margin: 0;
        font-size: 1em;
      }
      .phase {
        color: var(--am-muted, #555b66);
        font-size: 0.9em;
      }
      .budget {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 2px 8px;
        font-size: 0.85em;
        color: var(--am-muted, #555b66);
        margin: 6px 0;
      }
      progress {
        width: 100%;
      }
      .count {
        font-weight: 600;
      }
      .actions {
        display: flex;
        gap: 6px;
        flex-wrap: wrap;
        margin-top: 6px;
      }
      .report {
        border-top: 1px solid var(--am-border, #d0d4dc);
        margin-top: 8px;
        padding-top: 6px;
        max-height: 60vh;
        overflow: auto;
      }
    `,
  ]

  private stop() {
    if (this.job) void globalThis.agent.researchJobs.stop(this.job.jobId)
  }

  private export() {
    const report = this.job?.report
    if (report) download(report.markdown, exportFileName(this.job?.question ?? "research", "md"), "text/markdown")
  }

  override render() {
    const job = this.job
    if (!job) return nothing
    const running = job.phase !== "finished"
    const phase = running ? t(`researchPhase_${job.phase}`) : t(`researchStatus_${job.status ?? "failed"}`)
    return html`<section aria-label=${t("researchJob")}>
      <header>
        <h3>${job.question}</h3>
        <span class="phase" role="status">${phase}</span>
      </header>
      ${
        running
          ? html`<div class="budget">
              <span>${t("researchSteps", String(job.spent.steps), String(job.budget.steps))}</span>
              <progress max="100" value=${percent(job.spent.steps, job.budget.steps)}></progress>
              <span>${t("researchTime", String(Math.round(job.spent.ms / 1000)), String(Math.round(job.budget.wallMs / 1000)))}</span>
              <progress max="100" value=${percent(job.spent.ms, job.budget.wallMs)}></progress>
            </div>`
          : nothing
      }
      ${this.lanes.map((lane) => html`<am-lane .lane=${lane}></am-lane>`)}
      ${
        job.report
          ? html`<div class="report">
              <p class="count">${t("researchVerified", String(job.report.verified), String(job.report.citations))}</p>
              <p>${t("researchSaved", job.report.path)}</p>
              <am-markdown .text=${job.report.markdown}></am-markdown>
            </div>`
          : nothing
      }
      ${job.error ? html`<p role="alert">${t("researchFailed", errorText(job.error))}</p>` : nothing}
      <div class="actions">
        ${running ? html`<button type="button" @click=${this.stop}>${t("researchStop")}</button>` : nothing}
        ${job.report ? html`<button type="button" @click=${this.export}>${t("researchExport")}</button>` : nothing}
      </div>
    </section>`
  }
}

customElements.define("am-research", AmResearch)

declare global {
  interface HTMLElementTagNameMap {
    "am-research": AmResearch
  }
}
