/**
 * Routines' alarms (docs/routines.md). chrome.alarms outlive the service worker and, in Chrome,
 * usually browser restarts; an alarm whose time passed while the browser was closed fires once
 * at the next start, a periodic one too (never once per period missed). An extension loaded from
 * the command line, reloaded or updated loses its alarms: at the browser's start the time each
 * was set for (kept in storage) is compared with the clock, and a routine whose time passed runs
 * once. A routine due is queued in storage, then the offscreen document is woken to take
 * the queue: a service worker stopped in between loses nothing.
 */
import * as Effect from "effect/Effect"
import { ALARM_PREFIX, nextRunAt, ROUTINE_DUE_KIND } from "../../schemas/routine-schedule.ts"
import type { Routine, RoutineTrigger } from "../../schemas/routines.ts"
import { ensureOffscreen } from "./mesh.ts"
import { enqueueDue, NEXT_KEY, readNext, readRoutines, storageError, type Due } from "./routine-store.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** True in development builds, which carry the debug API; build.mjs defines it. */
declare const __DEBUG_API__: boolean

/** An alarm this late fired for a time the browser was closed (or asleep): the run is a missed one. */
const MISSED_AFTER_MS = 60_000

const alarmName = (id: string) => `${ALARM_PREFIX}${id}`

const rememberNext = async (id: string, at: number | undefined) => {
  const next = await readNext()
  if (at === undefined) delete next[id]
  else next[id] = at
  await chrome.storage.local.set({ [NEXT_KEY]: next })
}

/** Sets (or clears) a routine's alarm from its schedule; `lastAt` is when it last ran. */
export const scheduleAlarm = async (routine: Routine, now = Date.now(), lastAt?: number): Promise<void> => {
  await chrome.alarms.clear(alarmName(routine.id))
  const at = routine.paused ? undefined : nextRunAt(routine.schedule, now, lastAt)
  await rememberNext(routine.id, at)
  if (at === undefined) return
  const period = routine.schedule.kind === "every" ? { periodInMinutes: routine.schedule.hours * 60 } : {}
  await chrome.alarms.create(alarmName(routine.id), { when: at, ...period })
}

/** A deleted routine's alarm and its remembered time go. */
export const forgetAlarm = async (id: string): Promise<void> => {
  await chrome.alarms.clear(alarmName(id))
  await rememberNext(id, undefined)
}

/** Queues a routine's run and wakes the offscreen document to take it. */
export const dispatch = async (routineId: string, trigger: RoutineTrigger, at = Date.now(), tab?: Due["tab"]): Promise<void> => {
  await enqueueDue({ routineId, trigger, at, ...(tab ? { tab } : {}) })
  await ensureOffscreen()
  // The document takes the queue as it loads too, so a message it was too young to hear loses nothing.
  await chrome.runtime.sendMessage({ kind: ROUTINE_DUE_KIND }).catch(() => undefined)
}

const onAlarm = async (alarm: chrome.alarms.Alarm, now = Date.now()): Promise<void> => {
  if (!alarm.name.startsWith(ALARM_PREFIX)) return
  const id = alarm.name.slice(ALARM_PREFIX.length)
  const routine = (await readRoutines()).find((r) => r.id === id)
  if (routine === undefined || routine.paused) return void (await chrome.alarms.clear(alarm.name))
  await dispatch(id, now - alarm.scheduledTime > MISSED_AFTER_MS ? "missed" : "schedule", now)
  // Daily and weekday times are set afresh from the clock; a periodic alarm repeats itself.
  if (routine.schedule.kind === "daily" || routine.schedule.kind === "weekdays") await scheduleAlarm(routine, now, now)
  else if (routine.schedule.kind === "every") await rememberNext(id, alarm.scheduledTime + routine.schedule.hours * 3_600_000)
  else await rememberNext(id, undefined)
}

/** At browser start: the routines that run then, and those whose alarm the browser lost, once each. */
const onStartup = async (now = Date.now()): Promise<void> => {
  const [routines, alarms, next] = await Promise.all([readRoutines(), chrome.alarms.getAll(), readNext()])
  for (const routine of routines) {
    if (routine.paused) continue
    if (routine.schedule.kind === "startup") await dispatch(routine.id, "startup", now)
    else {
      // An alarm the browser lost: the time it was set for says whether a run was missed.
      const due = next[routine.id]
      if (due === undefined || alarms.some((a) => a.name === alarmName(routine.id))) continue
      if (due <= now) await dispatch(routine.id, "missed", now)
      await scheduleAlarm(routine, now, due <= now ? now : undefined)
    }
  }
}

/**
 * Whether this is the browser session's first service worker: chrome.storage.session is emptied
 * when the browser closes. runtime.onStartup is not enough: it does not fire for an extension
 * loaded from the command line, and a reload or update clears the alarms too.
 */
const firstOfSession = async (): Promise<boolean> => {
  const key = "routinesSessionStarted"
  if ((await chrome.storage.session.get(key))[key] === true) return false
  await chrome.storage.session.set({ [key]: true })
  return true
}

/** Registered as the service worker starts (Chrome wants its event listeners added at once). */
export const listenForAlarms = (): void => {
  chrome.alarms.onAlarm.addListener((alarm) => void onAlarm(alarm).catch((e: unknown) => console.warn("agent-mesh: routine alarm:", e)))
  void firstOfSession()
    .then((first) => (first ? onStartup() : undefined))
    .catch((e: unknown) => console.warn("agent-mesh: routines at start:", e))
}

/**
 * Development builds: fires, as Chrome would, every routine alarm due by `until` (a moment the
 * test chooses), so a test drives the alarms' time without waiting for it. `startup` replays
 * the browser-start check at `until`.
 */
export const alarmRoutes = __DEBUG_API__
  ? {
      "debug.alarms.fire": defineRoute({
        params: routeParams["debug.alarms.fire"],
        handle: ({ until, startup }) =>
          Effect.tryPromise({
            try: async () => {
              if (startup) await onStartup(until)
              const due = (await chrome.alarms.getAll()).filter((a) => a.name.startsWith(ALARM_PREFIX) && a.scheduledTime <= until)
              for (const alarm of due) {
                // What Chrome does with an alarm it fires: a one-off goes, a periodic one moves on.
                if (alarm.periodInMinutes === undefined) await chrome.alarms.clear(alarm.name)
                else
                  await chrome.alarms.create(alarm.name, {
                    when: alarm.scheduledTime + alarm.periodInMinutes * 60_000,
                    periodInMinutes: alarm.periodInMinutes,
                  })
                await onAlarm(alarm, until)
              }
              return due.map((a) => a.name)
            },
            catch: storageError,
          }),
      }),
    }
  : {}
