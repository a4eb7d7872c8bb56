/** The saved conversations, newest first: search, switch, rename and delete. */
import { LitElement, css, html, nothing } from "lit"
import type { ConversationRecord } from "../schemas/conversation.ts"
import { t } from "./i18n.ts"
import { caughtText } from "./words.ts"
import { pencilIcon, trashIcon } from "./icons.ts"
import { chat } from "./state/chat.ts"
import { formText } from "./form-text.ts"
import { storeValues } from "./state/store-controller.ts"
import { states } from "./state-properties.ts"
import { baseStyles, columnHostStyles } from "./styles.ts"

export const matchesSearch = (c: Pick<ConversationRecord, "title">, query: string): boolean =>
  query.trim() === "" || c.title.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase())

const when = (ms: number) => {
  const d = new Date(ms)
  const sameDay = d.toDateString() === new Date().toDateString()
  return sameDay
    ? d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleDateString(undefined, { month: "short", day: "numeric" })
}

export class AmConversations extends LitElement {
  static override properties = states("query", "editing", "error")
  query = ""
  editing: string | undefined
  error = ""
  private readonly live = storeValues(this, { list: chat.conversations, view: chat.view, running: chat.running, waiting: chat.waiting })

  static override styles = [
    baseStyles,
    columnHostStyles,
    css`
      :host {
        min-height: 0;
      }
      .search {
        padding: 8px 10px;
        border-bottom: 1px solid var(--am-border);
      }
      .search input {
        width: 100%;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 4px 0;
        overflow-y: auto;
        flex: 1;
      }
      li {
        display: flex;
        align-items: center;
        gap: 2px;
        padding: 0 6px 0 4px;
      }
      li[aria-current="true"] {
        background: var(--am-surface-2);
      }
      .open {
        flex: 1;
        min-width: 0;
        justify-content: flex-start;
        border: none;
        background: transparent;
        text-align: left;
        padding: 6px;
        display: flex;
        flex-direction: column;
        align-items: stretch;
        gap: 0;
      }
      .title {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .meta {
        font-size: 11px;
        color: var(--am-muted);
      }
      .live {
        color: var(--am-accent);
        font-weight: 600;
      }
      .waiting {
        color: var(--am-warn);
        font-weight: 600;
      }
      form {
        flex: 1;
        display: flex;
        gap: 4px;
        padding: 4px 0;
      }
      form input {
        flex: 1;
        min-width: 0;
      }
      .empty {
        padding: 16px;
        text-align: center;
      }
      [role="alert"] {
        color: var(--am-danger);
        font-size: 12px;
        padding: 0 10px;
      }
    `,
  ]

  protected override firstUpdated(): void {
    // Opened from the header: the keyboard lands in the search box.
    this.renderRoot.querySelector<HTMLInputElement>('input[type="search"]')?.focus()
  }

  private async open(id: string) {
    await chat.open(id)
    this.dispatchEvent(new CustomEvent("conversation-opened", { bubbles: true, composed: true }))
  }

  private async rename(event: Event, id: string) {
    event.preventDefault()
    const title = formText(new FormData(event.target as HTMLFormElement).get("title"))
    if (!title) return void (this.error = t("renameEmpty"))
    try {
      await chat.rename(id, title)
      this.editing = undefined
      this.error = ""
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  private async deleteConversation(c: ConversationRecord) {
    if (!confirm(t("deleteConfirm", c.title))) return
    try {
      await chat.remove(c.id)
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  private startEditing(id: string) {
    this.editing = id
    this.error = ""
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>("form input")?.select())
  }

  private item(c: ConversationRecord) {
    const current = this.live.view.conversationId === c.id
    if (this.editing === c.id) {
      return html`<li aria-current=${current}>
        <form
          @submit=${(e: Event) => this.rename(e, c.id)}
          @keydown=${(e: KeyboardEvent) => e.key === "Escape" && (e.stopPropagation(), (this.editing = undefined))}
        >
          <input name="title" .value=${c.title} aria-label=${t("renameLabel")} maxlength="200" />
          <button type="submit">${t("save")}</button>
        </form>
      </li>`
    }
    const live = this.live.running.has(c.id)
    const waiting = this.live.waiting.has(c.id)
    return html`<li aria-current=${current} data-testid="conversation" ?data-waiting=${waiting}>
      <button class="open" @click=${() => this.open(c.id)}>
        <span class="title">${c.title}</span>
        <span class="meta"
          >${
            waiting
              ? html`<span class="waiting" data-testid="conversation-waiting">● ${t("waitingForYou")}</span> · `
              : live
                ? html`<span class="live">● ${t("running")}</span> · `
                : nothing
          }${when(c.updatedAt)}</span
        >
      </button>
      <button class="icon" title=${t("rename")} aria-label=${t("renameNamed", c.title)} @click=${() => this.startEditing(c.id)}>
        ${pencilIcon()}
      </button>
      <button class="icon danger" title=${t("delete")} aria-label=${t("deleteNamed", c.title)} @click=${() => this.deleteConversation(c)}>
        ${trashIcon()}
      </button>
    </li>`
  }

  override render() {
    const shown = this.live.list.filter((c) => matchesSearch(c, this.query))
    return html`
      <div class="search">
        <input
          type="search"
          aria-label=${t("searchConversations")}
          placeholder=${t("searchConversations")}
          .value=${this.query}
          @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)}
        />
      </div>
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
      ${
        shown.length === 0
          ? html`<p class="empty muted">${this.live.list.length === 0 ? t("noConversations") : t("noMatches")}</p>`
          : html`<ul aria-label=${t("conversations")}>
              ${shown.map((c) => this.item(c))}
            </ul>`
      }
    `
  }
}
customElements.define("am-conversations", AmConversations)
