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
import { toolLabel } from "./tool-card-text.ts"
import { durationText, errorText, pluralText } from "./words.ts"
import type { Lane } from "./state/chat-view.ts"
import { baseStyles } from "./styles.ts"

const percent = (spent: number, budget: number) => Math.min(100, Math.round((spent / Math.max(1, budget)) * 100))

/** The lanes of one job, in the order its agents started: planner, researchers, writer. */
export const lanesOfJob = (lanes: Readonly<Record<string, Lane>>, jobId: string): Lane[] =>
  Object.entries(lanes)
    .filter(([callId]) => callId.startsWith(`research:${jobId}:`))
    .map(([, lane]) => lane)

/** How a lane of the job is shown: what its agent is for, its label and what it does, in the reader's words. */
interface LaneView {
  readonly purpose?: string
  readonly label?: string
  readonly activity: string
}

/** What a researcher is doing, in words: the page it reads, the search it makes, or that it writes its findings down. */
const researcherActivity = (lane: Lane, findings: number | undefined): string => {
  if (lane.status === "completed" && findings !== undefined) return pluralText("researchLane_found", findings)
  if (lane.status !== "running") return ""
  // Its own text is JSON and notes for the job, cut anywhere: a person is told what it does instead.
  if (lane.current.startsWith("✎ ")) return t("researchLane_noting")
  if (lane.current === "web_fetch" && lane.target) return t("researchLane_reading", lane.target)
  if (lane.current === "web_search" && lane.target) return t("researchLane_searching", lane.target)
  return lane.current ? toolLabel(lane.current) : t("researchLane_thinking")
}

/** A lane of the job by its agent's part in it (`<job>-plan`, `-rN`, `-write`). */
export const laneView = (job: ResearchState, lane: Lane): LaneView => {
  const part = lane.agentId.slice(job.jobId.length + 1)
  if (part === "plan")
    return { purpose: t("researchRole_plan"), label: "", activity: lane.status === "running" ? t("researchLane_planning") : "" }
  if (part === "write")
    return { purpose: t("researchRole_write"), label: "", activity: lane.status === "running" ? t("researchLane_writing") : "" }
  const researcher = job.researchers.find((r) => r.agentId === lane.agentId)
  return {
    ...(researcher ? { label: researcher.angle } : {}),
    activity: researcherActivity(lane, researcher?.status === "done" ? researcher.findings : undefined),
  }
}

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
      /* The report is read in the log's own scrolling, not in a box of its own within it. */
      .report {
        border-top: 1px solid var(--am-border, #d0d4dc);
        margin-top: 8px;
        padding-top: 6px;
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
              <span>${t("researchTime", durationText(job.spent.ms), durationText(job.budget.wallMs))}</span>
              <progress max="100" value=${percent(job.spent.ms, job.budget.wallMs)}></progress>
            </div>`
          : nothing
      }
      ${this.lanes.map((lane) => {
        const view = laneView(job, lane)
        return html`<am-lane .lane=${lane} .purpose=${view.purpose} .label=${view.label} .activity=${view.activity}></am-lane>`
      })}
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
