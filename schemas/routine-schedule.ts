/**
 * Routines' scheduling as plain data and functions (docs/routines.md), apart from their schemas
 * (routines.ts), so the service worker keeps their alarms without Effect Schema.
 */
import type { Schedule } from "./routines.ts"

/** The runs kept per routine, newest first: history, not an archive (the conversations stay). */
export const ROUTINE_RUNS_KEPT = 50
/** The service worker to the offscreen document: a routine is due (its alarm fired). */
export const ROUTINE_DUE_KIND = "agent-mesh/routine-due"
/** A routine's alarm is named by its id: one alarm a routine. */
export const ALARM_PREFIX = "routine:"

/**
 * Whether a page's URL matches a routine's pattern (`*` any run of characters, the rest as it
 * is). Matched by the usual two-pointer walk rather than a regular expression, so a pattern of
 * many stars costs time in proportion to the URL and pattern, not a backtracking explosion.
 */
export const matchesUrlPattern = (pattern: string, url: string): boolean => {
  if (!/^https?:\/\//.test(url)) return false
  let p = 0
  let u = 0
  let star = -1
  let resume = 0
  while (u < url.length) {
    if (p < pattern.length && pattern[p] !== "*" && pattern[p] === url[u]) {
      p++
      u++
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++
      resume = u
    } else if (star !== -1) {
      p = star + 1
      u = ++resume
    } else return false
  }
  while (pattern[p] === "*") p++
  return p === pattern.length
}

const DAY_MS = 24 * 60 * 60_000

/**
 * When a schedule next runs after `now` (local time), or undefined if it never does on its own
 * (manual, startup, a once already past). Daily and weekday times are computed afresh after
 * each run rather than repeated every 24 h, so a change of summer time keeps the clock time.
 */
export const nextRunAt = (schedule: Schedule, now: number, lastAt?: number): number | undefined => {
  switch (schedule.kind) {
    case "manual":
    case "startup":
    case "tab":
      return undefined
    case "once":
      return lastAt === undefined ? schedule.at : undefined
    case "every": {
      const period = schedule.hours * 60 * 60_000
      return lastAt === undefined ? now + period : Math.max(lastAt + period, now)
    }
    case "daily":
    case "weekdays": {
      const [h, m] = schedule.time.split(":").map(Number) as [number, number]
      const day = new Date(now)
      day.setHours(h, m, 0, 0)
      let at = day.getTime()
      if (at <= now) at = new Date(at + DAY_MS).setHours(h, m, 0, 0)
      if (schedule.kind === "weekdays") while ([0, 6].includes(new Date(at).getDay())) at = new Date(at + DAY_MS).setHours(h, m, 0, 0)
      return at
    }
  }
}
