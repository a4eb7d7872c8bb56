/** Cutting get_tab_content's Markdown to `max_length`. */

/**
 * Cuts at the last line end that keeps most of the allowance, so that no annotation is left
 * half-written; a single line longer than that is cut where the limit falls.
 */
export const fitToLength = (content: string, maxLength: number | undefined): { content: string; truncated: boolean } => {
  if (maxLength === undefined || content.length <= maxLength) return { content, truncated: false }
  const cut = content.slice(0, maxLength)
  const lineEnd = cut.lastIndexOf("\n")
  return { content: lineEnd >= maxLength * 0.8 ? cut.slice(0, lineEnd) : cut, truncated: true }
}
