/**
 * The workspace on disk: a folder of its own in the origin-private file system, so the
 * extension's other data in OPFS is out of the tools' reach. Files are read and written through
 * synchronous access handles (dedicated workers only), one operation at a time: a sync access
 * handle locks its file, and running operations one after another means a call never finds a
 * file locked by another call of the same worker.
 *
 * Failures are thrown as the tools' tagged errors, with messages that name the path.
 */
import { NotFound, quoteInput, ToolFailed } from "../../schemas/errors.ts"
import { DEFAULT_RETENTION, WorkspaceHistory, type HistoryItem, type HistoryUsage, type Pressure, type Retention } from "./history.ts"
import type { WorkspacePath } from "./paths.ts"

/** The folder in the OPFS root that holds the workspace. */
export const WORKSPACE_FOLDER = "workspace"

/**
 * One operation at a time on the workspace, across contexts: the workspace worker and the
 * offscreen document (restores from the options page) both take this Web Lock, so a restore
 * never meets a file half-written by a tool, nor the history index changed under it.
 */
const LOCK = "agent-mesh/workspace"

// TypeScript's DOM library lacks the worker-only part of the File System API.
interface SyncAccessHandle {
  read(buffer: Uint8Array, options?: { at?: number }): number
  write(buffer: Uint8Array, options?: { at?: number }): number
  truncate(size: number): void
  getSize(): number
  flush(): void
  close(): void
}
const openSync = (file: FileSystemFileHandle) =>
  (file as FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncAccessHandle> }).createSyncAccessHandle()

export interface WorkspaceEntry {
  readonly name: string
  readonly kind: "file" | "directory"
  readonly size?: number
  /** The name came from outside: an agent run wrote the file or made the folder. */
  readonly untrusted?: true
}

const LIST_HINT = "Call opfs_list to see what is there."

const errorName = (error: unknown) => (error instanceof DOMException || error instanceof Error ? error.name : "")

const isToolError = (error: unknown): error is NotFound | ToolFailed => error instanceof NotFound || error instanceof ToolFailed

/** A file-system failure while doing `what` to `path`, as the error the model reads. */
export const fileSystemError = (error: unknown, path: string, what: string): NotFound | ToolFailed => {
  if (isToolError(error)) return error
  switch (errorName(error)) {
    case "QuotaExceededError":
      return new ToolFailed({
        code: "quota_exceeded",
        message: `The browser's storage quota is used up, so "${path}" was not ${what}. Free space with opfs_delete (opfs_list shows file sizes) and try again.`,
      })
    case "NotFoundError":
      return new NotFound({ message: `No file or folder "${quoteInput(path)}" in the workspace. ${LIST_HINT}` })
    case "NoModificationAllowedError":
    case "InvalidStateError":
      return new ToolFailed({ code: "busy", message: `"${path}" is in use elsewhere and was not ${what}; try again in a moment.` })
    default: {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      return new ToolFailed({ code: "io_error", message: `"${path}" could not be ${what} (${detail}).` })
    }
  }
}

export interface WriteOptions {
  /** How long, and within what size, the replaced content is kept. */
  readonly retention?: Retention
  /** The content came from outside (an agent run): reading it back marks it untrusted. */
  readonly fromOutside?: boolean
  /** The agent run that writes (see history.ts's Pressure); absent for a person's call. */
  readonly run?: string
}

const pressureOf = (run: string | undefined): Pressure => (run === undefined ? "person" : { run })

export class Workspace {
  readonly history: WorkspaceHistory

  constructor(private readonly folder: string = WORKSPACE_FOLDER) {
    this.history = new WorkspaceHistory(() => this.root())
  }

  /**
   * Writes the file, creating its parent folders; returns its size in bytes. The content it
   * replaces is kept first (history.ts): if that fails (a full quota), nothing is written.
   */
  write(target: WorkspacePath, bytes: Uint8Array, signal?: AbortSignal, options: WriteOptions = {}): Promise<number> {
    return this.exclusive(signal, async () => {
      const made: Array<string> = []
      const parent = await this.folderAt(target, target.segments.length - 1, true, made)
      const name = target.segments.at(-1)!
      const { file, created } = await this.fileIn(parent, name, target, "write")
      // The same bytes again change nothing: the file keeps its writer and mark, so a run cannot
      // make the user's file its own (and its copy its to push out) by writing it over unchanged.
      let unchanged = false
      try {
        unchanged = !created && sameBytes(new Uint8Array(await (await file.getFile()).arrayBuffer()), bytes)
        if (!created && !unchanged) {
          await this.history.keepVersion(target.path, file, options.retention ?? DEFAULT_RETENTION, { pressure: pressureOf(options.run) })
        }
      } catch (error) {
        throw fileSystemError(error, target.path, "written")
      }
      try {
        const access = await openSync(file)
        try {
          // Growing the file first claims the space, so a full quota fails before any old byte changes.
          access.truncate(bytes.byteLength)
          let written = 0
          while (written < bytes.byteLength) {
            const n = access.write(bytes.subarray(written), { at: written })
            if (n === 0) throw new DOMException("no bytes were written", "QuotaExceededError")
            written += n
          }
          access.flush()
          const size = access.getSize()
          access.close()
          if (!unchanged) await this.history.mark(target.path, options.fromOutside === true, made, options.run)
          return size
        } finally {
          access.close()
        }
      } catch (error) {
        if (created) await parent.removeEntry(name).catch(() => undefined)
        throw fileSystemError(error, target.path, "written")
      }
    })
  }

  /**
   * Whether the file's content or its path came from outside (see WriteOptions): the file, or a
   * folder on its path that an agent run made, is marked.
   */
  cameFromOutside(target: WorkspacePath, signal?: AbortSignal): Promise<boolean> {
    const paths = target.segments.map((_, i) => target.segments.slice(0, i + 1).join("/"))
    return this.exclusive(signal, async () => (await this.history.markedAmong(paths)).size > 0)
  }

  /** The kept versions of a file, newest first. */
  versions(path: string, retention: Retention = DEFAULT_RETENTION): Promise<Array<HistoryItem>> {
    return this.exclusive(undefined, () => this.history.versions(path, retention))
  }

  /** What was deleted and is still kept, newest first. */
  trash(retention: Retention = DEFAULT_RETENTION): Promise<Array<HistoryItem>> {
    return this.exclusive(undefined, () => this.history.trash(retention))
  }

  /** What the history holds against its budget (see WorkspaceHistory.usage). */
  historyUsage(retention: Retention = DEFAULT_RETENTION): Promise<HistoryUsage> {
    return this.exclusive(undefined, () => this.history.usage(retention))
  }

  /** Puts a kept version or deletion back at its path (see WorkspaceHistory.restore). */
  restore(id: string, retention: Retention = DEFAULT_RETENTION): Promise<HistoryItem> {
    return this.exclusive(undefined, async () => {
      try {
        return await this.history.restore(id, retention)
      } catch (error) {
        throw fileSystemError(error, id, "restored")
      }
    })
  }

  /** The file's bytes, copied out of the file system. */
  read(target: WorkspacePath, signal?: AbortSignal): Promise<Uint8Array> {
    return this.exclusive(signal, async () => {
      const parent = await this.folderAt(target, target.segments.length - 1, false)
      const { file } = await this.fileIn(parent, target.segments.at(-1)!, target, "read")
      try {
        const access = await openSync(file)
        try {
          const bytes = new Uint8Array(access.getSize())
          let read = 0
          while (read < bytes.byteLength) {
            const n = access.read(bytes.subarray(read), { at: read })
            if (n === 0) break
            read += n
          }
          return read === bytes.byteLength ? bytes : bytes.subarray(0, read)
        } finally {
          access.close()
        }
      } catch (error) {
        throw fileSystemError(error, target.path, "read")
      }
    })
  }

  /**
   * The folder's entries: folders first, then files, each group by name (numbers in names by
   * value). An entry whose name came from outside (a file an agent run wrote, a folder it made)
   * is marked `untrusted`.
   */
  list(target: WorkspacePath, signal?: AbortSignal): Promise<Array<WorkspaceEntry>> {
    return this.exclusive(signal, async () => {
      const folder = await this.folderAt(target, target.segments.length, false)
      const entries: Array<WorkspaceEntry> = []
      try {
        for await (const [name, handle] of folder.entries()) {
          signal?.throwIfAborted()
          entries.push(
            handle.kind === "file"
              ? { name, kind: "file", size: (await (handle as FileSystemFileHandle).getFile()).size }
              : { name, kind: "directory" },
          )
        }
      } catch (error) {
        throw fileSystemError(error, target.path || "/", "listed")
      }
      const pathOf = (name: string) => (target.path ? `${target.path}/${name}` : name)
      const marked = await this.history.markedAmong(entries.map((e) => pathOf(e.name)))
      return entries.map((e) => (marked.has(pathOf(e.name)) ? { ...e, untrusted: true as const } : e)).sort(byKindThenName)
    })
  }

  /** Deletes a file, or a folder with everything in it, after keeping a copy in the trash. */
  delete(target: WorkspacePath, signal?: AbortSignal, retention: Retention = DEFAULT_RETENTION, run?: string): Promise<void> {
    return this.exclusive(signal, async () => {
      const parent = await this.folderAt(target, target.segments.length - 1, false)
      const name = target.segments.at(-1)!
      try {
        const handle = await parent.getFileHandle(name).catch((error: unknown) => {
          if (errorName(error) === "TypeMismatchError") return parent.getDirectoryHandle(name)
          throw error
        })
        await this.history.keepDeleted(target.path, handle, retention, { pressure: pressureOf(run) })
        await parent.removeEntry(name, { recursive: true })
      } catch (error) {
        throw fileSystemError(error, target.path, "deleted")
      }
    })
  }

  private exclusive<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    signal?.throwIfAborted()
    return navigator.locks.request(LOCK, signal ? { signal } : {}, () => {
      signal?.throwIfAborted()
      return work()
    })
  }

  /**
   * Takes the lock once and opens the workspace folder: a worker's first OPFS access and first
   * lock cost tens of milliseconds (more on a new profile), which a standing worker pays ahead.
   */
  open(): Promise<void> {
    return this.exclusive(undefined, async () => void (await this.root()))
  }

  private async root(): Promise<FileSystemDirectoryHandle> {
    return (await navigator.storage.getDirectory()).getDirectoryHandle(this.folder, { create: true })
  }

  /**
   * The folder made of the first `depth` names of `target`, created when `create` is set; the
   * paths of the folders it created go into `made`.
   */
  private async folderAt(target: WorkspacePath, depth: number, create: boolean, made?: Array<string>): Promise<FileSystemDirectoryHandle> {
    let folder = await this.root()
    for (let i = 0; i < depth; i++) {
      const name = target.segments[i]!
      try {
        folder = await childFolder(folder, name, create, () => made?.push(target.segments.slice(0, i + 1).join("/")))
      } catch (error) {
        const prefix = target.segments.slice(0, i + 1).join("/")
        const isTarget = i + 1 === target.segments.length
        const name = errorName(error)
        if (name === "NotFoundError") {
          throw new NotFound({
            message: isTarget
              ? `No folder "${target.path}" in the workspace. ${LIST_HINT}`
              : `No file or folder "${target.path}" in the workspace (there is no folder "${prefix}"). ${LIST_HINT}`,
          })
        }
        if (name === "TypeMismatchError") {
          throw new ToolFailed({
            code: "not_a_directory",
            message: isTarget
              ? `"${target.path}" is a file, not a folder: read it with opfs_read.`
              : `"${prefix}" is a file, not a folder, so "${target.path}" cannot be inside it. ${LIST_HINT}`,
          })
        }
        throw fileSystemError(error, target.path, create ? "written" : "read")
      }
    }
    return folder
  }

  private async fileIn(
    parent: FileSystemDirectoryHandle,
    name: string,
    target: WorkspacePath,
    purpose: "read" | "write",
  ): Promise<{ file: FileSystemFileHandle; created: boolean }> {
    try {
      return { file: await parent.getFileHandle(name), created: false }
    } catch (error) {
      const kind = errorName(error)
      if (kind === "TypeMismatchError") {
        throw new ToolFailed({
          code: "is_a_directory",
          message:
            purpose === "read"
              ? `"${target.path}" is a folder, not a file: list it with opfs_list.`
              : `"${target.path}" is a folder, and opfs_write does not replace a folder with a file. Choose another name, or delete the folder with opfs_delete first.`,
        })
      }
      if (kind !== "NotFoundError") throw fileSystemError(error, target.path, purpose === "read" ? "read" : "written")
      if (purpose === "read") throw new NotFound({ message: `No file "${target.path}" in the workspace. ${LIST_HINT}` })
    }
    try {
      return { file: await parent.getFileHandle(name, { create: true }), created: true }
    } catch (error) {
      throw fileSystemError(error, target.path, "written")
    }
  }
}

/** The folder `name` in `folder`; when missing and `create` is set, made, and `onMade` told. */
const childFolder = async (
  folder: FileSystemDirectoryHandle,
  name: string,
  create: boolean,
  onMade: () => void,
): Promise<FileSystemDirectoryHandle> => {
  try {
    return await folder.getDirectoryHandle(name)
  } catch (error) {
    if (!create || errorName(error) !== "NotFoundError") throw error
    const made = await folder.getDirectoryHandle(name, { create: true })
    onMade()
    return made
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i])

const collator = new Intl.Collator("en", { numeric: true })

const byKindThenName = (a: WorkspaceEntry, b: WorkspaceEntry) =>
  a.kind !== b.kind
    ? a.kind === "directory"
      ? -1
      : 1
    : collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
