/**
 * The workspace's undo: what opfs_write replaces and what opfs_delete removes is kept here, to
 * be restored from the options page, for a number of days and within a size budget (oldest
 * pruned first). It also remembers which files came from outside (written by an agent run,
 * whose context may hold web content), so that reading them back marks them as untrusted.
 *
 * It lives in a folder of its own beside the workspace folder (`<workspace>-history` in the
 * OPFS root), not inside it: no workspace path can name it, so the model can neither list,
 * read, overwrite nor delete the copies that protect the user's files.
 *
 * Layout: `index.json` (the items, newest last, and the marked paths) and `items/<id>` (a
 * copy of a file, or of a folder with everything in it). Only the async File System API is
 * used, so the workspace worker and the offscreen document (the options page's restore) share
 * this code; both hold the workspace lock (see opfs.ts) around every use.
 */
import { NotFound, ToolFailed } from "../../schemas/errors.ts"

export interface HistoryItem {
  /** Unique, and orders items by time. */
  readonly id: string
  /** A replaced file's previous content, or something deleted. */
  readonly kind: "version" | "trash"
  /** The workspace path it had. */
  readonly path: string
  readonly entry: "file" | "directory"
  /** When it was replaced or deleted (ms since the epoch). */
  readonly at: number
  /** Bytes of the copy (all its files, for a folder). */
  readonly size: number
  /** Paths inside the copy ("" for the item itself) that came from outside. */
  readonly marked: ReadonlyArray<string>
  /** The agent run that wrote every file of the copy; absent when any of it existed before that run (a person's, or an earlier run's). */
  readonly by?: string
  /** Which agent run wrote each file inside the copy (relative paths, "" for the item itself). */
  readonly owners?: Readonly<Record<string, string>>
}

/**
 * Who is making the change that may push older copies out of the budget:
 * - an agent run (`run`: a conversation's run and its sub-agents share one) may push out only
 *   copies of what it wrote itself, never what existed before it: a hostile page could
 *   otherwise delete the user's folder and flush its copy out by writing junk;
 * - a person (their own calls, a restore) may push out what agent runs wrote, oldest first,
 *   never their own content;
 * - a listing pushes out nothing: only days end a copy then.
 * What existed before the run is therefore kept for its days even past the budget.
 */
export type Pressure = { readonly run: string } | "person" | "none"

/** What the history holds against its budget, for the options page. */
export interface HistoryUsage {
  readonly items: number
  readonly bytes: number
  /** Bytes of copies of what existed before the run that replaced or deleted it: kept for their days whatever the budget. */
  readonly earlierBytes: number
  readonly maxBytes: number
  readonly days: number
  /** What the next change of a person's would drop to meet the budget (agent runs' own copies, oldest first). */
  readonly wouldDrop: { readonly items: number; readonly bytes: number }
}

export interface Retention {
  readonly days: number
  readonly maxBytes: number
}

export const DEFAULT_RETENTION: Retention = { days: 7, maxBytes: 256 * 1024 * 1024 }

interface Index {
  version: 1
  items: Array<HistoryItem>
  /** Workspace paths of files, and of folders an agent run made, that came from outside. */
  marks: Array<string>
  /** Workspace path → the agent run that wrote the file's present content. */
  owners: Record<string, string>
}

export interface KeepOptions {
  readonly now?: number
  /** Who makes the change (see Pressure); a person's by default. */
  readonly pressure?: Pressure
}

const INDEX = "index.json"
const ITEMS = "items"
const DAY_MS = 24 * 60 * 60 * 1000

let counter = 0
const newId = (now: number) => `${now.toString(36).padStart(9, "0")}-${(counter++).toString(36)}-${crypto.randomUUID().slice(0, 8)}`

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`)
const relative = (path: string, folder: string) => (path === folder ? "" : path.slice(folder.length + 1))
const joined = (folder: string, rest: string) => (rest === "" ? folder : `${folder}/${rest}`)

export class WorkspaceHistory {
  constructor(private readonly folder: () => Promise<FileSystemDirectoryHandle>) {}

  // --- provenance -------------------------------------------------------------------------

  async isMarked(path: string): Promise<boolean> {
    return (await this.index()).marks.includes(path)
  }

  /** Which of these paths are marked (one read of the index for a whole listing or path). */
  async markedAmong(paths: ReadonlyArray<string>): Promise<ReadonlySet<string>> {
    const marks = new Set((await this.index()).marks)
    return new Set(paths.filter((p) => marks.has(p)))
  }

  /**
   * Marks (or unmarks) a file as having come from outside, and marks the folders `made` for it
   * (their names came from the same place). A folder's mark is never lifted by a write: the
   * user's file inside keeps the name the agent gave the folder. Records the agent run that wrote
   * the file (none: a person's), which decides whose budget its later copies count against.
   */
  async mark(path: string, marked: boolean, made: ReadonlyArray<string> = [], run?: string): Promise<void> {
    const index = await this.index()
    const folders = marked ? made.filter((p) => !index.marks.includes(p)) : []
    const has = index.marks.includes(path)
    if (has === marked && folders.length === 0 && index.owners[path] === run) return
    const rest = index.marks.filter((p) => p !== path)
    index.marks = [...rest, ...folders, ...(marked ? [path] : [])]
    if (run === undefined) delete index.owners[path]
    else index.owners[path] = run
    await this.save(index)
  }

  // --- keeping ----------------------------------------------------------------------------

  /** Keeps a copy of the file about to be replaced. */
  async keepVersion(path: string, file: FileSystemFileHandle, retention: Retention, options: KeepOptions = {}): Promise<void> {
    await this.keep("version", path, file, retention, options.now ?? Date.now(), options.pressure ?? "person")
  }

  /** Keeps a copy of the file or folder about to be deleted, and forgets its marks. */
  async keepDeleted(path: string, handle: FileSystemHandle, retention: Retention, options: KeepOptions = {}): Promise<void> {
    await this.keep("trash", path, handle, retention, options.now ?? Date.now(), options.pressure ?? "person")
  }

  private async keep(
    kind: HistoryItem["kind"],
    path: string,
    handle: FileSystemHandle,
    retention: Retention,
    now: number,
    pressure: Pressure,
    alsoKeep?: string,
  ) {
    const index = await this.index()
    const items = await this.items()
    const id = newId(now)
    let copied: Copied
    try {
      copied = await copyInto(handle, items, id)
    } catch (error) {
      await items.removeEntry(id, { recursive: true }).catch(() => undefined)
      throw error
    }
    const marked = index.marks.filter((p) => within(p, path)).map((p) => relative(p, path))
    const owners = Object.fromEntries(
      Object.entries(index.owners)
        .filter(([p]) => within(p, path))
        .map(([p, run]) => [relative(p, path), run]),
    )
    if (kind === "trash") {
      index.marks = index.marks.filter((p) => !within(p, path))
      for (const p of Object.keys(index.owners)) if (within(p, path)) delete index.owners[p]
    }
    const first = owners[copied.files[0] ?? ""]
    const by = first !== undefined && copied.files.every((f) => owners[f] === first) ? first : undefined
    index.items.push({
      id,
      kind,
      path,
      entry: handle.kind,
      at: now,
      size: copied.size,
      marked,
      ...(by !== undefined ? { by } : {}),
      ...(Object.keys(owners).length > 0 ? { owners } : {}),
    })
    await this.pruneIndex(index, retention, now, pressure, new Set(alsoKeep ? [alsoKeep] : []))
    await this.save(index)
  }

  // --- listing and restoring --------------------------------------------------------------

  /** The kept versions of a file, newest first. */
  async versions(path: string, retention: Retention, now = Date.now()): Promise<Array<HistoryItem>> {
    const index = await this.expire(retention, now)
    return index.items.filter((i) => i.kind === "version" && i.path === path).reverse()
  }

  /** Everything deleted and still kept, newest first. */
  async trash(retention: Retention, now = Date.now()): Promise<Array<HistoryItem>> {
    const index = await this.expire(retention, now)
    return index.items.filter((i) => i.kind === "trash").reverse()
  }

  /**
   * Puts an item back at its path. A file there now is kept as a version first, so a restore
   * can be undone too; a folder in the way is not merged into, and the restore is refused.
   * A restored deletion leaves the trash; a restored version stays available.
   */
  async restore(id: string, retention: Retention, now = Date.now()): Promise<HistoryItem> {
    const item = (await this.index()).items.find((i) => i.id === id)
    if (item === undefined) {
      throw new NotFound({
        message: `Nothing kept has the id "${id}" (it may have been restored or pruned). List the versions or the trash again.`,
      })
    }
    const items = await this.items()
    const source = await entryIn(items, item.id)
    if (source === undefined) throw new NotFound({ message: `The copy of "${item.path}" is gone (pruned); it cannot be restored.` })
    const segments = item.path.split("/")
    let parent = await this.folder()
    for (const name of segments.slice(0, -1)) parent = await parent.getDirectoryHandle(name, { create: true })
    const name = segments.at(-1)!
    const existing = await entryIn(parent, name)
    if (existing !== undefined && (existing.kind === "directory" || item.entry === "directory")) {
      throw new ToolFailed({
        code: "exists",
        message: `"${item.path}" exists now as a ${existing.kind === "directory" ? "folder" : "file"}; move or delete it first, then restore.`,
      })
    }
    // The content it replaces becomes a version itself, so the restore can be undone too.
    if (existing !== undefined) await this.keep("version", item.path, existing, retention, now, "person", item.id)
    await copyInto(source, parent, name)
    const index = await this.index()
    index.marks = [...index.marks.filter((p) => !within(p, item.path)), ...item.marked.map((r) => joined(item.path, r))]
    for (const p of Object.keys(index.owners)) if (within(p, item.path)) delete index.owners[p]
    for (const [r, run] of Object.entries(item.owners ?? {})) index.owners[joined(item.path, r)] = run
    if (item.kind === "trash") {
      index.items = index.items.filter((i) => i.id !== item.id)
      await items.removeEntry(item.id, { recursive: true }).catch(() => undefined)
    }
    await this.save(index)
    return item
  }

  /** Drops what is older than the retention days (a listing pushes nothing else out, see Pressure). */
  async expire(retention: Retention, now = Date.now()): Promise<Index> {
    const index = await this.index()
    const before = index.items.length
    await this.pruneIndex(index, retention, now, "none")
    if (index.items.length !== before) await this.save(index)
    return index
  }

  /** What the history holds against its budget, and what a person's next change would drop. */
  async usage(retention: Retention, now = Date.now()): Promise<HistoryUsage> {
    const index = await this.expire(retention, now)
    const dropped = overBudget(index.items, retention, "person")
    return {
      items: index.items.length,
      bytes: index.items.reduce((sum, i) => sum + i.size, 0),
      earlierBytes: index.items.reduce((sum, i) => sum + (i.by === undefined ? i.size : 0), 0),
      maxBytes: retention.maxBytes,
      days: retention.days,
      wouldDrop: { items: dropped.size, bytes: index.items.reduce((sum, i) => sum + (dropped.has(i.id) ? i.size : 0), 0) },
    }
  }

  /**
   * Drops what is past its days, then, past the budget, the oldest copies `pressure` may push out.
   * The newest item stays even over budget, so the latest change can always be undone (until
   * its days are up); the items in `alsoKeep` (a restore's source while it runs) stay too.
   */
  private async pruneIndex(index: Index, retention: Retention, now: number, pressure: Pressure, alsoKeep: ReadonlySet<string> = new Set()) {
    const oldest = now - retention.days * DAY_MS
    const dropped = index.items.filter((i) => i.at < oldest && !alsoKeep.has(i.id)).map((i) => i.id)
    index.items = index.items.filter((i) => !dropped.includes(i.id))
    const over = overBudget(index.items, retention, pressure, alsoKeep)
    index.items = index.items.filter((i) => !over.has(i.id))
    dropped.push(...over)
    if (dropped.length === 0) return
    const items = await this.items()
    for (const id of dropped) await items.removeEntry(id, { recursive: true }).catch(() => undefined)
  }

  // --- storage ----------------------------------------------------------------------------

  private async root(): Promise<FileSystemDirectoryHandle> {
    const workspace = await this.folder()
    const opfs = await navigator.storage.getDirectory()
    return opfs.getDirectoryHandle(`${workspace.name}-history`, { create: true })
  }

  private async items(): Promise<FileSystemDirectoryHandle> {
    return (await this.root()).getDirectoryHandle(ITEMS, { create: true })
  }

  private async index(): Promise<Index> {
    try {
      const file = await (await (await this.root()).getFileHandle(INDEX)).getFile()
      const parsed = JSON.parse(await file.text()) as Partial<Index>
      return {
        version: 1,
        items: Array.isArray(parsed.items) ? parsed.items : [],
        marks: Array.isArray(parsed.marks) ? parsed.marks : [],
        // An index from before owners were kept: every copy in it counts as earlier content.
        owners: typeof parsed.owners === "object" && parsed.owners !== null && !Array.isArray(parsed.owners) ? parsed.owners : {},
      }
    } catch {
      return { version: 1, items: [], marks: [], owners: {} }
    }
  }

  private async save(index: Index): Promise<void> {
    await writeFile(await this.root(), INDEX, new TextEncoder().encode(JSON.stringify(index)))
  }
}

/** What the budget pushes out under `pressure`: the oldest items it may drop, until the rest fits (never the newest). */
const overBudget = (
  items: ReadonlyArray<HistoryItem>,
  retention: Retention,
  pressure: Pressure,
  alsoKeep: ReadonlySet<string> = new Set(),
): Set<string> => {
  const dropped = new Set<string>()
  if (pressure === "none") return dropped
  const newest = items.at(-1)?.id
  let total = items.reduce((sum, i) => sum + i.size, 0)
  for (const item of items) {
    if (total <= retention.maxBytes) break
    if (item.id === newest || alsoKeep.has(item.id)) continue
    const mayDrop = pressure === "person" ? item.by !== undefined : item.by === pressure.run
    if (!mayDrop) continue
    dropped.add(item.id)
    total -= item.size
  }
  return dropped
}

const entryIn = async (folder: FileSystemDirectoryHandle, name: string): Promise<FileSystemHandle | undefined> => {
  try {
    return await folder.getFileHandle(name)
  } catch (error) {
    if ((error as DOMException).name === "TypeMismatchError") return folder.getDirectoryHandle(name)
    if ((error as DOMException).name === "NotFoundError") return undefined
    throw error
  }
}

/** Writes a whole file through a writable stream (the async API, usable in windows and workers). */
const writeFile = async (folder: FileSystemDirectoryHandle, name: string, bytes: Uint8Array): Promise<void> => {
  const handle = await folder.getFileHandle(name, { create: true })
  const writable = await handle.createWritable()
  try {
    await writable.write(bytes as Uint8Array<ArrayBuffer>)
    await writable.close()
  } catch (error) {
    await writable.abort().catch(() => undefined)
    throw error
  }
}

interface Copied {
  readonly size: number
  /** The files copied, relative to the copy ("" when it is one file). */
  readonly files: ReadonlyArray<string>
}

/** Copies a file or a folder tree into `target` under `name`. */
const copyInto = async (source: FileSystemHandle, target: FileSystemDirectoryHandle, name: string): Promise<Copied> => {
  if (source.kind === "file") {
    const bytes = new Uint8Array(await (await (source as FileSystemFileHandle).getFile()).arrayBuffer())
    await writeFile(target, name, bytes)
    return { size: bytes.byteLength, files: [""] }
  }
  const folder = await target.getDirectoryHandle(name, { create: true })
  let size = 0
  const files: Array<string> = []
  for await (const [child, handle] of (source as FileSystemDirectoryHandle).entries()) {
    const copied = await copyInto(handle, folder, child)
    size += copied.size
    files.push(...copied.files.map((f) => joined(child, f)))
  }
  return { size, files }
}
