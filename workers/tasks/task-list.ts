/**
 * The task lists of the conversations: temporary, in memory, never saved. The worker reads and
 * changes its own copy and writes each change through to the hub's memory (HostMemory), so a crash
 * and restart of the tasks worker loses none. Each task is kept under a key of its own, so a change
 * sends one task, not the whole list. A list is forgotten with its conversation.
 */
import type { Task } from "../../schemas/tools/tasks.ts"
import type { HostMemory } from "../runtime/protocol.ts"

type Status = Task["status"]

interface List {
  /** The last number given to a task id: ids are never reused within a conversation. */
  counter: number
  readonly tasks: Map<number, Task>
}

const COUNTER = "counter"

const seqOf = (taskId: string): number | undefined => {
  const match = /^t([1-9][0-9]{0,14})$/.exec(taskId)
  return match ? Number(match[1]) : undefined
}

export class TaskLists {
  private readonly lists = new Map<string, Promise<List>>()

  constructor(private readonly memory: HostMemory) {}

  /** The conversation's list, read once from the hub's memory (a restarted worker finds it there). */
  private listOf(conversationId: string): Promise<List> {
    let list = this.lists.get(conversationId)
    if (list === undefined) {
      list = this.memory.entries(conversationId).then((entries) => {
        const read: List = { counter: 0, tasks: new Map() }
        for (const [key, value] of entries) {
          if (key === COUNTER) read.counter = value as number
          else if (seqOf(key) !== undefined) read.tasks.set(seqOf(key)!, value as Task)
        }
        return read
      })
      // A failed read is tried again by the next call, not remembered.
      list.catch(() => this.lists.delete(conversationId))
      this.lists.set(conversationId, list)
    }
    return list
  }

  /**
   * `fromOutside`: an agent run wrote the subject and description, so they may be a page's
   * words; the task stays marked `untrusted` when read back (schemas/untrusted-mark.ts).
   */
  async create(conversationId: string, subject: string, description?: string, fromOutside = false): Promise<Task> {
    const list = await this.listOf(conversationId)
    const seq = ++list.counter
    // Short ids: the model copies them back, and "t3" costs fewer tokens than a UUID.
    const task: Task = {
      task_id: `t${seq}`,
      subject,
      ...(description === undefined ? {} : { description }),
      status: "pending",
      ...(fromOutside ? { untrusted: true as const } : {}),
    }
    list.tasks.set(seq, task)
    await Promise.all([this.memory.put(conversationId, COUNTER, seq), this.memory.put(conversationId, task.task_id, task)])
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
    const list = await this.listOf(conversationId)
    const stored = list.tasks.get(seq)
    if (stored === undefined) return undefined
    // A mark stays once set: the other field may still hold what the agent wrote.
    const wrote = fromOutside && (patch.subject !== undefined || patch.description !== undefined)
    const task: Task = { ...stored, ...definedOnly(patch), ...(wrote ? { untrusted: true as const } : {}) }
    list.tasks.set(seq, task)
    await this.memory.put(conversationId, task.task_id, task)
    return task
  }

  async list(conversationId: string): Promise<ReadonlyArray<Task>> {
    const { tasks } = await this.listOf(conversationId)
    return [...tasks.keys()].sort((a, b) => a - b).map((seq) => tasks.get(seq)!)
  }

  /** The ids of a conversation's tasks, in order. */
  async ids(conversationId: string): Promise<ReadonlyArray<string>> {
    return [...(await this.listOf(conversationId)).tasks.keys()].sort((a, b) => a - b).map((seq) => `t${seq}`)
  }
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
