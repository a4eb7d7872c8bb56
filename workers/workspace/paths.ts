/**
 * Workspace paths. Every workspace tool reaches the file system only through a parsed
 * `WorkspacePath`, so this module is the one gate that keeps the tools inside the workspace
 * folder: a path is a list of plain names below the workspace root, and nothing that could
 * name something else (`..`, `.`, empty segments, backslashes, control characters,
 * percent-escapes) gets through.
 *
 * The normalised form the tools report is the names joined with "/", without a leading slash
 * ("notes/a.md"); the root is "". Names are kept as given (no case folding, no Unicode
 * normalisation), because the file system compares them as given.
 */

export interface WorkspacePath {
  /** Folder and file names from the workspace root; empty for the root itself. */
  readonly segments: ReadonlyArray<string>
  /** The normalised path: the names joined with "/", no leading slash ("" for the root). */
  readonly path: string
}

export type PathParse = { readonly ok: true; readonly value: WorkspacePath } | { readonly ok: false; readonly message: string }

/** Browsers and disks refuse longer names; saying so here beats an opaque file-system error. */
export const MAX_NAME_BYTES = 255

// oxlint-disable-next-line no-control-regex -- control characters are what this rejects
const CONTROL = /[\u0000-\u001f\u007f]/
const PERCENT_ESCAPE = /%[0-9a-fA-F]{2}/

const shown = (raw: string) => JSON.stringify(raw.length > 120 ? `${raw.slice(0, 117)}...` : raw)

const refuse = (raw: string, why: string): PathParse => ({ ok: false, message: `the path ${shown(raw)} ${why}` })

/** Bounds that no real workspace needs to pass, and that keep one call's folder walk short. */
export const MAX_PATH_CHARS = 1_024
export const MAX_DEPTH = 64

export const parseWorkspacePath = (raw: string): PathParse => {
  if (raw.length > MAX_PATH_CHARS) return refuse(raw, `is ${raw.length} characters long; paths may have at most ${MAX_PATH_CHARS}.`)
  if (CONTROL.test(raw)) return refuse(raw, "contains a control character (NUL, tab, newline...): use printable characters only.")
  if (raw.includes("\\")) return refuse(raw, 'contains a backslash: separate folders with "/", e.g. "notes/a.md".')
  if (PERCENT_ESCAPE.test(raw)) {
    return refuse(raw, "contains a percent-escape such as %2F: paths are not URL-decoded, so write the characters themselves.")
  }
  const body = raw.startsWith("/") ? raw.slice(1) : raw
  if (body === "") return { ok: true, value: { segments: [], path: "" } }
  const segments = body.split("/")
  if (segments.length > MAX_DEPTH) return refuse(raw, `is ${segments.length} folders deep; paths may have at most ${MAX_DEPTH} parts.`)
  for (const name of segments) {
    if (name === "") {
      return refuse(raw, 'has an empty segment (a doubled "/" or a trailing "/"): write it as "folder/file.txt".')
    }
    if (name === "..") {
      return refuse(
        raw,
        'contains "..": paths are relative to the workspace root and cannot go up; write the whole path from the root, e.g. "notes/a.md".',
      )
    }
    if (name === ".") return refuse(raw, 'contains ".": write the path without it, e.g. "notes/a.md".')
    if (new TextEncoder().encode(name).byteLength > MAX_NAME_BYTES) {
      return refuse(raw, `has a name longer than ${MAX_NAME_BYTES} bytes: use shorter names.`)
    }
  }
  return { ok: true, value: { segments, path: segments.join("/") } }
}
