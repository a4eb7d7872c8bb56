/** Styles every component shares: controls, focus rings and the small type scale. */
import { css, unsafeCSS } from "lit"

export const baseStyles = css`
  :host {
    color: var(--am-fg);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    border: 1px solid var(--am-border);
    background: var(--am-surface);
    border-radius: 6px;
    padding: 4px 10px;
    cursor: pointer;
    min-height: 28px;
  }
  button:hover:not(:disabled) {
    background: var(--am-surface-2);
  }
  button:disabled {
    opacity: 0.55;
    cursor: default;
  }
  button.primary {
    background: var(--am-accent);
    border-color: var(--am-accent);
    color: var(--am-accent-fg);
    font-weight: 600;
  }
  /* Plainly off: the accent faded by opacity still read as a button to press, in dark most of all. */
  button.primary:disabled {
    background: var(--am-surface-2);
    border-color: var(--am-border);
    color: var(--am-muted);
    opacity: 1;
  }
  button.primary:hover:not(:disabled) {
    filter: brightness(1.08);
    background: var(--am-accent);
  }
  button.danger {
    color: var(--am-danger);
  }
  button.icon {
    padding: 2px 6px;
    min-width: 28px;
    justify-content: center;
    background: transparent;
    border-color: transparent;
  }
  button.icon:hover:not(:disabled) {
    background: var(--am-surface-2);
  }
  input,
  select,
  textarea {
    background: var(--am-bg);
    border: 1px solid var(--am-border);
    border-radius: 6px;
    padding: 5px 8px;
    min-height: 30px;
  }
  input[aria-invalid="true"],
  textarea[aria-invalid="true"] {
    border-color: var(--am-danger);
  }
  :focus-visible {
    outline: 2px solid var(--am-focus);
    outline-offset: 1px;
  }
  a {
    color: var(--am-accent);
  }
  .muted {
    color: var(--am-muted);
  }
  .small {
    font-size: 12px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .field-error {
    color: var(--am-danger);
    font-size: 12px;
    margin: 2px 0 0;
  }
`

/**
 * A strip above or below the chat that folds open (the spawned jobs, the task list), with its
 * border on the edge that faces the chat; however long, it leaves most of the panel to the chat.
 */
export const foldingStrip = (edge: "top" | "bottom") => css`
  :host {
    display: block;
  }
  details {
    border-${unsafeCSS(edge)}: 1px solid var(--am-border);
    background: var(--am-surface);
    padding: 4px 10px;
    max-height: 40vh;
    overflow-y: auto;
  }
  summary {
    cursor: pointer;
    font-size: 12px;
    font-weight: 600;
    padding: 2px 0;
  }
`

/** Text shown as it was written (a script, a file): monospace, its lines wrapped, scrolled when long. */
export const writtenTextStyles = css`
  pre {
    font-family: var(--am-mono);
    font-size: 12px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    overflow: auto;
  }
`

/** A settings form (`.grid`): each label beside its field, above it on a narrow page. */
export const formGridStyles = css`
  .grid {
    display: grid;
    grid-template-columns: 14rem 1fr;
    gap: 10px 14px;
    align-items: start;
  }
  .grid > label {
    padding-top: 6px;
  }
  .grid input,
  .grid select,
  .grid textarea {
    width: 100%;
  }
  @media (max-width: 600px) {
    .grid {
      grid-template-columns: 1fr;
    }
    .grid > label {
      padding-top: 0;
    }
  }
`

/** A host that stacks its parts top to bottom (a header, a part that grows, a footer) on the page's background. */
export const columnHostStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    background: var(--am-bg);
  }
`

/** A form that opens under the side panel's header (a conversation's instructions, making it a routine). */
export const headerFormStyles = css`
  :host {
    display: block;
    padding: 8px 12px;
    border-bottom: 1px solid var(--am-border);
    background: var(--am-surface);
  }
  .actions {
    display: flex;
    gap: 6px;
    justify-content: flex-end;
    margin-top: 6px;
  }
  .help {
    font-size: 12px;
    color: var(--am-muted);
    margin: 0 0 6px;
  }
`
