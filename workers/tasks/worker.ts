/** The tasks group's worker: create_task, update_task and list_tasks, on lists kept in IndexedDB. */
import * as Effect from "effect/Effect"
import { NotFound, quoteInput } from "../../schemas/errors.ts"
import { createTask, listTasks, updateTask } from "../../schemas/tools/tasks.ts"
import { madeByAgentRun } from "../../schemas/untrusted-mark.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { TaskLists } from "./task-list.ts"

const lists = new TaskLists()

/** The ids a model can pick from, the newest last; a long list keeps its first and newest ones. */
const knownIds = (ids: ReadonlyArray<string>) =>
  ids.length <= 20 ? ids.join(", ") : `${ids.slice(0, 5).join(", ")}, … (${ids.length - 15} more), ${ids.slice(-10).join(", ")}`

serveToolGroup([createTask, updateTask, listTasks], {
  create_task: (params, { conversationId, callId }) =>
    Effect.promise(() => lists.create(conversationId, params.subject, params.description, madeByAgentRun(callId))),
  update_task: ({ task_id, ...patch }, { conversationId, callId }) =>
    Effect.gen(function* () {
      const updated = yield* Effect.promise(() => lists.update(conversationId, task_id, patch, madeByAgentRun(callId)))
      if (updated !== undefined) return updated
      const known = yield* Effect.promise(() => lists.ids(conversationId))
      return yield* Effect.fail(
        new NotFound({
          message: `There is no task "${quoteInput(task_id, 60)}" in this conversation. ${known.length ? `Known tasks: ${knownIds(known)}.` : "The task list is empty: create_task first."} Call list_tasks to see them.`,
        }),
      )
    }),
  list_tasks: (_params, { conversationId }) => Effect.promise(() => lists.list(conversationId)),
})
