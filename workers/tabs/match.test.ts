import { expect } from "chai"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type { SandboxOutcome } from "../runtime/protocol.ts"
import type { ToolContext } from "../runtime/serve.ts"
import { MATCH_DEADLINE_MS, matchInSandbox, RETRY_DEADLINE_MS } from "./match.ts"

const tabs = [
  { tab_id: 1, window_id: 1, url: "https://example.test/a", title: "Zq tab", active: false },
  { tab_id: 2, window_id: 1, url: "https://example.test/b", title: "Other", active: true },
] as never

/** A host whose sandbox answers each run in turn from `answers`, recording the deadlines asked. */
const hostAnswering = (answers: ReadonlyArray<(code: string, args: { title?: string; subjects: string[][] }) => SandboxOutcome>) => {
  const deadlines: number[] = []
  const context = {
    callId: "call-1",
    signal: new AbortController().signal,
    host: {
      cancelSandbox: async () => undefined,
      runInSandbox: async (_runId: string, code: string, timeoutMs: number, inputs?: { args?: unknown }) => {
        deadlines.push(timeoutMs)
        return answers[deadlines.length - 1]!(code, inputs?.args as { title?: string; subjects: string[][] })
      },
    },
  } as unknown as ToolContext
  return { context, deadlines }
}

const timeout: SandboxOutcome = {
  ok: false,
  error: { code: "timeout", message: "The script did not finish within 0.5 s." },
} as SandboxOutcome
const matchTitles = (_code: string, args: { title?: string; subjects: string[][] }): SandboxOutcome =>
  ({ ok: true, type: "array", value: args.subjects.map(([, title]) => new RegExp(args.title!, "i").test(title!)) }) as SandboxOutcome

describe("list_tabs pattern matching in the sandbox", () => {
  it("tries once more with a longer deadline when the first run timed out (its thread starved on a busy machine)", async () => {
    const { context, deadlines } = hostAnswering([() => timeout, matchTitles])
    const exit = await Effect.runPromiseExit(matchInSandbox(context, undefined, "^Zq tab$", tabs))
    expect(deadlines).to.deep.equal([MATCH_DEADLINE_MS, RETRY_DEADLINE_MS])
    expect(Exit.isSuccess(exit) && exit.value.map((t) => t.tab_id)).to.deep.equal([1])
  })

  it("refuses the pattern as catastrophic when the second run times out too", async () => {
    const { context, deadlines } = hostAnswering([() => timeout, () => timeout])
    const exit = await Effect.runPromiseExit(matchInSandbox(context, undefined, "(a|aa)*b", tabs))
    expect(deadlines).to.have.length(2)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).to.match(/catastrophic backtracking/)
  })

  it("runs once when the first run answers", async () => {
    const { context, deadlines } = hostAnswering([matchTitles])
    const exit = await Effect.runPromiseExit(matchInSandbox(context, undefined, "other", tabs))
    expect(deadlines).to.deep.equal([MATCH_DEADLINE_MS])
    expect(Exit.isSuccess(exit) && exit.value.map((t) => t.tab_id)).to.deep.equal([2])
  })
})
