/** A tool call's or a sub-agent's status as a pill: its words, and its colours (the theme's, which keep 4.5:1 in light and dark). */
import { css, type CSSResult, type CSSResultGroup } from "lit"
import { baseStyles } from "./styles.ts"
import { t } from "./i18n.ts"
import type { ToolStatus } from "./state/chat-view.ts"

/** The message that words each status. */
const STATUS_MESSAGES: Readonly<Record<ToolStatus, string>> = {
  running: "toolRunning",
  waiting: "toolWaiting",
  done: "toolDone",
  failed: "toolFailed",
  cancelled: "toolCancelled",
  declined: "toolDeclined",
}

export const statusLabel = (status: ToolStatus): string => t(STATUS_MESSAGES[status])

/** `.status.<ToolStatus>`; each component sets the pill's size. */
export const statusPillStyles = css`
  .status {
    white-space: nowrap;
    border: 1px solid currentColor;
  }
  .status.running {
    color: var(--am-accent);
  }
  .status.waiting {
    color: var(--am-warn);
    background: var(--am-warn-bg);
  }
  .status.done {
    color: var(--am-ok);
  }
  .status.failed {
    color: var(--am-danger);
    background: var(--am-danger-bg);
  }
  .status.cancelled,
  .status.declined {
    color: var(--am-muted);
  }
`

/**
 * The styles of a block element that shows a status pill (a tool card, a lane): the pill's,
 * then the element's own, which come after them because they set the pill's size.
 */
export const statusBlockStyles = (own: CSSResult): CSSResultGroup => [
  baseStyles,
  statusPillStyles,
  css`
    :host {
      display: block;
    }
  `,
  own,
]
