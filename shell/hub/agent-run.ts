/**
 * One agent run as an Effect, which the agent pool forks as a fiber in its scope. The worker is
 * the run's resource (acquired with its error events handled, released by terminating it, however
 * the run ends); its start has a deadline; while it runs, a heartbeat and its error events tell
 * whether it still answers; a stop interrupts the fiber, whose wind-down asks the worker to stop
 * and gives it a grace period before it is ended from here. A crashed worker is not restarted:
 * its run ends as `agent_crashed` with a note saved, and the next run starts a worker of its own.
 */
import * as Comlink from "comlink"
import * as Data from "effect/Data"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import type { RunStatus } from "../../schemas/conversation.ts"
import type { EventReceiver } from "../../workers/agent/event-stream.ts"
import type { RunOutcome } from "../../workers/agent/loop.ts"
import type { AgentWorkerApi, RunRequest, RunResult } from "../../workers/agent/protocol.ts"
import { answersWithin } from "./lifetime.ts"

export interface Run {
  readonly conversationId: string
  readonly runId: string
  /** Whose flow labels and answers the run's calls go by: its own conversation, or its parent's. */
  readonly consentScope: string
  /**
   * The run its calls count for, sub-agents' within their parent's: the workspace's history lets
   * a run push out only copies of what this run wrote (workers/workspace/history.ts).
   */
  readonly owner: string
  readonly worker: Worker
  readonly remote: Comlink.Remote<AgentWorkerApi>
  readonly tools: Map<string, AbortController>
  readonly events: EventReceiver
  /** Done once the worker took the run (or the run ended before it could). */
  readonly started: Deferred.Deferred<void>
  readonly done: Deferred.Deferred<RunOutcome>
  /** The run's fiber, in the agent pool's scope: interrupting it stops the run. */
  fiber?: Fiber.Fiber<void>
  stopReason?: "user" | "time_limit"
}

export interface RunTimings {
  /** The last resort against a worker whose start hangs; a slow start on a loaded machine is not one. */
  readonly startDeadlineMs: number
  /**
   * A worker that is terminated, or closes itself, without an error event ends no call and fires
   * nothing: its run would wait for ever. So a running worker is asked to answer now and then; the
   * time it is given is long, since an agent worker busy parsing a large answer is not a dead one.
   */
  readonly heartbeatMs: number
  readonly heartbeatTimeoutMs: number
  /** How long a worker that reported an error may take to answer a ping before it counts as dead. */
  readonly pingTimeoutMs: number
  /** How long a stopped run may take to wind down before its worker is terminated. */
  readonly stopGraceMs: number
  /** A sub-agent's time limit, counted from its start: then it is stopped as a stop would. */
  readonly timeLimitMs?: number
}

/** The run's worker stopped answering. */
class AgentWorkerDead extends Data.TaggedError("AgentWorkerDead")<{}> {}

/** Saves a notice of how a run ended that its worker did not end: `code` for the UI, `message` in English. */
export type NoteEnd = (status: RunStatus, code: string, message: string) => Promise<void>

const failed = (message: string): RunOutcome => ({ status: "failed", answer: "", error: { code: "agent_crashed", message } })

const CRASHED = "The agent worker crashed; what was saved before is kept. Send a message to continue."
const ENDED = "Stopped (the run did not wind down in time and was ended)."

/**
 * The run, from its worker's start to its outcome, which `finish` is given once the worker is
 * released. Interrupting the fiber is a stop.
 */
export const superviseRun = (
  run: Run,
  request: RunRequest,
  init: () => Promise<void>,
  note: NoteEnd,
  timings: RunTimings,
  finish: (outcome: RunOutcome) => void,
): Effect.Effect<void> => {
  let reply: Promise<RunResult> | undefined
  let outcome: RunOutcome | undefined
  const keep = (result: RunOutcome) => Effect.sync((): void => void (outcome = result))

  const alive = (ms: number) =>
    answersWithin(() => run.remote.ping(), ms).pipe(Effect.flatMap((yes) => (yes ? Effect.void : Effect.fail(new AgentWorkerDead()))))
  // After an uncaught error the worker may be dead: it is if it does not answer a ping.
  const afterErrors = Effect.forever(nextError(run.worker).pipe(Effect.andThen(alive(timings.pingTimeoutMs))))
  // Ends only by failing: a spaced schedule recurs for ever.
  const heartbeat = Effect.sleep(timings.heartbeatMs).pipe(
    Effect.andThen(Effect.repeat(alive(timings.heartbeatTimeoutMs), Schedule.spaced(timings.heartbeatMs))),
    Effect.andThen(Effect.never),
  )
  // Not cut short by a stop: once the pool ends a run, that is how it ended.
  const ended = (status: RunStatus, code: string, message: string, result: RunOutcome) =>
    Effect.uninterruptible(Effect.promise(() => note(status, code, message)).pipe(Effect.andThen(keep(result)), Effect.as(result)))
  const crashed = () => ended("failed", "agent_crashed", CRASHED, failed(CRASHED))
  const notWoundDown = ended("stopped", "ended", ENDED, { status: "stopped", answer: "" })

  const answer = (pending: Promise<RunResult>): Effect.Effect<RunOutcome> =>
    Effect.tryPromise({ try: () => pending, catch: (error) => error }).pipe(
      Effect.flatMap(({ eventsSent, ...result }) =>
        Effect.as(
          Effect.promise(() => run.events.reached(eventsSent)),
          result,
        ),
      ),
      Effect.catch((error) => Effect.succeed(failed(`The agent worker stopped unexpectedly: ${String(error)}`))),
    )

  /** Asks the worker to stop, and ends the run itself if the worker has not within the grace period. */
  const windDown = Effect.suspend(() => {
    for (const controller of run.tools.values()) controller.abort()
    if (reply === undefined) return notWoundDown
    run.remote.stop(run.runId).catch(() => undefined)
    return Effect.raceFirst(answer(reply), Effect.raceFirst(heartbeat, afterErrors)).pipe(
      Effect.timeoutOption(timings.stopGraceMs),
      Effect.catchTag("AgentWorkerDead", () => Effect.map(crashed(), Option.some)),
      Effect.flatMap((settled) => (Option.isSome(settled) ? Effect.succeed(settled.value) : notWoundDown)),
    )
  })

  const running = Effect.gen(function* () {
    const notStarted = yield* Effect.tryPromise({ try: init, catch: (cause) => cause }).pipe(
      Effect.timeoutOrElse({
        duration: timings.startDeadlineMs,
        orElse: () => Effect.fail(new Error("the agent worker did not start")),
      }),
      Effect.match({ onSuccess: () => undefined, onFailure: (cause) => ({ cause }) }),
    )
    if (notStarted) return failed(`The agent worker could not start: ${String(notStarted.cause)}`)
    Deferred.doneUnsafe(run.started, Effect.void)
    reply = run.remote.run(request)
    const answered = Effect.raceFirst(answer(reply), heartbeat)
    if (timings.timeLimitMs === undefined) return yield* answered
    const inTime = yield* Effect.timeoutOption(answered, timings.timeLimitMs)
    if (Option.isSome(inTime)) return inTime.value
    run.stopReason ??= "time_limit"
    return yield* windDown
  })

  const watched = Effect.acquireRelease(
    Effect.sync(() => run.worker.addEventListener("error", handled)),
    () => Effect.sync(() => release(run)),
  )
  return Effect.scoped(
    watched.pipe(
      Effect.andThen(Effect.raceFirst(running, afterErrors)),
      Effect.catchTag("AgentWorkerDead", crashed),
      Effect.tap(keep),
      Effect.onInterrupt(() => Effect.suspend(() => (outcome === undefined ? Effect.flatMap(windDown, keep) : Effect.void))),
    ),
  ).pipe(Effect.ensuring(Effect.sync(() => finish(outcome ?? { status: "stopped", answer: "" }))))
}

/** The run decides whether its worker lives, so a worker's error is not also the document's. */
const handled = (event: ErrorEvent) => event.preventDefault()

const release = (run: Run): void => {
  run.worker.removeEventListener("error", handled)
  run.remote[Comlink.releaseProxy]()
  run.worker.terminate()
  run.events.close()
}

/** The worker's next error event. */
const nextError = (worker: Worker): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    const reported = () => resume(Effect.void)
    worker.addEventListener("error", reported, { once: true })
    return Effect.sync(() => worker.removeEventListener("error", reported))
  })
