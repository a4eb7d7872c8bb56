/**
 * The interaction group's worker: ask_user. The question goes out as an event on the mesh's
 * stream; `agent.answer(id, answer)` (the side panel's form, or a developer) brings the answer
 * back to the waiting call. No answer in time: `{ answer: null, reason: "timeout" }`. A stopped
 * run withdraws the question.
 */
import * as Effect from "effect/Effect"
import { InvalidInput, PermissionDenied } from "../../schemas/errors.ts"
import { UNATTENDED_WAIT_MS } from "../../schemas/unattended.ts"
import { askUser } from "../../schemas/tools/interaction.meta.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { checkAnswer } from "./answers.ts"

const DEFAULT_WAIT_MS = 5 * 60_000

const waitSetting = async (router: Parameters<Parameters<typeof serveToolGroup>[1]["ask_user"]>[1]["router"]) => {
  const reply = await router("settings.get")
  const value = reply.ok ? reply.value.askUserTimeoutMs : undefined
  return typeof value === "number" && value > 0 ? value : DEFAULT_WAIT_MS
}

serveToolGroup([askUser], {
  ask_user: (params, context) => {
    const { callId, conversationId, signal, host, onDelivery } = context
    if (params.multiple && !params.options?.length) {
      return Effect.fail(new InvalidInput({ tool: "ask_user", parameter: "multiple", message: "multiple needs options to choose from" }))
    }
    const question = { question: params.question, multiple: params.multiple, ...(params.options ? { options: params.options } : {}) }
    const scope = conversationId === "default" ? {} : { conversationId }
    const waitFor = (paused: boolean) =>
      Effect.callback<{ answer: string | ReadonlyArray<string> | null; reason?: "timeout" }>((resume) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        let closed = false
        const close = (reason: "answered" | "timeout" | "withdrawn") => {
          if (closed) return false
          closed = true
          clearTimeout(timer)
          host.emit({ type: "question_closed", id: callId, ...scope, reason })
          return true
        }
        onDelivery((payload) => {
          const checked = checkAnswer(question, (payload as { answer?: unknown } | null)?.answer)
          if (!checked.ok) return { ok: false, error: { code: "invalid_answer", message: checked.message } }
          if (!close("answered")) return { ok: false, error: { code: "not_found", message: "The question was already closed." } }
          resume(Effect.succeed({ answer: checked.answer }))
          return { ok: true, value: null }
        })
        void (paused ? Promise.resolve(UNATTENDED_WAIT_MS) : waitSetting(context.router)).then((waitMs) => {
          if (closed || signal.aborted) return
          host.emit({ type: "question_asked", id: callId, ...scope, ...question, expiresAt: Date.now() + waitMs })
          timer = setTimeout(() => {
            if (close("timeout")) resume(Effect.succeed({ answer: null, reason: "timeout" }))
          }, waitMs)
        })
        // Interrupted: the run was stopped, or the call cancelled.
        return Effect.sync(() => void close("withdrawn"))
      })
    // A routine's run has nobody at the screen: the question waits for the user as long as a
    // paused routine does, or is refused, as the routine says (docs/routines.md, "Unattended").
    return Effect.promise(() =>
      conversationId === "default" ? Promise.resolve(undefined) : Promise.resolve(host.unattended?.(conversationId)).catch(() => undefined),
    ).pipe(
      Effect.flatMap((unattended) =>
        unattended === "refuse"
          ? Effect.fail(
              new PermissionDenied({ message: "ask_user: this routine runs unattended and refuses what would need the user's answer" }),
            )
          : waitFor(unattended === "pause"),
      ),
    )
  },
})
