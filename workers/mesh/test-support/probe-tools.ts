/** A tool group used only by the supervisor's unit tests: tools that wait, spin and count. */
import * as Schema from "effect/Schema"
import { defineTool } from "../../../schemas/tool-definition.ts"
import { WholeNumber } from "../../../schemas/primitives.ts"

const quiet = { worksOn: "tasks", readOnly: true, destructive: false, openWorld: false } as const

export const wait = defineTool({
  name: "probe_wait",
  group: "tasks",
  description: "Waits ms milliseconds, cooperatively.",
  annotations: quiet,
  timeoutMs: 5_000,
  errors: {},
  parameters: Schema.Struct({ ms: WholeNumber }),
  result: Schema.Struct({ waited: Schema.Number }),
})
export const spin = defineTool({
  name: "probe_spin",
  group: "tasks",
  description: "Busy-loops ms milliseconds without yielding.",
  annotations: quiet,
  timeoutMs: 5_000,
  errors: {},
  parameters: Schema.Struct({ ms: WholeNumber }),
  result: Schema.Struct({ spun: Schema.Number }),
})
export const counts = defineTool({
  name: "probe_counts",
  group: "tasks",
  description: "How many waits started, how many finished and how many were stopped; how often the worker was warmed.",
  annotations: quiet,
  timeoutMs: 5_000,
  errors: {},
  parameters: Schema.Struct({}),
  result: Schema.Struct({ started: Schema.Number, finished: Schema.Number, stopped: Schema.Number, warmed: Schema.Number }),
})
export const badResult = defineTool({
  name: "probe_bad_result",
  group: "tasks",
  description: "Returns a result that breaks its contract.",
  annotations: quiet,
  timeoutMs: 5_000,
  errors: {},
  parameters: Schema.Struct({}),
  result: Schema.Struct({ n: Schema.Number }),
})
export const summarise = defineTool({
  name: "probe_summarise",
  group: "tasks",
  description: "Waits ms milliseconds, as a tool whose `prompt` summary has a time limit of its own.",
  annotations: quiet,
  timeoutMs: 200,
  summaryTimeoutMs: 5_000,
  errors: {},
  parameters: Schema.Struct({ ms: WholeNumber, prompt: Schema.optionalKey(Schema.String) }),
  result: Schema.Struct({ waited: Schema.Number }),
})
export const fails = defineTool({
  name: "probe_fails",
  group: "tasks",
  description: "Fails with the code it is given, declared or not (the type check is bypassed on purpose).",
  annotations: quiet,
  timeoutMs: 5_000,
  errors: { probe_refused: "The probe refused, as asked." },
  parameters: Schema.Struct({ code: Schema.String }),
  result: Schema.Struct({}),
})
export const probeTools = [wait, spin, counts, badResult, summarise, fails] as const
