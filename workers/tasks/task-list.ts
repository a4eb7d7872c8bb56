/**
 * The task lists of the conversations, one list per conversation, kept in IndexedDB (a database
 * of their own, `agent-mesh-tasks`) so that a crash and restart of the tasks worker loses none.
 * Each change is one read-modify-write transaction, so no copy in memory can go stale; a list
 * is dropped with its conversation (ConversationStore.delete calls dropTaskLists).
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb"
import type { Task } from "../../schemas/tools/tasks.ts"

type Status = Task["status"]

export const TASKS_DB_NAME = "agent-mesh-tasks"
const TASKS_DB_VERSION = 1

interface StoredList {
  readonly conversationId: string
  /** The last number given to a task id: ids are never reused within a conversation. */
  readonly counter: number
  readonly tasks: ReadonlyArray<Task>
}

interface TasksDB extends DBSchema {
  lists: { key: string; value: StoredList }
}

const openTasksDb = (name: string): Promise<IDBPDatabase<TasksDB>> =>
  openDB<TasksDB>(name, TASKS_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore("lists", { keyPath: "conversationId" })
    },
  })

/** Drops the task lists of these conversations (deleted ones). */
export const dropTaskLists = async (conversationIds: ReadonlyArray<string>, name = TASKS_DB_NAME): Promise<void> => {
  const db = await openTasksDb(name)
  try {
    const tx = db.transaction("lists", "readwrite")
    await Promise.all([...conversationIds.map((id) => tx.store.delete(id)), tx.done])
  } finally {
    db.close()
  }
}

export class TaskLists {
  private readonly db: Promise<IDBPDatabase<TasksDB>>

  constructor(name = TASKS_DB_NAME) {
    this.db = openTasksDb(name)
  }

  create(conversationId: string, subject: string, description?: string): Promise<Task> {
    return this.change(conversationId, (list) => {
      list.counter++
      // Short ids: the model copies them back, and "t3" costs fewer tokens than a UUID.
      const task: Task =
        description === undefined
          ? { task_id: `t${list.counter}`, subject, status: "pending" }
          : { task_id: `t${list.counter}`, subject, description, status: "pending" }
      list.tasks.push(task)
      return task
    })
  }

  update(
    conversationId: string,
    taskId: string,
    patch: { readonly status?: Status; readonly subject?: string; readonly description?: string },
  ): Promise<Task | undefined> {
    return this.change(conversationId, (list) => {
      const index = list.tasks.findIndex((t) => t.task_id === taskId)
      if (index < 0) return undefined
      const updated: Task = { ...list.tasks[index]!, ...definedOnly(patch) }
      list.tasks[index] = updated
      return updated
    })
  }

  async list(conversationId: string): Promise<ReadonlyArray<Task>> {
    return (await (await this.db).get("lists", conversationId))?.tasks ?? []
  }

  async ids(conversationId: string): Promise<ReadonlyArray<string>> {
    return (await this.list(conversationId)).map((t) => t.task_id)
  }

  close(): void {
    void this.db.then((db) => db.close())
  }

  /** One transaction: read the list, change it (synchronously), write it back. */
  private async change<T>(conversationId: string, f: (list: { counter: number; tasks: Task[] }) => T): Promise<T> {
    const tx = (await this.db).transaction("lists", "readwrite")
    const stored = await tx.store.get(conversationId)
    const draft = { counter: stored?.counter ?? 0, tasks: [...(stored?.tasks ?? [])] }
    const result = f(draft)
    await Promise.all([tx.store.put({ conversationId, counter: draft.counter, tasks: draft.tasks }), tx.done])
    return result
  }
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
