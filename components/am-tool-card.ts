/**
 * One tool call as a compact card: the tool, its key arguments, its status and duration; opened,
 * its arguments and its result or error. A sub-agent's call will hold its agent's events as
 * lanes in the slot under the card (`sub_agent_event`s), so the card keeps a slot for them.
 */
import { LitElement, css, html, nothing, type TemplateResult } from "lit"
import { t } from "./i18n.ts"
import "./am-markdown.ts"
import "./am-capture-images.ts"
import type { ToolCard } from "./state/chat-view.ts"
import { statusBlockStyles, statusLabel } from "./status-pill.ts"
import { onTabTitle } from "./tab-titles.ts"
import { ensureToolCards, errorLine, resultView, toolLabel, toolOutcome, toolSubject } from "./tool-card-text.ts"

/** The arguments worth a glance, in the order a person looks for them. */
const KEY_ARGUMENTS = ["question", "query", "url", "path", "subject", "task_id", "status", "selector", "text", "prompt", "name"]

export const keyArguments = (params: unknown, max = 80): string => {
  if (typeof params !== "object" || params === null) return ""
  // A tab's id is no name for a person: the card's subject names the tab by its title instead.
  const entries = Object.entries(params as Record<string, unknown>).filter(([key]) => key !== "tab_id")
  const picked = KEY_ARGUMENTS.flatMap((k) => entries.filter(([key]) => key === k))
  const shown = (picked.length ? picked : entries).slice(0, 2)
  const text = shown.map(([, v]) => (typeof v === "string" ? v : JSON.stringify(v))).join(" · ")
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

export const formatDuration = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`)

/**
 * JSON as a tree a person can fold: each object or array a disclosure (open near the top), each
 * leaf a line in JSON's own notation, so real line breaks show as breaks, not as \\n.
 */
const jsonTree = (value: unknown, key?: string, depth = 0): TemplateResult => {
  const label = key === undefined ? nothing : html`<span class="key">${JSON.stringify(key)}</span>: `
  if (typeof value === "object" && value !== null) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)
    const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"]
    if (entries.length === 0) return html`<div class="leaf">${label}${open}${close}</div>`
    return html`<details class="node" ?open=${depth < 2}>
      <summary>${label}${open}<span class="count">${entries.length}</span>${close}</summary>
      ${entries.map(([k, v]) => jsonTree(v, Array.isArray(value) ? undefined : k, depth + 1))}
    </details>`
  }
  const leaf = typeof value === "string" && value.includes("\n") ? html`<span class="text">${value}</span>` : JSON.stringify(value)
  return html`<div class="leaf">${label}${leaf}</div>`
}

export class AmToolCard extends LitElement {
  static override properties = { card: { attribute: false } }
  card: ToolCard | undefined

  static override styles = statusBlockStyles(css`
    :host {
      margin: 4px 0;
    }
    details {
      border: 1px solid var(--am-border);
      border-radius: var(--am-radius);
      background: var(--am-surface);
    }
    summary {
      display: flex;
      align-items: center;
      gap: 8px;
      padding: 5px 8px;
      cursor: pointer;
      list-style: none;
      min-height: 30px;
    }
    summary::-webkit-details-marker {
      display: none;
    }
    summary::before {
      content: "▸";
      color: var(--am-muted);
      font-size: 11px;
    }
    /* Its own summary only: a closed disclosure inside an open card (details, arguments) keeps ▸. */
    details[open] > summary::before {
      content: "▾";
    }
    /* A label in words (set in the reading font, as the subject beside it), not a function name. */
    .tool {
      font-size: 12px;
      font-weight: 600;
      white-space: nowrap;
    }
    .args {
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      color: var(--am-muted);
      font-size: 12px;
    }
    .outcome {
      color: var(--am-muted);
      font-size: 12px;
      white-space: nowrap;
    }
    .args:not(:empty) + .outcome::before {
      content: "· ";
    }
    .status {
      font-size: 11px;
      padding: 1px 7px;
      border-radius: 10px;
    }
    .duration {
      font-size: 11px;
      color: var(--am-muted);
      white-space: nowrap;
    }
    .body {
      padding: 0 8px 8px;
      font-size: 12px;
    }
    h4 {
      margin: 6px 0 2px;
      font-size: 11px;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--am-muted);
    }
    pre {
      margin: 0;
      padding: 6px 8px;
      background: var(--am-code-bg);
      border-radius: 6px;
      overflow: auto;
      max-height: 240px;
      font-family: var(--am-mono);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .error {
      color: var(--am-danger);
      overflow-wrap: anywhere;
    }
    .tree {
      font-family: var(--am-mono);
      font-size: 12px;
      background: var(--am-code-bg);
      border-radius: 6px;
      padding: 4px 8px;
      max-height: 320px;
      overflow: auto;
    }
    .tree .node {
      border: 0;
      background: none;
      padding-left: 12px;
    }
    .tree > .node,
    .tree > .leaf {
      padding-left: 0;
    }
    .tree .node > summary {
      padding: 0;
      min-height: 0;
      display: list-item;
      list-style: disclosure-closed;
    }
    .tree .node[open] > summary {
      list-style: disclosure-open;
    }
    .tree .node > summary::before {
      content: none;
    }
    .tree .leaf {
      padding-left: 12px;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .tree .key {
      color: var(--am-muted);
    }
    .tree .count {
      color: var(--am-muted);
      padding: 0 4px;
    }
    .markdown {
      max-height: 320px;
      overflow: auto;
      border-left: 2px solid var(--am-border);
      padding-left: 8px;
    }
    .spinner {
      width: 10px;
      height: 10px;
      border-radius: 50%;
      border: 2px solid currentColor;
      border-right-color: transparent;
      display: inline-block;
      animation: spin 0.9s linear infinite;
      vertical-align: -1px;
    }
    @keyframes spin {
      to {
        transform: rotate(1turn);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .spinner {
        animation: none;
      }
    }
    ::slotted(*) {
      margin: 0 8px 8px 16px;
    }
  `)

  private stopTabTitles: (() => void) | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    void ensureToolCards().then(() => this.requestUpdate())
    this.stopTabTitles = onTabTitle(() => this.requestUpdate())
  }

  override disconnectedCallback(): void {
    this.stopTabTitles?.()
    super.disconnectedCallback()
  }

  override render() {
    const card = this.card
    if (!card) return nothing
    const busy = card.status === "running" || card.status === "waiting"
    // A question waiting is shown whole in its own form below: its card does not say it again.
    const asking = card.tool === "ask_user" && card.status === "waiting"
    const subject = asking ? "" : toolSubject(card.tool, card.params, card.result) || keyArguments(card.params)
    const outcome = card.status === "done" ? toolOutcome(card.tool, card.result) : ""
    return html`
      <details data-testid="tool-card" data-tool=${card.tool} data-status=${card.status}>
        <summary>
          <span class="tool" title=${card.tool}>${toolLabel(card.tool)}</span>
          <span class="args">${subject}</span>
          ${outcome ? html`<span class="outcome" data-testid="tool-outcome">${outcome}</span>` : nothing}
          <span class="status ${card.status}"
            >${busy ? html`<span class="spinner" aria-hidden="true"></span> ` : nothing}${statusLabel(card.status)}</span
          >
          ${card.durationMs !== undefined ? html`<span class="duration">${formatDuration(card.durationMs)}</span>` : nothing}
        </summary>
        <div class="body">
          ${card.error ? this.renderError(card.error, card.status === "declined") : card.result !== undefined ? this.renderResult(card.tool, card.result) : nothing}
          <details class="arguments">
            <summary><h4>${t("toolArguments")}</h4></summary>
            <div class="tree">${jsonTree(card.params)}</div>
          </details>
        </div>
      </details>
      ${card.images?.length ? html`<am-capture-images .images=${card.images}></am-capture-images>` : nothing}
      <slot name="lanes"></slot>
    `
  }

  /** Why the call came to nothing; a call the user declined is their decision, worded without alarm. */
  private renderError(error: NonNullable<ToolCard["error"]>, declined: boolean) {
    const { line, details } = errorLine(error)
    return html`${
        declined
          ? html`<h4>${t("toolDeclinedHeading")}</h4>
              <p data-testid="tool-declined">${line}</p>`
          : html`<h4>${t("toolError")}</h4>
              <p class="error" data-testid="tool-error" role="alert">${line}</p>`
      }
      <details>
        <summary>${t("toolErrorDetails")}</summary>
        <pre class="error">${details}</pre>
      </details>`
  }

  private renderResult(tool: string, result: unknown) {
    const view = resultView(tool, result)
    return html`<h4>${t("toolResult")}</h4>
      ${
        view.kind === "markdown"
          ? html`<div class="markdown" data-testid="tool-result"><am-markdown .text=${view.text}></am-markdown></div>`
          : view.kind === "text"
            ? html`<pre data-testid="tool-result">${view.text}</pre>`
            : html`<div class="tree" data-testid="tool-result">${jsonTree(view.value)}</div>`
      }`
  }
}
customElements.define("am-tool-card", AmToolCard)
