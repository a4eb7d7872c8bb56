/**
 * The side panel: the conversation list, the chat and the composer. Runs live in the offscreen
 * document, so the panel is only a view: closing it stops nothing, and on opening it shows a
 * running conversation live, with any question waiting for an answer.
 */
import { LitElement, css, html, nothing } from "lit"
import { SETTINGS_KEY } from "../schemas/settings.ts"
import "./am-chat-log.ts"
import { usageText } from "./am-chat-log.ts"
import "./am-composer.ts"
import { openSettings } from "./am-composer.ts"
import "./am-conversations.ts"
import "./am-instructions.ts"
import "./am-make-routine.ts"
import { when } from "./moment.ts"
import "./am-tasks.ts"
import "./am-spawn-lanes.ts"
import { conversationToJson, conversationToMarkdown, download, exportFileName } from "./export.ts"
import { t } from "./i18n.ts"
import { caughtText, noticeText } from "./words.ts"
import { totalUsage } from "./state/chat-view.ts"
import { chat } from "./state/chat.ts"
import { storeValues } from "./state/store-controller.ts"
import { states } from "./state-properties.ts"
import { baseStyles, columnHostStyles } from "./styles.ts"

export class AmSidepanel extends LitElement {
  static override properties = states("showList", "error", "showInstructions", "showMakeRoutine")
  showList = false
  showInstructions = false
  showMakeRoutine = false
  error = ""
  private readonly live = storeValues(this, {
    view: chat.view,
    list: chat.conversations,
    toolCount: chat.toolCount,
    runId: chat.currentRunId,
  })

  static override styles = [
    baseStyles,
    columnHostStyles,
    css`
      :host {
        height: 100vh;
      }
      header {
        display: flex;
        align-items: center;
        gap: 4px;
        padding: 6px 8px;
        border-bottom: 1px solid var(--am-border);
        background: var(--am-surface);
      }
      header button.icon,
      .menu summary {
        font-size: 17px;
        line-height: 1;
      }
      h1 {
        flex: 1;
        min-width: 0;
        margin: 0;
        font-size: 14px;
        font-weight: 600;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .live-dot {
        color: var(--am-accent);
        margin-right: 4px;
      }
      main {
        flex: 1;
        min-height: 0;
        display: flex;
        flex-direction: column;
        position: relative;
      }
      am-chat-log {
        flex: 1;
        min-height: 0;
      }
      am-conversations {
        position: absolute;
        inset: 0;
        z-index: 2;
      }
      .routine-mark {
        margin: 0;
        padding: 4px 12px;
        font-size: 12px;
        color: var(--am-muted);
        border-bottom: 1px solid var(--am-border);
      }
      .menu {
        position: relative;
      }
      .menu summary {
        list-style: none;
        cursor: pointer;
        border-radius: 6px;
        padding: 4px 8px;
        min-height: 28px;
        display: inline-flex;
        align-items: center;
      }
      .menu summary::-webkit-details-marker {
        display: none;
      }
      .menu summary:hover {
        background: var(--am-surface-2);
      }
      .menu[open] > div {
        position: absolute;
        right: 0;
        top: 100%;
        z-index: 3;
        display: flex;
        flex-direction: column;
        gap: 2px;
        min-width: 180px;
        padding: 4px;
        background: var(--am-bg);
        border: 1px solid var(--am-border);
        border-radius: var(--am-radius);
        box-shadow: 0 4px 16px rgb(0 0 0 / 0.18);
      }
      /* Each item on a line of its own, read from the start like the others (not centred when it wraps). */
      .menu[open] > div button {
        border: none;
        background: transparent;
        justify-content: flex-start;
        text-align: start;
        white-space: nowrap;
      }
      .menu[open] > div button:hover {
        background: var(--am-surface-2);
      }
      footer {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        padding: 2px 10px 6px;
        font-size: 11px;
        color: var(--am-muted);
        background: var(--am-bg);
        font-variant-numeric: tabular-nums;
      }
      [role="alert"] {
        color: var(--am-danger);
        font-size: 12px;
        padding: 4px 10px;
        margin: 0;
      }
    `,
  ]

  private readonly onStorage = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
    if (area === "local" && SETTINGS_KEY in changes) void chat.refreshSettings()
  }
  private readonly onFocus = () => void chat.refreshSettings().catch(() => undefined)
  private get openMenu(): HTMLDetailsElement | undefined {
    const menu = this.renderRoot.querySelector<HTMLDetailsElement>("details.menu")
    return menu?.open ? menu : undefined
  }
  /** The ⋯ menu closes as a menu does: on a click anywhere else. */
  private readonly onPointerDown = (event: PointerEvent) => {
    const menu = this.openMenu
    if (menu && !event.composedPath().includes(menu)) menu.open = false
  }
  private readonly onKeydown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return
    // Esc closes the open menu first, and only that: it must not stop the run behind it.
    const menu = this.openMenu
    if (menu) {
      event.preventDefault()
      menu.open = false
      menu.querySelector("summary")?.focus()
      return
    }
    if (this.showList) {
      this.showList = false
      return
    }
    if (this.live.runId) {
      event.preventDefault()
      void chat.stop()
    }
  }

  override connectedCallback(): void {
    super.connectedCallback()
    chat.connect(globalThis.agent).catch((error: unknown) => (this.error = caughtText(error)))
    // Settings saved on the options page take effect here at once.
    if (typeof chrome !== "undefined") chrome.storage?.onChanged.addListener(this.onStorage)
    window.addEventListener("focus", this.onFocus)
    this.addEventListener("keydown", this.onKeydown)
    window.addEventListener("pointerdown", this.onPointerDown)
  }

  override disconnectedCallback(): void {
    chat.disconnect()
    if (typeof chrome !== "undefined") chrome.storage?.onChanged.removeListener(this.onStorage)
    window.removeEventListener("focus", this.onFocus)
    this.removeEventListener("keydown", this.onKeydown)
    window.removeEventListener("pointerdown", this.onPointerDown)
    super.disconnectedCallback()
  }

  private newChat() {
    chat.newConversation()
    this.showList = false
    void this.updateComplete.then(() => (this.renderRoot.querySelector("am-composer") as HTMLElement | null)?.focus())
  }

  private async export(kind: "md" | "json", event: Event) {
    ;(event.target as HTMLElement).closest("details")?.removeAttribute("open")
    const id = this.live.view.conversationId
    if (!id) return
    try {
      const conversation = await chat.loadConversation(id)
      if (!conversation) return void (this.error = t("nothingToExport"))
      if (kind === "md") {
        const labels = {
          user: t("exportUser"),
          assistant: t("exportAssistant"),
          reasoning: t("reasoning"),
          tool: t("exportTool"),
          result: t("toolResult"),
          error: t("toolError"),
          notice: noticeText,
        }
        download(conversationToMarkdown(conversation, labels), exportFileName(conversation.title, "md"), "text/markdown")
      } else {
        download(conversationToJson(conversation), exportFileName(conversation.title, "json"), "application/json")
      }
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  override render() {
    const view = this.live.view
    const record = this.live.list.find((c) => c.id === view.conversationId)
    const title = record?.title ?? t("newConversation")
    const usage = totalUsage(view.messages)
    const hasMessages = view.messages.length > 0
    return html`
      <header>
        <button
          class="icon"
          aria-expanded=${this.showList}
          aria-controls="list"
          title=${t("conversations")}
          aria-label=${t("conversations")}
          data-testid="toggle-list"
          @click=${() => (this.showList = !this.showList)}
        >
          ☰
        </button>
        <h1 data-testid="conversation-title">
          ${this.live.runId ? html`<span class="live-dot" aria-label=${t("running")}>●</span>` : nothing}${title}
        </h1>
        <button
          class="icon"
          title=${t("newConversation")}
          aria-label=${t("newConversation")}
          data-testid="new-conversation"
          @click=${this.newChat}
        >
          +
        </button>
        <details class="menu">
          <summary title=${t("moreActions")} aria-label=${t("moreActions")} data-testid="menu">⋯</summary>
          <div>
            <button type="button" ?disabled=${!hasMessages} data-testid="export-md" @click=${(e: Event) => this.export("md", e)}>
              ${t("exportMarkdown")}
            </button>
            <button type="button" ?disabled=${!hasMessages} data-testid="export-json" @click=${(e: Event) => this.export("json", e)}>
              ${t("exportJson")}
            </button>
            <button
              type="button"
              data-testid="open-instructions"
              @click=${(e: Event) => {
                ;(e.target as HTMLElement).closest("details")?.removeAttribute("open")
                this.showInstructions = true
              }}
            >
              ${record?.system ? t("instructionsMenuSet") : t("instructionsMenu")}
            </button>
            <button
              type="button"
              ?disabled=${!hasMessages || this.live.runId !== undefined}
              data-testid="make-routine-open"
              @click=${(e: Event) => {
                ;(e.target as HTMLElement).closest("details")?.removeAttribute("open")
                this.showMakeRoutine = true
              }}
            >
              ${t("makeRoutine")}
            </button>
            <button
              type="button"
              @click=${(e: Event) => {
                ;(e.target as HTMLElement).closest("details")?.removeAttribute("open")
                openSettings()
              }}
            >
              ${t("settings")}
            </button>
          </div>
        </details>
      </header>
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
      ${this.showInstructions ? html`<am-instructions @instructions-closed=${() => (this.showInstructions = false)}></am-instructions>` : nothing}
      ${
        this.showMakeRoutine
          ? html`<am-make-routine
              .record=${record}
              .prompt=${view.messages.find((m) => m.message.role === "user" && m.nudge === undefined)?.message.content ?? ""}
              @make-routine-closed=${() => (this.showMakeRoutine = false)}
            ></am-make-routine>`
          : nothing
      }
      ${
        record?.routine
          ? html`<p class="routine-mark" data-testid="routine-mark">
              ${t("routineMark", record.routine.name, `${t(`routineTrigger_${record.routine.trigger}`)}, ${when(record.routine.at)}`)}
            </p>`
          : nothing
      }
      <main>
        ${this.showList ? html`<am-conversations id="list" @conversation-opened=${() => (this.showList = false)}></am-conversations>` : nothing}
        <am-spawn-lanes></am-spawn-lanes>
        <am-chat-log role="log" aria-label=${t("conversation")}></am-chat-log>
        <am-tasks></am-tasks>
      </main>
      <am-composer></am-composer>
      <footer>
        <span data-testid="tool-count">${t("toolsAvailable", String(this.live.toolCount))}</span>
        ${usage.inputTokens + usage.outputTokens > 0 ? html`<span data-testid="conversation-usage" title=${t("conversationUsage")}>Σ ${usageText(usage)}</span>` : nothing}
      </footer>
    `
  }
}
customElements.define("am-sidepanel", AmSidepanel)
