/** A tool group used only by the supervisor's unit tests: tools that wait, spin and count. */
import * as Schema from "effect/Schema"
import { groupTools } from "../../../schemas/tool-definition.ts"
import { localRead } from "../../../schemas/tool-annotations.ts"
import { WholeNumber } from "../../../schemas/primitives.ts"

const probeTool = groupTools("tasks", { timeoutMs: 5_000, annotations: localRead("tasks") })

export const wait = probeTool({
  name: "probe_wait",
  description: "Waits ms milliseconds, cooperatively.",
  parameters: Schema.Struct({ ms: WholeNumber }),
  result: Schema.Struct({ waited: Schema.Number }),
})
export const spin = probeTool({
  name: "probe_spin",
  description: "Busy-loops ms milliseconds without yielding.",
  parameters: Schema.Struct({ ms: WholeNumber }),
  result: Schema.Struct({ spun: Schema.Number }),
})
export const counts = probeTool({
  name: "probe_counts",
  description: "How many waits started, how many finished and how many were stopped; how often the worker was warmed.",
  parameters: Schema.Struct({}),
  result: Schema.Struct({ started: Schema.Number, finished: Schema.Number, stopped: Schema.Number, warmed: Schema.Number }),
})
export const badResult = probeTool({
  name: "probe_bad_result",
  description: "Returns a result that breaks its contract.",
  parameters: Schema.Struct({}),
  result: Schema.Struct({ n: Schema.Number }),
})
export const summarise = probeTool({
  name: "probe_summarise",
  description: "Waits ms milliseconds, as a tool whose `prompt` summary has a time limit of its own.",
  timeoutMs: 200,
  summaryTimeoutMs: 5_000,
  parameters: Schema.Struct({ ms: WholeNumber, prompt: Schema.optionalKey(Schema.String) }),
  result: Schema.Struct({ waited: Schema.Number, content: Schema.String, truncated: Schema.Boolean }),
})
export const fails = probeTool({
  name: "probe_fails",
  description: "Fails with the code it is given, declared or not (the type check is bypassed on purpose).",
  errors: { probe_refused: "The probe refused, as asked." },
  parameters: Schema.Struct({ code: Schema.String }),
  result: Schema.Struct({}),
})
export const probeTools = [wait, spin, counts, badResult, summarise, fails] as const
