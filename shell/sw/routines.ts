/**
 * Routines in chrome.storage.local (docs/routines.md): the routines, their runs' history, and the
 * queue of runs due that the offscreen document takes. Scheduling is shell/sw/alarms.ts.
 */
import * as Effect from "effect/Effect"
import { NotFound, Unavailable } from "../../schemas/errors.ts"
import { ALARM_PREFIX, ROUTINE_RUNS_KEPT } from "../../schemas/routine-schedule.ts"
import type { RoutineListed } from "../../schemas/routines.ts"
import { ROUTINE_RUNS_KEY, ROUTINES_KEY } from "../../schemas/storage-keys.ts"
import { defineRoute } from "./route.ts"
import { listRoute, written } from "./stored-list.ts"
import { alarmRoutes, forgetAlarm, scheduleAlarm } from "./alarms.ts"
import { DUE_KEY, readDue, readRoutines, readRuns, storageError } from "./routine-store.ts"
import { replayTargetRoutes } from "./replay-targets.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

const listed = async (): Promise<Array<RoutineListed>> => {
  const [routines, runs, alarms] = await Promise.all([readRoutines(), readRuns(), chrome.alarms.getAll()])
  return routines.map((routine) => {
    const alarm = alarms.find((a) => a.name === `${ALARM_PREFIX}${routine.id}`)
    const lastRun = runs.find((r) => r.routineId === routine.id)
    return { ...routine, ...(alarm ? { nextRunAt: alarm.scheduledTime } : {}), ...(lastRun ? { lastRun } : {}) }
  })
}

export const routineRoutes = {
  ...alarmRoutes,
  ...replayTargetRoutes,
  "routines.list": listRoute(routeParams["routines.list"], listed, storageError),
  /** Saves a routine (new or changed) and sets its alarm from its schedule. */
  "routines.put": defineRoute({
    params: routeParams["routines.put"],
    handle: (routine) =>
      written(async () => {
        const others = (await readRoutines()).filter((r) => r.id !== routine.id)
        await chrome.storage.local.set({ [ROUTINES_KEY]: [...others, routine] })
        await scheduleAlarm(routine)
      }, storageError),
  }),
  "routines.delete": defineRoute({
    params: routeParams["routines.delete"],
    handle: ({ id }) =>
      Effect.tryPromise({
        try: async () => {
          const all = await readRoutines()
          if (!all.some((r) => r.id === id)) return false
          await forgetAlarm(id)
          await chrome.storage.local.set({
            [ROUTINES_KEY]: all.filter((r) => r.id !== id),
            [ROUTINE_RUNS_KEY]: (await readRuns()).filter((r) => r.routineId !== id),
            [DUE_KEY]: (await readDue()).filter((d) => d.routineId !== id),
          })
          return true
        },
        catch: storageError,
      }),
  }),
  "routines.history": defineRoute({
    params: routeParams["routines.history"],
    handle: ({ id }) =>
      Effect.tryPromise({
        try: async () => {
          if (!(await readRoutines()).some((r) => r.id === id)) throw new NotFound({ message: `There is no routine "${id}".` })
          return (await readRuns()).filter((r) => r.routineId === id)
        },
        catch: (error) => (error instanceof NotFound ? error : storageError(error)),
      }),
  }),
  /** Adds a finished run to the history, newest first, keeping the last ROUTINE_RUNS_KEPT of each routine. */
  "routines.recordRun": defineRoute({
    params: routeParams["routines.recordRun"],
    handle: (run) =>
      written(async () => {
        const runs = [run, ...(await readRuns())]
        const kept = runs.filter((r, i) => runs.slice(0, i).filter((o) => o.routineId === r.routineId).length < ROUTINE_RUNS_KEPT)
        await chrome.storage.local.set({ [ROUTINE_RUNS_KEY]: kept })
      }, storageError),
  }),
  /** The runs due, taken off the queue: the offscreen document starts each. */
  "routines.takeDue": defineRoute({
    params: routeParams["routines.takeDue"],
    handle: () =>
      Effect.tryPromise({
        try: async () => {
          const due = await readDue()
          await chrome.storage.local.set({ [DUE_KEY]: [] })
          return due
        },
        catch: storageError,
      }),
  }),
  /**
   * A notification of a routine's run (the `notifications` permission): the first lines of its
   * answer, or, when it has none (or it is paused for a yes), its state worded in the browser's
   * language.
   */
  "notifications.show": defineRoute({
    params: routeParams["notifications.show"],
    handle: ({ id, title, summary, status }) =>
      Effect.tryPromise({
        try: () =>
          chrome.notifications.create(id, {
            type: "basic",
            iconUrl: chrome.runtime.getURL("icons/icon-128.png"),
            title,
            message: summary || chrome.i18n.getMessage(`routineNotice_${status}`),
          }),
        catch: (error) => new Unavailable({ message: `The notification could not be shown: ${String(error)}` }),
      }),
  }),
}
