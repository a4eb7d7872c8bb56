/** Inline icons: the machine's fonts may lack emoji, and an icon must never render as a box. */
import { html } from "lit"

const icon = (d: string) =>
  html`<svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d=${d}></path>
  </svg>`

export const trashIcon = () => icon("M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6")
export const folderIcon = () => icon("M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z")
export const pencilIcon = () => icon("M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4")
