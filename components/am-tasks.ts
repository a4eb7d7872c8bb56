/** The agent's task list for the conversation, live as create_task and update_task run. */
import { LitElement, css, html, nothing } from "lit"
import type { TaskStatus } from "../schemas/tools/tasks.ts"
import { t } from "./i18n.ts"
import { chat } from "./state/chat.ts"
import { StoreController } from "./state/store-controller.ts"
import { baseStyles, foldingStrip } from "./styles.ts"

const mark = (status: TaskStatus) => (status === "completed" ? "✓" : status === "in_progress" ? "◐" : "○")
const statusText = (status: TaskStatus) =>
  status === "completed" ? t("taskCompleted") : status === "in_progress" ? t("taskInProgress") : t("taskPending")

export class AmTasks extends LitElement {
  private readonly tasks = new StoreController(this, chat.tasks)

  static override styles = [
    baseStyles,
    foldingStrip("top"),
    css`
      ul {
        list-style: none;
        margin: 4px 0;
        padding: 0;
        max-height: 140px;
        overflow-y: auto;
      }
      li {
        display: flex;
        gap: 6px;
        font-size: 13px;
        padding: 1px 0;
      }
      .mark {
        width: 1em;
        text-align: center;
        color: var(--am-muted);
      }
      li.completed .subject {
        text-decoration: line-through;
        color: var(--am-muted);
      }
      li.in_progress .mark {
        color: var(--am-accent);
      }
    `,
  ]

  override render() {
    const tasks = this.tasks.value
    if (tasks.length === 0) return nothing
    const done = tasks.filter((x) => x.status === "completed").length
    return html`<details open data-testid="tasks">
      <summary>${t("tasksSummary", String(done), String(tasks.length))}</summary>
      <ul>
        ${tasks.map(
          (task) =>
            html`<li class=${task.status} title=${task.description ?? ""}>
              <span class="mark" aria-hidden="true">${mark(task.status)}</span>
              <span class="subject">${task.subject}</span>
              <span class="visually-hidden">(${statusText(task.status)})</span>
            </li>`,
        )}
      </ul>
    </details>`
  }
}
customElements.define("am-tasks", AmTasks)
