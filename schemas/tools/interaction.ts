/** User interaction: ask_user (worker group "interaction"). */
import * as Schema from "effect/Schema"
import { defineTool } from "../tool-definition.ts"
import { localRead } from "../tool-annotations.ts"
import { withDefault } from "../primitives.ts"

/** How long ask_user waits by default; the real wait is a user setting. */
export const ASK_USER_DEFAULT_WAIT_MS = 5 * 60_000
/** The longest wait the setting allows. */
export const ASK_USER_MAX_WAIT_MS = 60 * 60_000
/** Grace on top of the wait, so the tool's own timeout answer arrives before the call's time limit. */
export const ASK_USER_GRACE_MS = 5_000

export const AskUserParameters = Schema.Struct({
  question: Schema.NonEmptyString.annotate({
    description: "The question to show the user, short and self-contained.",
  }),
  options: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description: "Choices to offer: when given, the question is multiple choice and the answer is the chosen option(s).",
    }),
  ),
  multiple: Schema.Boolean.annotate({
    description: "Whether several options may be picked (default false); the answer is then an array of options.",
  }).pipe(withDefault(false)),
})

export const AskUserResult = Schema.Struct({
  answer: Schema.Union([Schema.String, Schema.Array(Schema.String), Schema.Null]).annotate({
    description: "The user's answer: text, the chosen option(s), or null when no answer came.",
  }),
  reason: Schema.optionalKey(Schema.Literals(["timeout", "cancelled"]).annotate({ description: "Why `answer` is null." })),
})

export const askUser = defineTool({
  name: "ask_user",
  card: { label: "Question for you", subject: ["params.question"], result: "answer" },
  group: "interaction",
  description:
    'Ask the user a question and wait for the answer, as free text or as a choice among `options`. Use it only when you cannot go on without the user: a missing detail, a choice only they can make, or a confirmation before something irreversible (such as close_tab, opfs_delete or a page-changing execute_script). If nobody answers in time (5 minutes by default), the answer is null with reason "timeout"; then continue with a sensible assumption and say so, or stop.',
  annotations: localRead("user", { needsUser: true, flow: { reads: ["private"] } }),
  parameters: AskUserParameters,
  result: AskUserResult,
  // The wait itself is the user's setting (askUserTimeoutMs, at most an hour); this is the ceiling.
  timeoutMs: ASK_USER_MAX_WAIT_MS + ASK_USER_GRACE_MS,
  // No answer in time is a result (answer null, reason "timeout"), not a failure.
  errors: {},
})
