/** Cutting get_tab_content's Markdown to `max_length`. */

/** Starts the last line of a walk that ran out of time, which says where it stopped. */
export const STOP_NOTE_START = "(Stopped reading: time budget spent"

/**
 * Cuts at the last line end that keeps most of the allowance, so that no annotation is left
 * half-written; a single line longer than that is cut where the limit falls. A closing
 * "stopped" note is kept whole: what is cut is the text before it.
 */
export const fitToLength = (content: string, maxLength: number | undefined): { content: string; truncated: boolean } => {
  if (maxLength === undefined || content.length <= maxLength) return { content, truncated: false }
  const noteAt = content.lastIndexOf(`\n${STOP_NOTE_START}`)
  if (noteAt >= 0 && content.length - noteAt < maxLength / 2) {
    const note = content.slice(noteAt)
    return { content: cutAtLine(content.slice(0, noteAt), maxLength - note.length) + note, truncated: true }
  }
  return { content: cutAtLine(content, maxLength), truncated: true }
}

const cutAtLine = (content: string, maxLength: number): string => {
  if (content.length <= maxLength) return content
  const cut = content.slice(0, maxLength)
  const lineEnd = cut.lastIndexOf("\n")
  return lineEnd >= maxLength * 0.8 ? cut.slice(0, lineEnd) : cut
}
