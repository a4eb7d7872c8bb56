/** The inline "delete this?" question of a settings list's item: its words, a yes and a cancel. */
import { html } from "lit"
import { t } from "./i18n.ts"

export interface DeleteAsk {
  /** Unique in the page: names the question for the group's label. */
  readonly id: string
  readonly className: string
  readonly question: string
  readonly yes: string
  readonly busy: boolean
  readonly onYes: () => Promise<unknown>
  readonly onCancel: () => void
}

export const deleteAsk = (ask: DeleteAsk) =>
  html`<div class=${ask.className} role="group" aria-labelledby=${ask.id}>
    <span id=${ask.id}>${ask.question}</span>
    <button type="button" ?disabled=${ask.busy} @click=${ask.onYes}>${ask.yes}</button>
    <button type="button" @click=${ask.onCancel}>${t("cancel")}</button>
  </div>`
