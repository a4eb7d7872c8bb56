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
import * as Effect from "effect/Effect"
import { InvalidInput, ToolFailed } from "../../schemas/errors.ts"
import { asToolError, type ToolErrorOf } from "../../schemas/tool-definition.ts"
import { MAX_READ_LINES, opfsDelete, opfsList, opfsRead, opfsWrite } from "../../schemas/tools/workspace.meta.ts"
import { madeByAgentRun } from "../../schemas/untrusted-mark.ts"
import { serveToolGroup, type ToolContext } from "../runtime/serve.ts"
import { contentBytes } from "./content.ts"
import { mimeTypeOf } from "./mime.ts"
import { DEFAULT_RETENTION, type Retention } from "./history.ts"
import { fileSystemError, Workspace } from "./opfs.ts"
import { DEFAULT_WRITE_LIMITS, RunWrites, type WriteLimits } from "./run-writes.ts"
import { parseWorkspacePath, type WorkspacePath } from "./paths.ts"
import { decodeText, isText, pageOfLines } from "./text.ts"

const workspace = new Workspace()
const runWrites = new RunWrites()

type Tool = typeof opfsWrite | typeof opfsRead | typeof opfsList | typeof opfsDelete

/** The parsed path; files and deletions need a name, only a listing may name the root. */
const pathOf = (definition: Tool, raw: string | undefined, rootAllowed: boolean): Effect.Effect<WorkspacePath, InvalidInput> => {
  const tool = definition.name
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

/** The undo's retention and the runs' write limits from the settings; the defaults when they cannot be read. */
const settingsOf = (context: ToolContext): Effect.Effect<{ retention: Retention; limits: WriteLimits }> =>
  Effect.promise(async () => {
    const reply = await context.router("settings.get").catch(() => undefined)
    const { workspace, limits } = reply?.ok ? reply.value : {}
    return {
      retention: {
        days: workspace?.historyDays ?? DEFAULT_RETENTION.days,
        maxBytes: workspace?.historyMaxBytes ?? DEFAULT_RETENTION.maxBytes,
      },
      limits: {
        filesPerRun: limits?.filesPerRun ?? DEFAULT_WRITE_LIMITS.filesPerRun,
        bytesPerRun: limits?.bytesPerRun ?? DEFAULT_WRITE_LIMITS.bytesPerRun,
      },
    }
  })

/**
 * A call made by an agent run (the agent worker names its calls `<runId>:<toolCallId>`) writes
 * what the model produced, and the model's context may hold anything a page or the web said:
 * such a file, and a folder the call made for it, is marked, and reading its content or its name
 * back (opfs_read, opfs_list) wraps it as untrusted data. The workspace cannot
 * see what the run read, and a file outlives its run, so every agent-written file is marked;
 * the mark costs the model nothing but the wrapper. Files written through the API are not.
 */
const fromAgentRun = (context: ToolContext) => madeByAgentRun(context.callId)

/**
 * The run whose budget a change counts against: the pool names it (a sub-agent's is its
 * parent's); a call named like an agent run's without it (a research job's report) counts
 * for its name's prefix. A person's own call has none.
 */
const runOf = (context: ToolContext): string | undefined =>
  context.run ?? (fromAgentRun(context) ? context.callId.slice(0, context.callId.lastIndexOf(":")) : undefined)

const onDisk = <A, T extends Tool>(
  tool: T,
  what: string,
  path: WorkspacePath,
  work: (signal: AbortSignal) => Promise<A>,
): Effect.Effect<A, ToolErrorOf<T>> =>
  Effect.tryPromise({ try: (signal) => work(signal), catch: (error) => asToolError(tool, fileSystemError(error, path.path, what)) })

serveToolGroup(
  [opfsWrite, opfsRead, opfsList, opfsDelete],
  {
    opfs_write: (params, context) =>
      Effect.gen(function* () {
        const path = yield* pathOf(opfsWrite, params.path, false)
        const content = contentBytes(params.content)
        if (!content.ok) return yield* Effect.fail(new InvalidInput({ tool: "opfs_write", parameter: "content", message: content.message }))
        const { retention, limits } = yield* settingsOf(context)
        const run = runOf(context)
        const bytes = content.bytes.byteLength
        const wasNew = run !== undefined && !runWrites.has(run, path.path)
        const refused = run === undefined ? undefined : runWrites.admit(run, path.path, bytes, limits)
        if (refused !== undefined) return yield* Effect.fail(asToolError(opfsWrite, refused))
        const size = yield* onDisk(opfsWrite, "written", path, (signal) =>
          workspace.write(path, content.bytes, signal, { retention, fromOutside: fromAgentRun(context), run }),
        ).pipe(Effect.tapError(() => Effect.sync(() => run !== undefined && runWrites.undo(run, path.path, bytes, wasNew))))
        return { path: path.path, size }
      }),

    opfs_read: (params, { host, signal: callSignal }) =>
      Effect.gen(function* () {
        const path = yield* pathOf(opfsRead, params.path, false)
        if (params.mode === "blob" && (params.offset !== undefined || params.limit !== undefined)) {
          return yield* Effect.fail(
            new InvalidInput({
              tool: "opfs_read",
              parameter: params.offset !== undefined ? "offset" : "limit",
              message: 'offset and limit page through text, and mode "blob" returns the whole file: drop them, or use mode "text".',
            }),
          )
        }
        const bytes = yield* onDisk(opfsRead, "read", path, (signal) => workspace.read(path, signal))
        const marked = (yield* onDisk(opfsRead, "read", path, () => workspace.cameFromOutside(path, callSignal)))
          ? { untrusted: true as const }
          : {}
        if (params.mode === "text" || (params.mode === "auto" && isText(bytes))) {
          const page = pageOfLines(decodeText(bytes), params.offset ?? 1, params.limit ?? MAX_READ_LINES)
          if (!page.ok) return yield* Effect.fail(new InvalidInput({ tool: "opfs_read", parameter: "offset", message: page.message }))
          return { path: path.path, ...page.page, ...marked }
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
        return { path: path.path, blob_url, size: bytes.byteLength, mime_type, ...marked }
      }),

    opfs_list: (params) =>
      Effect.gen(function* () {
        const path = yield* pathOf(opfsList, params.path, true)
        return yield* onDisk(opfsList, "listed", path, (signal) => workspace.list(path, signal))
      }),

    opfs_delete: (params, context) =>
      Effect.gen(function* () {
        const path = yield* pathOf(opfsDelete, params.path, false)
        const { retention } = yield* settingsOf(context)
        yield* onDisk(opfsDelete, "deleted", path, (signal) => workspace.delete(path, signal, retention, runOf(context)))
        return { path: path.path, deleted: true as const }
      }),
  },
  { warm: () => workspace.open() },
)
