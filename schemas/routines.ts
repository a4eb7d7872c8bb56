/**
 * Routines (docs/routines.md): a saved prompt that runs without the user, on a schedule or on
 * request, and leaves its answer in a workspace folder with a notification. The service worker
 * stores them in chrome.storage.local and keeps their alarms; the offscreen document runs them.
 */
import * as Schema from "effect/Schema"
import { ModelChoice, RoutineTrigger } from "./conversation.ts"

export { RoutineTrigger }

export { ROUTINES_KEY, ROUTINE_RUNS_KEY } from "./storage-keys.ts"
export { ALARM_PREFIX, matchesUrlPattern, nextRunAt, ROUTINE_DUE_KIND, ROUTINE_RUNS_KEPT } from "./routine-schedule.ts"

/** "HH:MM", 24-hour, in the browser's local time. */
export const TimeOfDay = Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d$/)).annotate({
  description: 'A time of day, "HH:MM" (24-hour, local time).',
})

/**
 * A URL pattern: the whole URL of an http(s) page, `*` standing for any run of characters
 * (`https://shop.example/orders/*`, `https://*.example.com/*`). Nothing else is special.
 */
export const UrlPattern = Schema.String.check(
  Schema.isMaxLength(2048),
  Schema.isPattern(/^https?:\/\/[^/\s]+(\/\S*)?$|^\*:\/\/[^/\s]+(\/\S*)?$/),
).annotate({ description: "A page's URL, * standing for any characters: https://shop.example/orders/*" })

export const Schedule = Schema.Union([
  /** Only when asked (runNow). */
  Schema.Struct({ kind: Schema.Literal("manual") }),
  /** Once, at a moment (ms since the epoch). */
  Schema.Struct({ kind: Schema.Literal("once"), at: Schema.Finite }),
  Schema.Struct({ kind: Schema.Literal("every"), hours: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 24 * 7 })) }),
  Schema.Struct({ kind: Schema.Literal("daily"), time: TimeOfDay }),
  /** Monday to Friday at a time. */
  Schema.Struct({ kind: Schema.Literal("weekdays"), time: TimeOfDay }),
  /** Each time the browser starts. */
  Schema.Struct({ kind: Schema.Literal("startup") }),
  /** When a tab finishes loading a page whose URL matches the pattern; the run gets that tab. */
  Schema.Struct({ kind: Schema.Literal("tab"), urlPattern: UrlPattern }),
])
export type Schedule = typeof Schedule.Type

/** What a routine does with a call that would ask the user: nobody is there to say yes. */
export const OnConfirm = Schema.Literals(["pause", "refuse"])
export type OnConfirm = typeof OnConfirm.Type

const Name = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))
const Prompt = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(20_000))
/** A workspace folder, relative to its root. */
export const Folder = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(512),
  Schema.isPattern(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$)).+$/),
)
/** An origin: scheme and host, no path. */
export const Origin = Schema.String.check(Schema.isPattern(/^https?:\/\/[^/\s]+$/))
/** Origins the routine may send data to without asking (shown when it is created). */
const Sites = Schema.Array(Origin).check(Schema.isMaxLength(50))

export { UNATTENDED_WAIT_MS } from "./unattended.ts"

/** An element a replayed step acts on: its selector, and the kind, name (and a link's href) the recorded read gave it. */
export const ReplayTarget = Schema.Struct({
  selector: Schema.String,
  kind: Schema.String,
  name: Schema.String,
  href: Schema.optionalKey(Schema.String),
})

/** One recorded tool call of a replay: the call, and the shape its result had. */
export const ReplayStep = Schema.Struct({
  tool: Schema.NonEmptyString,
  /** Its arguments; a string may hold `{{name}}` marks, filled from the replay's values. */
  params: Schema.Unknown,
  /** The recorded result's shape (shell/hub/replay.ts, `shapeOf`): what the replayed result must have. */
  shape: Schema.String,
  /**
   * The elements the step acts on (its script's selectors), each with the kind and name its
   * conversation's get_tab_content read gave it: before the step runs, each must still select
   * exactly one element of that kind and name, or the page must have exactly one element of that
   * kind and name (a link: and `href`), which the step then acts on instead (retargeted).
   */
  targets: Schema.optionalKey(Schema.Array(ReplayTarget).check(Schema.isMaxLength(20))),
  /** The tab the step opened when recorded (open_tab's tab_id): later steps' `tab_id` follow the tab it opens when replayed. */
  opened: Schema.optionalKey(Schema.Number),
})
export type ReplayStep = typeof ReplayStep.Type

/** A successful run's tool calls, run again without the model. */
export const Replay = Schema.Struct({
  steps: Schema.Array(ReplayStep).check(Schema.isMinLength(1), Schema.isMaxLength(50)),
  /** The values of the `{{name}}` marks in the steps' arguments. */
  values: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  /** At the first step whose result does not match: hand the rest to the model with what was done, or report. */
  onMismatch: Schema.Literals(["model", "report"]),
})
export type Replay = typeof Replay.Type

/** What `agent.routines.create` takes; what it leaves out has the defaults below. */
export const RoutineInput = Schema.Struct({
  name: Name,
  prompt: Prompt,
  model: Schema.optionalKey(ModelChoice),
  instructions: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(20_000))),
  sites: Schema.optionalKey(Sites),
  /** Where its reports go; default `routines/<name>`. */
  folder: Schema.optionalKey(Folder),
  schedule: Schema.optionalKey(Schedule),
  onConfirm: Schema.optionalKey(OnConfirm),
  paused: Schema.optionalKey(Schema.Boolean),
  /** Record this finished conversation's tool calls as the routine's replay (its first message is the prompt if none is given). */
  replayFrom: Schema.optionalKey(Schema.NonEmptyString),
  /** With replayFrom: what the replay does at a step that does not match (default "model"). */
  replayOnMismatch: Schema.optionalKey(Replay.fields.onMismatch),
  replay: Schema.optionalKey(Replay),
})
export type RoutineInput = typeof RoutineInput.Type

export const Routine = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Name,
  prompt: Prompt,
  model: Schema.optionalKey(ModelChoice),
  instructions: Schema.optionalKey(Schema.String),
  sites: Sites,
  folder: Folder,
  schedule: Schedule,
  onConfirm: OnConfirm,
  paused: Schema.Boolean,
  replay: Schema.optionalKey(Replay),
  createdAt: Schema.Finite,
  updatedAt: Schema.Finite,
})
export type Routine = typeof Routine.Type

/** `agent.routines.update`: the fields to change (`model: null` clears it). */
export const RoutineUpdate = Schema.Struct({
  id: Schema.NonEmptyString,
  patch: Schema.Struct({
    ...RoutineInput.fields,
    name: Schema.optionalKey(Name),
    prompt: Schema.optionalKey(Prompt),
    model: Schema.optionalKey(Schema.NullOr(ModelChoice)),
    replay: Schema.optionalKey(Schema.NullOr(Replay)),
  }),
})
export type RoutineUpdate = typeof RoutineUpdate.Type

export const RoutineIdParams = Schema.Struct({ id: Schema.NonEmptyString })

/** One run of a routine, as its history keeps it. */
export const RoutineRun = Schema.Struct({
  routineId: Schema.NonEmptyString,
  runId: Schema.NonEmptyString,
  conversationId: Schema.NonEmptyString,
  trigger: RoutineTrigger,
  mode: Schema.Literals(["model", "replay"]),
  startedAt: Schema.Finite,
  finishedAt: Schema.Finite,
  status: Schema.Literals(["completed", "stopped", "failed", "step_limit"]),
  /** The workspace file the answer was saved to, when it was. */
  report: Schema.optionalKey(Schema.String),
  /** The first lines of the answer, as the notification showed them. */
  summary: Schema.String,
  error: Schema.optionalKey(Schema.Struct({ code: Schema.String, message: Schema.String })),
  /** A replay: how many of its steps ran and matched, and where it stopped and why. */
  replay: Schema.optionalKey(
    Schema.Struct({
      done: Schema.Number,
      of: Schema.Number,
      stoppedAt: Schema.optionalKey(Schema.Struct({ step: Schema.Number, reason: Schema.String })),
      /** Steps whose recorded selector no longer held, run at the selector of the one element of the recorded kind and name. */
      retargeted: Schema.optionalKey(
        Schema.Array(Schema.Struct({ step: Schema.Number, from: Schema.String, to: Schema.String })).check(Schema.isMaxLength(1000)),
      ),
    }),
  ),
})
export type RoutineRun = typeof RoutineRun.Type

/** A run due that the offscreen document has not taken yet (the service worker's queue, shell/sw/routine-store.ts). */
export const RoutineDue = Schema.Struct({
  routineId: Schema.String,
  trigger: RoutineTrigger,
  at: Schema.Finite,
  /** The tab whose page load triggered the run. */
  tab: Schema.optionalKey(Schema.Struct({ id: Schema.Number, url: Schema.String })),
})
export type RoutineDue = typeof RoutineDue.Type

/** A routine as `list` shows it: its next run (from its alarm) and its last result. */
export type RoutineListed = Routine & { readonly nextRunAt?: number; readonly lastRun?: RoutineRun }

/** The first non-empty lines of an answer, cut to fit a notification. */
export const firstLines = (text: string, lines = 3, chars = 240): string => {
  const kept = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, lines)
    .join("\n")
  return kept.length > chars ? `${kept.slice(0, chars - 1)}…` : kept
}
