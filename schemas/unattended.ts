/** How long a paused routine waits for the user's answer (the chat's timeout is for someone at the screen). */
export const UNATTENDED_WAIT_MS = 7 * 24 * 60 * 60_000
