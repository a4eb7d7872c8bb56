/** Styles every component shares: controls, focus rings and the small type scale. */
import { css } from "lit"

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
