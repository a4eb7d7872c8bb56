/** The task lists of the running conversations: in memory, one list per conversation. */
import type { Task } from "../../schemas/tools/tasks.ts"

type Status = Task["status"]

export class TaskLists {
  private readonly lists = new Map<string, Array<Task>>()
  private readonly counters = new Map<string, number>()

  create(conversationId: string, subject: string, description?: string): Task {
    const n = (this.counters.get(conversationId) ?? 0) + 1
    this.counters.set(conversationId, n)
    // Short ids: the model copies them back, and "t3" costs fewer tokens than a UUID.
    const task: Task =
      description === undefined
        ? { task_id: `t${n}`, subject, status: "pending" }
        : { task_id: `t${n}`, subject, description, status: "pending" }
    this.listOf(conversationId).push(task)
    return task
  }

  update(
    conversationId: string,
    taskId: string,
    patch: { readonly status?: Status; readonly subject?: string; readonly description?: string },
  ): Task | undefined {
    const list = this.listOf(conversationId)
    const index = list.findIndex((t) => t.task_id === taskId)
    if (index < 0) return undefined
    const updated: Task = { ...list[index]!, ...definedOnly(patch) }
    list[index] = updated
    return updated
  }

  list(conversationId: string): ReadonlyArray<Task> {
    return this.lists.get(conversationId) ?? []
  }

  ids(conversationId: string): ReadonlyArray<string> {
    return this.list(conversationId).map((t) => t.task_id)
  }

  private listOf(conversationId: string): Array<Task> {
    let list = this.lists.get(conversationId)
    if (list === undefined) this.lists.set(conversationId, (list = []))
    return list
  }
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
