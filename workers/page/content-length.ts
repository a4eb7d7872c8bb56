/** Cutting get_tab_content's Markdown to `max_length`. */

/**
 * The content and its closing note (a "stopped" or "hidden" line, or none) cut to `maxLength`:
 * at the last line end that keeps most of the allowance, so that no annotation is left
 * half-written; a single line longer than that is cut where the limit falls. The note is kept
 * whole when it is short beside the allowance: what is cut is the text before it.
 */
export const fitToLength = (content: string, maxLength: number | undefined, note = ""): { content: string; truncated: boolean } => {
  const whole = note === "" ? content : content === "" ? note : `${content}\n${note}`
  if (maxLength === undefined || whole.length <= maxLength) return { content: whole, truncated: false }
  if (note !== "" && note.length + 1 < maxLength / 2)
    return { content: `${cutAtLine(content, maxLength - note.length - 1)}\n${note}`, truncated: true }
  return { content: cutAtLine(whole, maxLength), truncated: true }
}

const cutAtLine = (content: string, maxLength: number): string => {
  if (content.length <= maxLength) return content
  const cut = content.slice(0, maxLength)
  const lineEnd = cut.lastIndexOf("\n")
  return lineEnd >= maxLength * 0.8 ? cut.slice(0, lineEnd) : cut
}
