/**
 * The workspace group's worker: opfs_write, opfs_read, opfs_list and opfs_delete over the
 * workspace folder of the origin-private file system (see opfs.ts).
 *
 * Choices the contract leaves open:
 * - Paths in results are normalised: no leading slash ("/notes/a.md" is reported as "notes/a.md").
 * - A text read returns the exact text of its lines, line endings included and without line
 *   numbers, so the pages of a file joined together are the file, and content can be written back.
 * - In auto mode, offset and limit only apply when the file turns out to be text (the caller
 *   cannot know beforehand); with mode "blob" they are refused as a contradiction.
 * - A listing puts folders first, then files, each group sorted by name (numbers by value).
 * - A blob read copies the bytes into a new Blob before making its URL: a File taken from OPFS
 *   stops being readable once the file changes, and the URL must outlive that.
 */
import { Effect } from "effect"
import { InvalidInput, ToolFailed, type ToolError } from "../../schemas/errors.ts"
import { MAX_READ_LINES, opfsDelete, opfsList, opfsRead, opfsWrite } from "../../schemas/tools/workspace.ts"
import { serveToolGroup } from "../mesh/serve.ts"
import { contentBytes } from "./content.ts"
import { mimeTypeOf } from "./mime.ts"
import { fileSystemError, Workspace } from "./opfs.ts"
import { parseWorkspacePath, type WorkspacePath } from "./paths.ts"
import { decodeText, isText, pageOfLines } from "./text.ts"

const workspace = new Workspace()

type Tool = "opfs_write" | "opfs_read" | "opfs_list" | "opfs_delete"

/** The parsed path; files and deletions need a name, only a listing may name the root. */
const pathOf = (tool: Tool, raw: string | undefined, rootAllowed: boolean): Effect.Effect<WorkspacePath, InvalidInput> => {
  const parsed = parseWorkspacePath(raw ?? "")
  if (!parsed.ok) return Effect.fail(new InvalidInput({ tool, parameter: "path", message: parsed.message }))
  if (parsed.value.segments.length === 0 && !rootAllowed) {
    const why =
      tool === "opfs_delete"
        ? "the workspace root cannot be deleted: delete the entries that opfs_list shows one by one."
        : 'the path names the workspace root, which is a folder: give a file path such as "notes/a.md".'
    return Effect.fail(new InvalidInput({ tool, parameter: "path", message: why }))
  }
  return Effect.succeed(parsed.value)
}

const onDisk = <A>(what: string, path: WorkspacePath, work: (signal: AbortSignal) => Promise<A>): Effect.Effect<A, ToolError> =>
  Effect.tryPromise({ try: (signal) => work(signal), catch: (error) => fileSystemError(error, path.path, what) })

serveToolGroup([opfsWrite, opfsRead, opfsList, opfsDelete], {
  opfs_write: (params) =>
    Effect.gen(function* () {
      const path = yield* pathOf("opfs_write", params.path, false)
      const content = contentBytes(params.content)
      if (!content.ok) return yield* Effect.fail(new InvalidInput({ tool: "opfs_write", parameter: "content", message: content.message }))
      const size = yield* onDisk("written", path, (signal) => workspace.write(path, content.bytes, signal))
      return { path: path.path, size }
    }),

  opfs_read: (params, { host }) =>
    Effect.gen(function* () {
      const path = yield* pathOf("opfs_read", params.path, false)
      if (params.mode === "blob" && (params.offset !== undefined || params.limit !== undefined)) {
        return yield* Effect.fail(
          new InvalidInput({
            tool: "opfs_read",
            parameter: params.offset !== undefined ? "offset" : "limit",
            message: 'offset and limit page through text, and mode "blob" returns the whole file: drop them, or use mode "text".',
          }),
        )
      }
      const bytes = yield* onDisk("read", path, (signal) => workspace.read(path, signal))
      if (params.mode === "text" || (params.mode === "auto" && isText(bytes))) {
        const page = pageOfLines(decodeText(bytes), params.offset ?? 1, params.limit ?? MAX_READ_LINES)
        if (!page.ok) return yield* Effect.fail(new InvalidInput({ tool: "opfs_read", parameter: "offset", message: page.message }))
        return { path: path.path, ...page.page }
      }
      const mime_type = mimeTypeOf(path.segments.at(-1)!, bytes)
      const blob_url = yield* Effect.tryPromise({
        try: () => host.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime_type })),
        catch: (error) =>
          new ToolFailed({
            code: "blob_failed",
            message: `"${path.path}" was read but no blob URL could be made for it (${String(error)}); read it with mode "text" instead if it is text.`,
          }),
      })
      return { path: path.path, blob_url, size: bytes.byteLength, mime_type }
    }),

  opfs_list: (params) =>
    Effect.gen(function* () {
      const path = yield* pathOf("opfs_list", params.path, true)
      return yield* onDisk("listed", path, (signal) => workspace.list(path, signal))
    }),

  opfs_delete: (params) =>
    Effect.gen(function* () {
      const path = yield* pathOf("opfs_delete", params.path, false)
      yield* onDisk("deleted", path, (signal) => workspace.delete(path, signal))
      return { path: path.path, deleted: true as const }
    }),
})
