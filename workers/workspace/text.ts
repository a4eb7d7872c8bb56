/**
 * Text in the workspace: telling text from binary by the bytes, and reading text in pages of
 * lines.
 *
 * A page's `content` is the exact text of its lines, each with its own line ending (`\n` or
 * `\r\n`), and no line numbers are added: the position is in `offset`, `total_lines` and
 * `next_offset`, and the pages of a file joined together are the file itself, so content read
 * with opfs_read can be edited and written back with opfs_write without damage.
 *
 * Lines are counted as `cat -n` numbers them: a final line without a line ending counts, a
 * final line ending does not start another line ("a\nb\n" has 2 lines, "a\nb" too, "" none).
 */

/** Text is valid UTF-8 without NUL bytes; the file's name plays no part. */
export const isText = (bytes: Uint8Array): boolean => {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * Decodes as UTF-8, keeping a byte-order mark so that writing the text back restores the
 * same bytes; invalid sequences (a binary file read in text mode) become U+FFFD.
 */
export const decodeText = (bytes: Uint8Array): string => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)

/** Where each line starts in the text, in UTF-16 code units. */
export const lineStarts = (text: string): Array<number> => {
  const starts: Array<number> = []
  if (text.length === 0) return starts
  starts.push(0)
  for (let at = text.indexOf("\n"); at !== -1 && at + 1 < text.length; at = text.indexOf("\n", at + 1)) starts.push(at + 1)
  return starts
}

export interface TextPage {
  readonly content: string
  readonly total_lines: number
  readonly offset: number
  readonly limit: number
  readonly next_offset?: number
}

export type PageResult = { readonly ok: true; readonly page: TextPage } | { readonly ok: false; readonly message: string }

/** Lines `offset` to `offset + limit - 1` (1-based) of the text. */
export const pageOfLines = (text: string, offset: number, limit: number): PageResult => {
  const starts = lineStarts(text)
  const total = starts.length
  if (offset > Math.max(total, 1)) {
    return {
      ok: false,
      message:
        total === 0
          ? `offset ${offset} is past the end: the file is empty. Read it without an offset.`
          : `offset ${offset} is past the end: the file has ${total} line${total === 1 ? "" : "s"}, so use an offset from 1 to ${total}.`,
    }
  }
  const endLine = offset - 1 + limit
  const content = total === 0 ? "" : text.slice(starts[offset - 1], starts[endLine] ?? text.length)
  const page = { content, total_lines: total, offset, limit }
  return { ok: true, page: endLine < total ? { ...page, next_offset: endLine + 1 } : page }
}
