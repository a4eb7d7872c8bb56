/**
 * A sub-agent's live lane under the call that started it: its type and label, its status, its
 * step, what it is doing now, and its own tool calls as small chips.
 */
import { LitElement, css, html, nothing } from "lit"
import { t } from "./i18n.ts"
import type { Lane, ToolStatus } from "./state/chat-view.ts"
import { statusBlockStyles, statusLabel } from "./status-pill.ts"
import { toolLabel } from "./tool-card-text.ts"
import { errorText } from "./words.ts"

const laneStatus = (status: Lane["status"]): ToolStatus =>
  status === "running" ? "running" : status === "completed" ? "done" : status === "stopped" ? "cancelled" : "failed"

const typeLabel = (type: string): string =>
  type === "researcher" ? t("agentResearcher") : type === "page_operator" ? t("agentPageOperator") : t("agentGeneral")

/** An answer's first line in plain words: what a glance at the lane should tell (its Markdown marks dropped). */
const firstLine = (markdown: string): string =>
  (markdown.trim().split("\n", 1)[0] ?? "")
    .replace(/^\s*(#+|>|[-*+]|\d+\.)\s+/, "")
    .replace(/\*\*|__|`/g, "")
    .trim()

export class AmLane extends LitElement {
  static override properties = {
    lane: { attribute: false },
    answer: { attribute: false },
    purpose: { attribute: false },
    label: { attribute: false },
    activity: { attribute: false },
  }
  lane: Lane | undefined
  /** The sub-agent's final answer (Markdown), once its call is done: its first line replaces the step count. */
  answer: string | undefined
  /** What the agent is for, where its owner knows better than its type (a research job's planner). */
  purpose: string | undefined
  /** Its label, where its owner words it (the lane's description otherwise; "" for none). */
  label: string | undefined
  /** What it is doing, in words, where its owner knows (instead of its step and its raw latest text). */
  activity: string | undefined

  static override styles = statusBlockStyles(css`
    .lane {
      border-left: 3px solid var(--am-accent, #3b6cf6);
      padding: 4px 0 4px 10px;
      margin: 6px 0;
      font-size: 0.92em;
    }
    .head {
      display: flex;
      gap: 6px;
      align-items: baseline;
      flex-wrap: wrap;
    }
    .type {
      font-weight: 600;
    }
    .label {
      color: var(--am-muted, GrayText);
    }
    .status {
      margin-left: auto;
      font-size: 0.85em;
      padding: 0 6px;
      border-radius: 9px;
    }
    .error {
      color: var(--am-danger);
      margin: 2px 0;
    }
    .now {
      color: var(--am-muted, GrayText);
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      max-width: 100%;
    }
    /* What it writes, cut on the left: the newest words stay in view as they stream. */
    .now.writing {
      display: flex;
      text-overflow: clip;
    }
    .now.writing .latest {
      flex: 0 1 auto;
      min-width: 0;
      overflow: hidden;
      display: flex;
      justify-content: flex-end;
    }
    .now.writing .latest > span {
      flex: none;
    }
    ul {
      list-style: none;
      padding: 0;
      margin: 4px 0 0;
      display: flex;
      flex-wrap: wrap;
      gap: 4px;
    }
    li {
      font-size: 0.85em;
      padding: 0 6px;
      border-radius: 4px;
      background: color-mix(in srgb, currentColor 8%, transparent);
    }
    li.failed {
      text-decoration: line-through;
    }
  `)

  override render() {
    const lane = this.lane
    if (!lane) return nothing
    const status = laneStatus(lane.status)
    const type = this.purpose ?? typeLabel(lane.agentType)
    const label = this.label ?? lane.description ?? ""
    return html`<div class="lane" role="group" aria-label=${label ? `${type} ${label}` : type} data-testid="sub-agent-lane">
      <div class="head">
        <span class="type">${type}</span>
        ${label ? html`<span class="label">${label}</span>` : nothing}
        <span class="status ${status}" data-testid="lane-status">${statusLabel(status)}</span>
      </div>
      ${
        this.activity !== undefined
          ? this.activity
            ? html`<div class="now" data-testid="lane-activity" title=${this.activity}>${this.activity}</div>`
            : nothing
          : lane.status === "completed" && this.answer?.trim()
            ? html`<div class="now" data-testid="lane-answer" title=${this.answer.trim()}>${firstLine(this.answer)}</div>`
            : lane.current.startsWith("✎ ")
              ? html`<div class="now writing" data-testid="lane-step">
                  <span>${t("laneStep", String(lane.steps))}&nbsp;·&nbsp;</span
                  ><span class="latest"><span data-testid="lane-writing">${lane.current}</span></span>
                </div>`
              : html`<div class="now" data-testid="lane-step">
                  ${t("laneStep", String(lane.steps))}${lane.current ? html` · ${toolLabel(lane.current)}` : nothing}
                </div>`
      }
      ${lane.error ? html`<p class="error" data-testid="lane-error">${errorText(lane.error)}</p>` : nothing}
      ${
        lane.tools.length
          ? html`<ul aria-label=${t("laneTools")}>
              ${lane.tools.map((tool) => html`<li class=${tool.status} title=${statusLabel(tool.status)}>${toolLabel(tool.tool)}</li>`)}
            </ul>`
          : nothing
      }
    </div>`
  }
}
customElements.define("am-lane", AmLane)
