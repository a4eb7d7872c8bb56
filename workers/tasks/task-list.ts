/**
 * The task lists of the conversations, kept in IndexedDB (a database of their own,
 * `agent-mesh-tasks`) so that a crash and restart of the tasks worker loses none. Each task is a
 * record of its own, keyed by its conversation and number, so a change writes one task, not the
 * whole list (a list of long tasks made every update slower than the last). A list is dropped
 * with its conversation (ConversationStore.delete calls dropTaskLists).
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from "idb"
import type { Task } from "../../schemas/tools/tasks.ts"

type Status = Task["status"]

export const TASKS_DB_NAME = "agent-mesh-tasks"
const TASKS_DB_VERSION = 2

interface StoredTask {
  readonly conversationId: string
  readonly seq: number
  readonly task: Task
}

interface Counter {
  readonly conversationId: string
  /** The last number given to a task id: ids are never reused within a conversation. */
  readonly counter: number
}

/** Version 1 kept a whole list in one record. */
interface StoredListV1 {
  readonly conversationId: string
  readonly counter: number
  readonly tasks: ReadonlyArray<Task>
}

interface TasksDB extends DBSchema {
  tasks: { key: [string, number]; value: StoredTask }
  counters: { key: string; value: Counter }
}

type UpgradeTx = IDBPTransaction<TasksDB, ArrayLike<StoreNames<TasksDB>>, "versionchange">

const seqOf = (taskId: string): number | undefined => {
  const match = /^t([1-9][0-9]{0,14})$/.exec(taskId)
  return match ? Number(match[1]) : undefined
}

const range = (conversationId: string) => IDBKeyRange.bound([conversationId, -Infinity], [conversationId, Infinity])

const openTasksDb = (name: string): Promise<IDBPDatabase<TasksDB>> =>
  openDB<TasksDB>(name, TASKS_DB_VERSION, {
    async upgrade(db, oldVersion, _newVersion, transaction) {
      db.createObjectStore("tasks", { keyPath: ["conversationId", "seq"] })
      db.createObjectStore("counters", { keyPath: "conversationId" })
      if (oldVersion === 1) await migrateV1(db as unknown as IDBPDatabase<TasksDB>, transaction)
    },
  })

/** Moves version 1's one-record lists into a record per task. */
const migrateV1 = async (db: IDBPDatabase<TasksDB>, transaction: UpgradeTx) => {
  const old = transaction.objectStore("lists" as never) as unknown as { getAll(): Promise<StoredListV1[]> }
  const lists = await old.getAll()
  for (const list of lists) {
    await transaction.objectStore("counters").put({ conversationId: list.conversationId, counter: list.counter })
    for (const task of list.tasks) {
      const seq = seqOf(task.task_id)
      if (seq !== undefined) await transaction.objectStore("tasks").put({ conversationId: list.conversationId, seq, task })
    }
  }
  ;(db as unknown as IDBDatabase).deleteObjectStore("lists")
}

/** Drops the task lists of these conversations (deleted ones). */
export const dropTaskLists = async (conversationIds: ReadonlyArray<string>, name = TASKS_DB_NAME): Promise<void> => {
  const db = await openTasksDb(name)
  try {
    const tx = db.transaction(["tasks", "counters"], "readwrite")
    await Promise.all([
      ...conversationIds.flatMap((id) => [tx.objectStore("tasks").delete(range(id)), tx.objectStore("counters").delete(id)]),
      tx.done,
    ])
  } finally {
    db.close()
  }
}

export class TaskLists {
  private readonly db: Promise<IDBPDatabase<TasksDB>>

  constructor(name = TASKS_DB_NAME) {
    this.db = openTasksDb(name)
  }

  /**
   * `fromOutside`: an agent run wrote the subject and description, so they may be a page's
   * words; the task stays marked `untrusted` when read back (schemas/untrusted-mark.ts).
   */
  async create(conversationId: string, subject: string, description?: string, fromOutside = false): Promise<Task> {
    const tx = (await this.db).transaction(["tasks", "counters"], "readwrite")
    const counters = tx.objectStore("counters")
    const seq = ((await counters.get(conversationId))?.counter ?? 0) + 1
    // Short ids: the model copies them back, and "t3" costs fewer tokens than a UUID.
    const task: Task = {
      task_id: `t${seq}`,
      subject,
      ...(description === undefined ? {} : { description }),
      status: "pending",
      ...(fromOutside ? { untrusted: true as const } : {}),
    }
    await Promise.all([counters.put({ conversationId, counter: seq }), tx.objectStore("tasks").put({ conversationId, seq, task }), tx.done])
    return task
  }

  async update(
    conversationId: string,
    taskId: string,
    patch: { readonly status?: Status; readonly subject?: string; readonly description?: string },
    fromOutside = false,
  ): Promise<Task | undefined> {
    const seq = seqOf(taskId)
    if (seq === undefined) return undefined
    const tx = (await this.db).transaction("tasks", "readwrite")
    const stored = await tx.store.get([conversationId, seq])
    if (stored === undefined) {
      await tx.done
      return undefined
    }
    // A mark stays once set: the other field may still hold what the agent wrote.
    const wrote = fromOutside && (patch.subject !== undefined || patch.description !== undefined)
    const task: Task = { ...stored.task, ...definedOnly(patch), ...(wrote ? { untrusted: true as const } : {}) }
    await Promise.all([tx.store.put({ conversationId, seq, task }), tx.done])
    return task
  }

  async list(conversationId: string): Promise<ReadonlyArray<Task>> {
    return (await (await this.db).getAll("tasks", range(conversationId))).map((r) => r.task)
  }

  /** The ids of a conversation's tasks, in order, without reading the tasks. */
  async ids(conversationId: string): Promise<ReadonlyArray<string>> {
    return (await (await this.db).getAllKeys("tasks", range(conversationId))).map(([, seq]) => `t${seq}`)
  }

  close(): void {
    void this.db.then((db) => db.close())
  }
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
