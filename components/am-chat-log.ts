/**
 * The conversation as it reads: the user's messages, the answers as Markdown (reasoning folded
 * away), tool cards, notices, token usage per turn, the text still streaming, and ask_user's
 * questions as forms.
 *
 * It follows the end of the conversation unless the reader scrolled up themselves: only a scroll
 * that follows a wheel, touch, key or pointer gesture can stop it following (the scrolls it makes
 * itself, and the ones layout makes, cannot), and a ResizeObserver on the content keeps it at the
 * end as children grow after they render (Markdown, tool cards, lanes), without reading the
 * layout on every update. When it does not follow, "jump to latest" says how many items wait.
 */
import { LitElement, css, html, nothing } from "lit"
import { guard } from "lit/directives/guard.js"
import { repeat } from "lit/directives/repeat.js"
import type { Usage } from "../schemas/conversation.ts"
import type { ConsentGrant } from "../schemas/events.ts"
import { lanesOfJob } from "./am-research.ts"
import { copyText } from "./am-markdown.ts"
import "./am-reply.ts"
import "./am-confirmation.ts"
import "./am-question.ts"
import "./am-tool-card.ts"
import "./am-lane.ts"
import { openSettings } from "./am-composer.ts"
import { formText } from "./form-text.ts"
import { t } from "./i18n.ts"
import { keepUnchanged, liveOrdinal, turnKey, turnsOf, type ChatView, type ToolCard, type TurnItem } from "./state/chat-view.ts"
import { chat, modelOptions } from "./state/chat.ts"
import { StoreController } from "./state/store-controller.ts"
import { baseStyles } from "./styles.ts"
import { errorText, fixedInSettings, noticeText } from "./words.ts"

/** One formatter: making one per number cost about a millisecond, per turn and per render. */
const tokenFormat = new Intl.NumberFormat()
export const formatTokens = (n: number): string => tokenFormat.format(n)

export const usageText = (usage: Usage): string =>
  t("usageLine", formatTokens(usage.inputTokens), formatTokens(usage.outputTokens)) +
  (usage.cachedInputTokens ? ` · ${t("usageCached", formatTokens(usage.cachedInputTokens))}` : "")

/** What a finished sub-agent call found: its result's answer. */
const subAgentAnswer = (card: ToolCard): string | undefined => {
  const result = card.status === "done" ? card.result : undefined
  const answer = typeof result === "object" && result !== null ? (result as { answer?: unknown }).answer : undefined
  return typeof answer === "string" ? answer : undefined
}

/** Keys that scroll the log when it has focus. */
const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "])
/** How long after a gesture its scroll events count as the reader's. */
const INTENT_MS = 500
/** Within this many pixels of the end counts as at the end. */
const END_SLACK_PX = 24

export class AmChatLog extends LitElement {
  static override properties = { copied: { state: true }, following: { state: true }, editing: { state: true } }
  copied: number | undefined
  /** The seq of the user's message being edited. */
  editing: number | undefined
  /** Whether the log keeps its end in view. */
  following = true
  private readonly view = new StoreController(this, chat.view)
  private readonly runId = new StoreController(this, chat.currentRunId)
  private readonly settings = new StoreController(this, chat.settings)
  private readonly resizes = new ResizeObserver(() => this.keepAtEnd())
  private observed: Element | undefined
  private intentUntil = 0
  private pointerDown = false
  private scrolledWhileDown = false
  private focusingPending = false
  /** Items on screen when the reader scrolled away: the rest are new to them. */
  private seenItems = 0
  /** The last items made from the view, kept while what they are made of stays the same object. */
  private turns: { readonly of: ReadonlyArray<unknown>; readonly items: ReadonlyArray<TurnItem> } | undefined
  /** Pending questions and confirmations already brought to the reader. */
  private readonly announced = new Set<string>()
  private unlisten: Array<() => void> = []

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
        overflow-wrap: anywhere;
      }
      .notice a {
        color: inherit;
        font-weight: 600;
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
      .empty .muted {
        max-width: 34em;
        margin: 0 auto 12px;
      }
      .jump {
        position: sticky;
        bottom: 8px;
        display: flex;
        margin: 0 auto;
        border-radius: 999px;
        box-shadow: 0 2px 8px rgb(0 0 0 / 0.2);
        background: var(--am-bg);
        z-index: 1;
      }
      .stopped {
        margin: 4px 0 0;
        font-size: 12px;
        color: var(--am-muted);
      }
      form.edit {
        margin-left: 40px;
      }
      form.edit textarea {
        width: 100%;
        min-height: 60px;
        resize: vertical;
        border: 1px solid var(--am-accent);
        border-radius: 8px;
        padding: 6px 8px;
        background: var(--am-bg);
      }
      .thinking {
        color: var(--am-muted);
        font-size: 13px;
        margin: 0 0 12px;
      }
    `,
  ]

  private readonly markIntent = () => (this.intentUntil = performance.now() + INTENT_MS)
  private readonly onKeydown = (event: KeyboardEvent) => {
    const target = event.composedPath()[0] as HTMLElement | undefined
    if (SCROLL_KEYS.has(event.key) && !target?.closest?.("input, textarea, select, [contenteditable]")) this.markIntent()
  }
  private readonly onPointerDown = () => {
    this.pointerDown = true
    this.scrolledWhileDown = false
  }
  // Only a pointer that scrolled (the scroll bar dragged) has scroll events still to come after
  // its release: a click on a button in the log (Allow, Answer) is no scroll of the reader's, and
  // the content it changes must not read as one.
  private readonly onPointerUp = () => {
    if (!this.pointerDown) return
    this.pointerDown = false
    if (this.scrolledWhileDown) this.markIntent()
  }

  // Focus that a click brings (on the button it presses) or the log gives (to a pending question)
  // scrolls nothing: only the keyboard's counts.
  private readonly onFocusIn = () => {
    if (!this.pointerDown && !this.focusingPending) this.markIntent()
  }

  private readonly onScroll = () => {
    const atEnd = this.scrollHeight - this.scrollTop - this.clientHeight <= END_SLACK_PX
    if (this.pointerDown) this.scrolledWhileDown = true
    if (this.pointerDown || performance.now() < this.intentUntil) {
      if (atEnd !== this.following) this.following = atEnd
    } else if (atEnd) {
      // Back at the end however it got there (a screen reader, find in page): follow again.
      if (!this.following) this.following = true
    } else if (this.following) {
      // Not the reader's scroll (content shrank, an anchor moved): stay at the end.
      this.toEnd()
    }
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.addEventListener("scroll", this.onScroll, { passive: true })
    this.addEventListener("wheel", this.markIntent, { passive: true })
    this.addEventListener("touchmove", this.markIntent, { passive: true })
    this.addEventListener("keydown", this.onKeydown)
    // Focus moved into the log (Tab to an old message) scrolls it there: that is the reader's
    // doing. The log's own focusing of a pending question does not scroll (preventScroll).
    this.addEventListener("focusin", this.onFocusIn)
    this.addEventListener("pointerdown", this.onPointerDown)
    window.addEventListener("pointerup", this.onPointerUp)
    window.addEventListener("pointercancel", this.onPointerUp)
    this.unlisten = [chat.follow.listen(() => this.jumpToLatest()), chat.attention.listen(() => this.showPending(true))]
    // The log itself shrinks when something below it appears (the task list): its end must stay in view too.
    this.resizes.observe(this)
  }

  override disconnectedCallback(): void {
    this.removeEventListener("scroll", this.onScroll)
    this.removeEventListener("wheel", this.markIntent)
    this.removeEventListener("touchmove", this.markIntent)
    this.removeEventListener("keydown", this.onKeydown)
    this.removeEventListener("focusin", this.onFocusIn)
    this.removeEventListener("pointerdown", this.onPointerDown)
    window.removeEventListener("pointerup", this.onPointerUp)
    window.removeEventListener("pointercancel", this.onPointerUp)
    for (const unlisten of this.unlisten) unlisten()
    this.resizes.disconnect()
    this.observed = undefined
    super.disconnectedCallback()
  }

  private toEnd(): void {
    this.scrollTop = this.scrollHeight
  }

  /** Called by the ResizeObserver, after layout: the one place that reads the log's height as it grows. */
  private keepAtEnd(): void {
    if (this.following) this.toEnd()
  }

  /** Follows the end again (the button, a message sent, a conversation opened). */
  jumpToLatest(): void {
    this.following = true
    this.intentUntil = 0
    this.toEnd()
    void this.updateComplete.then(() => this.toEnd())
  }

  /** Brings a question or confirmation that waits to the reader and gives it the keyboard. */
  private showPending(always: boolean): void {
    const pending = [
      ...this.renderRoot.querySelectorAll<HTMLElement & { updateComplete?: Promise<unknown> }>("am-question, am-confirmation"),
    ]
    const fresh = pending.filter((el) => always || !this.announced.has(el.dataset.pendingId ?? ""))
    for (const el of pending) this.announced.add(el.dataset.pendingId ?? "")
    const target = fresh[0]
    if (!target) return
    this.jumpToLatest()
    void Promise.resolve(target.updateComplete).then(() => {
      const focusable = target.shadowRoot?.querySelector<HTMLElement>("input, textarea, button:not([disabled])")
      this.focusingPending = true
      try {
        focusable?.focus({ preventScroll: true })
      } finally {
        this.focusingPending = false
      }
      if (this.following) this.toEnd()
    })
  }

  protected override updated(): void {
    const content = this.renderRoot.querySelector(".content") ?? undefined
    if (content !== this.observed) {
      if (this.observed) this.resizes.unobserve(this.observed)
      if (content) this.resizes.observe(content)
      this.observed = content
    }
    this.showPending(false)
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

  /** An empty conversation: what to ask, or, before any model is set up, how to set one up. */
  private empty() {
    const settings = this.settings.value
    const setup =
      settings === undefined
        ? undefined
        : settings.providers.length === 0
          ? "provider"
          : modelOptions(settings).length === 0
            ? "model"
            : undefined
    if (setup === undefined)
      return html`<div class="empty">
        <h2>${t("emptyTitle")}</h2>
        <p class="muted">${t("emptyHint")}</p>
      </div>`
    return html`<div class="empty" data-testid="first-run">
      <h2>${setup === "provider" ? t("firstRunTitle") : t("firstRunModelTitle")}</h2>
      <p class="muted">${setup === "provider" ? t("firstRunHint") : t("noModel")}</p>
      <button type="button" class="primary" @click=${() => openSettings()}>${t("openSettings")}</button>
    </div>`
  }

  /** A run's notice or failure, in the reader's words; a failure fixed in the settings links there. */
  private notice(status: string, text: string, code: string | undefined, testId: string) {
    return html`<p class="notice ${status}" role=${status === "failed" ? "alert" : "status"} data-testid=${testId}>
      ${text}
      ${status === "failed" && code !== undefined && fixedInSettings(code) ? html` <a href="options.html" @click=${openSettings}>${t("openSettings")}</a>` : nothing}
    </p>`
  }

  private reasoning(text: string, live: boolean) {
    return html`<details class="reasoning">
      <summary data-testid=${live ? "reasoning-live" : "reasoning"}>
        ${live ? t("reasoningLive", formatTokens(text.length)) : t("reasoning")}
      </summary>
      <div class="text">${text}</div>
    </details>`
  }

  private startEditing(seq: number) {
    this.editing = seq
    void this.updateComplete.then(() => {
      const area = this.renderRoot.querySelector<HTMLTextAreaElement>("[data-testid=edit-message] textarea")
      area?.focus()
      area?.setSelectionRange(area.value.length, area.value.length)
    })
  }

  private submitEdit(event: Event, seq: number) {
    event.preventDefault()
    const text = formText(new FormData(event.target as HTMLFormElement).get("text"))
    if (!text) return
    this.editing = undefined
    chat.edit(seq, text)
  }

  private editor(item: Extract<TurnItem, { kind: "user" }>) {
    return html`<form
      class="msg edit"
      data-testid="edit-message"
      @submit=${(e: Event) => this.submitEdit(e, item.record.seq)}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === "Escape") {
          e.stopPropagation()
          this.editing = undefined
        } else if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
          e.preventDefault()
          ;(e.currentTarget as HTMLFormElement).requestSubmit()
        }
      }}
    >
      <textarea name="text" aria-label=${t("editLabel")} .value=${item.text}></textarea>
      <div class="actions">
        <button type="button" @click=${() => (this.editing = undefined)}>${t("cancel")}</button>
        <button type="submit" class="primary" data-testid="edit-send">${t("editSend")}</button>
      </div>
    </form>`
  }

  private item(item: TurnItem, isLastUser: boolean, running: boolean, isLastAnswer: boolean, live = false) {
    switch (item.kind) {
      case "user":
        if (this.editing === item.record.seq && !running) return this.editor(item)
        return html`<div class="msg" data-testid="user-message">
          <div class="user">${item.text}</div>
          <div class="actions">
            ${this.copyButton(item.record.seq, item.text)}
            ${
              running
                ? nothing
                : html`<button type="button" class="icon" data-testid="edit" @click=${() => this.startEditing(item.record.seq)}>
                    ✎ ${t("editMessage")}
                  </button>`
            }
            ${isLastUser && !running ? html`<button type="button" class="icon" data-testid="retry" @click=${() => chat.retry()}>↻ ${t("retry")}</button>` : nothing}
          </div>
        </div>`
      case "assistant":
        // One template for the reply streaming and saved, under one key: the saved message keeps its elements.
        return html`<div class="msg assistant" data-testid=${live ? "streaming" : "assistant-message"} ?data-stopped=${item.stopped}>
          ${item.reasoning ? this.reasoning(item.reasoning, live) : nothing}
          ${item.text ? html`<am-reply .text=${item.text} .deltas=${item.textDeltas} ?streaming=${live}></am-reply>` : nothing}
          ${item.stopped ? html`<p class="stopped" data-testid="stopped-mark">■ ${t("stoppedMark")}</p>` : nothing}
          ${
            // Above its tool cards, the Copy of a message's text is seen to copy that text (below them,
            // it read as copying the cards too).
            !live && item.text && item.tools.length > 0
              ? html`<div class="actions">${this.copyButton(item.record.seq, item.text)}</div>`
              : nothing
          }
          ${item.tools.map((card) => {
            const lane = this.view.value.lanes[card.callId]
            return html`<am-tool-card .card=${card}
              >${lane ? html`<am-lane slot="lanes" .lane=${lane} .answer=${subAgentAnswer(card)}></am-lane>` : nothing}</am-tool-card
            >`
          })}
          ${
            !live && ((item.text && item.tools.length === 0) || isLastAnswer)
              ? html`<div class="actions">
                  ${item.text && item.tools.length === 0 ? this.copyButton(item.record.seq, item.text) : nothing}
                  ${
                    isLastAnswer
                      ? html`<button type="button" class="icon" data-testid="regenerate" @click=${() => chat.regenerate()}>
                          ↻ ${t("regenerate")}
                        </button>`
                      : nothing
                  }
                </div>`
              : nothing
          }
        </div>`
      case "notice":
        return this.notice(item.notice.status, noticeText(item.notice), item.notice.code, "notice")
      case "usage":
        return html`<p class="usage" data-testid="turn-usage">${usageText(item.usage)}</p>`
    }
  }

  override render() {
    const view = this.view.value
    const runId = this.runId.value
    const running = runId !== undefined
    const items = this.turnsFor(view, runId)
    const lastUser = [...items].reverse().find((i) => i.kind === "user")
    const lastAnswer = running ? undefined : [...items].reverse().find((i) => i.kind === "assistant" || i.kind === "user")
    const live = view.live && view.live.runId === runId ? view.live : undefined
    const jobs = Object.keys(view.research).length
    if (items.length === 0 && !live && jobs === 0 && view.questions.length === 0 && view.confirmations.length === 0 && !view.failure) {
      return this.empty()
    }
    const key = turnKey
    const total = items.length + (live ? 1 : 0) + jobs + view.questions.length + view.confirmations.length
    if (this.following) this.seenItems = total
    const unseen = Math.max(0, total - this.seenItems)
    return html`<div class="content">${this.content(items, key, lastUser, lastAnswer, running, live, view)}</div>
      ${
        this.following
          ? nothing
          : html`<button type="button" class="jump" data-testid="jump-to-latest" @click=${() => this.jumpToLatest()}>
              ↓ ${unseen > 0 ? t("jumpToLatestCount", String(unseen)) : t("jumpToLatest")}
            </button>`
      }`
  }

  /**
   * The view's items, made again only when something they are made of changed: a streamed token
   * changes only the live reply, so the saved turns are neither rebuilt nor re-rendered (each
   * item below is guarded by its own identity), and a token costs the same at any length.
   */
  private turnsFor(view: ChatView, runId: string | undefined): ReadonlyArray<TurnItem> {
    const of = [view.messages, view.calls, view.questions, view.confirmations, runId]
    if (this.turns === undefined || of.some((part, i) => part !== this.turns!.of[i]))
      this.turns = { of, items: keepUnchanged(this.turns?.items ?? [], turnsOf(view, runId)) }
    return this.turns.items
  }

  /** One item, rendered again only when it, its place or its state changed. */
  private guardedItem(item: TurnItem, isLastUser: boolean, running: boolean, isLastAnswer: boolean, live: boolean) {
    const seq = item.kind === "usage" ? undefined : item.record.seq
    const lanes = item.kind === "assistant" ? item.tools.map((card) => this.view.value.lanes[card.callId]) : []
    return guard([item, isLastUser, running, isLastAnswer, live, this.editing === seq, this.copied === seq, ...lanes], () =>
      this.item(item, isLastUser, running, isLastAnswer, live),
    )
  }

  private content(
    items: ReadonlyArray<TurnItem>,
    key: (i: TurnItem) => string,
    lastUser: TurnItem | undefined,
    lastAnswer: TurnItem | undefined,
    running: boolean,
    live: ChatView["live"],
    view: ChatView,
  ) {
    // The reply streaming now, as the item it will be once saved.
    const streaming: TurnItem | undefined =
      live && (live.text || live.reasoning)
        ? {
            kind: "assistant",
            record: {
              conversationId: view.conversationId ?? "",
              seq: -1,
              runId: live.runId,
              at: 0,
              message: { role: "assistant", content: live.text },
            },
            text: live.text,
            ...(live.textDeltas ? { textDeltas: live.textDeltas } : {}),
            reasoning: live.reasoning,
            tools: [],
            stopped: false,
            ordinal: liveOrdinal(view.messages, live.runId),
          }
        : undefined
    const shown = streaming ? [...items, streaming] : items
    return html`
      ${repeat(shown, key, (i) => this.guardedItem(i, i === lastUser, running, i === lastAnswer && i.kind === "assistant", i === streaming))}
      ${live?.retry ? html`<p class="retry" role="status">${t("retrying", errorText({ code: live.retry }))}</p>` : nothing}
      ${
        streaming
          ? nothing
          : running && view.questions.length === 0 && view.confirmations.length === 0
            ? html`<p class="thinking" role="status">${t("working")}</p>`
            : nothing
      }
      ${repeat(
        Object.values(view.research),
        (job) => job.jobId,
        (job) => html`<am-research data-testid="research" .job=${job} .lanes=${lanesOfJob(view.lanes, job.jobId)}></am-research>`,
      )}
      ${repeat(
        [...view.confirmations, ...view.questions],
        (waiting) => waiting.id,
        (waiting) =>
          waiting.type === "confirmation_requested"
            ? html`<am-confirmation
                data-pending-id=${waiting.id}
                .request=${waiting}
                .onDecide=${(id: string, allow: boolean, grant?: ConsentGrant) => chat.confirm(id, allow, grant)}
              ></am-confirmation>`
            : html`<am-question
                data-pending-id=${waiting.id}
                .question=${waiting}
                .onAnswer=${(id: string, a: string | ReadonlyArray<string>) => chat.answer(id, a)}
              ></am-question>`,
      )}
      ${view.failure && !running && items.filter((i) => i.kind !== "usage").at(-1)?.kind !== "notice" ? this.notice("failed", errorText(view.failure), view.failure.code, "run-error") : nothing}
    `
  }
}
customElements.define("am-chat-log", AmChatLog)
