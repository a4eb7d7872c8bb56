/**
 * The conversation as it reads: the user's messages, the answers as Markdown (reasoning folded
 * away), tool cards, notices, token usage per turn, the text still streaming, and ask_user's
 * questions as forms. It keeps the newest line in view while the reader is at the bottom.
 */
import { LitElement, css, html, nothing } from "lit"
import { repeat } from "lit/directives/repeat.js"
import type { Usage } from "../schemas/conversation.ts"
import type { ConsentGrant } from "../schemas/events.ts"
import "./am-markdown.ts"
import { copyText } from "./am-markdown.ts"
import "./am-confirmation.ts"
import "./am-question.ts"
import "./am-tool-card.ts"
import "./am-lane.ts"
import { t } from "./i18n.ts"
import { turnsOf, type TurnItem } from "./state/chat-view.ts"
import { chat } from "./state/chat.ts"
import { StoreController } from "./state/store-controller.ts"
import { baseStyles } from "./styles.ts"

export const formatTokens = (n: number): string => new Intl.NumberFormat().format(n)

export const usageText = (usage: Usage): string =>
  t("usageLine", formatTokens(usage.inputTokens), formatTokens(usage.outputTokens)) +
  (usage.cachedInputTokens ? ` · ${t("usageCached", formatTokens(usage.cachedInputTokens))}` : "")

export class AmChatLog extends LitElement {
  static override properties = { copied: { state: true } }
  copied: number | undefined
  private readonly view = new StoreController(this, chat.view)
  private readonly runId = new StoreController(this, chat.currentRunId)
  private stickToBottom = true

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        overflow-y: auto;
        padding: 12px 12px 4px;
        scroll-behavior: auto;
      }
      .msg {
        margin: 0 0 12px;
        position: relative;
      }
      .user {
        margin-left: 40px;
        background: var(--am-user-bg);
        border-radius: 12px 12px 4px 12px;
        padding: 8px 12px;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .assistant {
        padding: 0 2px;
      }
      .actions {
        display: flex;
        gap: 2px;
        justify-content: flex-end;
        opacity: 0.75;
      }
      .actions button {
        min-height: 22px;
        font-size: 11px;
        padding: 0 6px;
      }
      .msg:hover .actions,
      .msg:focus-within .actions {
        opacity: 1;
      }
      details.reasoning {
        margin: 0 0 6px;
        font-size: 13px;
        color: var(--am-muted);
        border-left: 3px solid var(--am-border);
        padding-left: 8px;
      }
      details.reasoning summary {
        cursor: pointer;
        font-size: 12px;
      }
      details.reasoning .text {
        white-space: pre-wrap;
        margin-top: 4px;
      }
      .notice {
        font-size: 12px;
        padding: 6px 10px;
        border-radius: var(--am-radius);
        background: var(--am-surface);
        color: var(--am-muted);
        margin: 0 0 12px;
      }
      .notice.failed {
        background: var(--am-danger-bg);
        color: var(--am-danger);
      }
      .usage {
        font-size: 11px;
        color: var(--am-muted);
        text-align: right;
        margin: -6px 0 12px;
        font-variant-numeric: tabular-nums;
      }
      .streaming::after {
        content: "▍";
        animation: blink 1s steps(2) infinite;
        color: var(--am-accent);
      }
      @keyframes blink {
        50% {
          opacity: 0;
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .streaming::after {
          animation: none;
        }
      }
      .retry {
        font-size: 12px;
        color: var(--am-warn);
        margin: 0 0 8px;
      }
      .empty {
        text-align: center;
        margin-top: 20vh;
      }
      .empty h2 {
        font-size: 16px;
        margin: 0 0 4px;
      }
      .thinking {
        color: var(--am-muted);
        font-size: 13px;
        margin: 0 0 12px;
      }
    `,
  ]

  private onScroll = () => {
    this.stickToBottom = this.scrollHeight - this.scrollTop - this.clientHeight < 40
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.addEventListener("scroll", this.onScroll, { passive: true })
  }

  override disconnectedCallback(): void {
    this.removeEventListener("scroll", this.onScroll)
    super.disconnectedCallback()
  }

  protected override updated(): void {
    if (this.stickToBottom) this.scrollTop = this.scrollHeight
  }

  private async copy(seq: number, text: string) {
    if (await copyText(text)) {
      this.copied = seq
      setTimeout(() => (this.copied = undefined), 1500)
    }
  }

  private copyButton(seq: number, text: string) {
    return html`<button type="button" class="icon" data-testid="copy-message" @click=${() => this.copy(seq, text)}>
      ${this.copied === seq ? t("copied") : t("copyMessage")}
    </button>`
  }

  private reasoning(text: string, open = false) {
    return html`<details class="reasoning" ?open=${open}>
      <summary>${t("reasoning")}</summary>
      <div class="text">${text}</div>
    </details>`
  }

  private item(item: TurnItem, isLastUser: boolean, running: boolean) {
    switch (item.kind) {
      case "user":
        return html`<div class="msg" data-testid="user-message">
          <div class="user">${item.text}</div>
          <div class="actions">
            ${this.copyButton(item.record.seq, item.text)}
            ${isLastUser && !running ? html`<button type="button" class="icon" data-testid="retry" @click=${() => chat.retry()}>↻ ${t("retry")}</button>` : nothing}
          </div>
        </div>`
      case "assistant":
        return html`<div class="msg assistant" data-testid="assistant-message">
          ${item.reasoning ? this.reasoning(item.reasoning) : nothing}
          ${item.text ? html`<am-markdown .text=${item.text}></am-markdown>` : nothing}
          ${item.tools.map((card) => {
            const lane = this.view.value.lanes[card.callId]
            return html`<am-tool-card .card=${card}>${lane ? html`<am-lane slot="lanes" .lane=${lane}></am-lane>` : nothing}</am-tool-card>`
          })}
          ${item.text ? html`<div class="actions">${this.copyButton(item.record.seq, item.text)}</div>` : nothing}
        </div>`
      case "notice":
        return html`<p class="notice ${item.status}" role=${item.status === "failed" ? "alert" : "status"} data-testid="notice">
          ${item.text}
        </p>`
      case "usage":
        return html`<p class="usage" data-testid="turn-usage">${usageText(item.usage)}</p>`
    }
  }

  override render() {
    const view = this.view.value
    const runId = this.runId.value
    const running = runId !== undefined
    const items = turnsOf(view, runId)
    const lastUser = [...items].reverse().find((i) => i.kind === "user")
    const live = view.live && view.live.runId === runId ? view.live : undefined
    if (items.length === 0 && !live && view.questions.length === 0 && view.confirmations.length === 0 && !view.failure) {
      return html`<div class="empty">
        <h2>${t("emptyTitle")}</h2>
        <p class="muted">${t("emptyHint")}</p>
      </div>`
    }
    const key = (i: TurnItem) => (i.kind === "usage" ? `u:${i.runId}` : `${i.kind}:${i.record.seq}`)
    return html`
      ${repeat(items, key, (i) => this.item(i, i === lastUser, running))}
      ${live?.retry ? html`<p class="retry" role="status">${t("retrying", live.retry)}</p>` : nothing}
      ${
        live && (live.text || live.reasoning)
          ? html`<div class="msg assistant" data-testid="streaming">
              ${live.reasoning ? this.reasoning(live.reasoning) : nothing}
              ${live.text ? html`<am-markdown class="streaming" .text=${live.text}></am-markdown>` : nothing}
            </div>`
          : running && view.questions.length === 0 && view.confirmations.length === 0
            ? html`<p class="thinking" role="status">${t("working")}</p>`
            : nothing
      }
      ${view.confirmations.map((c) => html`<am-confirmation .request=${c} .onDecide=${(id: string, allow: boolean, grant?: ConsentGrant) => chat.confirm(id, allow, grant)}></am-confirmation>`)}
      ${view.questions.map((q) => html`<am-question .question=${q} .onAnswer=${(id: string, a: string | ReadonlyArray<string>) => chat.answer(id, a)}></am-question>`)}
      ${view.failure && !running && items.filter((i) => i.kind !== "usage").at(-1)?.kind !== "notice" ? html`<p class="notice failed" role="alert" data-testid="run-error">${view.failure.message}</p>` : nothing}
    `
  }
}
customElements.define("am-chat-log", AmChatLog)
