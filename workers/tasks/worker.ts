/** The tasks group's worker: create_task, update_task and list_tasks, on lists kept in memory (task-list.ts). */
import * as Effect from "effect/Effect"
import { NotFound, quoteInput } from "../../schemas/errors.ts"
import { createTask, listTasks, updateTask } from "../../schemas/tools/tasks.meta.ts"
import { madeByAgentRun } from "../../schemas/untrusted-mark.ts"
import type { HostServices } from "../runtime/protocol.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { TaskLists } from "./task-list.ts"

let kept: TaskLists | undefined
/** The lists, written through to the memory of the host that started this worker. */
const listsOf = (host: HostServices) => (kept ??= new TaskLists(host.memory))

/** The ids a model can pick from, the newest last; a long list keeps its first and newest ones. */
const knownIds = (ids: ReadonlyArray<string>) =>
  ids.length <= 20 ? ids.join(", ") : `${ids.slice(0, 5).join(", ")}, … (${ids.length - 15} more), ${ids.slice(-10).join(", ")}`

serveToolGroup([createTask, updateTask, listTasks], {
  create_task: (params, { conversationId, callId, host }) =>
    Effect.promise(() => listsOf(host).create(conversationId, params.subject, params.description, madeByAgentRun(callId))),
  update_task: ({ task_id, ...patch }, { conversationId, callId, host }) =>
    Effect.gen(function* () {
      const lists = listsOf(host)
      const updated = yield* Effect.promise(() => lists.update(conversationId, task_id, patch, madeByAgentRun(callId)))
      if (updated !== undefined) return updated
      const known = yield* Effect.promise(() => lists.ids(conversationId))
      return yield* Effect.fail(
        new NotFound({
          message: `There is no task "${quoteInput(task_id, 60)}" in this conversation. ${known.length ? `Known tasks: ${knownIds(known)}.` : "The task list is empty: create_task first."} Call list_tasks to see them.`,
        }),
      )
    }),
  list_tasks: (_params, { conversationId, host }) => Effect.promise(() => listsOf(host).list(conversationId)),
})
