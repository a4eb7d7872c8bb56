/** The routines' storage in chrome.storage.local: shared by their routes and their alarms. */
import { Unavailable } from "../../schemas/errors.ts"
import type { RoutineDue } from "../../schemas/routines.ts"
import { ROUTINE_RUNS_KEY, ROUTINES_KEY } from "../../schemas/storage-keys.ts"
import { stored } from "../../schemas/sw-contracts.decoders.ts"
import { storedList } from "./stored-list.ts"

export const storageError = (error: unknown) => new Unavailable({ message: `The routines could not be read or written: ${String(error)}` })

export const readRoutines = storedList(ROUTINES_KEY, stored.routine)
export const readRuns = storedList(ROUTINE_RUNS_KEY, stored.routineRun)

/** Runs due that the offscreen document has not taken yet: kept in storage, so a stopped service worker loses none. */
export const DUE_KEY = "routinesDue"
export type Due = RoutineDue
export const readDue = storedList(DUE_KEY, stored.routineDue)

/** Queues a run; a routine already waiting in the queue is not queued twice (no burst). */
export const enqueueDue = async (due: Due): Promise<void> => {
  const queued = await readDue()
  if (queued.some((d) => d.routineId === due.routineId)) return
  await chrome.storage.local.set({ [DUE_KEY]: [...queued, due] })
}

/** When each timed routine's alarm was last set for: what a restart compares with the clock if the browser lost the alarm. */
export const NEXT_KEY = "routinesNext"
export const readNext = async (): Promise<Record<string, number>> => {
  const raw = (await chrome.storage.local.get(NEXT_KEY))[NEXT_KEY]
  return typeof raw === "object" && raw !== null ? (raw as Record<string, number>) : {}
}
